// Voice calls through the SDK (issue 13 "Numbers"), against the emulator's voice server on
// loopback, every party in its own process so each process's CPU is its own:
//   1. mouth-to-ear latency: a tone onset on client A's virtual microphone → client B's virtual
//      speaker, timed on the two virtual devices' audio clocks (method below, in `latency`);
//   2. CPU of one SDK client hearing N remote talkers (raw RTP senders of real Opus frames) while
//      its own microphone sends; baseline in the same run: @discordjs/voice's receiver decoding
//      the same N streams with opusscript;
//   3. a 50 ms busy stall of the JS thread every 500 ms in the SDK clients' process while A talks:
//      the longest silence in the tone B's speaker played, stalls against no stalls.
// The emulator runs in this process; the SDK pair, the listener, the talkers and the baseline
// receiver are forked children that answer one IPC message at a time.
import { fork } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const FRAME_MS = 20;
const RATE = 48_000;
const FRAME_SAMPLES = 960; // per channel
const TRIALS = Number(process.env.VOICE_BENCH_TRIALS ?? 25);
const LATENCY_SESSIONS = Number(process.env.VOICE_BENCH_SESSIONS ?? 5);
const CPU_SECONDS = Number(process.env.VOICE_BENCH_CPU_SECONDS ?? 10);
const STALL_SECONDS = 10;
const TALKER_COUNTS = [0, 1, 5, 10, 24];
const TONE_LEVEL_DBFS = -20;
// B's tone, which gives A's speaker a new frame every tick (A's tick grid): quiet, so that with
// A's echo canceller on, what of it the canceller lets through (a pure tone is its hardest case)
// stays far under the onset detector's threshold; 10 dB over B's voice gate (-60 dB), which
// would otherwise send nothing.
const B_TONE_LEVEL_DBFS = -50;

const now = () => Number(process.hrtime.bigint()) / 1e6; // ms, CLOCK_MONOTONIC like steady_clock
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(10);
  }
}


/** A child: each parent message {type, ...} goes to `handlers[type]`; its result goes back. */
async function serve(makeHandlers) {
  const handlers = await makeHandlers();
  process.on('message', async (message) => {
    try {
      const result = await handlers[message.type](message);
      process.send({ type: 'done', result: result ?? null });
    } catch (error) {
      process.send({ type: 'failed', error: String(error?.stack ?? error) });
    }
    if (message.type === 'exit') setTimeout(() => process.exit(0), 50);
  });
  process.on('disconnect', () => process.exit(1)); // the parent is gone
  process.send({ type: 'up' });
}

// ---------------------------------------------------------------- SDK clients (children)

async function sdkClient(env, token) {
  const { AuthorizationTokenType, Client } = require('../../dist/index.js');
  const client = new Client(env.apiBase, env.webBase, { ipcPaths: () => [], openUrl: () => false, audio: { backend: 'virtual' } });
  client.SetApplicationId(BigInt(env.applicationId));
  await client.UpdateToken(AuthorizationTokenType.Bearer, token);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready, 15_000, 'client Ready');
  return client;
}

/** The microphone's audio processing (echo cancellation, noise suppression, gain control): on
 * (the defaults) or off (the microphone as it is). */
function setProcessing(client, on) {
  client.SetEchoCancellation(on);
  client.SetNoiseSuppression(on);
  client.SetAutomaticGainControl(on);
}

/** StartCall into the lobby (always transmitting: the VAD threshold off, -60 dB), Connected. */
async function startCall(client, lobbyId) {
  const { Call } = require('../../dist/index.js');
  const id = BigInt(lobbyId);
  await until(() => client.GetLobbyHandle(id) != null, 10_000, 'lobby known');
  const call = client.StartCall(id);
  call.SetVADThreshold(false, -60);
  await until(() => call.GetStatus() === Call.Status.Connected, 15_000, 'call Connected');
  return call;
}

// The Client's native object (a protected getter in TypeScript, a plain one at run time).
const nativeOf = (client) => client.native;

/** Left channel of interleaved stereo. */
const left = (samples, i) => samples[2 * i];

/** Tick grid of a virtual device (its thread sleeps until phase + k·20 ms, CLOCK_MONOTONIC):
 * from times at which a new speaker frame was first seen (each at or after its tick, by the
 * tick's own lateness plus the poll's delay). Modulo 20 ms the observations cluster just after
 * the grid; a few come late (a poll held up by GC or another process). The phase is the start
 * of the densest 2 ms window, i.e. the earliest observation of the main cluster, so a late
 * outlier cannot wrap around and pull it. */
class TickGrid {
  observations = [];
  observe(t) {
    this.observations.push(t);
  }
  get phase() {
    const ref = this.observations[0];
    const residues = this.observations.map((o) => (((o - ref) % FRAME_MS) + FRAME_MS) % FRAME_MS).sort((x, y) => x - y);
    const n = residues.length;
    let best = 0;
    let bestCount = -1;
    for (let i = 0, j = 0; i < n; i++) {
      // Count residues in [residues[i], residues[i] + 2) on the circle.
      if (j < i) j = i;
      while (j - i < n && (residues[j % n] - residues[i] + (j >= n ? FRAME_MS : 0)) < 2) j++;
      if (j - i > bestCount) {
        bestCount = j - i;
        best = residues[i];
      }
    }
    return ref + best;
  }
  /** The latest tick at or before `t`. */
  floor(t, phase = this.phase) {
    return phase + Math.floor((t - phase) / FRAME_MS) * FRAME_MS;
  }
}

/** Watches one client's speaker: notes the time each new frame first shows (a changed last frame). */
function speakerWatch(native) {
  const grid = new TickGrid();
  let last = null;
  return {
    grid,
    poll(t) {
      const frame = native._VirtualAudio('speaker', 1);
      if (frame.length === 0) return;
      let changed = last === null;
      if (!changed) for (let i = 0; i < frame.length; i += 97) if (frame[i] !== last[i]) { changed = true; break; }
      const silent = frame.every((s) => s === 0);
      if (changed && !silent && last !== null) grid.observe(t);
      last = frame;
    },
  };
}

