// Issue 16, part 5: application emoji with a bot token (spec, "Changes"; limit 2000 per app,
// spec Limits): the list as {items}, create/get/rename/delete, the image data URI (PNG, GIF,
// WebP, JPEG, told by the bytes as the service does; at most 256 KiB), names of 2..32 of
// [A-Za-z0-9_] unique in the app, and the 2000th emoji accepted, the 2001st refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, SEED, start, type Started } from './helpers';
import * as Shapes from './helpers/public_shapes';

let s: Started;
let api: Api;
const base = `/applications/${SEED.applicationId}/emojis`;
const KIB = 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const dataUri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
/** A PNG of exactly `size` bytes (its signature, then padding). */
const pngOfSize = (size: number) => dataUri('image/png', Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]));

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('application emoji', () => {
  it('creates, lists as {items}, gets, renames and deletes an emoji', async () => {
    const created = await api.post(base, { name: 'sword_1', image: dataUri('image/png', PNG) }, api.bot);
    expect(created.status).toBe(200);
    expect(Shapes.shapeProblems(created.body, Shapes.APPLICATION_EMOJI)).toEqual([]);
    expect(created.body).toMatchObject({ name: 'sword_1', animated: false, roles: [], require_colons: true, managed: false, available: true });
    expect(created.body.user.id).toBe(SEED.botUserId);
    const id = created.body.id;

    const list = await api.get(base, api.bot);
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['items']);
    expect(list.body.items.map((e: any) => e.id)).toContain(id);

    expect((await api.get(`${base}/${id}`, api.bot)).body).toEqual(created.body);
    const renamed = await api.patch(`${base}/${id}`, { name: 'Sword_2' }, api.bot);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'Sword_2' });

    expect((await api.delete(`${base}/${id}`, api.bot)).status).toBe(204);
    expect((await api.get(`${base}/${id}`, api.bot)).body.code).toBe(10014);
    expect((await api.delete(`${base}/${id}`, api.bot)).status).toBe(404);
    expect((await api.get(base, api.bot)).body.items.map((e: any) => e.id)).not.toContain(id);
  });

  it('accepts PNG, GIF (animated), WebP and JPEG', async () => {
    const cases: Array<[string, Buffer, boolean]> = [['image/png', PNG, false], ['image/gif', GIF, true], ['image/webp', WEBP, false], ['image/jpeg', JPEG, false]];
    for (const [type, bytes, animated] of cases) {
      const reply = await api.post(base, { name: `kind_${type.slice(6)}`, image: dataUri(type, bytes) }, api.bot);
      expect(reply.status, type).toBe(200);
      expect(reply.body.animated, type).toBe(animated);
    }
  });

  it('tells the format from the bytes, as the service does: a JPEG labelled image/png, a PNG labelled image/jpg (what discord.js sends for any Buffer)', async () => {
    const jpeg = await api.post(base, { name: 'labelled_png', image: dataUri('image/png', JPEG) }, api.bot);
    expect(jpeg.status).toBe(200);
    const png = await api.post(base, { name: 'labelled_jpg', image: dataUri('image/jpg', PNG) }, api.bot);
    expect(png.status).toBe(200);
    expect(png.body.animated).toBe(false);
    for (const id of [jpeg.body.id, png.body.id]) await api.delete(`${base}/${id}`, api.bot);
  });

  it('refuses other image types, data that is no image at all, and a non-data URI (50035 at image)', async () => {
    const bad = [
      dataUri('image/svg+xml', Buffer.from('<svg/>')),
      dataUri('image/bmp', Buffer.from('BM....')),
      dataUri('image/png', Buffer.from('not an image, whatever the label says')),
      'https://example.test/e.png',
      'data:image/png;base64,@@@',
      '',
    ];
    for (const image of bad) {
      const reply = await api.post(base, { name: 'bad_image', image }, api.bot);
      expect(reply.status, image.slice(0, 30)).toBe(400);
      expect(reply.body.errors.image._errors.length, image.slice(0, 30)).toBe(1);
    }
    expect((await api.post(base, { name: 'no_image' }, api.bot)).body.errors.image).toBeDefined();
    expect((await api.get(base, api.bot)).body.items.map((e: any) => e.name)).not.toContain('bad_image');
  });

  it('takes an image of exactly 256 KiB and refuses 256 KiB + 1 byte', async () => {
    expect((await api.post(base, { name: 'big_ok', image: pngOfSize(256 * KIB) }, api.bot)).status).toBe(200);
    const over = await api.post(base, { name: 'big_over', image: pngOfSize(256 * KIB + 1) }, api.bot);
    expect(over.status).toBe(400);
    expect(over.body.errors.image._errors[0].code).toBe('BINARY_TYPE_MAX_SIZE');
  });

  it('names: 2 and 32 characters pass, 1 and 33 and other characters fail; unique in the app', async () => {
    const image = dataUri('image/png', PNG);
    expect((await api.post(base, { name: 'ab', image }, api.bot)).status).toBe(200);
    expect((await api.post(base, { name: 'n'.repeat(32), image }, api.bot)).status).toBe(200);
    for (const name of ['a', 'n'.repeat(33), 'has space', 'dash-ed', 'émoji', 42]) {
      const reply = await api.post(base, { name, image }, api.bot);
      expect(reply.status, String(name)).toBe(400);
      expect(reply.body.errors.name, String(name)).toBeDefined();
    }
    const taken = await api.post(base, { name: 'ab', image }, api.bot);
    expect(taken.status).toBe(400);
    expect(taken.body.errors.name._errors[0].code).toBe('APPLICATION_EMOJI_NAME_ALREADY_TAKEN');
    // Renaming onto another emoji's name is refused too; keeping one's own name is fine.
    const other = (await api.post(base, { name: 'cd', image }, api.bot)).body;
    expect((await api.patch(`${base}/${other.id}`, { name: 'ab' }, api.bot)).status).toBe(400);
    expect((await api.patch(`${base}/${other.id}`, { name: 'cd' }, api.bot)).status).toBe(200);
    expect((await api.get(`${base}/${other.id}`, api.bot)).body.name).toBe('cd');
  });

  it('needs the bot token of the application named in the path', async () => {
    expect((await api.get(base)).status).toBe(401);
    expect((await api.get(base, bearer(api.token(SEED.users.nelly)))).status).toBe(403);
    const other = await api.get(`/applications/${SEED.childApplicationId}/emojis`, api.bot);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe(50001);
    // The child's bot does not see the parent's emoji by id either.
    const mine = (await api.get(base, api.bot)).body.items[0];
    const child = `Bot ${s.emu.childApplication.botToken}`;
    expect((await api.get(`/applications/${SEED.childApplicationId}/emojis/${mine.id}`, child)).body.code).toBe(10014);
    expect((await api.get(`/applications/${SEED.childApplicationId}/emojis`, child)).body).toEqual({ items: [] });
  });

  it('holds 2000 emoji per app: the 2000th is created, the 2001st is refused (30008) and nothing is stored', async () => {
    const state = s.emu.core.state;
    const existing = [...state.applicationEmojis.values()].filter((e) => e.applicationId === SEED.applicationId).length;
    // Fill the app up to 1999 in state (2000 HTTP calls would take too long); the route counts.
    for (let i = existing; i < 1999; i++) {
      const id = `9${String(i).padStart(17, '0')}`;
      state.applicationEmojis.set(id, { id, applicationId: SEED.applicationId, name: `fill_${i}`, animated: false, userId: SEED.botUserId, imageType: 'image/png', imageBytes: PNG.length });
    }
    const image = dataUri('image/png', PNG);
    expect((await api.post(base, { name: 'number_2000', image }, api.bot)).status).toBe(200);
    const over = await api.post(base, { name: 'number_2001', image }, api.bot);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(30008);
    const items = (await api.get(base, api.bot)).body.items;
    expect(items).toHaveLength(2000);
    expect(items.map((e: any) => e.name)).not.toContain('number_2001');
    // Another application has its own 2000.
    const child = `Bot ${s.emu.childApplication.botToken}`;
    expect((await api.post(`/applications/${SEED.childApplicationId}/emojis`, { name: 'number_2001', image }, child)).status).toBe(200);
  });
});
