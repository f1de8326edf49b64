// The emulator's real-time faces under load, each next to a bare baseline measured in the same
// run on the same loopback:
//  (a) gateway fan-out: 1,000 identified user sessions in one lobby, a burst of lobby messages
//      posted over HTTP -> events per second delivered across all sessions and the time until
//      the last session has the last message; baseline: a bare `ws` server broadcasting the same
//      frames to 1,000 `ws` clients;
//  (b) IPC: SET_ACTIVITY request -> reply latency (p50, p99) over the local client's Unix socket;
//      baseline: a bare `net` server echoing the same frames with the same framing.
// Clients and servers share this one process (and its CPU), in both measurements alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);
const { startEmulator } = require('../../dist/emulator/index.js');

const SESSIONS = 1000;
const MESSAGES = 100; // per burst
const ROUNDS = 3; // bursts; the median is reported
const IPC_WARMUP = 100;
const IPC_ROUNDS = 2000;
// The local client cuts a connection off above 200 frames/s (flood protection), so requests are
// paced: one every 5.5 ms at most. Latency is measured per request, from write to reply.
const IPC_SPACING_MS = 5.5;

const dir = mkdtempSync(join(tmpdir(), 'sdkpp-bench-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or an error after `ms` (the timer never outlives the promise). */
function within(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not complete in ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- (a) gateway fan-out

/** A client that counts the lobby messages it receives (parsing each frame, as a real one would). */
function countingClient(ws, tracker) {
  const client = { ws, count: 0 };
  ws.on('message', (data) => {
    const payload = JSON.parse(data.toString());
    if (payload.op !== 0 || payload.t !== 'LOBBY_MESSAGE_CREATE') return;
    client.count++;
    if (client.count === tracker.target) {
      tracker.done++;
      if (tracker.done === tracker.clients) tracker.finish(performance.now());
    }
  });
  return client;
}

function newTracker(clients, target) {
  const tracker = { clients, target, done: 0, finish: () => undefined };
  tracker.finished = new Promise((resolve) => (tracker.finish = resolve));
  return tracker;
}

async function emulatorFanout() {
  const emu = await startEmulator({ port: 0, ipc: false });
  emu.control.setRateLimits(false);
  const botAuth = { authorization: `Bot ${emu.application.botToken}`, 'content-type': 'application/json' };
  const users = Array.from({ length: SESSIONS }, (_, i) => String(emu.control.createUser({ username: `bench_${i}` }).id));
  const tokens = users.map((id) => emu.control.issueToken(id).accessToken);
  const lobby = await (await fetch(`${emu.apiBase}/lobbies`, { method: 'POST', headers: botAuth, body: '{}' })).json();
  for (let i = 0; i < users.length; i += 25) {
    const body = JSON.stringify(users.slice(i, i + 25).map((id) => ({ id })));
    const response = await fetch(`${emu.apiBase}/lobbies/${lobby.id}/members/bulk`, { method: 'POST', headers: botAuth, body });
    if (!response.ok) throw new Error(`bulk add: ${response.status}`);
  }

  let tracker = newTracker(SESSIONS, MESSAGES);
  const clients = [];
  const sample = []; // the frames one session received, for the baseline to send
  for (let i = 0; i < SESSIONS; i += 100) {
    clients.push(...(await Promise.all(tokens.slice(i, i + 100).map((token, j) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`${emu.gatewayUrl}?v=10&encoding=json`, { perMessageDeflate: false });
      ws.once('error', reject);
      ws.once('message', () => ws.send(JSON.stringify({ op: 2, d: { token: `Bearer ${token}`, properties: { os: 'bench', browser: 'bench', device: 'bench' } } })));
      const onReady = (data) => {
        if (!data.toString().includes('"t":"READY"')) return;
        ws.off('message', onReady);
        if (i + j === 0) ws.on('message', (frame) => sample.push(frame.toString()));
        resolve(countingClient(ws, { get target() { return tracker.target; }, get clients() { return tracker.clients; }, get done() { return tracker.done; }, set done(v) { tracker.done = v; }, finish: (at) => tracker.finish(at) }));
      };
      ws.on('message', onReady);
    })))));
  }

  const posterAuth = { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' };
  const results = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    tracker = newTracker(SESSIONS, MESSAGES);
    for (const client of clients) client.count = 0;
    sample.length = 0;
    const start = performance.now();
    await Promise.all(Array.from({ length: MESSAGES }, (_, i) =>
      fetch(`${emu.apiBase}/lobbies/${lobby.id}/messages`, { method: 'POST', headers: posterAuth, body: JSON.stringify({ content: `round ${round} message ${i} `.padEnd(60, '.') }) })
        .then((r) => { if (!r.ok) throw new Error(`post: ${r.status}`); return r.arrayBuffer(); })));
    const end = await within(tracker.finished, 60_000, 'fan-out');
    if (round > 0) results.push(end - start); // round 0 warms up
    await sleep(200);
  }
  const frames = sample.filter((f) => f.includes('"t":"LOBBY_MESSAGE_CREATE"'));
  for (const client of clients) client.ws.terminate();
  await emu.close();
  return { ms: median(results), frames };
}