async function pairRole() {
  let a, b, callA, callB, nA, nB, lobbyIdOfPair;
  return {
    async setup({ env, tokens, lobbyId }) {
      a = await sdkClient(env, tokens[0]);
      b = await sdkClient(env, tokens[1]);
      nA = nativeOf(a);
      nB = nativeOf(b);
      if (!nA._VirtualAudio('silence')) throw new Error('the virtual audio backend is not in use');
      nB._VirtualAudio('sine', 660, B_TONE_LEVEL_DBFS); // gives A's speaker a new frame every tick
      // B's microphone as it is throughout (its noise suppression would take its steady tone);
      // A's processing is turned on for every other onset of the latency measure.
      setProcessing(b, false);
      lobbyIdOfPair = lobbyId;
      [callA, callB] = await Promise.all([startCall(a, lobbyId), startCall(b, lobbyId)]);
      await sleep(1500);
    },

    // Mouth-to-ear: A's microphone switches from silence to a 440 Hz tone half-way between two of
    // A's ticks; the onset is captured at A's next tick gA, i.e. the first sample of the frame A's
    // device delivers at gA, which a real 20 ms device would have recorded at gA − 20 ms (we count
    // that capture frame). B's speaker is polled about every millisecond; the first poll that shows
    // sound finds the onset frame and the sample offset s in it; the frame was played from B's tick
    // gB (a virtual speaker plays a frame from its tick, with no device buffer), so the ear time is
    // gB + s/48 kHz. Latency = gB + s/48k − (gA − 20 ms). gA and gB come from the devices' tick
    // grids (TickGrid), so the polling delay does not enter; the error is the grid estimate's
    // (the earliest observations of its main cluster: within about a poll interval) plus the
    // onset detection on decoded Opus.
    // The two devices' clocks keep one relative phase for the life of a call, and the latency
    // moves in whole frames with it: the onsets are spread over `sessions` fresh calls, B's
    // StartCall 2, 6, 10, 14, 18 ms (for 5) after A's, so the phases spread over the frame.
    // Every other onset of a call is taken with A's audio processing on (the defaults), the rest
    // with it off: the two are compared within the same calls, whose relative phases move the
    // figure by whole milliseconds from call to call.
    async latency({ trials, sessions }) {
      const { Call } = require('../../dist/index.js');
      const all = { results: [], uncertain: 0, pollGaps: [], sessions: [] };
      const begin = (client) => {
        const call = client.StartCall(BigInt(lobbyIdOfPair));
        call.SetVADThreshold(false, -60);
        return call;
      };
      for (let session = 0; session < sessions; session++) {
        await Promise.all([a.EndCalls(), b.EndCalls()]);
        await sleep(500);
        const offset = 2 + (session * FRAME_MS) / sessions;
        callA = begin(a);
        const from = now();
        while (now() - from < offset) { /* B starts `offset` ms after A */ }
        callB = begin(b);
        await until(() => callA.GetStatus() === Call.Status.Connected && callB.GetStatus() === Call.Status.Connected, 15_000, 'calls Connected');
        await sleep(1000);
        const part = await this.onsets({ trials: Math.ceil(trials / sessions) });
        all.results.push(...part.results);
        all.uncertain += part.uncertain;
        all.pollGaps.push(...part.pollGaps);
        const p50Of = (processing) => percentile(part.results.filter((r) => !r.lost && r.processing === processing).map((r) => r.ms).sort((x, y) => x - y), 50);
        all.sessions.push({ relativePhase: part.relativePhase, gridSlackA: part.gridSlackA, gridSlackB: part.gridSlackB, p50: p50Of(false), p50Processed: p50Of(true) });
        all.thresholdRatio = part.thresholdRatio;
      }
      const worst = (key, field) => Math.max(...all.sessions.map((x) => x[key][field]));
      all.gridSlackA = { observations: all.sessions.reduce((n, x) => n + x.gridSlackA.observations, 0), median: worst('gridSlackA', 'median'), p99: worst('gridSlackA', 'p99') };
      all.gridSlackB = { observations: all.sessions.reduce((n, x) => n + x.gridSlackB.observations, 0), median: worst('gridSlackB', 'median'), p99: worst('gridSlackB', 'p99') };
      return all;
    },

    async onsets({ trials }) {
      const watchA = speakerWatch(nA);
      const watchB = speakerWatch(nB);
      // The grids: A hears B's tone all along; B hears a warm-up tone of A for 2 s.
      nA._VirtualAudio('sine', 440, TONE_LEVEL_DBFS);
      const warm = now() + 2000;
      while (now() < warm) {
        const t = now();
        watchA.poll(t);
        watchB.poll(t);
        await sleep(1);
      }
      nA._VirtualAudio('silence');
      const peak = Math.round(32768 * 10 ** (TONE_LEVEL_DBFS / 20) * Math.SQRT2);
      const threshold = Math.round(peak * 0.1);
      const results = [];
      const pollGaps = [];
      let uncertain = 0;
      for (let trial = 0; trial < trials; trial++) {
        const processing = trial % 2 === 1;
        setProcessing(a, processing);
        // Silence long enough for the VAD hangover (200 ms), the five silence frames and B's
        // jitter buffer to go idle: each onset starts a talk spurt, as speech does.
        const quietUntil = now() + 900;
        while (now() < quietUntil) {
          watchA.poll(now());
          await sleep(1);
        }
        const phaseA = watchA.grid.phase;
        // Half-way between two ticks of A: the switch cannot race the tick that reads it.
        let target = watchA.grid.floor(now(), phaseA) + FRAME_MS + FRAME_MS / 2;
        if (target - now() < 3) target += FRAME_MS;
        await sleep(Math.max(0, target - now() - 2));
        while (now() < target) { /* the last ≤ 2 ms, exactly */ }
        nA._VirtualAudio('sine', 440, TONE_LEVEL_DBFS);
        const switchedAt = now();
        const gA = watchA.grid.floor(switchedAt, phaseA) + FRAME_MS;
        const offPhase = switchedAt - (gA - FRAME_MS);
        let previous = now();
        let found = null;
        while (!found && now() - switchedAt < 1000) {
          await sleep(1);
          const t = now();
          watchA.poll(t);
          const frames = nB._VirtualAudio('speaker', 4);
          const count = frames.length / 2;
          for (let i = 0; i < count; i++) {
            if (Math.abs(left(frames, i)) >= threshold) {
              found = { t, previous, framesFromEnd: Math.ceil((count - i) / FRAME_SAMPLES), offset: i % FRAME_SAMPLES };
              break;
            }
          }
          if (!found) previous = t;
        }
        // Keep the tone on a little: B's grid gets more observations.
        const toneUntil = now() + 200;
        while (now() < toneUntil) {
          const t = now();
          watchA.poll(t);
          watchB.poll(t);
          await sleep(1);
        }
        nA._VirtualAudio('silence');
        if (!found) {
          results.push({ lost: true, processing });
          continue;
        }
        const phaseB = watchB.grid.phase;
        const lastTick = watchB.grid.floor(found.t, phaseB);
        // The frame is attributed to the latest tick of B's grid at or before the poll; that is
        // wrong only if B's previous tick ran so late that it fell after the previous poll.
        if (found.t - found.previous > FRAME_MS / 2) uncertain++;
        const gB = lastTick - (found.framesFromEnd - 1) * FRAME_MS;
        const ear = gB + (found.offset / RATE) * 1000;
        results.push({ ms: ear - (gA - FRAME_MS), engineMs: ear - gA, offPhase, framesFromEnd: found.framesFromEnd, processing });
        pollGaps.push(found.t - found.previous);
      }
      return {
        results,
        uncertain,
        pollGaps,
        gridSlackA: gridSlack(watchA.grid),
        gridSlackB: gridSlack(watchB.grid),
        thresholdRatio: threshold / peak,
        relativePhase: ((((watchB.grid.phase - watchA.grid.phase) % FRAME_MS) + FRAME_MS) % FRAME_MS),
      };
    },

    // A talks a steady tone; B's speaker history (the last 10 s, 500 frames) is read at the end
    // and its longest run of samples below 5 % of the tone's peak is the longest silence.
    async stall({ stall }) {
      // A's microphone as it is: noise suppression takes a steady tone for noise and lowers it,
      // which this measure would count as silences and level changes.
      setProcessing(a, false);
      nA._VirtualAudio('sine', 440, TONE_LEVEL_DBFS);
      await sleep(1500);
      const started = now();
      let stalls = 0;
      let stalledMs = 0;
      const timer = stall
        ? setInterval(() => {
          const from = now();
          while (now() - from < 50) { /* the JS thread is busy */ }
          stalls++;
          stalledMs += now() - from;
        }, 500)
        : null;
      await sleep(STALL_SECONDS * 1000);
      if (timer) clearInterval(timer);
      const elapsed = now() - started;
      const history = nB._VirtualAudio('speaker', 500);
      const peak = 32768 * 10 ** (TONE_LEVEL_DBFS / 20) * Math.SQRT2;
      const gaps = silentRuns(history, peak * 0.05);
      nA._VirtualAudio('silence');
      return { stalls, stalledMs, elapsed, seconds: history.length / 2 / RATE, ...gaps, offLevel: framesOffLevel(history) };
    },

    async exit() {
      await Promise.all([a.EndCalls(), b.EndCalls()]).catch(() => undefined);
      a.Dispose();
      b.Dispose();
    },
  };
}

