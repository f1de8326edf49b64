// Echo cancellation end to end (issue 35): two SDK clients in a lobby call against the emulator,
// on virtual audio devices. A talks (speech-like noise); B's speaker leaks into B's microphone
// 120 ms later at −6 dB, as a laptop without headphones does. With B's echo cancellation on (the
// default) A does not hear their own voice come back; with it off A does. The AEC dump of B
// writes its three WAV files into B's voice log folder.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Call, LoggingSeverity, type Client } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import { readyClient, startHarness, tick, until, type Harness } from './helpers';

let h: Harness;
let a: Client;
let b: Client;
let lobbyId: bigint;
let dumpDir: string;

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

/** 3 s of speech-like noise, interleaved stereo at 48 kHz: a voice's band under a syllable
 * envelope (as native/test/voice/audio_processing_rig.h), about −20 dBFS while talking. */
function speechLike(): Int16Array {
  const samples = 3 * 48000;
  const out = new Int16Array(samples * 2);
  let state = 12345;
  let low = 0;
  let high = 0;
  for (let n = 0; n < samples; n++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const white = (state >>> 8) / (1 << 23) - 1;
    low += 0.18 * (white - low);
    high += 0.02 * (low - high);
    const t = n / 48000;
    const syllable = t % 1.5 > 1.2 ? 0 : Math.abs(Math.sin(2 * Math.PI * 2 * t));
    const value = Math.max(-32768, Math.min(32767, Math.round((low - high) * 4.2 * syllable * 1.93 * 3276.8)));
    out[2 * n] = value;
    out[2 * n + 1] = value;
  }
  return out;
}

function levelDbfs(samples: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i += 2) sum += samples[i] * samples[i];
  const rms = Math.sqrt(sum / (samples.length / 2)) / 32768;
  return rms > 0 ? 20 * Math.log10(rms) : -200;
}

/** What A's speaker played in its last 3 s (A's own voice, come back through B's room). */
function atA(): number {
  const speaker = nativeOf(a)._VirtualAudio('speaker', 150);
  if (!speaker) throw new Error('the virtual backend is not in use');
  return levelDbfs(speaker);
}

beforeAll(async () => {
  h = await startHarness();
  dumpDir = mkdtempSync(join(tmpdir(), 'sdkpp-aec-e2e-'));
});
afterAll(async () => {
  await h?.close();
  rmSync(dumpDir, { recursive: true, force: true });
});

describe('echo cancellation in a call', () => {
  it('A does not hear their voice back from B’s speaker with B’s echo cancellation on, and does with it off', async () => {
    a = await readyClient(h, h.emu.users[0].id);
    b = await readyClient(h, h.emu.users[1].id);
    b.SetVoiceLogDir(dumpDir, LoggingSeverity.Warning);
    b.SetAecDump(true);
    lobbyId = (await a.CreateOrJoinLobby('echo-e2e')).lobbyId;
    await b.CreateOrJoinLobby('echo-e2e');
    await until(() => (a.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length ?? 0) === 2);
    nativeOf(a)._VirtualAudio('pcm', speechLike());
    nativeOf(b)._VirtualAudio('silence');
    nativeOf(b)._VirtualAudio('leak', 120, -6);
    const callA = a.StartCall(lobbyId);
    const callB = b.StartCall(lobbyId);
    // Both always send (no gate): what reaches A is whatever B's processing left.
    for (const call of [callA, callB]) call.SetVADThreshold(false, -100);
    await until(() => callA.GetStatus() === Call.Status.Connected && callB.GetStatus() === Call.Status.Connected, 10_000);

    await tick(6000);  // the canceller finds the delay and converges (2 s), then 3 s measured
    const withCancellation = atA();
    b.SetEchoCancellation(false);
    await tick(5000);
    const without = atA();
    const talker = levelDbfs(speechLike());
    console.log(`A's voice ${talker.toFixed(1)} dBFS; back at A: ${without.toFixed(1)} dBFS without echo cancellation, ${withCancellation.toFixed(1)} with it`);
    expect(without).toBeGreaterThan(talker - 15);  // audible: the room's −6 dB, B's gain control
    expect(withCancellation).toBeLessThan(without - 20);
  }, 40_000);

  it('B’s AEC dump wrote the far end, the microphone and the processed signal, private', async () => {
    b.SetAecDump(false);
    await tick(500);  // the audio thread lets go; the files are completed at the next drain
    const files = readdirSync(dumpDir).filter((name) => name.startsWith('sdkpp-aec-dump-'));
    expect(files.map((name) => name.replace(/^.*-/, '')).sort()).toEqual(['farend.wav', 'mic.wav', 'processed.wav']);
    for (const name of files) {
      const { size, mode } = statSync(join(dumpDir, name));
      expect(size).toBeGreaterThan(44 + 2 * 48000 * 5);  // more than 5 s of the call
      expect(size).toBeLessThanOrEqual(44 + 2 * 48000 * 60);
      if (process.platform !== 'win32') expect(mode & 0o777).toBe(0o600);
    }
    await a.EndCalls();
    await b.EndCalls();
  }, 20_000);
});
