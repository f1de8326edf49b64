// Guild emoji, stickers and scheduled events, with the permission splits of 23 February 2026 on
// the emulator clock (spec "Versioning"): before, MANAGE_GUILD_EXPRESSIONS / MANAGE_EVENTS were
// enough to create; from then on bots need CREATE_GUILD_EXPRESSIONS / CREATE_EVENTS. Changing or
// deleting another member's needs the MANAGE_ permission; one's own, either.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { Api, request, SEED, start, type Started } from './helpers';

const P = {
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  MANAGE_EVENTS: 1n << 33n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
};
const SPLIT = Date.UTC(2026, 1, 23);
const HOUR = 60 * 60 * 1000;
const g = BigInt(SEED.guildId);
const ROLE = { moderators: (g + 1n).toString(), bot: (g + 2n).toString() };
const CH = { general: (g + 12n).toString(), lobbyVoice: (g + 15n).toString() };
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('emoji')]);
const PNG = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
const GIF = `data:image/gif;base64,${Buffer.from('GIF89a-anim').toString('base64')}`;

let s: Started;
let api: Api;
let events: BusEvent[] = [];
const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const grant = (bits: bigint) => {
  guild().roles.find((r) => r.id === ROLE.bot)!.permissions = bits;
};
const emojis = `/guilds/${SEED.guildId}/emojis`;
const stickers = `/guilds/${SEED.guildId}/stickers`;
const scheduled = `/guilds/${SEED.guildId}/scheduled-events`;
const iso = (ms: number) => new Date(ms).toISOString();

/** A multipart/form-data body of text fields and one file part. */
function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }): { body: Buffer; contentType: string } {
  const boundary = 'sdkppBoundary42';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const postSticker = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) =>
  request(s.emu.apiBase + stickers, 'POST', { auth: api.bot, ...form(fields, file) });
const newEvent = (extra: Record<string, unknown> = {}) => ({
  name: 'Raid night', privacy_level: 2, entity_type: 2, channel_id: CH.lobbyVoice,
  scheduled_start_time: iso(s.emu.control.now() + HOUR), ...extra,
});

beforeAll(async () => {
  s = await start({ startTime: SPLIT - 12 * HOUR });
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  events = [];
});

describe('the 2026-02-23 permission split', () => {
  it('before it, MANAGE_GUILD_EXPRESSIONS / MANAGE_EVENTS are enough to create; nothing at all is 50013', async () => {
    expect(s.emu.control.now()).toBeLessThan(SPLIT);
    grant(0n);
    expect((await api.post(emojis, { name: 'early', image: PNG }, api.bot)).body.code).toBe(50013);
    expect((await api.post(scheduled, newEvent(), api.bot)).body.code).toBe(50013);
    grant(P.MANAGE_GUILD_EXPRESSIONS | P.MANAGE_EVENTS);
    expect((await api.post(emojis, { name: 'early', image: PNG }, api.bot)).status).toBe(200);
    expect((await api.post(scheduled, newEvent(), api.bot)).status).toBe(200);
    expect((await postSticker({ name: 'early', tags: 'x' }, { name: 's.png', bytes: PNG_BYTES, type: 'image/png' })).status).toBe(200);
  });

  it('from it on, creating needs CREATE_GUILD_EXPRESSIONS / CREATE_EVENTS (MANAGE_ alone: 50013)', async () => {
    s.emu.control.advanceClock(12 * HOUR);
    expect(s.emu.control.now()).toBeGreaterThanOrEqual(SPLIT);
    grant(P.MANAGE_GUILD_EXPRESSIONS | P.MANAGE_EVENTS);
    expect((await api.post(emojis, { name: 'late', image: PNG }, api.bot)).body.code).toBe(50013);
    expect((await api.post(scheduled, newEvent(), api.bot)).body.code).toBe(50013);
    expect((await postSticker({ name: 'late', tags: 'x' }, { name: 's.png', bytes: PNG_BYTES, type: 'image/png' })).body.code).toBe(50013);
    grant(P.CREATE_GUILD_EXPRESSIONS | P.CREATE_EVENTS);
    expect((await api.post(emojis, { name: 'late', image: PNG }, api.bot)).status).toBe(200);
    expect((await api.post(scheduled, newEvent(), api.bot)).status).toBe(200);
  });
});