/** How far the grid's phase sits before the least-delayed observations (median of the 10 least). */
function gridSlack(grid) {
  const phase = grid.phase;
  const delays = grid.observations.map((o) => o - grid.floor(o, phase)).sort((x, y) => x - y);
  return { observations: delays.length, least10Median: percentile(delays.slice(0, 10), 50), median: percentile(delays, 50), p99: percentile(delays, 99) };
}

/** Frames whose level is more than 3 dB from the median frame's (concealed or glitched frames
 * that are not silent). */
function framesOffLevel(samples) {
  const frames = samples.length / 2 / FRAME_SAMPLES;
  const levels = [];
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * FRAME_SAMPLES; i < (f + 1) * FRAME_SAMPLES; i++) sum += left(samples, i) ** 2;
    levels.push(10 * Math.log10(sum / FRAME_SAMPLES + 1e-9));
  }
  const median = percentile([...levels].sort((x, y) => x - y), 50);
  return levels.filter((l) => Math.abs(l - median) > 3).length;
}

/** Runs of left-channel samples with |s| < `below` (a 440 Hz tone crosses zero in well under 1 ms). */
function silentRuns(samples, below) {
  const count = samples.length / 2;
  let longest = 0;
  let run = 0;
  let over5 = 0;
  let over40 = 0;
  const close = () => {
    const ms = (run / RATE) * 1000;
    if (ms > 5) over5++;
    if (ms > 40) over40++;
    longest = Math.max(longest, ms);
    run = 0;
  };
  for (let i = 0; i < count; i++) {
    if (Math.abs(left(samples, i)) < below) run++;
    else if (run > 0) close();
  }
  if (run > 0) close();
  return { longestGapMs: longest, gapsOver5: over5, gapsOver40: over40 };
}

