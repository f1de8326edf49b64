// DAVE end to end (issue 14 "Proof"): SDK clients in an end-to-end encrypted lobby call against
// the emulator, whose voice server is the MLS external sender and relays frames it cannot open.
// - two clients: the same voice privacy code on both (the SDK logs it to the voice log; the API
//   surface has no name for it), each tone at the other's speaker within ±3 Hz, and the relay
//   counted only E2EE frames and silence from them;
// - a third member joins and leaves mid-call: the group follows (new codes, equal), audio goes on;
// - @discordjs/voice 0.19.2 with DAVE on joins an sdkpp DAVE call: tones both ways;
// - the date rule on the emulator clock, with an SDK client that has no DAVE (SDKPP_DAVE=0, in
//   its own process): from 2026-03-01 it is refused with 4017; before, the call downgrades and
//   every tone still arrives.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../lib/emulator/index';
import { Call, Client, LoggingSeverity } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import { rawMicrophone, readyClient, startHarness, tick, until, type Harness } from './helpers';
import { measureTone } from './fixtures/tone_measure.cjs';

const MARCH_FIRST = Date.UTC(2026, 2, 1);
const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

/** What `client`'s speaker played in its last 0.5 s, after `ms`. */
async function heard(client: Client, ms = 1000) {
  await tick(ms);
  const speaker = nativeOf(client)._VirtualAudio('speaker', 25);
  if (!speaker) throw new Error('the virtual backend is not in use');
  return measureTone(speaker);
}

/** The voice privacy codes a client logged, in order (the last one is in effect). */
function privacyCodes(client: Client): string[] {
  const codes: string[] = [];
  client.AddVoiceLogCallback((message) => {
    const match = /voice privacy code (\d[\d ]*\d|none)/.exec(message);
    if (match) codes.push(match[1]);
  }, LoggingSeverity.Info);
  return codes;
}

const last = (codes: string[]) => codes[codes.length - 1] ?? '';

async function inCall(h: Harness, userIndex: number, secret: string, hz: number) {
  const client = rawMicrophone(await readyClient(h, h.emu.users[userIndex].id));  // a test tone (helpers.ts)
  const codes = privacyCodes(client);
  const { lobbyId } = await client.CreateOrJoinLobby(secret);
  if (hz > 0) nativeOf(client)._VirtualAudio('sine', hz, -20);
  else nativeOf(client)._VirtualAudio('silence');
  const call = client.StartCall(lobbyId);
  expect(call.valid).toBe(true);
  call.SetVADThreshold(false, -60);
  const statuses: Array<[number, number, number]> = [];
  call.SetStatusChangedCallback((status, error, detail) => statuses.push([status, error, detail]));
  return { client, codes, lobbyId, call, statuses, id: h.emu.users[userIndex].id };
}

function memberStats(h: Harness, userId: string) {
  const stats = h.emu.control.voice!.voiceStats() as { members: Record<string, { e2eeFrames: number; silenceFrames: number; plainFrames: number }> };
  return stats.members[userId];
}

type Line = { event: string; [key: string]: unknown };
// What a child keeps of this environment: where programs and modules are (PATH, NODE_PATH,
// NODE_OPTIONS, the addon folder SDKPP_PREBUILD a test run may name) and, on Windows, SystemRoot,
// without which Winsock and the system RNG fail to start.
// QEMU_LD_PREFIX: under qemu-user (npm run test:cross:linux-arm64) the arm64 node finds its
// dynamic loader there; without it a child cannot start at all.
const inherited = ['PATH', 'NODE_PATH', 'NODE_OPTIONS', 'SDKPP_PREBUILD', 'SystemRoot', 'QEMU_LD_PREFIX'];
function child(script: string, env: Record<string, string>) {
  const base = Object.fromEntries(inherited.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]));
  const proc = spawn(process.execPath, [script], { env: { ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: Line[] = [];
  let stderr = '';
  proc.stderr.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: proc.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line));
    } catch {
      /* not ours */
    }
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    lines,
    exited,
    send: (line: string) => proc.stdin.write(`${line}\n`),
    kill: () => proc.kill(),
    async next(test: (l: Line) => boolean, what: string, timeoutMs = 15_000): Promise<Line> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(test);
        if (found) return found;
        const error = lines.find((l) => l.event === 'error');
        if (error || Date.now() > deadline) throw new Error(`${what}: ${error ? error.message : 'not in time'} (lines ${JSON.stringify(lines)})\n${stderr.slice(-2000)}`);
        await tick(50);
      }
    },
  };
}

