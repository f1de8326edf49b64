// Part 2 (docs/protocols/voice-gateway.md–2.4, §8): the voice gateway v8 over real loopback sockets, plain and TLS:
// the handshake, heartbeats (v8 objects, v4–7 integers), Speaking relayed with user_id, Clients
// Connect / Client Disconnect, numbered server messages, buffered resume replaying what a client
// missed, and the close codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import { closeAll, type GatewayClient } from '../helpers/gateway_client';
import { connectMedia, identify, joinCall, lobbyOf, mainSession, opIs, VoiceClient, type CallJoin } from './helpers';

let s: Started;
const gateways: GatewayClient[] = [];
const voices: VoiceClient[] = [];
const { nelly, alice, bob } = SEED.users;

async function joined(lobbyId: string, userId: string): Promise<CallJoin> {
  const main = await mainSession(s.emu, userId);
  gateways.push(main.gateway);
  return joinCall(main.gateway, userId, lobbyId);
}

async function voiceClient(options: { v?: number; tls?: boolean } = {}) {
  const client = await VoiceClient.connect(s.emu, options);
  voices.push(client);
  return client;
}

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
});
afterAll(async () => {
  for (const v of voices) v.terminate();
  closeAll(gateways);
  await s.emu.close();
});

describe('handshake', () => {
  it.each([false, true])('Hello, Identify, Ready, Select Protocol, Session Description (tls: %s)', async (tls) => {
    const lobbyId = await lobbyOf(s.api, [nelly]);
    const join = await joined(lobbyId, nelly);
    const voice = await voiceClient({ tls });
    expect(voice.received[0]).toEqual({ op: 8, d: { heartbeat_interval: 13750 } });
    identify(voice, join);
    const ready = await voice.waitFor(opIs(2));
    expect(ready).toEqual({ op: 2, d: { ssrc: expect.any(Number), ip: '127.0.0.1', port: s.emu.voice.port, modes: [MODE_AES_GCM, MODE_XCHACHA] } });
    voice.send({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 50000, mode: MODE_XCHACHA } } });
    const description = await voice.waitFor(opIs(4));
    expect(description.d).toMatchObject({ mode: MODE_XCHACHA, dave_protocol_version: 0 });
    expect(description.d.secret_key).toHaveLength(32);
    expect(description.d.secret_key.every((b: number) => Number.isInteger(b) && b >= 0 && b <= 255)).toBe(true);
    // The handshake is not numbered.
    expect(voice.received.every((m) => m.seq === undefined)).toBe(true);
  });

  it('answers v8 heartbeats {t, seq_ack} with {t}, and v4–7 integer heartbeats with the nonce', async () => {
    const v8 = await voiceClient();
    v8.send({ op: 3, d: { t: 1234567, seq_ack: -1 } });
    expect((await v8.waitFor(opIs(6))).d).toEqual({ t: 1234567 });
    const v4 = await voiceClient({ v: 4 });
    v4.send({ op: 3, d: 987654 });
    expect((await v4.waitFor(opIs(6))).d).toBe(987654);
    // Each version's shape only.
    v4.send({ op: 3, d: { t: 1 } });
    expect(await v4.closeCodeWithin()).toBe(4002);
  });
});

describe('members of a call', () => {
  it('Clients Connect, Speaking relayed with user_id, Client Disconnect; every one numbered', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await connectMedia(s.emu, await joined(lobbyId, nelly));
    voices.push(a.voice);
    a.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: a.ssrc } });
    const bJoin = await joined(lobbyId, alice);
    const b = await connectMedia(s.emu, bJoin, MODE_XCHACHA, { tls: true });
    voices.push(b.voice);
    // The newcomer learns who is here and their SSRCs.
    expect((await b.voice.waitFor(opIs(11))).d).toEqual({ user_ids: [nelly] });
    expect((await b.voice.waitFor(opIs(5))).d).toEqual({ user_id: nelly, ssrc: a.ssrc, speaking: 1 });
    // The others learn about the newcomer.
    expect((await a.voice.waitFor(opIs(11))).d).toEqual({ user_ids: [alice] });
    const from = a.voice.mark();
    b.voice.send({ op: 5, d: { speaking: 5, delay: 0, ssrc: b.ssrc } });
    expect((await a.voice.waitFor(opIs(5), { from })).d).toEqual({ user_id: alice, ssrc: b.ssrc, speaking: 5 });
    const bMain = gateways.at(-1)!;
    bMain.send({ op: 4, d: { guild_id: null, channel_id: null } });
    expect(await b.voice.closeCodeWithin()).toBe(4014);
    expect((await a.voice.waitFor(opIs(13), { from })).d).toEqual({ user_id: alice });
    const numbered = a.voice.received.filter((m) => [5, 11, 13].includes(m.op));
    expect(numbered.map((m) => m.seq)).toEqual(numbered.map((_m, i) => i + 1));
    expect(a.voice.received.filter((m) => ![5, 11, 13].includes(m.op)).every((m) => m.seq === undefined)).toBe(true);
    a.media.close();
    b.media.close();
  });

  it('refuses Speaking with someone else\'s SSRC (4020)', async () => {
    const lobbyId = await lobbyOf(s.api, [bob]);
    const c = await connectMedia(s.emu, await joined(lobbyId, bob));
    voices.push(c.voice);
    c.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: (c.ssrc + 1) >>> 0 } });
    expect(await c.voice.closeCodeWithin()).toBe(4020);
    c.media.close();
  });
});