/** utime + stime (ms) of each thread of this process, by tid, with its name. */
function threadTimes() {
  const hz = 100; // USER_HZ on Linux
  const out = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.set(tid, { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / hz });
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** CPU of this process over `seconds`: the whole process, and the threads in `watched`. */
async function cpuOver(seconds, watched) {
  const before = threadTimes();
  const usage = process.cpuUsage();
  const wall = now();
  await sleep(seconds * 1000);
  const used = process.cpuUsage(usage);
  const elapsed = now() - wall;
  const after = threadTimes();
  const threads = {};
  for (const tid of watched) {
    const a = after.get(tid);
    if (a) threads[`${a.name}/${tid}`] = (a.ms - (before.get(tid)?.ms ?? 0)) / elapsed;
  }
  return { process: (used.user + used.system) / 1000 / elapsed, threads, elapsed };
}

async function listenerRole() {
  let client, call, native, newThreads;
  return {
    async setup({ env, token, lobbyId }) {
      client = await sdkClient(env, token);
      native = nativeOf(client);
      native._VirtualAudio('sine', 300, TONE_LEVEL_DBFS); // its own microphone talks throughout
      const before = new Set(threadTimes().keys());
      call = await startCall(client, lobbyId);
      await sleep(500);
      newThreads = [...threadTimes().keys()].filter((tid) => !before.has(tid));
    },
    async measure({ seconds }) {
      const participants = call.GetParticipants().length;
      const cpu = await cpuOver(seconds, newThreads);
      // What the speaker played in the last second: its level shows the talkers were mixed.
      const speaker = native._VirtualAudio('speaker', 50);
      let sum = 0;
      for (let i = 0; i < speaker.length; i += 2) sum += speaker[i] * speaker[i];
      const rms = Math.sqrt(sum / (speaker.length / 2)) / 32768;
      return { ...cpu, participants, speakerDbfs: rms > 0 ? 20 * Math.log10(rms) : -200 };
    },
    async exit() {
      await client.EndCalls().catch(() => undefined);
      client.Dispose();
    },
  };
}

// ---------------------------------------------------------------- raw talkers (child)

/**
 * A JSON WebSocket session: `onPayload(payload, ws)` sees each text message first (heartbeats,
 * identify), `next(match)` waits for a queued one, `close()` ends it with its heartbeat timer.
 */
async function jsonSession(url, onPayload) {
  const ws = new WebSocket(url);
  const queue = [];
  const timers = [];
  let wake = () => undefined;
  ws.on('message', (raw, binary) => {
    if (binary) return;
    const payload = JSON.parse(raw.toString());
    onPayload(payload, ws, (timer) => timers.push(timer));
    queue.push(payload);
    wake();
  });
  const stop = () => timers.forEach((timer) => clearInterval(timer));
  ws.on('close', stop);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    close() {
      stop();
      ws.terminate();
    },
    async next(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(index, 1)[0];
        if (Date.now() > deadline) throw new Error(`no matching message from ${url}`);
        await new Promise((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

/** A main gateway session that answers heartbeats; `next(match)` waits for a dispatch. */
function gatewaySession(url, identify) {
  let seq = null;
  return jsonSession(url, (payload, ws, keep) => {
    if (payload.s != null) seq = payload.s;
    if (payload.op === 10) {
      keep(setInterval(() => ws.send(JSON.stringify({ op: 1, d: seq })), payload.d.heartbeat_interval));
      ws.send(JSON.stringify(identify));
    }
  });
}

/** A voice gateway session (v8) that heartbeats with seq_ack. */
function voiceSession(url) {
  let seqAck = -1;
  return jsonSession(url, (payload, ws, keep) => {
    if (typeof payload.seq === 'number') seqAck = payload.seq;
    if (payload.op === 8) keep(setInterval(() => ws.send(JSON.stringify({ op: 3, d: { t: Date.now(), seq_ack: seqAck } })), payload.d.heartbeat_interval));
  });
}

/** Real Opus: `frames` 20 ms packets of a stereo sine at `hz` (opusscript, libopus in wasm). */
function encodeTone(hz, frames) {
  const OpusScript = require('opusscript');
  const encoder = new OpusScript(RATE, 2, OpusScript.Application.VOIP);
  const packets = [];
  const amplitude = 32768 * 10 ** (TONE_LEVEL_DBFS / 20) * Math.SQRT2;
  for (let f = 0; f < frames; f++) {
    const pcm = Buffer.alloc(FRAME_SAMPLES * 4);
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const v = Math.round(Math.sin((2 * Math.PI * hz * (f * FRAME_SAMPLES + i)) / RATE) * amplitude);
      pcm.writeInt16LE(v, 4 * i);
      pcm.writeInt16LE(v, 4 * i + 2);
    }
    packets.push(Buffer.from(encoder.encode(pcm, FRAME_SAMPLES)));
  }
  encoder.delete();
  return packets;
}

async function talkersRole() {
  const { discoveryRequest, sealedRtpPacket } = require('../../dist/emulator/voice/rtp.js');
  const clips = [220, 330, 550, 770].map((hz) => encodeTone(hz, 50));
  const talkers = [];
  let timer = null;
  return {
    /** Each talker: main gateway op 4 → voice gateway Identify (no DAVE) → UDP discovery →
     * Select Protocol → Session Description → Speaking 1. */
    async join({ gatewayUrl, tokens, userIds, lobbyId, mode }) {
      for (const [i, token] of tokens.entries()) {
        const gateway = await gatewaySession(`${gatewayUrl}?v=10&encoding=json`, { op: 2, d: { token: `Bearer ${token}`, properties: {} } });
        const ready = await gateway.next((p) => p.t === 'READY');
        gateway.ws.send(JSON.stringify({ op: 4, d: { guild_id: null, channel_id: lobbyId, self_mute: false, self_deaf: false } }));
        const server = await gateway.next((p) => p.t === 'VOICE_SERVER_UPDATE');
        const voice = await voiceSession(`ws://${server.d.endpoint}/?v=8`);
        await voice.next((p) => p.op === 8);
        voice.ws.send(JSON.stringify({ op: 0, d: { server_id: lobbyId, user_id: userIds[i], session_id: ready.d.session_id, token: server.d.token, max_dave_protocol_version: 0 } }));
        const voiceReady = (await voice.next((p) => p.op === 2)).d;
        const socket = dgram.createSocket('udp4');
        await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve));
        const discovered = new Promise((resolve) => socket.once('message', resolve));
        socket.send(discoveryRequest(voiceReady.ssrc), voiceReady.port, '127.0.0.1');
        await discovered;
        // The relay sends every talker the other talkers' packets; nobody reads them here, so the
        // kernel may drop them instead of this process spending a core on them.
        socket.setRecvBufferSize(4096);
        const { address, port } = socket.address();
        voice.ws.send(JSON.stringify({ op: 1, d: { protocol: 'udp', data: { address, port, mode } } }));
        const description = (await voice.next((p) => p.op === 4)).d;
        voice.ws.send(JSON.stringify({ op: 5, d: { speaking: 1, delay: 0, ssrc: voiceReady.ssrc } }));
        talkers.push({
          gateway, voice, socket, port: voiceReady.port, ssrc: voiceReady.ssrc, key: Buffer.from(description.secret_key), mode: description.mode,
          clip: clips[i % clips.length], frame: (i * 7) % 50, sequence: (i * 1000) & 0xffff, timestamp: i * 1_000_000, nonce: 0,
        });
      }
      return { joined: talkers.length };
    },
    /** The first `count` talkers send one packet each every 20 ms (paced on the clock). */
    async talk({ count }) {
      if (timer) clearTimeout(timer);
      timer = null;
      if (count === 0) return;
      const started = now();
      let tick = 0;
      const send = () => {
        for (const t of talkers.slice(0, count)) {
          t.sequence = (t.sequence + 1) & 0xffff;
          t.timestamp = (t.timestamp + FRAME_SAMPLES) >>> 0;
          t.nonce = (t.nonce + 1) >>> 0;
          const payload = t.clip[t.frame];
          t.frame = (t.frame + 1) % t.clip.length;
          t.socket.send(sealedRtpPacket(t.mode, t.key, { ssrc: t.ssrc, sequence: t.sequence, timestamp: t.timestamp, nonce: t.nonce }, payload), t.port, '127.0.0.1');
        }
        tick++;
        timer = setTimeout(send, Math.max(0, started + tick * FRAME_MS - now()));
      };
      send();
    },
    async exit() {
      if (timer) clearTimeout(timer);
      for (const t of talkers) {
        t.socket.close();
        t.voice.close();
        t.gateway.close();
      }
    },
  };
}

// ---------------------------------------------------------------- @discordjs/voice baseline (child)

async function discordjsRole() {
  const { joinVoiceChannel, entersState, VoiceConnectionStatus, EndBehaviorType } = await import('@discordjs/voice');
  const OpusScript = require('opusscript');
  let connection, gateway, newThreads;
  const streams = new Map();
  let decoded = 0;
  let failures = 0;
  return {
    async setup({ gatewayUrl, token, userId, lobbyId }) {
      let adapter = null;
      gateway = await gatewaySession(`${gatewayUrl}?v=10&encoding=json`, { op: 2, d: { token: `Bearer ${token}`, properties: {} } });
      await gateway.next((p) => p.t === 'READY');
      gateway.ws.on('message', (raw) => {
        const p = JSON.parse(raw.toString());
        if (p.t === 'VOICE_STATE_UPDATE' && p.d.user_id === userId) adapter?.onVoiceStateUpdate({ ...p.d, guild_id: p.d.guild_id ?? lobbyId });
        if (p.t === 'VOICE_SERVER_UPDATE') adapter?.onVoiceServerUpdate({ ...p.d, guild_id: p.d.guild_id ?? lobbyId });
      });
      const before = new Set(threadTimes().keys());
      connection = joinVoiceChannel({
        channelId: lobbyId,
        guildId: lobbyId,
        selfDeaf: false,
        selfMute: false,
        daveEncryption: false,
        adapterCreator: (methods) => {
          adapter = methods;
          return {
            sendPayload(payload) {
              const d = payload.op === 4 ? { ...payload.d, guild_id: null } : payload.d;
              gateway.ws.send(JSON.stringify({ ...payload, d }));
              return true;
            },
            destroy() {
              adapter = null;
            },
          };
        },
      });
      await entersState(connection, VoiceConnectionStatus.Ready, 15_000);
      // Every talker that starts speaking gets a subscription and its own opusscript decoder.
      connection.receiver.speaking.on('start', (speaker) => {
        if (streams.has(speaker)) return;
        const decoder = new OpusScript(RATE, 2, OpusScript.Application.VOIP);
        const stream = connection.receiver.subscribe(speaker, { end: { behavior: EndBehaviorType.Manual } });
        const entry = { stream, decoder, decoded: 0 };
        stream.on('data', (packet) => {
          try {
            decoder.decode(packet);
            decoded++;
            entry.decoded++;
          } catch {
            failures++;
          }
        });
        streams.set(speaker, entry);
      });
      await sleep(500);
      newThreads = [...threadTimes().keys()].filter((tid) => !before.has(tid));
    },
    async measure({ seconds }) {
      const from = decoded;
      const perStream = new Map([...streams].map(([k, v]) => [k, v.decoded]));
      const cpu = await cpuOver(seconds, newThreads);
      const rates = [...streams].map(([k, v]) => ((v.decoded - (perStream.get(k) ?? 0)) * 1000) / cpu.elapsed).filter((r) => r > 0).sort((x, y) => x - y);
      return { ...cpu, decodedPerSecond: ((decoded - from) * 1000) / cpu.elapsed, failures, streams: streams.size, perStreamRates: rates.length ? [rates[0], rates.at(-1)] : [] };
    },
    async exit() {
      connection.destroy();
      gateway.close();
    },
  };
}

// ---------------------------------------------------------------- the emulator and the report (this process)

function child(roleFlag, env = process.env) {
  const proc = fork(fileURLToPath(import.meta.url), [roleFlag], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
  let up;
  const ready = new Promise((resolve) => (up = resolve));
  let pending = null;
  proc.on('message', (m) => {
    if (m.type === 'up') return up();
    const settle = pending;
    pending = null;
    if (m.type === 'failed') settle?.reject(new Error(`${roleFlag}: ${m.error}`));
    else settle?.resolve(m.result);
  });
  proc.on('exit', (code) => pending?.reject(new Error(`${roleFlag} exited (${code})`)));
  return {
    async ask(message) {
      await ready;
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        proc.send(message);
      });
    },
    async exit() {
      await this.ask({ type: 'exit' }).catch(() => undefined);
      await new Promise((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', resolve)));
    },
  };
}

async function lobbyOf(emu, tokens, secret) {
  let lobbyId = '';
  for (const token of tokens) {
    const reply = await fetch(`${emu.apiBase}/lobbies`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ secret, idle_timeout_seconds: 604800 }) });
    if (reply.status !== 200) throw new Error(`lobby: ${reply.status} ${await reply.text()}`);
    lobbyId = (await reply.json()).id;
  }
  return lobbyId;
}