async function baselineFanout(frames) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const sockets = [];
  server.on('connection', (socket) => sockets.push(socket));
  const url = `ws://127.0.0.1:${server.address().port}`;
  let tracker = newTracker(SESSIONS, frames.length);
  const clients = [];
  for (let i = 0; i < SESSIONS; i += 100) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(100, SESSIONS - i) }, () => new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('error', reject);
      ws.once('open', () => resolve(countingClient(ws, { get target() { return tracker.target; }, get clients() { return tracker.clients; }, get done() { return tracker.done; }, set done(v) { tracker.done = v; }, finish: (at) => tracker.finish(at) })));
    })))));
  }
  while (sockets.length < SESSIONS) await sleep(5);
  const results = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    tracker = newTracker(SESSIONS, frames.length);
    for (const client of clients) client.count = 0;
    const start = performance.now();
    // The plainest broadcast: every frame to every socket, at once.
    for (const frame of frames) for (const socket of sockets) socket.send(frame);
    const end = await within(tracker.finished, 60_000, 'baseline fan-out');
    if (round > 0) results.push(end - start);
    await sleep(200);
  }
  for (const client of clients) client.ws.terminate();
  await new Promise((resolve) => server.close(resolve));
  return { ms: median(results) };
}

// ---------------------------------------------------------------- (b) IPC round trips

function encode(opcode, text) {
  const body = Buffer.from(text, 'utf8');
  const header = Buffer.alloc(8);
  header.writeUInt32LE(opcode, 0);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A framed client: `request(text)` resolves with the next FRAME's parsed payload. */
function framedClient(socket) {
  let buffer = Buffer.alloc(0);
  const waiting = [];
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    while (buffer.length >= 8) {
      const length = buffer.readUInt32LE(4);
      if (buffer.length < 8 + length) break;
      const text = buffer.subarray(8, 8 + length).toString('utf8');
      buffer = buffer.subarray(8 + length);
      waiting.shift()?.(JSON.parse(text));
    }
  });
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    request(opcode, text) {
      const reply = new Promise((resolve) => waiting.push(resolve));
      socket.write(encode(opcode, text));
      return reply;
    },
  };
}

async function roundTrips(client) {
  const samples = [];
  let last = 0;
  for (let i = 0; i < IPC_WARMUP + IPC_ROUNDS; i++) {
    const wait = last + IPC_SPACING_MS - performance.now();
    if (wait > 0) await sleep(wait);
    const nonce = `n${i}`;
    const text = JSON.stringify({ cmd: 'SET_ACTIVITY', args: { pid: process.pid, activity: { type: 0, name: 'Bench Quest', state: `round ${i}`, details: 'In a party', party: { id: 'p1', size: [2, 4] } } }, nonce });
    last = performance.now();
    const reply = await client.request(1, text);
    const elapsed = performance.now() - last;
    if (reply.nonce !== nonce || reply.evt === 'ERROR') throw new Error(`bad reply: ${JSON.stringify(reply).slice(0, 200)}`);
    if (i >= IPC_WARMUP) samples.push(elapsed * 1000); // µs
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function emulatorIpc() {
  const emu = await startEmulator({ port: 0, ipc: true, ipcPaths: [join(dir, 'sdkpp-ipc-0')] });
  const socket = net.createConnection(emu.ipcPath);
  await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('error', reject)));
  const client = framedClient(socket);
  const ready = await client.request(0, JSON.stringify({ v: 1, client_id: emu.application.id }));
  if (ready.evt !== 'READY') throw new Error('no READY');
  const result = await roundTrips(client);
  socket.destroy();
  await emu.close();
  return result;
}