describe('buffered resume', () => {
  it('replays a Clients Connect the client missed while its socket was gone', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const aJoin = await joined(lobbyId, nelly);
    const a = await connectMedia(s.emu, aJoin);
    a.voice.heartbeat();
    await a.voice.waitFor(opIs(6));
    const seqBefore = a.voice.seqAck;
    expect(s.emu.control.voice!.dropVoiceConnections({ userId: nelly })).toBe(1);
    expect(await a.voice.closeCodeWithin()).toBe(1006);
    // Alice joins while nelly is away.
    const b = await connectMedia(s.emu, await joined(lobbyId, alice));
    voices.push(b.voice);
    const again = await voiceClient();
    again.send({ op: 7, d: { server_id: lobbyId, session_id: aJoin.sessionId, token: aJoin.token, seq_ack: seqBefore } });
    const resumed = await again.waitFor(opIs(9));
    expect(resumed).toEqual({ op: 9, d: null });
    const replayed = await again.waitFor(opIs(11));
    expect(replayed.d).toEqual({ user_ids: [alice] });
    expect(again.received.indexOf(replayed)).toBeGreaterThan(again.received.indexOf(resumed));
    // The resumed session carries on: Speaking from alice arrives, numbered after the replay.
    b.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: b.ssrc } });
    const speaking = await again.waitFor(opIs(5, (d) => d.user_id === alice));
    expect(speaking.seq).toBe(replayed.seq! + 1);
    a.media.close();
    b.media.close();
  });

  it('closes with 4006 when seq_ack is not in the buffer (a gap), and the session is over', async () => {
    const lobbyId = await lobbyOf(s.api, [bob]);
    const join = await joined(lobbyId, bob);
    const c = await connectMedia(s.emu, join);
    s.emu.control.voice!.dropVoiceConnections({ userId: bob });
    await c.voice.closed;
    const again = await voiceClient();
    again.send({ op: 7, d: { server_id: lobbyId, session_id: join.sessionId, token: join.token, seq_ack: 4242 } });
    expect(await again.closeCodeWithin()).toBe(4006);
    const third = await voiceClient();
    third.send({ op: 7, d: { server_id: lobbyId, session_id: join.sessionId, token: join.token, seq_ack: -1 } });
    expect(await third.closeCodeWithin()).toBe(4006);
    c.media.close();
  });

  it('forgetVoiceSession makes the next resume fail with 4006; crashVoiceServer (4015) keeps it', async () => {
    const lobbyId = await lobbyOf(s.api, [alice]);
    const join = await joined(lobbyId, alice);
    const c = await connectMedia(s.emu, join);
    expect(s.emu.control.voice!.crashVoiceServer()).toBeGreaterThanOrEqual(1);
    expect(await c.voice.closeCodeWithin()).toBe(4015);
    const resumed = await voiceClient();
    resumed.send({ op: 7, d: { server_id: lobbyId, session_id: join.sessionId, token: join.token, seq_ack: -1 } });
    await resumed.waitFor(opIs(9));
    expect(s.emu.control.voice!.forgetVoiceSession(alice)).toBe(1);
    s.emu.control.voice!.dropVoiceConnections({ userId: alice });
    await resumed.closed;
    const refused = await voiceClient();
    refused.send({ op: 7, d: { server_id: lobbyId, session_id: join.sessionId, token: join.token, seq_ack: -1 } });
    expect(await refused.closeCodeWithin()).toBe(4006);
    c.media.close();
  });
});

