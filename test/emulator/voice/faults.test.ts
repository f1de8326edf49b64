// Part 4 (docs/emulator.md): the voice control hooks, programmatic and over HTTP — blockVoiceUdp on
// the emulator clock, dropVoiceConnections (no close frame), setVoiceModes, voiceStats; the
// 4014 / 4015 / forgotten-session cases are in voice_gateway.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA } from '../../../lib/emulator/voice/protocol';
import { SEED, start, type Started } from '../helpers';
import { callOf, closeOpened, identify, joinCall, lobbyOf, mainSession, opIs, sleep, until, VoiceClient, type Connected, type Opened } from './helpers';

let s: Started;
const opened: Opened = { gateways: [], connected: [] };
const { nelly, alice } = SEED.users;
const frame = Buffer.from([0xfc, 0xff, 0xfe, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);

async function pair(): Promise<Connected[]> {
  return (await callOf(s.emu, [[nelly, MODE_AES_GCM], [alice, MODE_AES_GCM]], opened)).members;
}

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
});
afterAll(async () => {
  closeOpened(opened);
  await s.emu.close();
});

describe('blockVoiceUdp', () => {
  it('drops one member\'s datagrams until the emulator clock passes the block', async () => {
    const [a, b] = await pair();
    s.emu.control.voice!.blockVoiceUdp({ userId: nelly, ms: 60_000 });
    for (let i = 0; i < 5; i++) a.media.sendOpus(frame);
    await until(() => (s.emu.control.voice!.voiceStats().members[nelly].dropped.blocked ?? 0) >= 5, 2000, 'blocked counted');
    expect(b.media.received).toEqual([]);
    s.emu.control.advanceClock(60_000);
    a.media.sendOpus(frame);
    await until(() => b.media.received.length === 1, 2000, 'flowing again');
    // Heartbeats are on real time: a minute of emulator time times no voice socket out.
    await sleep(100);
    expect([a.voice.ws.readyState, b.voice.ws.readyState]).toEqual([1, 1]);
  });

  it('blocks everyone (discovery and keep-alives too) when no user is named', async () => {
    const [a, b] = await pair();
    s.emu.control.voice!.blockVoiceUdp({ ms: 10_000 });
    await expect(b.media.discover(300)).rejects.toThrow(/no discovery answer/);
    a.media.sendOpus(frame);
    await sleep(100);
    expect(b.media.received).toEqual([]);
    s.emu.control.advanceClock(10_000);
    await b.media.discover();
    a.media.sendOpus(frame);
    await until(() => b.media.received.length === 1, 2000, 'flowing again');
  });

  it('rejects a bad duration over HTTP with 400', async () => {
    expect((await s.api.control('blockVoiceUdp', { ms: -1 })).status).toBe(400);
    expect((await s.api.control('blockVoiceUdp', { ms: 'soon' })).status).toBe(400);
  });
});

describe('dropVoiceConnections', () => {
  it('cuts the socket without a close frame (1006); UDP keeps flowing and the session resumes', async () => {
    const [a, b] = await pair();
    expect((await s.api.control('dropVoiceConnections', { userId: nelly })).body).toEqual({ dropped: 1 });
    expect(await a.voice.closeCodeWithin()).toBe(1006);
    a.media.sendOpus(frame);
    await until(() => b.media.received.length === 1, 2000, 'media without the socket');
  });
});

describe('setVoiceModes', () => {
  it('changes the modes Ready offers; a mode no longer offered gets 4016', async () => {
    s.emu.control.voice!.setVoiceModes([MODE_XCHACHA]);
    try {
      const lobbyId = await lobbyOf(s.api, [nelly]);
      const main = await mainSession(s.emu, nelly);
      opened.gateways.push(main.gateway);
      const join = await joinCall(main.gateway, nelly, lobbyId);
      const voice = await VoiceClient.connect(s.emu);
      identify(voice, join);
      expect((await voice.waitFor(opIs(2))).d.modes).toEqual([MODE_XCHACHA]);
      voice.send({ op: 1, d: { protocol: 'udp', data: { address: '127.0.0.1', port: 5000, mode: MODE_AES_GCM } } });
      expect(await voice.closeCodeWithin()).toBe(4016);
    } finally {
      s.emu.control.voice!.setVoiceModes([MODE_AES_GCM, MODE_XCHACHA]);
    }
  });

  it('refuses an empty list, unknown or deprecated modes, duplicates (400 over HTTP)', async () => {
    for (const modes of [[], ['xsalsa20_poly1305'], [MODE_AES_GCM, MODE_AES_GCM], 'x']) {
      expect(() => s.emu.control.voice!.setVoiceModes(modes as string[])).toThrow(/setVoiceModes/);
      expect((await s.api.control('setVoiceModes', { modes })).status).toBe(400);
    }
    expect((await s.api.control('setVoiceModes', { modes: [MODE_XCHACHA, MODE_AES_GCM] })).status).toBe(200);
    s.emu.control.voice!.setVoiceModes([MODE_AES_GCM, MODE_XCHACHA]);
  });
});

describe('voiceStats and the HTTP control routes', () => {
  it('every voice hook has its HTTP route', async () => {
    const names = Object.keys(s.emu.control.voice!);
    expect(names.sort()).toEqual(['blockVoiceUdp', 'crashVoiceServer', 'dropVoiceConnections', 'forgetVoiceSession', 'kickFromCall', 'setCallDaveVersion', 'setDaveRequired', 'setVoiceModes', 'voiceStats']);
    for (const name of names) {
      const reply = await s.api.control(name, {});
      expect(reply.body?.message, name).not.toBe('404: Not Found');
      expect(reply.status, name).toBeLessThan(500);
    }
  });

  it('reports per-member counters and close codes over HTTP', async () => {
    const [a] = await pair();
    a.media.sendOpus(frame);
    await until(() => (s.emu.control.voice!.voiceStats().members[nelly]?.forwarded ?? 0) > 0, 2000, 'forwarded');
    const reply = await s.api.control('voiceStats');
    expect(reply.status).toBe(200);
    expect(reply.body.members[nelly]).toMatchObject({ packetsIn: expect.any(Number), forwarded: expect.any(Number), received: expect.any(Number), dropped: expect.any(Object) });
    expect(reply.body).toHaveProperty('unattributed');
    expect(reply.body).toHaveProperty('closed');
    expect((await s.api.control('kickFromCall', { userId: 'nope' })).status).toBe(400);
    expect((await s.api.control('kickFromCall', { userId: nelly })).body).toEqual({ kicked: 1 });
    expect((await s.api.control('crashVoiceServer')).status).toBe(200);
    expect((await s.api.control('forgetVoiceSession', { userId: alice })).body.forgotten).toBeGreaterThanOrEqual(0);
  });
});