describe('guild emoji', () => {
  it('create: name 2 to 32 of A-Z a-z 0-9 _, image data (GIF = animated); list; GUILD_EMOJIS_UPDATE', async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    const reply = await api.post(emojis, { name: 'party_parrot', image: GIF, roles: [ROLE.moderators] }, api.bot);
    expect(reply.body).toMatchObject({ name: 'party_parrot', animated: true, roles: [ROLE.moderators], user: { id: SEED.botUserId }, require_colons: true, managed: false, available: true });
    expect((await api.get(emojis, api.bot)).body.map((e: any) => e.id)).toContain(reply.body.id);
    expect((await api.get(`${emojis}/${reply.body.id}`, api.bot)).body.name).toBe('party_parrot');
    expect(events.find((e) => e.type === 'GUILD_EMOJIS_UPDATE')?.data.guild_id).toBe(SEED.guildId);
    expect((await api.post(emojis, { name: 'a'.repeat(32), image: PNG }, api.bot)).status).toBe(200);
    for (const name of ['a', 'a'.repeat(33), 'no-dash']) expect((await api.post(emojis, { name, image: PNG }, api.bot)).body.errors.name).toBeDefined();
    expect((await api.post(emojis, { name: 'bad', image: 'data:image/png;base64,AAAA' }, api.bot)).body.errors.image).toBeDefined();
    expect((await api.post(emojis, { name: 'bad', image: PNG, roles: ['1'] }, api.bot)).body.errors.roles).toBeDefined();
    expect((await api.get(`${emojis}/1`, api.bot)).body.code).toBe(10014);
  });

  it("its creator changes and deletes its own with CREATE_; another's needs MANAGE_GUILD_EXPRESSIONS", async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    const own = (await api.post(emojis, { name: 'mine', image: PNG }, api.bot)).body;
    expect((await api.patch(`${emojis}/${own.id}`, { name: 'still_mine' }, api.bot)).body.name).toBe('still_mine');
    // An emoji someone else made (a member through the client; state set-up).
    const theirs = { id: s.emu.core.ids.next(), name: 'theirs', roles: [], creatorId: SEED.users.bob, animated: false };
    guild().emojis!.push(theirs);
    expect((await api.patch(`${emojis}/${theirs.id}`, { name: 'taken' }, api.bot)).body.code).toBe(50013);
    expect((await api.delete(`${emojis}/${theirs.id}`, api.bot)).body.code).toBe(50013);
    grant(P.MANAGE_GUILD_EXPRESSIONS);
    expect((await api.patch(`${emojis}/${theirs.id}`, { name: 'renamed' }, api.bot)).body.name).toBe('renamed');
    expect((await api.delete(`${emojis}/${theirs.id}`, api.bot)).status).toBe(204);
    expect((await api.delete(`${emojis}/${own.id}`, api.bot)).status).toBe(204);
  });

  it('50 static emoji per guild: the 50th is made, the 51st is 30008', async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    const statics = () => guild().emojis!.filter((e) => !e.animated).length;
    while (statics() < 49) guild().emojis!.push({ id: s.emu.core.ids.next(), name: 'filler', roles: [], creatorId: SEED.botUserId, animated: false });
    expect((await api.post(emojis, { name: 'fiftieth', image: PNG }, api.bot)).status).toBe(200);
    const reply = await api.post(emojis, { name: 'fifty_first', image: PNG }, api.bot);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(30008);
    expect((await api.post(emojis, { name: 'animated_ok', image: GIF }, api.bot)).status).toBe(200); // counted apart
  });
});

describe('guild stickers (multipart/form-data)', () => {
  it('create with name, description, tags and a PNG or GIF file; list; GUILD_STICKERS_UPDATE', async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    const reply = await postSticker({ name: 'wave', description: 'says hi', tags: 'wave' }, { name: 'wave.png', bytes: PNG_BYTES, type: 'image/png' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'wave', description: 'says hi', tags: 'wave', type: 2, format_type: 1, guild_id: SEED.guildId });
    expect((await api.get(stickers, api.bot)).body.map((x: any) => x.id)).toContain(reply.body.id);
    expect(events.some((e) => e.type === 'GUILD_STICKERS_UPDATE')).toBe(true);
  });

  it('checks the form: JSON is 415, a missing or non-image file and bad names are 50035', async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    expect((await api.post(stickers, { name: 'json' }, api.bot)).status).toBe(415);
    expect((await postSticker({ name: 'nofile', tags: 'x' })).body.errors.file).toBeDefined();
    expect((await postSticker({ name: 'text', tags: 'x' }, { name: 'a.txt', bytes: Buffer.from('hello'), type: 'text/plain' })).body.errors.file).toBeDefined();
    expect((await postSticker({ name: 'x', tags: 'x' }, { name: 's.png', bytes: PNG_BYTES, type: 'image/png' })).body.errors.name).toBeDefined();
    expect((await request(s.emu.apiBase + stickers, 'POST', { auth: api.bot, body: 'garbage', contentType: 'multipart/form-data; boundary=zz' })).body.code).toBe(50035);
  });

  it('5 stickers per guild: the 5th is made, the 6th is 30039', async () => {
    grant(P.CREATE_GUILD_EXPRESSIONS);
    while (guild().stickers!.length < 4) guild().stickers!.push({ id: s.emu.core.ids.next(), name: 'filler', description: null, tags: 'f', formatType: 1, creatorId: SEED.botUserId });
    const file = { name: 's.png', bytes: PNG_BYTES, type: 'image/png' };
    expect((await postSticker({ name: 'fifth', tags: 'x' }, file)).status).toBe(200);
    const reply = await postSticker({ name: 'sixth', tags: 'x' }, file);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(30039);
  });
});