/** Runs `measure`; adds what the relay delivered to `userId` meanwhile (packets/s) and dropped. */
async function delivered(emu, userId, n, measure) {
  const count = () => {
    const members = emu.control.voice.voiceStats().members;
    let dropped = 0;
    for (const m of Object.values(members)) for (const k of Object.values(m.dropped)) dropped += k;
    return { received: members[userId]?.received ?? 0, dropped };
  };
  const before = count();
  const started = now();
  const result = await measure();
  const after = count();
  const seconds = (now() - started) / 1000;
  return { n, load: loadavg()[0], ...result, deliveredPerSecond: (after.received - before.received) / seconds, relayDropped: after.dropped - before.dropped };
}

const log = (line) => process.stderr.write(`[voice] ${line}\n`);

async function main() {
  const { startEmulator } = require('../../dist/emulator/index.js');
  const { MODE_AES_GCM } = require('../../dist/emulator/voice/protocol.js');
  const loadBefore = loadavg();
  const emu = await startEmulator({ port: 0 });
  emu.control.setRateLimits(false);
  // One mode for everyone: the one the SDK prefers, and @discordjs/voice does it with node:crypto.
  emu.control.voice.setVoiceModes([MODE_AES_GCM]);
  // The raw talkers have no DAVE: let them in (the calls with them run transport-only; what
  // DAVE adds per frame is voice-dave.bench.mjs's measure). SDK-only calls still use DAVE.
  emu.control.voice.setDaveRequired(false);
  const user = (name) => {
    const id = String(emu.control.createUser({ username: name }).id);
    return { id, token: emu.control.issueToken(id).accessToken };
  };
  const env = { apiBase: emu.apiBase, webBase: emu.webBase, applicationId: emu.application.id };
  const dir = mkdtempSync(join(tmpdir(), 'sdkpp-voice-bench-'));
  const caFile = join(dir, 'voice-ca.pem');
  writeFileSync(caFile, emu.voice.certificatePem);

  // 1 and 3: the SDK pair.
  const [userA, userB] = [user('bench_a'), user('bench_b')];
  const pairLobby = await lobbyOf(emu, [userA.token, userB.token], `bench-pair-${Date.now()}`);
  const pair = child('--pair');
  await pair.ask({ type: 'setup', env, tokens: [userA.token, userB.token], lobbyId: pairLobby });
  log('pair connected');
  const latency = await pair.ask({ type: 'latency', trials: 2 * TRIALS, sessions: LATENCY_SESSIONS });
  log('latency done');
  const steady = await pair.ask({ type: 'stall', stall: false });
  const stalled = await pair.ask({ type: 'stall', stall: true });
  log('stall done');
  await pair.exit();

  // 2: one listener, 24 raw talkers; then the baseline receiver in the listener's place.
  const listenerUser = user('bench_listener');
  const djsUser = user('bench_discordjs');
  const talkerUsers = Array.from({ length: 24 }, (_v, i) => user(`bench_talker_${i}`));
  const lobby = await lobbyOf(emu, [listenerUser.token, djsUser.token, ...talkerUsers.map((u) => u.token)], `bench-many-${Date.now()}`);
  const talkers = child('--talkers');
  await talkers.ask({ type: 'join', gatewayUrl: emu.gatewayUrl, tokens: talkerUsers.map((u) => u.token), userIds: talkerUsers.map((u) => u.id), lobbyId: lobby, mode: MODE_AES_GCM });
  log('talkers joined');
  const sdkRows = [];
  const listener = child('--listener');
  await listener.ask({ type: 'setup', env, token: listenerUser.token, lobbyId: lobby });
  for (const n of TALKER_COUNTS) {
    await talkers.ask({ type: 'talk', count: n });
    await sleep(1500);
    sdkRows.push(await delivered(emu, listenerUser.id, n, () => listener.ask({ type: 'measure', seconds: CPU_SECONDS })));
    log(`sdk N=${n}: ${(sdkRows.at(-1).process * 100).toFixed(1)}%`);
  }
  await talkers.ask({ type: 'talk', count: 0 });
  await listener.exit();
  await sleep(1000);
  const djsRows = [];
  let djsError = null;
  const djs = child('--discordjs', { ...process.env, NODE_EXTRA_CA_CERTS: caFile });
  try {
    await djs.ask({ type: 'setup', gatewayUrl: emu.gatewayUrl, token: djsUser.token, userId: djsUser.id, lobbyId: lobby });
    for (const n of TALKER_COUNTS) {
      await talkers.ask({ type: 'talk', count: n });
      await sleep(1500);
      djsRows.push(await delivered(emu, djsUser.id, n, () => djs.ask({ type: 'measure', seconds: CPU_SECONDS })));
      log(`discordjs N=${n}: ${(djsRows.at(-1).process * 100).toFixed(1)}%`);
    }
  } catch (error) {
    djsError = String(error?.message ?? error).split('\n')[0];
  }
  await talkers.ask({ type: 'talk', count: 0 });
  await djs.exit();
  await talkers.exit();
  await emu.close();
  rmSync(dir, { recursive: true, force: true });
  report({ latency, steady, stalled, sdkRows, djsRows, djsError, loadBefore, loadAfter: loadavg() });
  process.exit(0);
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  const num = points.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return num / den;
}

