// Part 1 (docs/voice-calls.md, §8): lobby calls on the main gateway. Op 4 with channel_id = lobby id
// joins (members only, at most Limits.MaxCallMembersCount), null leaves, a refused join is a
// VOICE_STATE_UPDATE with channel_id null and error "forbidden"; READY's lobbies carry
// voice_states; leaving or being removed from the lobby, and the end of the gateway session,
// take the member out of the call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../../lib/limits.generated';
import { SEED, start, type Started } from '../helpers';
import { closeAll, dispatchOf, type GatewayClient } from '../helpers/gateway_client';
import { joinCall, lobbyOf, mainSession, sleep } from './helpers';

let s: Started;
const clients: GatewayClient[] = [];
const { nelly, alice, bob } = SEED.users;

async function session(userId: string) {
  const main = await mainSession(s.emu, userId);
  clients.push(main.gateway);
  return main;
}

beforeAll(async () => {
  s = await start();
});
afterAll(async () => {
  closeAll(clients);
  await s.emu.close();
});

describe('op 4 in a lobby call', () => {
  it('joins: VOICE_STATE_UPDATE to the lobby, VOICE_SERVER_UPDATE {token, guild_id, channel_id, endpoint} to the joiner', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await session(nelly);
    const b = await session(alice);
    const fromB = b.gateway.mark();
    const join = await joinCall(a.gateway, nelly, lobbyId, { self_mute: true });
    expect(join.sessionId).toBe(a.ready.session_id);
    expect(join.endpoint).toBe(s.emu.voice.endpoint);
    expect(join.endpoint).toMatch(/^127\.0\.0\.1:\d+$/);
    const server = a.gateway.dispatches('VOICE_SERVER_UPDATE').at(-1);
    expect(server).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/), guild_id: null, channel_id: lobbyId, endpoint: s.emu.voice.endpoint });
    const seen = await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE'), { from: fromB });
    expect(seen.d).toEqual({
      guild_id: null, channel_id: lobbyId, user_id: nelly, session_id: a.ready.session_id,
      self_mute: true, self_deaf: false, mute: false, deaf: false, suppress: false,
    });
    // The other member never gets the joiner's token.
    expect(b.gateway.dispatches('VOICE_SERVER_UPDATE')).toEqual([]);

    // Re-sending op 4 changes self mute/deaf; every join has a new token.
    const again = await joinCall(a.gateway, nelly, lobbyId, { self_mute: false, self_deaf: true });
    expect(again.token).not.toBe(join.token);
    const update = await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.self_deaf === true), { from: fromB });
    expect(update.d.self_mute).toBe(false);

    // A later READY of a member lists the call's voice states.
    const late = await session(alice);
    const lobby = late.ready.lobbies.find((l: { id: string }) => l.id === lobbyId);
    expect(lobby.voice_states).toEqual([expect.objectContaining({ user_id: nelly, channel_id: lobbyId, self_deaf: true, session_id: a.ready.session_id })]);

    // null leaves: everyone hears channel_id null.
    const fromLeave = b.gateway.mark();
    a.gateway.send({ op: 4, d: { guild_id: null, channel_id: null, self_mute: false, self_deaf: false } });
    const left = await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly), { from: fromLeave });
    expect(left.d.channel_id).toBeNull();
    expect((await session(alice)).ready.lobbies.find((l: { id: string }) => l.id === lobbyId).voice_states).toEqual([]);
  });

  it('refuses a non-member and an unknown lobby as forbidden, with no server update', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly]);
    const outsider = await session(bob);
    for (const channel of [lobbyId, '1234567890123456789']) {
      const from = outsider.gateway.mark();
      outsider.gateway.send({ op: 4, d: { guild_id: null, channel_id: channel, self_mute: false, self_deaf: false } });
      const refused = await outsider.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE'), { from });
      expect(refused.d).toMatchObject({ channel_id: null, user_id: bob, error: 'forbidden' });
      expect(await outsider.gateway.collectFor(100, dispatchOf('VOICE_SERVER_UPDATE'))).toEqual([]);
    }
  });

  it(`refuses member ${Limits.MaxCallMembersCount + 1} of a call as forbidden`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= Limits.MaxCallMembersCount; i++) ids.push(String(s.emu.control.createUser({ username: `caller_${i}` }).id));
    const lobbyId = await lobbyOf(s.api, ids);
    const sessions = [];
    for (const id of ids) sessions.push(await session(id));
    for (let i = 0; i < Limits.MaxCallMembersCount; i++) await joinCall(sessions[i].gateway, ids[i], lobbyId);
    const last = sessions[Limits.MaxCallMembersCount].gateway;
    const from = last.mark();
    last.send({ op: 4, d: { guild_id: null, channel_id: lobbyId, self_mute: false, self_deaf: false } });
    const refused = await last.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === ids[Limits.MaxCallMembersCount]), { from });
    expect(refused.d).toMatchObject({ channel_id: null, error: 'forbidden' });
    // One leaves, and there is room again.
    sessions[0].gateway.send({ op: 4, d: { guild_id: null, channel_id: null } });
    await sessions[0].gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === ids[0] && d.channel_id === null));
    await joinCall(last, ids[Limits.MaxCallMembersCount], lobbyId);
  });

  it('closes the main gateway with 4002 on a malformed op 4', async () => {
    const main = await session(nelly);
    main.gateway.send({ op: 4, d: { guild_id: null, channel_id: 42 } });
    expect((await main.gateway.closed).code).toBe(4002);
  });
});

