// JS audio callbacks (StartCallWithAudioCallbacks) without per-frame allocation: two SDK clients
// in a lobby call against the emulator on virtual audio devices, A playing 440 Hz, B with a
// received and a captured callback. Two phases in the same run, same call, same callbacks:
//   slots      the callbacks read every sample in place (the SDK hands over its reused views);
//   naive copy the callbacks first copy the frame into a fresh Buffer, as an API that made a
//              new buffer per frame would, then read that.
// Per phase: callbacks run, the JS heap's growth rate (median over GC-free windows) and what it
// costs per callback over a no-callback baseline, ArrayBuffer bytes, and the garbage
// collections seen (PerformanceObserver 'gc'). What remains in the slots phase is the
// rest of the SDK (network path, timers), which docs/voice-calls.md measures rather than zeroes.
//   node scripts/bench/voice-callbacks.bench.mjs [seconds per phase, default 10]
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';
import { table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { AuthorizationTokenType, Call, Client } = require('../../dist/index.js');
const { startEmulator } = require('../../dist/emulator/index.js');

const SECONDS = Number(process.argv[2] === '--emulator' ? 0 : process.argv[2] ?? 10);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

// The emulator (whose voice relay allocates plenty) runs in a child process, so the heap
// figures here are the SDK's alone.
if (process.argv[2] === '--emulator') {
  const emu = await startEmulator({ port: 0, log: () => {} });
  const tokens = emu.users.slice(0, 2).map((user) => emu.control.issueToken(user.id).accessToken);
  process.send({ apiBase: emu.apiBase, webBase: emu.webBase, applicationId: emu.application.id, tokens });
  process.once('message', async () => {
    await emu.close();
    process.exit(0);
  });
} else {
  await main();
}

async function main() {
const child = fork(fileURLToPath(import.meta.url), ['--emulator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const emu = await new Promise((resolve) => child.once('message', resolve));
async function ready(token) {
  const client = new Client(emu.apiBase, emu.webBase, { ipcPaths: () => [], openUrl: () => false, audio: { backend: 'virtual' } });
  client.SetApplicationId(BigInt(emu.applicationId));
  await client.UpdateToken(AuthorizationTokenType.Bearer, token);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready);
  return client;
}
const a = await ready(emu.tokens[0]);
const b = await ready(emu.tokens[1]);
const { lobbyId } = await a.CreateOrJoinLobby('voice-callbacks-bench');
await b.CreateOrJoinLobby('voice-callbacks-bench');
await until(() => (a.GetLobbyHandle(lobbyId)?.LobbyMemberIds().length ?? 0) === 2);
const native = (client) => client.native;
native(a)._VirtualAudio('sine', 440, -20);
native(b)._VirtualAudio('sine', 660, -20);

let naive = false;
let callbacks = 0;
let sink = 0;
function read(data) {
  const frame = naive ? Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)) : data;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i];
  sink += sum;
  callbacks++;
}

let gcs = 0;
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcs++;
    gcMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

async function connected(callA, callB, withCallbacks) {
  for (const call of [callA, callB]) call.SetVADThreshold(false, -60);
  await until(() => callA.GetStatus() === Call.Status.Connected && callB.GetStatus() === Call.Status.Connected, 15_000);
  if (withCallbacks) await until(() => callbacks > 100, 5_000);
  await sleep(1000);
}

// The JS heap's growth per second, from 250 ms windows in which no GC ran (a GC entry or a
// shrinking heap spoils a window): the median over the phase, so a GC never decides a figure.
async function phase(name, copy) {
  naive = copy;
  await sleep(200);
  const startCallbacks = callbacks;
  const startArrayBuffers = process.memoryUsage().arrayBuffers;
  const startGcs = gcs;
  const startGcMs = gcMs;
  const rates = [];
  const deadline = Date.now() + SECONDS * 1000;
  let last = { at: performance.now(), heap: process.memoryUsage().heapUsed, gcs };
  while (Date.now() < deadline) {
    await sleep(250);
    const now = { at: performance.now(), heap: process.memoryUsage().heapUsed, gcs };
    if (now.gcs === last.gcs && now.heap >= last.heap) rates.push(((now.heap - last.heap) * 1000) / (now.at - last.at));
    last = now;
  }
  rates.sort((x, y) => x - y);
  const n = callbacks - startCallbacks;
  const perSecond = rates.length ? rates[Math.floor(rates.length / 2)] : Number.NaN;
  return {
    perSecond,
    row: (baseline) => [
      name,
      String(n),
      `${(perSecond / 1024).toFixed(1)} KiB/s`,
      n > 0 && baseline !== undefined ? `${(((perSecond - baseline) / n) * SECONDS).toFixed(0)} B` : '–',
      `${((process.memoryUsage().arrayBuffers - startArrayBuffers) / 1024).toFixed(0)} KiB`,
      String(gcs - startGcs),
      `${(gcMs - startGcMs).toFixed(1)} ms`,
      `${rates.length}`,
    ],
  };
}

// Baseline: the same call without JS callbacks (what the rest of the SDK allocates meanwhile).
let callA = a.StartCall(lobbyId);
let callB = b.StartCall(lobbyId);
await connected(callA, callB, false);
const baseline = await phase('no JS callbacks (StartCall)', false);
await b.EndCall(lobbyId);
callB = b.StartCallWithAudioCallbacks(
  lobbyId,
  (userId, data) => read(data),
  (data) => read(data),
);
await connected(callA, callB, true);
const phases = [
  baseline,
  await phase('slots (in place)', false),
  await phase('naive Buffer copy per frame', true),
  await phase('slots again', false),
];
const rows = phases.map((p) => p.row(baseline.perSecond));

console.log('### JS audio callbacks: slots vs a per-frame copy (one call, a received and a captured callback per tick)\n');
console.log(table(['phase', 'callbacks', 'JS heap growth (median, GC-free windows)', 'per callback over baseline', 'ArrayBuffers Δ', 'GCs', 'GC time', 'windows'], rows));
console.log(`\n${SECONDS} s per phase (≈${SECONDS * 50} ticks), one run, one process. Heap growth is the median over 250 ms windows without a GC; "per callback over baseline" is (growth − the no-callback baseline's) ÷ callbacks per second: the JS heap each callback costs. ArrayBuffers Δ is end − start (the naive copy's bytes live there). \`node scripts/bench/voice-callbacks.bench.mjs [seconds]\` reproduces it.\n`);
if (sink === 0.5) console.log('');
await b.EndCall(lobbyId);
await a.EndCall(lobbyId);
a.Dispose();
b.Dispose();
child.send('exit');
}