function report({ latency, steady, stalled, sdkRows, djsRows, djsError, loadBefore, loadAfter }) {
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
  const pct = (v) => `${(v * 100).toFixed(1)}%`;
  const raw = latency.results.filter((r) => !r.processing);
  const processed = latency.results.filter((r) => r.processing);
  const ok = raw.filter((r) => !r.lost);
  const sorted = ok.map((r) => r.ms).sort((x, y) => x - y);
  const engine = ok.map((r) => r.engineMs).sort((x, y) => x - y);
  const gaps = [...latency.pollGaps].sort((x, y) => x - y);
  const okProcessed = processed.filter((r) => !r.lost);
  const perCallDelta = latency.sessions.map((x) => x.p50Processed - x.p50).sort((x, y) => x - y);
  const sortedProcessed = okProcessed.map((r) => r.ms).sort((x, y) => x - y);

  console.log('### Voice calls (SDK to SDK through the emulator)\n');
  console.log(table(
    ['measure', 'p50', 'p99', 'min / max', 'goal'],
    [
      [`mouth-to-ear, A's microphone → B's speaker (${ok.length} onsets, ${raw.length - ok.length} lost)`, ms(percentile(sorted, 50)), ms(percentile(sorted, 99)), `${ms(sorted[0])} / ${ms(sorted.at(-1))}`, 'p50 ≤ 80 ms, p99 ≤ 120 ms'],
      ['… of which after A\'s tick took the frame (without the 20 ms capture frame)', ms(percentile(engine, 50)), ms(percentile(engine, 99)), `${ms(engine[0])} / ${ms(engine.at(-1))}`, '—'],
      [`… with A's audio processing on (echo cancellation, noise suppression, gain control; ${okProcessed.length} onsets, ${processed.length - okProcessed.length} lost; per call, its p50 minus the row above's: ${perCallDelta.map((d) => d.toFixed(1)).join(', ')} ms)`, ms(percentile(sortedProcessed, 50)), ms(percentile(sortedProcessed, 99)), `${ms(sortedProcessed[0])} / ${ms(sortedProcessed.at(-1))}`, 'p50 within 5 ms of the row above'],
    ],
  ));
  console.log(`
Each onset: A's virtual microphone switches from silence to a 440 Hz tone at ${TONE_LEVEL_DBFS} dBFS half-way between two of A's device ticks, after 0.9 s of silence (so every onset starts a talk spurt: VAD opens, B's jitter buffer starts from idle at its 60 ms target). The first two rows are A's microphone as it is (its audio processing off); the third the same measure with A's defaults on (echo cancellation, noise suppression, gain control), every other onset of the same calls, B's tone to A (which gives A's tick grid) at ${B_TONE_LEVEL_DBFS} dBFS so that what of it A's echo canceller lets through stays far under the detector's threshold. The two virtual devices' clocks keep one relative phase for the life of a call and the latency moves by whole frames with it, so the onsets are spread over ${latency.sessions.length} calls (both clients EndCalls, then StartCall again): B's ticks fell ${latency.sessions.map((x) => x.relativePhase.toFixed(1)).join(', ')} ms after A's, p50 per call ${latency.sessions.map((x) => x.p50.toFixed(1)).join(', ')} ms (with processing ${latency.sessions.map((x) => x.p50Processed.toFixed(1)).join(', ')} ms). Both devices tick every 20 ms on CLOCK_MONOTONIC (the clock of process.hrtime), so each device's tick grid is found from the times a new speaker frame is first seen (polled about every 1 ms; the earliest observation of the densest 2 ms cluster modulo 20 ms fixes the phase: A's grids from ${latency.gridSlackA.observations} new frames, B's from ${latency.gridSlackB.observations}; a new frame was seen after its grid tick by a median ${latency.gridSlackA.median.toFixed(2)} / ${latency.gridSlackB.median.toFixed(2)} ms, p99 ${latency.gridSlackA.p99.toFixed(2)} / ${latency.gridSlackB.p99.toFixed(2)} ms, the worst call's: the tick's lateness plus the poll's delay). Mouth time = A's tick that captured the onset − 20 ms (the capture frame a real 20 ms device records before delivering it); ear time = B's tick that played the frame holding the onset + the onset's offset in that frame (first left sample ≥ ${(latency.thresholdRatio * 100).toFixed(0)}% of the tone's peak after Opus decoding). The virtual speaker plays a frame from its tick with no output buffer, so a real device adds its own buffering on top. Error: the grid phase (the earliest observations of each grid's cluster, under a poll interval, so within about 1–2 ms) plus the onset detection on codec output (Opus smears an onset over a few ms). The onset frame is attributed to B's latest grid tick at or before the poll that first showed it: wrong by a frame only if that tick ran more than 20 ms − the poll interval late (the p99 above bounds how late ticks ran); ${latency.uncertain} detections came after a poll gap over 10 ms. The switch fell ${Math.min(...ok.map((r) => r.offPhase)).toFixed(1)}–${Math.max(...ok.map((r) => r.offPhase)).toFixed(1)} ms after A's previous tick (aimed at 10 ms: far from both ticks). Poll interval at detection p50 ${gaps.length ? percentile(gaps, 50).toFixed(2) : '—'} ms, p99 ${gaps.length ? percentile(gaps, 99).toFixed(2) : '—'} ms (it does not enter the figure).
`);

  console.log(table(
    ['JS thread of the SDK clients\' process', 'stalls', 'B\'s speaker: longest silence in A\'s tone', 'silences > 5 ms', 'silences > 40 ms', '20 ms frames > 3 dB off the median level (of 500)', 'goal'],
    [
      ['no stalls', '0', ms(steady.longestGapMs), String(steady.gapsOver5), String(steady.gapsOver40), `${steady.offLevel}`, '—'],
      [`busy 50 ms every 500 ms`, `${stalled.stalls} (${(stalled.stalledMs / stalled.stalls).toFixed(1)} ms each)`, ms(stalled.longestGapMs), String(stalled.gapsOver5), String(stalled.gapsOver40), `${stalled.offLevel}`, 'no silence > 40 ms'],
    ],
  ));
  console.log(`
A and B are SDK clients in one child process (its JS thread does their sockets; each client's audio engine has its own thread); the emulator runs in another process and is not stalled. A talks a steady 440 Hz tone; after ${STALL_SECONDS} s the last ${stalled.seconds.toFixed(1)} s of B's speaker are read and runs of left samples below 5% of the tone's peak are the silences (the tone crosses zero in well under 1 ms). Loss concealment fills a missing frame with sound, not silence; the level column counts frames whose level is more than 3 dB from the median frame's, which such frames and glitches show as.
`);

  const base = (rows) => rows.find((r) => r.n === 0)?.process ?? 0;
  // µs per stream per 20 ms: the slope of CPU over the streams actually handled (decoded/s ÷ 50
  // for the baseline, whose opusscript may fail some; N for sdkpp, checked by the relay's count).
  const perStream = (rows, streams) => slope(rows.map((r) => [streams(r), r.process])) * (FRAME_MS / 1000) * 1e6;
  const djsByN = new Map(djsRows.map((r) => [r.n, r]));
  const audio = (r) => Object.entries(r.threads).filter(([, v]) => v > 0.001).map(([k, v]) => `${k.split('/')[0]} ${pct(v)}`).join(', ') || '—';
  console.log(table(
    ['remote talkers N', 'sdkpp listener: process CPU (one core)', 'threads started by StartCall', 'packets/s the relay sent it', 'participants / speaker level', '@discordjs/voice + opusscript: process CPU', 'packets/s sent to it / decoded (streams, per stream)', 'ratio (sdkpp / baseline)', 'load avg'],
    sdkRows.map((r) => {
      const d = djsByN.get(r.n);
      return [
        String(r.n), pct(r.process), audio(r), r.deliveredPerSecond.toFixed(0), `${r.participants} / ${r.speakerDbfs.toFixed(1)} dBFS`,
        d ? pct(d.process) : '—', d ? `${d.deliveredPerSecond.toFixed(0)} / ${d.decodedPerSecond.toFixed(0)} (${d.streams}${d.perStreamRates.length ? `, ${d.perStreamRates[0].toFixed(0)}–${d.perStreamRates[1].toFixed(0)}/s each` : ''}${d.failures ? `, ${d.failures} failed` : ''})` : '—',
        d && r.n > 0 ? `${(r.process / d.process).toFixed(2)}×` : '—', `${r.load.toFixed(1)}${d ? ` / ${d.load.toFixed(1)}` : ''}`,
      ];
    }),
  ));
  const sdkMarginal = perStream(sdkRows, (r) => r.n);
  const djsMarginal = djsRows.length === TALKER_COUNTS.length ? perStream(djsRows, (r) => r.decodedPerSecond / (1000 / FRAME_MS)) : NaN;
  const djsFailing = djsRows.filter((r) => r.failures > 0 && r.n > 0);
  const at24 = sdkRows.find((r) => r.n === 24);
  console.log(`
Marginal cost per remote stream (least-squares slope over N = ${TALKER_COUNTS.join(', ')}): sdkpp ${sdkMarginal.toFixed(0)} µs per stream per 20 ms (goal ≤ 150 µs); @discordjs/voice + opusscript ${Number.isNaN(djsMarginal) ? `— (${djsError ?? 'incomplete'})` : `${djsMarginal.toFixed(0)} µs per decoded stream`}.${djsFailing.length ? ` In the baseline, opusscript ${require('opusscript/package.json').version} (the version npm installs for prism-media's peer range) holds at most 20 decoders in one process: from the 21st on every decode fails ("RuntimeError: memory access out of bounds", wasm memory), so its rows with N > 20 decode 20 streams and its ratio there flatters it.` : ''} sdkpp at N = 24 (25 streams with its own microphone): ${at24 ? pct(at24.process) : '—'} of one core (goal ≤ 20%); with no remote talker (its own microphone encoded and sent) ${pct(base(sdkRows))}.

One SDK client (its own child process, virtual devices, its microphone a 300 Hz tone sent all along) in a lobby call with 24 raw talkers (one child process: each a main gateway session, a voice gateway session without DAVE, UDP); the first N send a real Opus packet (opusscript, 20 ms, 220–770 Hz tones, ~${'60–80'} bytes) every 20 ms, all in the same millisecond, in AES-256-GCM rtpsize. After 1.5 s to settle, CPU is the listener process's process.cpuUsage() over ${CPU_SECONDS} s ÷ wall time; the thread column is utime+stime from /proc/self/task/<tid>/stat (10 ms ticks) of the threads that appeared during StartCall (the virtual device's audio thread: jitter buffers, Opus decode, mix, its own encode). The process figure also includes the JS thread (sockets, RTP decryption, the gateway). The baseline is @discordjs/voice 0.19.2 in the listener's place (after the SDK client left the call), daveEncryption off, subscribing to every talker that starts speaking and decoding each packet with its own opusscript (wasm) decoder; it neither mixes nor plays nor sends a microphone, so compare the marginal per-stream figures; its N = 0 row is its idle cost. The emulator's relay (this process) forwards every packet to all 24 other members, so the machine carries the relay's load too.
Load average before the run ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' / ')} (1 / 5 / 15 min; 2 cores, shared with other work). \`npm run build:ts && node scripts/bench/voice.bench.mjs\` reproduces it (about 3 minutes; VOICE_BENCH_TRIALS, VOICE_BENCH_SESSIONS and VOICE_BENCH_CPU_SECONDS shorten it).
`);
}

// The role of this process (after every declaration above: the roles use them).
const role = process.argv[2];
if (role === '--pair') await serve(pairRole);
else if (role === '--listener') await serve(listenerRole);
else if (role === '--talkers') await serve(talkersRole);
else if (role === '--discordjs') await serve(discordjsRole);
else await main();