describe('the call follows the lobby and the gateway session', () => {
  it('a member who leaves the lobby, or is removed by the bot, leaves the call', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice, bob]);
    const a = await session(nelly);
    const b = await session(alice);
    const c = await session(bob);
    await joinCall(a.gateway, nelly, lobbyId);
    await joinCall(b.gateway, alice, lobbyId);
    const from = c.gateway.mark();
    expect((await s.api.delete(`/lobbies/${lobbyId}/members/@me`, `Bearer ${s.api.token(nelly)}`)).status).toBeLessThan(300);
    expect((await c.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly && d.channel_id === null), { from })).d.session_id).toEqual(expect.any(String));
    expect((await s.api.delete(`/lobbies/${lobbyId}/members/${alice}`, s.api.bot)).status).toBeLessThan(300);
    expect((await c.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === alice && d.channel_id === null), { from })).d.session_id).toEqual(expect.any(String));
    expect(s.emu.control.voice!.kickFromCall(alice)).toBe(0);
    expect((await session(bob)).ready.lobbies.find((l: { id: string }) => l.id === lobbyId).voice_states).toEqual([]);
  });

  it('kickFromCall takes a member out and tells the lobby', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await session(nelly);
    const b = await session(alice);
    await joinCall(a.gateway, nelly, lobbyId);
    const from = b.gateway.mark();
    expect(s.emu.control.voice!.kickFromCall(nelly, lobbyId)).toBe(1);
    expect((await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly && d.channel_id === null), { from })).d.session_id).toEqual(expect.any(String));
  });

  it('the lobby deleted ends its call', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await session(nelly);
    const b = await session(alice);
    await joinCall(a.gateway, nelly, lobbyId);
    const from = b.gateway.mark();
    expect((await s.api.delete(`/lobbies/${lobbyId}`, s.api.bot)).status).toBeLessThan(300);
    expect((await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly && d.channel_id === null), { from })).d.session_id).toEqual(expect.any(String));
  });
});

describe('the end of the main gateway session', () => {
  let t: Started;
  beforeAll(async () => {
    t = await start({ heartbeatIntervalMs: 300 });
  });
  afterAll(async () => t.emu.close());

  it('a session that timed out (not resumable) leaves its call; a dropped but resumable one stays', async () => {
    const lobbyId = await lobbyOf(t.api, [nelly, alice]);
    const a = await mainSession(t.emu, nelly);
    const b = await mainSession(t.emu, alice);
    const beat = setInterval(() => b.gateway.heartbeat(), 100);
    try {
      await joinCall(a.gateway, nelly, lobbyId);
      await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly));
      const from = b.gateway.mark();
      t.emu.control.dropGatewayConnections(nelly);
      await sleep(100);
      expect(b.gateway.dispatches('VOICE_STATE_UPDATE', from)).toEqual([]);
      const c = await mainSession(t.emu, nelly);
      const timer = setInterval(() => c.gateway.heartbeat(), 100);
      try {
        await joinCall(c.gateway, nelly, lobbyId);
        // c stops beating: 4009 ends its session, and the call with it.
        clearInterval(timer);
        expect((await c.gateway.closed).code).toBe(4009);
        const left = await b.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === nelly && d.channel_id === null), { from });
        expect(left.d.session_id).toBe(c.ready.session_id);
      } finally {
        clearInterval(timer);
      }
    } finally {
      clearInterval(beat);
      a.gateway.close();
      b.gateway.close();
    }
  });
});

describe('bots in lobby calls', () => {
  it('a bot joins its application\'s lobby calls without membership; another application\'s bot is refused', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly]);
    const { GatewayClient } = await import('../helpers/gateway_client');
    const member = await session(nelly);
    const bot = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    clients.push(bot);
    await bot.identifyBot(s.emu.application.botToken, 1);
    const from = member.gateway.mark();
    await joinCall(bot, SEED.botUserId, lobbyId);
    await member.gateway.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.user_id === SEED.botUserId && d.channel_id === lobbyId), { from });
    const other = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    clients.push(other);
    await other.identifyBot(s.emu.childApplication.botToken, 1);
    other.send({ op: 4, d: { guild_id: null, channel_id: lobbyId, self_mute: false, self_deaf: false } });
    expect((await other.waitFor(dispatchOf('VOICE_STATE_UPDATE'))).d).toMatchObject({ channel_id: null, error: 'forbidden' });
  });
});

describe('bots in guild voice channels', () => {
  it('joins a voice channel of its guild through op 4: VOICE_SERVER_UPDATE with the guild, start time set', async () => {
    const voiceChannel = s.emu.core.state.guilds.get(SEED.guildId)!.channels.find((c) => c.type === 2)!;
    const { GatewayClient } = await import('../helpers/gateway_client');
    const bot = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    clients.push(bot);
    await bot.identifyBot(s.emu.application.botToken, 1);
    const join = await joinCall(bot, SEED.botUserId, voiceChannel.id, { guild_id: SEED.guildId });
    expect(join.endpoint).toBe(s.emu.voice.endpoint);
    expect(bot.dispatches('VOICE_SERVER_UPDATE').at(-1).guild_id).toBe(SEED.guildId);
    expect(voiceChannel.voiceStartTime).not.toBeNull();
    bot.send({ op: 4, d: { guild_id: SEED.guildId, channel_id: null } });
    await bot.waitFor(dispatchOf('VOICE_STATE_UPDATE', (d) => d.channel_id === null));
    expect(voiceChannel.voiceStartTime).toBeNull();
  });
});