/** An SDK client without DAVE, in its own process, joining the lobby of `secret` at `toneHz`. */
function memberWithoutDave(h: Harness, userIndex: number, secret: string, toneHz: number) {
  const { accessToken } = h.emu.control.issueToken(h.emu.users[userIndex].id);
  h.watch.remember(accessToken);
  const env = { apiBase: h.emu.apiBase, webBase: h.emu.webBase, appId: h.emu.application.id, token: accessToken, secret, toneHz };
  return child(join(__dirname, 'fixtures', 'voice_member_child.cjs'), { SDKPP_DAVE: '0', SDKPP_AUDIO_BACKEND: 'virtual', SDKPP_MEMBER_ENV: JSON.stringify(env) });
}

describe('a DAVE call between SDK clients (emulator clock after 2026-03-01: DAVE required)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('two clients: equal privacy codes, tones ±3 Hz, and the relay saw only E2EE frames and silence', async () => {
    const a = await inCall(h, 0, 'dave-e2e', 440);
    const b = await inCall(h, 1, 'dave-e2e', 660);
    await until(() => a.call.GetStatus() === Call.Status.Connected && b.call.GetStatus() === Call.Status.Connected, 10_000);
    await until(() => /^\d{30}$/.test(last(a.codes).replace(/ /g, '')) && last(a.codes) === last(b.codes), 10_000);
    await tick(1500);
    expect(Math.abs((await heard(b.client, 0)).hz - 440)).toBeLessThanOrEqual(3);
    expect(Math.abs((await heard(a.client, 0)).hz - 660)).toBeLessThanOrEqual(3);
    for (const member of [a, b]) {
      const stats = memberStats(h, member.id);
      expect(stats.e2eeFrames).toBeGreaterThan(50);
      expect(stats.plainFrames).toBe(0);
    }

    // A third member joins mid-call: the group grows (a new epoch, one new code for all three),
    // and A's tone goes on at B; its leave rebuilds the group and the tone still goes on.
    const codeOfTwo = last(a.codes);
    const c = await inCall(h, 2, 'dave-e2e', 0); // listens only: B's check stays one tone
    await until(() => c.call.GetStatus() === Call.Status.Connected, 10_000);
    await until(() => last(c.codes) !== '' && last(a.codes) === last(c.codes) && last(b.codes) === last(c.codes) && last(a.codes) !== codeOfTwo, 10_000);
    const mixed = await heard(c.client, 1500);
    expect(mixed.dbfs).toBeGreaterThan(-40); // 440 + 660 mixed: no single frequency to check
    expect(Math.abs((await heard(b.client, 0)).hz - 440)).toBeLessThanOrEqual(3);
    const codeOfThree = last(a.codes);
    await new Promise<void>((resolve) => c.client.EndCall(c.lobbyId, resolve));
    await until(() => last(a.codes) !== codeOfThree && last(a.codes) === last(b.codes) && /^\d/.test(last(a.codes)), 10_000);
    expect(Math.abs((await heard(b.client, 1500)).hz - 440)).toBeLessThanOrEqual(3);
    expect(Math.abs((await heard(a.client, 0)).hz - 660)).toBeLessThanOrEqual(3);
    expect(memberStats(h, a.id).plainFrames).toBe(0);
    expect(memberStats(h, c.id).plainFrames).toBe(0);
    for (const member of [a, b]) expect(member.statuses.some(([status]) => status === Call.Status.Disconnected)).toBe(false);
  }, 60_000);

  it('a client without DAVE is refused with 4017: Disconnected, SignalingConnectionFailed', async () => {
    const x = memberWithoutDave(h, 3, 'dave-e2e-refused', 330);
    try {
      const ended = await x.next((l) => l.event === 'status' && l.status === Call.Status.Disconnected, 'refused', 20_000);
      expect(ended.error).toBe(Call.Error.SignalingConnectionFailed);
      expect(ended.detail).toBe(4017);
    } finally {
      x.kill();
    }
  }, 30_000);
});