describe('guild scheduled events', () => {
  it('create a voice event and an external one; list; GUILD_SCHEDULED_EVENT_CREATE', async () => {
    grant(P.CREATE_EVENTS);
    const voice = await api.post(scheduled, newEvent(), api.bot);
    expect(voice.body).toMatchObject({ name: 'Raid night', entity_type: 2, channel_id: CH.lobbyVoice, creator_id: SEED.botUserId, status: 1, privacy_level: 2, entity_metadata: null });
    const start = s.emu.control.now() + 2 * HOUR;
    const external = await api.post(scheduled, newEvent({ entity_type: 3, channel_id: undefined, entity_metadata: { location: 'The park' }, scheduled_start_time: iso(start), scheduled_end_time: iso(start + HOUR) }), api.bot);
    expect(external.body).toMatchObject({ entity_type: 3, channel_id: null, entity_metadata: { location: 'The park' } });
    expect((await api.get(scheduled, api.bot)).body.map((e: any) => e.id)).toEqual(expect.arrayContaining([voice.body.id, external.body.id]));
    expect(events.filter((e) => e.type === 'GUILD_SCHEDULED_EVENT_CREATE')).toHaveLength(2);
  });

  it('checks the entity rules: past start, wrong channel type, external without location or end are 50035', async () => {
    grant(P.CREATE_EVENTS);
    expect((await api.post(scheduled, newEvent({ scheduled_start_time: iso(s.emu.control.now() - 1000) }), api.bot)).body.errors.scheduled_start_time).toBeDefined();
    expect((await api.post(scheduled, newEvent({ channel_id: CH.general }), api.bot)).body.errors.channel_id).toBeDefined();
    expect((await api.post(scheduled, newEvent({ entity_type: 3, scheduled_end_time: iso(s.emu.control.now() + 3 * HOUR) }), api.bot)).body.errors.entity_metadata).toBeDefined();
    expect((await api.post(scheduled, newEvent({ entity_type: 3, entity_metadata: { location: 'x' } }), api.bot)).body.errors.scheduled_end_time).toBeDefined();
    expect((await api.post(scheduled, newEvent({ privacy_level: 1 }), api.bot)).body.errors.privacy_level).toBeDefined();
    expect((await api.post(scheduled, { name: 'incomplete' }, api.bot)).body.errors.scheduled_start_time).toBeDefined();
  });

  it("its creator edits its own with CREATE_EVENTS; another's needs MANAGE_EVENTS; unknown is 10070", async () => {
    grant(P.CREATE_EVENTS);
    const own = (await api.post(scheduled, newEvent(), api.bot)).body;
    expect((await api.patch(`${scheduled}/${own.id}`, { name: 'Raid night II' }, api.bot)).body.name).toBe('Raid night II');
    const theirs = (await api.post(scheduled, newEvent({ name: 'Theirs' }), api.bot)).body;
    guild().scheduledEvents!.find((e) => e.id === theirs.id)!.creatorId = SEED.users.bob; // made by a moderator
    expect((await api.patch(`${scheduled}/${theirs.id}`, { name: 'Mine now' }, api.bot)).body.code).toBe(50013);
    expect((await api.delete(`${scheduled}/${theirs.id}`, api.bot)).body.code).toBe(50013);
    grant(P.MANAGE_EVENTS);
    expect((await api.patch(`${scheduled}/${theirs.id}`, { name: 'Moved' }, api.bot)).body.name).toBe('Moved');
    expect((await api.patch(`${scheduled}/${theirs.id}`, { channel_id: CH.general }, api.bot)).body.code).toBe(50035);
    expect(guild().scheduledEvents!.find((e) => e.id === theirs.id)!.channelId).toBe(CH.lobbyVoice);
    expect((await api.delete(`${scheduled}/${theirs.id}`, api.bot)).status).toBe(204);
    expect(events.some((e) => e.type === 'GUILD_SCHEDULED_EVENT_DELETE')).toBe(true);
    expect((await api.get(`${scheduled}/${theirs.id}`, api.bot)).body.code).toBe(10070);
  });
});

describe('GUILD_CREATE', () => {
  it("carries the guild's emoji, stickers and scheduled events", async () => {
    const client = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      const from = client.mark();
      client.identify(`Bot ${s.emu.application.botToken}`, { intents: 1 });
      const created = (await client.waitFor(dispatchOf('GUILD_CREATE', (d) => d.id === SEED.guildId), { from, timeoutMs: 5000 })).d;
      expect(created.emojis.map((e: any) => e.id).sort()).toEqual(guild().emojis!.map((e) => e.id).sort());
      expect(created.stickers.map((x: any) => x.id).sort()).toEqual(guild().stickers!.map((x) => x.id).sort());
      expect(created.guild_scheduled_events.map((e: any) => e.id).sort()).toEqual(guild().scheduledEvents!.map((e) => e.id).sort());
      expect(created.emojis.length).toBeGreaterThan(0);
    } finally {
      client.close();
    }
  });
});