async function baselineIpc() {
  const path = join(dir, 'echo.sock');
  // Echo: every FRAME comes back as a FRAME with the same payload, same 8-byte framing.
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (buffer.length >= 8) {
        const length = buffer.readUInt32LE(4);
        if (buffer.length < 8 + length) break;
        socket.write(buffer.subarray(0, 8 + length));
        buffer = buffer.subarray(8 + length);
      }
    });
  });
  await new Promise((resolve) => server.listen(path, resolve));
  const socket = net.createConnection(path);
  await new Promise((resolve) => socket.once('connect', resolve));
  const result = await roundTrips(framedClient(socket));
  socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  return result;
}

// ---------------------------------------------------------------- run and report

const started = performance.now();
const phase = (name) => process.stderr.write(`[gateway-ipc] ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
const fanout = await emulatorFanout();
phase('emulator fan-out done');
const fanoutBase = await baselineFanout(fanout.frames.slice(0, MESSAGES));
phase('baseline fan-out done');
const ipc = await emulatorIpc();
phase('emulator IPC done');
const ipcBase = await baselineIpc();
phase('baseline IPC done');
rmSync(dir, { recursive: true, force: true });

const events = SESSIONS * MESSAGES;
const rate = (ms) => events / (ms / 1000);
const fmtRate = (r) => `${Math.round(r).toLocaleString('en-US')} events/s`;
const us = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${v.toFixed(0)} µs`);
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

console.log('### Gateway fan-out and IPC\n');
console.log(table(
  ['measure', 'sdkpp emulator', 'baseline', 'baseline is', 'ratio (sdkpp / baseline)'],
  [
    [`fan-out throughput: ${MESSAGES} lobby messages to ${SESSIONS.toLocaleString('en-US')} sessions`, fmtRate(rate(fanout.ms)), fmtRate(rate(fanoutBase.ms)), `a bare \`ws\` server broadcasting the same ${MESSAGES} frames to ${SESSIONS.toLocaleString('en-US')} clients`, ratio(rate(fanout.ms), rate(fanoutBase.ms))],
    ['fan-out: time until every session has every message', `${fanout.ms.toFixed(0)} ms`, `${fanoutBase.ms.toFixed(0)} ms`, 'the same', ratio(fanout.ms, fanoutBase.ms)],
    ['IPC `SET_ACTIVITY` request → reply, p50', us(ipc.p50), us(ipcBase.p50), 'a bare `net` Unix-socket server echoing the same frames (8-byte header, JSON)', ratio(ipc.p50, ipcBase.p50)],
    ['IPC `SET_ACTIVITY` request → reply, p99', us(ipc.p99), us(ipcBase.p99), 'the same', ratio(ipc.p99, ipcBase.p99)],
  ],
));
console.log(`
Fan-out: ${SESSIONS.toLocaleString('en-US')} user sessions identified over loopback, all members of one lobby; each burst posts ${MESSAGES} lobby messages over HTTP at once and is timed from the first post until the last session has parsed its ${MESSAGES}th LOBBY_MESSAGE_CREATE; median of ${ROUNDS} bursts after one warm-up burst (the baseline sends the frames the emulator delivered, every frame to every socket in one loop). IPC: ${IPC_ROUNDS.toLocaleString('en-US')} sequential round trips after ${IPC_WARMUP} warm-up ones, paced at one per ${IPC_SPACING_MS} ms because the local client treats more than 200 frames/s as a flood. Clients and servers share one Node process. \`npm run build:ts && node scripts/bench/gateway-ipc.bench.mjs\` reproduces it (${((performance.now() - started) / 1000).toFixed(0)} s here).
`);