describe('@discordjs/voice 0.19.2 with DAVE joins an sdkpp DAVE call', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), 'sdkpp-dave-'));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('same privacy code; its 440 Hz reaches our speaker, our 660 Hz reaches its receiver', async () => {
    const a = await inCall(h, 0, 'dave-interop', 660);
    await until(() => a.call.GetStatus() === Call.Status.Connected, 10_000);
    const caFile = join(dir, 'voice-ca.pem');
    writeFileSync(caFile, h.emu.voice.certificatePem);
    const bot = child(join(__dirname, '..', 'emulator', 'voice', 'fixtures', 'discordjs_bot.mjs'), {
      NODE_EXTRA_CA_CERTS: caFile,
      GATEWAY_URL: h.emu.gatewayUrl,
      BOT_TOKEN: h.emu.application.botToken,
      BOT_USER_ID: SEED.botUserId,
      LOBBY_ID: a.lobbyId.toString(),
      PEER_USER_ID: a.id,
      TONE_HZ: '440',
      DAVE: '1',
    });
    try {
      const dave = await bot.next((l) => l.event === 'dave', 'the bot in the DAVE group', 20_000);
      await until(() => last(a.codes) === dave.code, 10_000);
      // The bot plays 2 s of 440 Hz after its group is ready: measure while it plays.
      expect(Math.abs((await heard(a.client, 1000)).hz - 440)).toBeLessThanOrEqual(3);
      await bot.next((l) => l.event === 'played', 'the bot played');
      // Its receiver ends our stream after 800 ms of silence, then measures what it decoded.
      nativeOf(a.client)._VirtualAudio('silence');
      const theirs = await bot.next((l) => l.event === 'heard', 'the bot heard us');
      expect(Math.abs((theirs.hz as number) - 660)).toBeLessThanOrEqual(3);
      expect(memberStats(h, a.id).plainFrames).toBe(0);
    } finally {
      bot.kill();
    }
  }, 60_000);
});

describe('the date rule (emulator clock before 2026-03-01): a client without DAVE downgrades the call', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ startTime: MARCH_FIRST - 3_600_000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the DAVE client and the one without DAVE hear each other; the relay sees plain Opus from both', async () => {
    const a = await inCall(h, 0, 'dave-downgrade', 440);
    const x = memberWithoutDave(h, 1, 'dave-downgrade', 660);
    try {
      await x.next((l) => l.event === 'status' && l.status === Call.Status.Connected, 'the client without DAVE connected', 20_000);
      await until(() => a.call.GetStatus() === Call.Status.Connected, 10_000);
      expect(Math.abs((await heard(a.client, 2000)).hz - 660)).toBeLessThanOrEqual(3);
      x.send('measure');
      const theirs = await x.next((l) => l.event === 'heard', 'the client without DAVE heard');
      expect(Math.abs((theirs.hz as number) - 440)).toBeLessThanOrEqual(3);
      expect(memberStats(h, a.id).plainFrames).toBeGreaterThan(0);
      expect(a.statuses.some(([status]) => status === Call.Status.Disconnected)).toBe(false);
    } finally {
      x.send('end');
      await Promise.race([x.exited, tick(5000)]);
      x.kill();
    }
  }, 60_000);
});
