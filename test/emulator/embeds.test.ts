// Message embeds (domain/embeds.ts) on the bot side's messages: the public API's limits, as
// errors and never a truncation (the spec: more than 25 fields in an embed is an error).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bot, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';

const GENERAL = (BigInt(SEED.guildId) + 12n).toString();

let t: TestEmulator;
const send = (body: unknown) => api(t.emu, 'POST', `/channels/${GENERAL}/messages`, { auth: bot(t.emu), body });

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  await t.close();
});

const field = (i: number) => ({ name: `f${i}`, value: 'v' });

describe('embeds', () => {
  it('takes 25 fields; 26 is a 50035 error on that embed, not a truncation', async () => {
    const ok = await send({ embeds: [{ title: 't', fields: Array.from({ length: 25 }, (_, i) => field(i)) }] });
    expect(ok.status).toBe(200);
    expect(ok.body.embeds[0].fields).toHaveLength(25);
    const over = await send({ embeds: [{ title: 't', fields: Array.from({ length: 26 }, (_, i) => field(i)) }] });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(50035);
    expect(over.body.errors.embeds['0'].fields._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
  });

  it('takes 10 embeds (11 is an error) and the public limits: title 256, description 4096, field name 256 / value 1024, 6000 in all', async () => {
    expect((await send({ embeds: Array.from({ length: 10 }, () => ({ title: 't' })) })).status).toBe(200);
    expect((await send({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) })).body.errors.embeds._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
    expect((await send({ embeds: [{ title: 'x'.repeat(256) }] })).status).toBe(200);
    expect((await send({ embeds: [{ title: 'x'.repeat(257) }] })).body.errors.embeds['0'].title._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send({ embeds: [{ description: 'x'.repeat(4097) }] })).body.errors.embeds['0'].description._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send({ embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v' }] }] })).body.errors.embeds['0'].fields['0'].name._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send({ embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] })).body.errors.embeds['0'].fields['0'].value._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect((await send({ embeds: [{ fields: [{ name: 'n' }] }] })).body.errors.embeds['0'].fields['0'].value._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    const total = (n: number) => [{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(n - 4000) }];
    expect((await send({ embeds: total(6000) })).status).toBe(200);
    expect((await send({ embeds: total(6001) })).body.errors.embeds._errors[0].code).toBe('MAX_EMBED_SIZE_EXCEEDED');
  });

  it('no embeds: left out or null, the message has none', async () => {
    for (const embeds of [undefined, null]) {
      const reply = await send({ content: 'plain', embeds });
      expect(reply.status).toBe(200);
      expect(reply.body.embeds).toEqual([]);
    }
  });

  it('a wrong shape is that field\'s error: embeds not a list, an embed not an object, fields not a list, inline not a boolean, url over 2048', async () => {
    expect((await send({ embeds: { title: 't' } })).body.errors.embeds._errors[0].code).toBe('LIST_TYPE_CONVERT');
    const reply = await send({
      embeds: [{ title: 't' }, 'not an embed', { fields: 'x' }, { fields: [{ name: 'n', value: 'v', inline: 'yes' }] }, { url: `https://example.com/${'u'.repeat(2029)}` }],
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors.embeds).sort()).toEqual(['1', '2', '3', '4']);
    expect(reply.body.errors.embeds['2'].fields._errors[0].code).toBe('LIST_TYPE_CONVERT');
    expect(reply.body.errors.embeds['3'].fields['0'].inline._errors[0].code).toBe('BOOLEAN_TYPE_COERCE');
    expect(reply.body.errors.embeds['4'].url._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    const kept = await send({ embeds: [{ title: 't', url: `https://example.com/${'u'.repeat(2028)}`, fields: [{ name: 'n', value: 'v', inline: true }] }] });
    expect(kept.status).toBe(200);
    expect(kept.body.embeds[0]).toMatchObject({ type: 'rich', title: 't', fields: [{ name: 'n', value: 'v', inline: true }] });
  });

  it('color: an integer 0 to 0xFFFFFF, or null for none; outside, or not an integer, is that embed\'s error', async () => {
    for (const color of [0, 0xffffff, null]) {
      const reply = await send({ embeds: [{ title: 't', color }] });
      expect(reply.status).toBe(200);
      expect(reply.body.embeds[0].color).toBe(color);
    }
    for (const color of [-1, 0x1000000, 1.5, '0xff']) {
      const reply = await send({ embeds: [{ title: 't', color }] });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.errors.embeds['0'])).toEqual(['color']);
    }
  });

  it('a footer needs its text and an author its name (each up to its limit: 2048, 256)', async () => {
    expect((await send({ embeds: [{ footer: { text: 'f'.repeat(2048) }, author: { name: 'a'.repeat(256) } }] })).status).toBe(200);
    const missing = await send({ embeds: [{ title: 't', footer: {}, author: { url: 'https://example.com' } }] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.embeds['0'].footer.text._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    expect(missing.body.errors.embeds['0'].author.name._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    const over = await send({ embeds: [{ footer: { text: 'f'.repeat(2049) }, author: { name: 'a'.repeat(257) } }] });
    expect(over.body.errors.embeds['0'].footer.text._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect(over.body.errors.embeds['0'].author.name._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
  });

  // The 6000 counts the title, the description, field names and values, the footer text and the
  // author name of all the message's embeds: each of them brings a sum of 5999 to 6000 and 6001.
  it.each([
    ['title', (n: number) => ({ title: 'x'.repeat(n) })],
    ['footer text', (n: number) => ({ footer: { text: 'x'.repeat(n) } })],
    ['author name', (n: number) => ({ author: { name: 'x'.repeat(n) } })],
    ['field name and value', (n: number) => ({ fields: [{ name: 'x'.repeat(n - 1), value: 'x' }] })],
  ])('the 6000 in all counts the %s', async (_part, embed) => {
    const rest = [{ description: 'x'.repeat(4096) }, { description: 'x'.repeat(6000 - 4096 - 100) }];
    expect((await send({ embeds: [...rest, embed(100)] })).status).toBe(200);
    expect((await send({ embeds: [...rest, embed(101)] })).body.errors.embeds._errors[0].code).toBe('MAX_EMBED_SIZE_EXCEEDED');
  });
});
