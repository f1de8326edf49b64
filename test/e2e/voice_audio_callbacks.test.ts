// JS audio callbacks (StartCallWithAudioCallbacks) between two SDK clients against the emulator,
// on virtual audio devices (issue 13 part 5): A's microphone plays 440 Hz through A's captured
// callback; B's received callback hears it. The callbacks see the tone, edit it in place (B's
// speaker measures the edit), mute a user through the box, reuse the same views every tick,
// survive a throwing callback, stop at EndCall, and a Dispose from inside a callback is safe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Call, type Client } from '../../lib/index';
import type { NativeClient } from '../../lib/sdk/native_client';
import type { OutShouldMuteBox } from '../../lib/sdk/voice_types';
import { measureTone } from './fixtures/tone_measure.cjs';
import { rawMicrophone, readyClient, startHarness, tick, until, type Harness } from './helpers';

let h: Harness;
let a: Client;
let b: Client;
let lobbyId: bigint;
let aId: bigint;

const nativeOf = (client: Client) => (client as unknown as { native: NativeClient }).native;

function levelDbfs(samples: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i += 2) sum += samples[i] * samples[i];
  const rms = Math.sqrt(sum / (samples.length / 2)) / 32768;
  return rms > 0 ? 20 * Math.log10(rms) : -200;
}

/** The level of each frame in `samples` (interleaved stereo, 960 samples a channel a frame). */
function frameLevels(samples: Int16Array): number[] {
  const levels: number[] = [];
  for (let f = 0; f + 1 <= samples.length / 1920; f++) levels.push(levelDbfs(samples.subarray(f * 1920, (f + 1) * 1920)));
  return levels;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const SILENT_DBFS = -60;
// How many frames each measure at B covers, and how long it may take to get them on a starved CPU.
const FRAMES = 100;
const DEADLINE_MS = 20_000;

/**
 * The levels of the next `frames` frames B's speaker plays, counted by events rather than
 * wall-clock time (on a starved CPU a second may hold only a few frames): first A's captured
 * callback runs 5 times (a captureMode change has taken effect at A), then B's received callback
 * runs `frames` times; B's speaker plays one frame per tick and each callback is for a tick, so
 * its last `frames` frames were played after that point (but for the at most two banks still
 * pending then). While A sends nothing (its captured frames zeroed, so its voice activity ends)
 * B gets no frame to call back for, so A's captured callback running `frames` times (one a tick
 * of A's) ends the wait too. What A had sent before the change and B had not yet played (a few
 * frames) is among them; the estimators below are robust to that.
 */
async function framesAtB(frames = FRAMES): Promise<number[]> {
  const captured = capturedCalls;
  await until(() => capturedCalls >= captured + 5, DEADLINE_MS);
  const received = receivedCalls;
  const capturedNow = capturedCalls;
  await until(() => receivedCalls >= received + frames || capturedCalls >= capturedNow + frames, DEADLINE_MS);
  const speaker = nativeOf(b)._VirtualAudio('speaker', frames);
  if (!speaker) throw new Error('the virtual backend is not in use');
  return frameLevels(speaker);
}

// A JS callback's edit reaches a frame only when the JS thread ran it within the tick; a frame
// JS did not finish in time plays unmodified by design (audio_callback_bridge.h), and a loaded
// machine has many (half of them at a load of 8 a core). So an edit is measured on the frames it
// reached, told apart by level: an unmodified frame is at the base level, and a decoded frame
// that straddles an unmodified and a halved input frame (the codec's look-ahead carries ~6.5 ms
// of the previous one) is 1.2 or 3.1 dB down. A halved frame after a halved frame is 6.02 dB
// down; concealment of a late packet, rarely, anything lower.
const REACHED_BY_HALF_DB = -4.5;
const MIN_REACHED = 10;

// What A's captured callback does to the microphone frame.
let captureMode: 'pass' | 'half' | 'zero' | 'dispose' = 'pass';
const capturedViews = new Set<Int16Array>();
let capturedCalls = 0;
let capturedAfterDispose = 0;
let disposedA = false;

// What B's received callback sees and does.
let muteA = false;
let throwInReceived = false;
const receivedViews = new Set<Int16Array>();
const boxes = new Set<OutShouldMuteBox>();
let receivedCalls = 0;
let wrongFormat = 0;
let wrongUser = 0;
let boxNotReset = 0;
// A's frames as B's received callback saw them, copied inside the callback (the views are
// reused every tick) and measured after.
const MEASURED_FRAMES = 50;
let measuring = false;
const measured = new Int16Array(MEASURED_FRAMES * 1920);
let measuredFrames = 0;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  if (!disposedA) a?.Dispose();
  b?.Dispose();
  await h?.close();
});

