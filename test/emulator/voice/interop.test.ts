// Interop (docs/voice-calls.md): @discordjs/voice 0.19.2, a third-party client, joins a lobby call as a
// lobby-member bot through the emulator's main gateway (in a child process that trusts the
// voice server's certificate by NODE_EXTRA_CA_CERTS) and exchanges a tone with a client of our
// own, once per transport mode. Both sides decode real Opus and measure the frequency. Then the
// same with DAVE on both sides (@discordjs/voice's default; ours a davey session): equal privacy
// codes, and the relay sees only E2EE frames besides silence.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODE_AES_GCM, MODE_XCHACHA, type TransportMode } from '../../../lib/emulator/voice/protocol';
import { loadFactor, scaledMs } from '../../load_factor';
import { SEED, start, type Started } from '../helpers';
import davey from '@snazzah/davey';
import { DaveMember } from './dave_member';
import { connectMedia, joinCall, lobbyOf, mainSession, opIs, sleep, until } from './helpers';
import { encodeTone, frequencyOf } from './fixtures/tone.mjs';

let s: Started;
let dir: string;
let caFile: string;
const { nelly } = SEED.users;
const SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);

beforeAll(async () => {
  s = await start();
  // These members speak no DAVE; the date rule (the clock is past 2026-03-01) would refuse them.
  s.emu.control.voice!.setDaveRequired(false);
  dir = mkdtempSync(join(tmpdir(), 'sdkpp-voice-'));
  caFile = join(dir, 'voice-ca.pem');
  writeFileSync(caFile, s.emu.voice.certificatePem);
});
afterAll(async () => {
  await s.emu.close();
  rmSync(dir, { recursive: true, force: true });
});

type BotLine = { event: string; [key: string]: unknown };

