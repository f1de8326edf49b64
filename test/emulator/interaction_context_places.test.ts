// Where a person invokes a command and what that allows (lib/emulator/domain/interaction_context.ts):
// a DM named by its channel id (the bot's DM: its own person only; a DM between two people: its
// two people only, context 2), dmWith refusing an unknown user and oneself, the guild install
// in the bot's DM only for a person who shares a server with the bot, and the upload limit of
// each premium type (1 and 3: 50 MiB, 2: 500 MiB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, SEED, start, type Started } from './helpers';

let s: Started;
let api: Api;
const APP = SEED.applicationId;
const { nelly, alice, bob, erin } = SEED.users;
const BOT = SEED.botUserId;
const GENERAL = (BigInt(SEED.guildId) + 12n).toString();
const MiB = 1024 * 1024;
const seen: BusEvent[] = [];

async function command(body: Record<string, unknown>): Promise<void> {
  const reply = await api.post(`/applications/${APP}/commands`, body, api.bot);
  expect(reply.status, reply.text).toBe(201);
}

/** The INTERACTION_CREATE payload of an invocation. */
async function payloadOf(invocation: Parameters<typeof s.emu.control.invokeCommand>[0]): Promise<any> {
  const { id } = await s.emu.control.invokeCommand(invocation);
  return seen.find((e) => e.type === 'INTERACTION_CREATE' && e.data.id === id)!.data;
}

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => seen.push(e));
  await command({ name: 'ping', description: 'guild install only' }); // integration_types [0], every context
  await command({ name: 'everywhere', description: 'user install', integration_types: [1], contexts: [0, 1, 2] });
  await command({ name: 'upload', description: 'a file', options: [{ type: 11, name: 'file', description: 'd', required: true }] });
  for (const userId of [erin, alice, bob]) s.emu.control.issueToken(userId, ['identify', 'applications.commands']);
});
afterAll(async () => s.emu.close());

describe('a DM named by its channel id', () => {
  it("the bot's DM: its own person invokes there (context 1); another person's is 10003", async () => {
    const botDm = (await payloadOf({ userId: nelly, dmWith: BOT, name: 'ping' })).channel.id as string;
    const again = await payloadOf({ userId: nelly, channelId: botDm, name: 'ping' });
    expect([again.context, again.channel.id]).toEqual([1, botDm]);
    await expect(s.emu.control.invokeCommand({ userId: bob, channelId: botDm, name: 'everywhere' })).rejects.toMatchObject({ status: 404, code: 10003 });
  });

  it('a DM between two people: each of them invokes there (context 2); a third person gets 10003', async () => {
    const dm = (await payloadOf({ userId: erin, dmWith: alice, name: 'everywhere' })).channel.id as string;
    for (const userId of [erin, alice]) {
      const payload = await payloadOf({ userId, channelId: dm, name: 'everywhere' });
      expect([payload.context, payload.channel.id], userId).toEqual([2, dm]);
    }
    await expect(s.emu.control.invokeCommand({ userId: bob, channelId: dm, name: 'everywhere' })).rejects.toMatchObject({ status: 404, code: 10003 });
  });

  it('dmWith an unknown user, or oneself, is 10013', async () => {
    for (const dmWith of ['1234567890123456789', erin]) {
      await expect(s.emu.control.invokeCommand({ userId: erin, dmWith, name: 'everywhere' }), dmWith).rejects.toMatchObject({ status: 404, code: 10013 });
    }
  });
});

describe("the guild install in the bot's DM", () => {
  it('authorizes ("0": "0") a person who shares a server with the bot, and nobody else (50001)', async () => {
    expect((await payloadOf({ userId: nelly, dmWith: BOT, name: 'ping' })).authorizing_integration_owners).toEqual({ 0: '0' });
    // In no server at all.
    const loner = s.emu.control.createUser({ username: 'in_no_server' }).id as string;
    // In a server, but one without the bot.
    const elsewhere = s.emu.control.createUser({ username: 'in_a_botless_server' }).id as string;
    const botless = s.emu.control.createGuild('no bot here', [elsewhere]);
    s.emu.control.removeGuildMember(botless.id, BOT);
    for (const userId of [loner, elsewhere]) {
      await expect(s.emu.control.invokeCommand({ userId, dmWith: BOT, name: 'ping' }), userId).rejects.toMatchObject({ status: 403, code: 50001 });
    }
  });
});

describe('the upload limit by premium type', () => {
  const cases: Array<[number, number]> = [
    [1, 50 * MiB],
    [2, 500 * MiB],
    [3, 50 * MiB],
  ];
  it.each(cases)('premium_type %i: %i bytes pass, one more is refused', async (premiumType, limit) => {
    const userId = s.emu.control.createUser({ username: `premium_${premiumType}`, premiumType }).id as string;
    s.emu.control.addGuildMembers(SEED.guildId, [userId]);
    const upload = (size: number) => s.emu.control.invokeCommand({ userId, channelId: GENERAL, name: 'upload', options: [{ name: 'file', value: { filename: 'big.bin', size } }] });
    await expect(upload(limit)).resolves.toMatchObject({ type: 2 });
    await expect(upload(limit + 1)).rejects.toMatchObject({ status: 400, code: 50035 });
  });
});