describe('heartbeat timeout', () => {
  let t: Started;
  beforeAll(async () => {
    t = await start({ voiceHeartbeatIntervalMs: 200 });
    t.emu.control.voice!.setDaveRequired(false);
  });
  afterAll(async () => t.emu.close());

  it('closes with 4009 after 1.5 intervals without a heartbeat; the session cannot be resumed', async () => {
    const lobbyId = await lobbyOf(t.api, [nelly]);
    const main = await mainSession(t.emu, nelly);
    const join = await joinCall(main.gateway, nelly, lobbyId);
    const voice = await VoiceClient.connect(t.emu);
    identify(voice, join);
    await voice.waitFor(opIs(2));
    const started = Date.now();
    expect(await voice.closeCodeWithin(3000)).toBe(4009);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const again = await VoiceClient.connect(t.emu);
    again.send({ op: 7, d: { server_id: lobbyId, session_id: join.sessionId, token: join.token, seq_ack: -1 } });
    expect(await again.closeCodeWithin()).toBe(4006);
    main.gateway.close();
  });
});

describe('close codes', () => {
  const modes = [MODE_AES_GCM, MODE_XCHACHA];
  it.each([
    ['4001 unknown opcode', async (v: VoiceClient) => v.send({ op: 99, d: {} }), 4001, false],
    ['4002 not JSON', async (v: VoiceClient) => v.send('{nope'), 4002, false],
    ['4002 over 4 KiB', async (v: VoiceClient) => v.send({ op: 3, d: { t: 1, pad: 'x'.repeat(5000) } }), 4002, false],
    ['4003 Select Protocol before Identify', async (v: VoiceClient) => v.send({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 1, mode: modes[0] } } }), 4003, false],
    ['4003 Speaking before Identify', async (v: VoiceClient) => v.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: 1 } }), 4003, false],
    ['4005 a second Identify', async (v: VoiceClient, j: CallJoin) => identify(v, j), 4005, true],
    ['4012 unknown protocol', async (v: VoiceClient) => v.send({ op: 1, d: { protocol: 'tcp', data: { address: '127.0.0.1', port: 1, mode: modes[0] } } }), 4012, true],
    ['4016 deprecated mode', async (v: VoiceClient) => v.send({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 1, mode: 'xsalsa20_poly1305_lite' } } }), 4016, true],
    ['4016 plain aead_aes256_gcm', async (v: VoiceClient) => v.send({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 1, mode: 'aead_aes256_gcm' } } }), 4016, true],
    ['4003 a binary message before Identify', async (v: VoiceClient) => v.ws.send(Buffer.from([26, 0, 1, 0, 2])), 4003, false],
    ['4021 too many messages', async (v: VoiceClient) => { for (let i = 0; i < 130; i++) v.send({ op: 3, d: { t: i, seq_ack: -1 } }); }, 4021, false],
  ] as const)('%s', async (_name, act, code, identified) => {
    const lobbyId = await lobbyOf(s.api, [bob]);
    const join = await joined(lobbyId, bob);
    const voice = await voiceClient();
    if (identified) {
      identify(voice, join);
      await voice.waitFor(opIs(2));
    }
    await act(voice, join);
    expect(await voice.closeCodeWithin()).toBe(code);
  });

  it.each([
    ['4004 wrong token', { token: 'f'.repeat(32) }, 4004],
    ['4004 wrong user', { user_id: nelly }, 4004],
    ['4004 wrong session', { session_id: 'not-the-session' }, 4004],
    ['4011 wrong server id', { server_id: '1234567890123456789' }, 4011],
    ['4002 token not a string', { token: 5 }, 4002],
  ] as const)('Identify refused: %s', async (_name, extra, code) => {
    const lobbyId = await lobbyOf(s.api, [alice]);
    const join = await joined(lobbyId, alice);
    const voice = await voiceClient();
    identify(voice, join, extra);
    expect(await voice.closeCodeWithin()).toBe(code);
  });

  it('4014 when kicked from the call, 4022 when the lobby is deleted', async () => {
    const lobbyId = await lobbyOf(s.api, [nelly, alice]);
    const a = await connectMedia(s.emu, await joined(lobbyId, nelly));
    const b = await connectMedia(s.emu, await joined(lobbyId, alice));
    expect(s.emu.control.voice!.kickFromCall(nelly)).toBe(1);
    expect(await a.voice.closeCodeWithin()).toBe(4014);
    expect((await s.api.delete(`/lobbies/${lobbyId}`, s.api.bot)).status).toBeLessThan(300);
    expect(await b.voice.closeCodeWithin()).toBe(4022);
    a.media.close();
    b.media.close();
    expect(s.emu.control.voice!.voiceStats().closed).toMatchObject({ 4014: expect.any(Number), 4022: expect.any(Number) });
  });
});