function runBot(lobbyId: string, options: { dave?: boolean } = {}): { lines: BotLine[]; next(event: string, timeoutMs?: number): Promise<BotLine>; exited: Promise<number | null>; kill(): void } {
  const child = spawn(process.execPath, [join(__dirname, 'fixtures', 'discordjs_bot.mjs')], {
    env: {
      PATH: process.env.PATH,
      NODE_EXTRA_CA_CERTS: caFile,
      GATEWAY_URL: s.emu.gatewayUrl,
      BOT_TOKEN: s.emu.application.botToken,
      BOT_USER_ID: SEED.botUserId,
      LOBBY_ID: lobbyId,
      PEER_USER_ID: nelly,
      TONE_HZ: '440',
      DAVE: options.dave ? '1' : '0',
      // Its own deadlines stretch with the machine's load, as ours do.
      TIME_SCALE: String(loadFactor()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: BotLine[] = [];
  const waiters: Array<() => void> = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line));
    } catch {
      return;
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    lines,
    exited,
    kill: () => child.kill(),
    async next(event, timeoutMs = scaledMs(15_000)) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((l) => l.event === event);
        if (found) return found;
        const error = lines.find((l) => l.event === 'error');
        if (error) throw new Error(`bot: ${error.message}\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`bot: no "${event}" within ${timeoutMs} ms (got ${lines.map((l) => l.event).join(', ')})\n${stderr.slice(-2000)}`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(200)]);
      }
    },
  };
}

describe.each([
  [MODE_AES_GCM, false],
  [MODE_XCHACHA, false],
  [MODE_AES_GCM, true],
  [MODE_XCHACHA, true],
] as const)('@discordjs/voice 0.19.2 in a lobby call, %s, its voice socket dropped mid-call: %s', (mode: TransportMode, dropMidCall: boolean) => {
  it('exchanges a tone with our client: 440 Hz reaches us, 660 Hz reaches its receiver', async () => {
    s.emu.control.voice!.setVoiceModes([mode]);
    const lobbyId = await lobbyOf(s.api, [nelly]);
    expect((await s.api.put(`/lobbies/${lobbyId}/members/${SEED.botUserId}`, {}, s.api.bot)).status).toBe(200);
    const main = await mainSession(s.emu, nelly);
    const ours = await connectMedia(s.emu, await joinCall(main.gateway, nelly, lobbyId), mode);
    const before = s.emu.control.voice!.voiceStats().members[SEED.botUserId] ?? { resumed: 0, replayed: 0 };
    const bot = runBot(lobbyId);
    try {
      expect((await bot.next('ready')).mode).toBe(mode);
      const botSpeaking = ours.voice.waitFor(opIs(5, (d) => d.user_id === SEED.botUserId), { timeoutMs: scaledMs(10_000) });
      // Our 660 Hz: Speaking first (else the SSRC is unknown to the receiver), 100 frames paced
      // at 20 ms, five silence frames, Speaking 0.
      ours.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: ours.ssrc } });
      // Cut the bot's voice WebSocket (no close frame) a second in: it resumes with seq_ack and
      // plays on; the Speaking toggles sent while it is away reach it by replay.
      const drop = dropMidCall
        ? setTimeout(() => {
            s.emu.control.voice!.dropVoiceConnections({ userId: SEED.botUserId });
            ours.voice.send({ op: 5, d: { speaking: 0, delay: 0, ssrc: ours.ssrc } });
            ours.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: ours.ssrc } });
          }, 1000)
        : undefined;
      const frames = [...encodeTone(660, 100), ...Array.from({ length: 5 }, () => SILENCE)];
      for (const frame of frames) {
        ours.media.sendOpus(frame);
        await sleep(20);
      }
      ours.voice.send({ op: 5, d: { speaking: 0, delay: 0, ssrc: ours.ssrc } });
      clearTimeout(drop);
      const botSsrc = (await botSpeaking).d.ssrc;
      await bot.next('played');
      const heard = await bot.next('heard');
      expect(heard.toneFrames).toBeGreaterThanOrEqual(90);
      expect(Math.abs((heard.hz as number) - 660)).toBeLessThan(8);
      await until(() => ours.media.received.filter((r) => r.ssrc === botSsrc).length >= 100, scaledMs(5000), 'the bot\'s frames');
      const fromBot = frequencyOf(ours.media.received.filter((r) => r.ssrc === botSsrc).map((r) => r.payload));
      expect(fromBot.toneFrames).toBeGreaterThanOrEqual(90);
      expect(Math.abs(fromBot.hz - 440)).toBeLessThan(8);
      expect(ours.media.undecryptable).toEqual([]);
      expect(await bot.exited).toBe(0);
      const botStats = s.emu.control.voice!.voiceStats().members[SEED.botUserId];
      expect(botStats.resumed).toBe(before.resumed + (dropMidCall ? 1 : 0));
      // The two Speaking messages sent while it was away came back by replay.
      if (dropMidCall) expect(botStats.replayed - before.replayed).toBeGreaterThanOrEqual(2);
    } finally {
      bot.kill();
      ours.voice.terminate();
      ours.media.close();
      main.gateway.close();
      s.emu.control.voice!.setVoiceModes([MODE_AES_GCM, MODE_XCHACHA]);
    }
  }, scaledMs(40_000));
});

describe.each([MODE_AES_GCM, MODE_XCHACHA] as const)('@discordjs/voice 0.19.2 with DAVE in a DAVE call, %s', (mode: TransportMode) => {
  it('reaches our privacy code; tones both ways, end-to-end encrypted; the relay saw only E2EE frames and silence', async () => {
    s.emu.control.voice!.setVoiceModes([mode]);
    s.emu.control.voice!.setDaveRequired(true);
    const lobbyId = await lobbyOf(s.api, [nelly]);
    expect((await s.api.put(`/lobbies/${lobbyId}/members/${SEED.botUserId}`, {}, s.api.bot)).status).toBe(200);
    const main = await mainSession(s.emu, nelly);
    const ours = await connectMedia(s.emu, await joinCall(main.gateway, nelly, lobbyId), mode, { maxDaveVersion: 1 });
    const dave = new DaveMember(ours, nelly, lobbyId);
    const before = s.emu.control.voice!.voiceStats().members;
    const bot = runBot(lobbyId, { dave: true });
    try {
      expect((await bot.next('ready')).mode).toBe(mode);
      const code = (await bot.next('dave')).code as string;
      await until(() => dave.code !== '' && dave.pending.size === 0, scaledMs(5000), 'our DAVE group');
      expect(code).toBe(dave.code);
      const botSpeaking = ours.voice.waitFor(opIs(5, (d) => d.user_id === SEED.botUserId), { timeoutMs: scaledMs(10_000) });
      ours.voice.send({ op: 5, d: { speaking: 1, delay: 0, ssrc: ours.ssrc } });
      for (const frame of encodeTone(660, 100)) {
        ours.media.sendOpus(dave.session!.encryptOpus(frame));
        await sleep(20);
      }
      for (let i = 0; i < 5; i++) ours.media.sendOpus(SILENCE);
      ours.voice.send({ op: 5, d: { speaking: 0, delay: 0, ssrc: ours.ssrc } });
      const botSsrc = (await botSpeaking).d.ssrc;
      await bot.next('played');
      const heard = await bot.next('heard');
      expect(heard.toneFrames).toBeGreaterThanOrEqual(90);
      expect(Math.abs((heard.hz as number) - 660)).toBeLessThan(8);
      await until(() => ours.media.received.filter((r) => r.ssrc === botSsrc).length >= 100, scaledMs(5000), 'the bot\'s frames');
      const fromBot = ours.media.received.filter((r) => r.ssrc === botSsrc).map((r) => r.payload);
      const e2ee = fromBot.filter((p) => p.subarray(-2).equals(Buffer.from([0xfa, 0xfa])));
      expect(e2ee.length).toBeGreaterThanOrEqual(100);
      const decoded = fromBot.map((p) => (p.equals(SILENCE) ? p : dave.session!.decrypt(SEED.botUserId, davey.MediaType.AUDIO, p)));
      const tone = frequencyOf(decoded);
      expect(tone.toneFrames).toBeGreaterThanOrEqual(90);
      expect(Math.abs(tone.hz - 440)).toBeLessThan(8);
      expect(await bot.exited).toBe(0);
      const after = s.emu.control.voice!.voiceStats().members;
      for (const userId of [nelly, SEED.botUserId]) {
        expect(after[userId].plainFrames - (before[userId]?.plainFrames ?? 0), userId).toBe(0);
        expect(after[userId].e2eeFrames - (before[userId]?.e2eeFrames ?? 0), userId).toBeGreaterThanOrEqual(100);
      }
    } finally {
      bot.kill();
      dave.stop();
      ours.voice.terminate();
      ours.media.close();
      main.gateway.close();
      s.emu.control.voice!.setVoiceModes([MODE_AES_GCM, MODE_XCHACHA]);
      s.emu.control.voice!.setDaveRequired(false);
    }
  }, scaledMs(40_000));
});