describe('JS audio callbacks in a lobby call', () => {
  it('refuses a missing or non-function callback with a TypeError naming it', async () => {
    a = await readyClient(h, h.emu.users[0].id);
    b = await readyClient(h, h.emu.users[1].id);
    // Test tones, not voices: gain control would undo the callback's −6 dB (helpers.ts).
    for (const client of [a, b]) rawMicrophone(client);
    const created = await a.CreateOrJoinLobby('voice-callbacks-e2e');
    lobbyId = created.lobbyId;
    await b.CreateOrJoinLobby('voice-callbacks-e2e');
    await until(() => (a.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length ?? 0) === 2);
    aId = a.GetCurrentUserV2()!.Id();
    const start = a.StartCallWithAudioCallbacks.bind(a) as (...args: unknown[]) => unknown;
    expect(() => start(lobbyId, undefined, null)).toThrow(TypeError);
    expect(() => start(lobbyId, undefined, null)).toThrow(/receivedCb.*must be a function or null/);
    expect(() => start(lobbyId, null, 42)).toThrow(/capturedCb.*must be a function or null/);
    expect(a.GetCalls()).toEqual([]);
  });

  it("B's received callback hears A's 440 Hz, measured inside the callback, in reused views", async () => {
    nativeOf(a)._VirtualAudio('sine', 440, -20);
    nativeOf(b)._VirtualAudio('silence');
    const callA = a.StartCallWithAudioCallbacks(lobbyId, null, (data, samplesPerChannel, sampleRate, channels) => {
      if (disposedA) capturedAfterDispose++;
      capturedCalls++;
      capturedViews.add(data);
      if (samplesPerChannel !== 960 || sampleRate !== 48000 || channels !== 2 || data.length !== 1920) wrongFormat++;
      if (captureMode === 'half') for (let i = 0; i < data.length; i++) data[i] = data[i] >> 1;
      else if (captureMode === 'zero') data.fill(0);
      else if (captureMode === 'dispose' && !disposedA) {
        disposedA = true;
        a.Dispose();  // from inside the callback: the bridge calls no JS after it
      }
    });
    const callB = b.StartCallWithAudioCallbacks(
      lobbyId,
      (userId, data, samplesPerChannel, sampleRate, channels, outShouldMute) => {
        receivedCalls++;
        receivedViews.add(data);
        boxes.add(outShouldMute);
        if (userId !== aId) wrongUser++;
        if (outShouldMute.value !== false) boxNotReset++;
        if (samplesPerChannel !== 960 || sampleRate !== 48000 || channels !== 2 || data.length !== 1920) wrongFormat++;
        if (measuring && measuredFrames < MEASURED_FRAMES) measured.set(data, 1920 * measuredFrames++);
        if (muteA) outShouldMute.value = true;
        if (throwInReceived) throw new Error('app bug in receivedCb');
      },
      null,
    );
    expect(callA.valid).toBe(true);
    expect(callB.valid).toBe(true);
    for (const call of [callA, callB]) call.SetVADThreshold(false, -60);
    await until(() => callA.GetStatus() === Call.Status.Connected && callB.GetStatus() === Call.Status.Connected, DEADLINE_MS);
    await until(() => receivedCalls > 10, DEADLINE_MS);

    measuring = true;
    await until(() => measuredFrames >= MEASURED_FRAMES, DEADLINE_MS);
    measuring = false;
    // Crossings counted within each frame, the frames far from the typical one left out: a
    // concealed frame, or a tick the JS thread missed (the next frame is not contiguous), is
    // not the tone.
    expect(Math.abs(measureTone(measured).hz - 440)).toBeLessThanOrEqual(3);
    expect(median(await framesAtB())).toBeGreaterThan(-30);

    expect(wrongFormat).toBe(0);
    expect(wrongUser).toBe(0);
    expect(boxNotReset).toBe(0);
    // One talker: slot 1 of each of the two banks, the same two Int16Arrays for every frame;
    // the captured side likewise uses slot 0 of each bank; one box for ever.
    expect(receivedCalls).toBeGreaterThan(60);
    expect(receivedViews.size).toBe(2);
    expect(capturedCalls).toBeGreaterThan(60);
    expect(capturedViews.size).toBe(2);
    expect(boxes.size).toBe(1);
    const [first, second] = [...receivedViews];
    expect(first.buffer).toBe(second.buffer);
    expect(first.buffer.byteLength).toBe(2 * 26 * 3840);
    for (const view of capturedViews) expect(view.buffer).not.toBe(first.buffer);  // each call its own
  }, 60_000);

  it("A's captured callback edits what is sent: half the amplitude is 6 dB lower at B, zero is silence", async () => {
    const base = median(await framesAtB());
    captureMode = 'half';
    const reached = (await framesAtB()).filter((level) => level > SILENT_DBFS && level - base < REACHED_BY_HALF_DB);
    expect(reached.length).toBeGreaterThanOrEqual(MIN_REACHED);
    expect(Math.abs(median(reached) - base + 6.02)).toBeLessThanOrEqual(1);
    captureMode = 'zero';
    expect((await framesAtB()).filter((level) => level < SILENT_DBFS).length).toBeGreaterThanOrEqual(MIN_REACHED);
    captureMode = 'pass';
    expect(median(await framesAtB())).toBeGreaterThan(-30);
  }, 90_000);

  it('outShouldMute = true keeps that user out of B\'s speaker while the callback still sees the frames', async () => {
    muteA = true;
    const before = receivedCalls;
    // A muted frame is silent; a frame B's JS did not answer in time plays (by design).
    expect((await framesAtB()).filter((level) => level < SILENT_DBFS).length).toBeGreaterThanOrEqual(MIN_REACHED);
    // The callback went on seeing A's frames (counted, not timed).
    await until(() => receivedCalls - before >= FRAMES, DEADLINE_MS);
    muteA = false;
    expect(median(await framesAtB())).toBeGreaterThan(-30);
  }, 60_000);

  it('a throwing received callback does not break the call: frames play unmodified, callbacks go on', async () => {
    throwInReceived = true;
    muteA = true;  // set before the throw: ignored, since the callback did not return
    const before = receivedCalls;
    expect(median(await framesAtB())).toBeGreaterThan(-30);
    // Callbacks go on after each threw (counted, not timed).
    await until(() => receivedCalls - before >= FRAMES, DEADLINE_MS);
    expect(b.GetCall(lobbyId).GetStatus()).toBe(Call.Status.Connected);
    throwInReceived = false;
    muteA = false;
  }, 60_000);

  it('after EndCall has answered no callback runs', async () => {
    await b.EndCall(lobbyId);
    const after = receivedCalls;
    await tick(300);
    expect(receivedCalls).toBe(after);
  }, 10_000);

  it('Dispose from inside a captured callback is safe and no callback runs after it', async () => {
    captureMode = 'dispose';
    await until(() => disposedA, DEADLINE_MS);
    await tick(300);
    expect(capturedAfterDispose).toBe(0);
    expect(a.valid).toBe(false);
  }, 30_000);
});
