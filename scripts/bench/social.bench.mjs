// The social layer's two hot paths on the player's side, each next to a plain-JS baseline
// measured in the same run:
//  (a) lobby history served from the SDK's message cache: `GetLobbyMessagesWithLimit(lobby, 200)`
//      on a lobby whose 250 messages arrived over the gateway while the client was connected
//      (checked to make no HTTP request); baseline: an async JS function that takes the newest
//      200 of 250 plain message objects held in an array and builds 200 plain objects with the
//      same fields;
//  (b) LOBBY_MESSAGE_CREATE events from the gateway socket to a JS callback: a burst of lobby
//      messages created on the service side, timed until `SetMessageCreatedCallback`'s callback
//      has seen all of them — live (from the first publish) and queued (the burst waits in the
//      socket first, so only the receiving side is timed); baseline: a `ws` client identified by
//      hand on the same gateway as the same kind of user, `JSON.parse` of every frame and an
//      EventEmitter emitting 'messageCreate' to a listener, receiving the same burst.
// The emulator runs in a worker thread (its own event loop, so its own core of the two), and the
// producer calls the emulator's own lobby-message function (what POST /lobbies/{id}/messages
// calls after validation and the rate limit), so no HTTP handling sits in the timed path.
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { percentile, table } from './measure.mjs';

const require = createRequire(import.meta.url);

const HISTORY_MESSAGES = 250; // in the cache lobby; the call asks for the newest 200
const HISTORY_LIMIT = 200;
const CACHE_WARMUP = 300;
const CACHE_CALLS = 3000;
const BURST = 5000; // lobby messages per burst
const ROUNDS = 15; // measured bursts per row, the kinds taking turns; the median is reported (a queued burst lasts ~30 ms, so 7 left the median to a few outliers)
const CONTENT_WIDTH = 64; // characters per message, like a short chat line

// ---------------------------------------------------------------- the emulator's thread

async function emulatorThread() {
  const { startEmulator } = require('../../dist/emulator/index.js');
  const { postLobbyMessage } = require('../../dist/emulator/domain/messages.js');
  const emu = await startEmulator({ port: 0, ipc: false });
  // Off, so a burst is not the lobby's 10-per-10-s write limit; the producer below skips the
  // HTTP route (and its limiter) anyway.
  emu.control.setRateLimits(false);
  let requests = 0;
  emu.server.on('request', () => requests++);
  const user = (username) => {
    const id = String(emu.control.createUser({ username }).id);
    return { id, token: emu.control.issueToken(id).accessToken };
  };
  const users = { sdk: user('bench_sdk'), ws: user('bench_ws'), producer: user('bench_producer') };

  parentPort.on('message', async ({ id, op, args }) => {
    const reply = (value) => parentPort.postMessage({ id, value });
    switch (op) {
      case 'requests':
        return reply(requests);
      case 'burst': {
        const lobby = emu.core.state.lobbies.get(args.lobbyId);
        if (!lobby) throw new Error(`no lobby ${args.lobbyId}`);
        const start = performance.now();
        for (let i = 0; i < args.count; i++) {
          postLobbyMessage(emu.core, lobby, users.producer.id, `${args.tag} message ${i} `.padEnd(CONTENT_WIDTH, '.'), null, 0);
        }
        const ms = performance.now() - start;
        if (args.hold) {
          Atomics.store(args.hold, 0, 1);
          Atomics.notify(args.hold, 0);
        }
        return reply(ms);
      }
      case 'close':
        await emu.close();
        reply(null);
        parentPort.close();
        return;
      default:
        throw new Error(`unknown op ${op}`);
    }
  });
  parentPort.postMessage({
    id: 0,
    value: { apiBase: emu.apiBase, webBase: emu.webBase, gatewayUrl: emu.gatewayUrl, appId: emu.application.id, users },
  });
}

// ---------------------------------------------------------------- helpers (main thread)

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const collect = () => globalThis.gc?.();

/** `promise`, or an error after `ms` (the timer never outlives the promise). */
function within(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not complete in ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function until(check, ms, what) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(5);
  }
}

function startWorker() {
  const worker = new Worker(new URL(import.meta.url));
  const waiting = new Map();
  let nextId = 1;
  worker.on('message', ({ id, value }) => {
    waiting.get(id)?.(value);
    waiting.delete(id);
  });
  const failed = new Promise((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`emulator worker exited ${code}`)));
  });
  failed.catch(() => undefined);
  const ask = (op, args) => {
    const id = nextId++;
    const answer = new Promise((resolve) => waiting.set(id, resolve));
    worker.postMessage({ id, op, args });
    return Promise.race([answer, failed]);
  };
  const ready = Promise.race([new Promise((resolve) => waiting.set(0, resolve)), failed]);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  return { ask, ready, exited };
}

/** PUT /lobbies as `token`'s user: creates the lobby for the secret or joins it. */
async function joinLobby(apiBase, token, secret) {
  const response = await fetch(`${apiBase}/lobbies`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ secret, idle_timeout_seconds: 604800 }),
  });
  if (!response.ok) throw new Error(`PUT /lobbies: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

/**
 * The baseline's gateway client: a `ws` socket doing Hello → Identify → heartbeats by hand, every
 * frame through `JSON.parse`, lobby messages emitted as 'messageCreate' on an EventEmitter.
 */
function plainGatewayClient(gatewayUrl, token) {
  const events = new EventEmitter();
  // The same socket options as the SDK's Node host (lib/platform/node_host.ts).
  const ws = new WebSocket(`${gatewayUrl}?v=10&encoding=json`, { maxPayload: 16 * 1024 * 1024, perMessageDeflate: false });
  let seq = null;
  let heartbeat;
  const beat = () => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ op: 1, d: seq }));
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const payload = JSON.parse(data.toString());
    if (typeof payload.s === 'number') seq = payload.s;
    switch (payload.op) {
      case 0: // Dispatch
        if (payload.t === 'LOBBY_MESSAGE_CREATE') events.emit('messageCreate', payload.d);
        else if (payload.t === 'READY') events.emit('ready', payload.d);
        return;
      case 1: // Heartbeat requested
        return beat();
      case 10: // Hello
        heartbeat = setInterval(beat, payload.d.heartbeat_interval);
        heartbeat.unref();
        ws.send(JSON.stringify({ op: 2, d: { token: `Bearer ${token}`, properties: { os: process.platform, browser: 'bench', device: 'bench' } } }));
        return;
      default: // 11 Heartbeat ACK; nothing else is expected on a healthy session
        return;
    }
  });
  ws.on('close', () => clearInterval(heartbeat));
  const ready = new Promise((resolve, reject) => {
    events.once('ready', resolve);
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`gateway closed ${code} ${reason}`)));
  });
  return { events, ready, close: () => ws.close(1000) };
}

// ---------------------------------------------------------------- the run

async function main() {
  const started = performance.now();
  const phase = (name) => process.stderr.write(`[social] ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const { AuthorizationTokenType, Client, LoggingSeverity } = require('../../dist/index.js');

  const emulator = startWorker();
  const info = await emulator.ready;
  const { ask } = emulator;

  // Every HTTP request the SDK makes goes through the Node host's global fetch: count them, next
  // to the emulator's own request counter.
  let fetches = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (...args) => {
    fetches++;
    return realFetch(...args);
  };

  const warnings = [];
  const client = new Client(info.apiBase, info.webBase, { ipcPaths: () => [] });
  client.SetApplicationId(BigInt(info.appId));
  client.AddLogCallback((line) => warnings.push(line), LoggingSeverity.Warning);
  await client.UpdateToken(AuthorizationTokenType.Bearer, info.users.sdk.token);
  client.Connect();
  await until(() => client.GetStatus() === Client.Status.Ready, 10_000, 'SDK client Ready');

  const plain = plainGatewayClient(info.gatewayUrl, info.users.ws.token);
  await within(plain.ready, 10_000, 'ws client READY');

  // Three lobbies, the producer in each: one for history, one per receiving client, so a burst
  // reaches exactly one receiver and the other one idles.
  const cacheLobby = (await client.CreateOrJoinLobby('bench-social-cache')).lobbyId;
  const sdkLobby = (await client.CreateOrJoinLobby('bench-social-events-sdk')).lobbyId;
  const wsLobby = await joinLobby(info.apiBase, info.users.ws.token, 'bench-social-events-ws');
  for (const secret of ['bench-social-cache', 'bench-social-events-sdk', 'bench-social-events-ws']) {
    await joinLobby(info.apiBase, info.users.producer.token, secret);
  }
  await sleep(100); // member-add events settle
  phase('connected, lobbies made');

  // ------------------------------------------------------------ (a) history from the cache

  let live = 0;
  client.SetMessageCreatedCallback(() => live++);
  await ask('burst', { lobbyId: String(cacheLobby), count: HISTORY_MESSAGES, tag: 'history' });
  await until(() => live === HISTORY_MESSAGES, 10_000, 'history messages over the gateway');
  client.SetMessageCreatedCallback(() => undefined);

  // The first read, as an application would make it. It may go to the service: until it has
  // fetched a page once, the SDK does not know whether older messages exist.
  let requestsBefore = await ask('requests');
  let fetchesBefore = fetches;
  const firstRead = await client.GetLobbyMessagesWithLimit(cacheLobby, HISTORY_LIMIT);
  const firstReadRequests = (await ask('requests')) - requestsBefore;
  const firstReadFetches = fetches - fetchesBefore;
  if (firstRead.messages.length !== HISTORY_LIMIT) throw new Error(`first read: ${firstRead.messages.length} messages`);
  phase(`first history read: ${firstReadRequests} request(s) to the emulator, ${firstReadFetches} fetch(es) by the SDK`);

  const check = (await client.GetLobbyMessagesWithLimit(cacheLobby, HISTORY_LIMIT)).messages;
  if (check.length !== HISTORY_LIMIT || !check[0].Content().startsWith(`history message ${HISTORY_MESSAGES - 1} `)) {
    throw new Error(`cache read: ${check.length} messages, newest '${check[0]?.Content()}'`);
  }

  // The baseline's store: the same 250 messages as plain objects, oldest first (as a JS cache
  // would append them), with the fields the SDK's handles expose.
  const store = check
    .slice()
    .reverse()
    .map((m) => ({
      id: m.Id(), channelId: m.ChannelId(), lobbyId: cacheLobby, authorId: m.AuthorId(), content: m.Content(),
      sentTimestamp: m.SentTimestamp(), editedTimestamp: m.EditedTimestamp(), metadata: m.Metadata(), applicationId: m.ApplicationId(),
    }));
  // The page holds the newest 200; the 50 older ones are rebuilt the way the producer wrote them.
  for (let i = HISTORY_MESSAGES - HISTORY_LIMIT - 1; i >= 0; i--) {
    store.unshift({ ...store[0], id: store[0].id - 1n, content: `history message ${i} `.padEnd(CONTENT_WIDTH, '.') });
  }
  const HISTORY_WINDOW_MS = 72n * 3600n * 1000n;
  async function plainNewest(limit) {
    const since = BigInt(Date.now()) - HISTORY_WINDOW_MS; // the same 72 h window filter as the SDK applies
    const out = [];
    for (let i = store.length - 1; i >= 0 && out.length < limit; i--) {
      const m = store[i];
      if (m.sentTimestamp < since) continue;
      out.push({
        id: m.id, channelId: m.channelId, lobbyId: m.lobbyId, authorId: m.authorId, content: m.content,
        sentTimestamp: m.sentTimestamp, editedTimestamp: m.editedTimestamp, metadata: { ...m.metadata }, applicationId: m.applicationId,
      });
    }
    return out;
  }

  let sink = 0;
  const readSdk = (messages) => {
    for (const m of messages) sink += Number(m.Id() & 0xffn) + m.Content().length + Number(m.AuthorId() & 0xffn) + Number(m.SentTimestamp() & 0xffn);
  };
  const readPlain = (messages) => {
    for (const m of messages) sink += Number(m.id & 0xffn) + m.content.length + Number(m.authorId & 0xffn) + Number(m.sentTimestamp & 0xffn);
  };

  async function timeCalls(call) {
    for (let i = 0; i < CACHE_WARMUP; i++) await call();
    collect();
    const samples = new Float64Array(CACHE_CALLS);
    const began = process.hrtime.bigint();
    for (let i = 0; i < CACHE_CALLS; i++) {
      const start = process.hrtime.bigint();
      await call();
      samples[i] = Number(process.hrtime.bigint() - start) / 1000; // µs
    }
    const totalUs = Number(process.hrtime.bigint() - began) / 1000;
    const sorted = [...samples].sort((a, b) => a - b);
    const slow = sorted.filter((v) => v > 1000);
    return {
      perSecond: CACHE_CALLS / (totalUs / 1e6), mean: totalUs / CACHE_CALLS, p50: percentile(sorted, 50), p99: percentile(sorted, 99),
      pauses: slow.length, pauseUs: slow.reduce((sum, v) => sum + v, 0),
    };
  }

  requestsBefore = await ask('requests');
  fetchesBefore = fetches;
  const cacheSdk = await timeCalls(async () => {
    const { messages } = await client.GetLobbyMessagesWithLimit(cacheLobby, HISTORY_LIMIT);
    if (messages.length !== HISTORY_LIMIT) throw new Error('short page');
  });
  const cacheSdkRead = await timeCalls(async () => readSdk((await client.GetLobbyMessagesWithLimit(cacheLobby, HISTORY_LIMIT)).messages));
  const cacheRequests = (await ask('requests')) - requestsBefore;
  const cacheFetches = fetches - fetchesBefore;
  if (cacheRequests !== 0 || cacheFetches !== 0) {
    throw new Error(`the cached reads made HTTP requests: ${cacheRequests} at the emulator, ${cacheFetches} fetch() calls`);
  }
  const cachePlain = await timeCalls(async () => {
    if ((await plainNewest(HISTORY_LIMIT)).length !== HISTORY_LIMIT) throw new Error('short page');
  });
  const cachePlainRead = await timeCalls(async () => readPlain(await plainNewest(HISTORY_LIMIT)));
  phase(`history reads done (${2 * (CACHE_WARMUP + CACHE_CALLS)} SDK calls, 0 requests)`);

  // ------------------------------------------------------------ (b) MESSAGE_CREATE throughput

  // Two ways to time a burst:
  //  live   — from the request to the producer until the callback has the last message: the
  //           real pipeline, but the emulator's own cost per message sets the pace;
  //  queued — the receiving thread is held (Atomics.wait) while the emulator creates the whole
  //           burst, so it waits in the socket; timed from the release until the last callback:
  //           what the receiving side alone can take.
  const hold = new Int32Array(new SharedArrayBuffer(4));

  /** One burst into `lobbyId`; resolves when `subscribe`'s callback has seen BURST messages. */
  async function burst(lobbyId, tag, queued, subscribe) {
    const ids = [];
    let finish;
    const finished = new Promise((resolve) => (finish = resolve));
    const unsubscribe = subscribe((id) => {
      if (ids.push(id) === BURST) finish(performance.now());
    });
    collect();
    Atomics.store(hold, 0, 0);
    let start = performance.now();
    const producerMs = ask('burst', { lobbyId: String(lobbyId), count: BURST, tag, hold: queued ? hold : undefined });
    if (queued) {
      if (Atomics.wait(hold, 0, 0, 30_000) === 'timed-out') throw new Error(`${tag}: the producer did not finish`);
      start = performance.now();
    }
    let end;
    try {
      end = await within(finished, 30_000, `${tag}: ${BURST} messages`);
    } catch (error) {
      throw new Error(`${error.message} (received ${ids.length})`);
    }
    const producer = await producerMs;
    await sleep(50); // anything extra would arrive now
    unsubscribe();
    const duplicates = ids.length - new Set(ids.map(String)).size;
    if (ids.length !== BURST || duplicates !== 0) throw new Error(`${tag}: received ${ids.length} of ${BURST}, ${duplicates} duplicated`);
    return { ms: end - start, producerMs: producer };
  }

  // Ids whose handle was already gone when their callback ran (reported under the table).
  let handleMissing = 0;
  const sdkRound = (tag, queued) =>
    burst(sdkLobby, tag, queued, (onId) => {
      client.SetMessageCreatedCallback((messageId) => onId(messageId));
      return () => client.SetMessageCreatedCallback(() => undefined);
    });
  // The SDK's callback gets an id; a chat UI then reads the message: this variant does.
  const sdkReadRound = (tag, queued) =>
    burst(sdkLobby, tag, queued, (onId) => {
      client.SetMessageCreatedCallback((messageId) => {
        const message = client.GetMessageHandle(messageId);
        if (message) sink += message.Content().length;
        else handleMissing++;
        onId(messageId);
      });
      return () => client.SetMessageCreatedCallback(() => undefined);
    });
  const plainRound = (tag, queued) =>
    burst(wsLobby, tag, queued, (onId) => {
      const listener = (message) => {
        sink += message.content.length;
        onId(message.id);
      };
      plain.events.on('messageCreate', listener);
      return () => plain.events.off('messageCreate', listener);
    });

  const kinds = { sdk: sdkRound, sdkRead: sdkReadRound, plain: plainRound };
  const results = {};
  const missing = {};
  const producerTimes = [];
  for (let round = 0; round <= ROUNDS; round++) {
    for (const queued of [false, true]) {
      for (const [kind, run] of Object.entries(kinds)) {
        const key = `${kind}-${queued ? 'queued' : 'live'}`;
        const missingBefore = handleMissing;
        const { ms, producerMs } = await run(`${key}-${round}`, queued);
        (missing[key] ??= []).push(handleMissing - missingBefore);
        if (round === 0) continue; // warm-up
        (results[key] ??= []).push(ms);
        producerTimes.push(producerMs);
      }
    }
  }
  const bursts = (ROUNDS + 1) * 2 * Object.keys(kinds).length;
  phase(`${bursts} bursts of ${BURST} done; handles gone in the reading callback per burst: live ${missing['sdkRead-live'].join(', ')}; queued ${missing['sdkRead-queued'].join(', ')}`);
  const handlesGone = { live: missing['sdkRead-live'].slice(1), queued: missing['sdkRead-queued'].slice(1) };

  client.Dispose();
  plain.close();
  globalThis.fetch = realFetch;
  await ask('close');
  await emulator.exited;
  if (sink === -1) console.log('');
  for (const line of warnings) process.stderr.write(`[social] SDK warning: ${line}\n`);

  // ------------------------------------------------------------ report

  const us = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} ms` : `${v.toFixed(1)} µs`);
  const perSecond = (v, unit) => `${Math.round(v).toLocaleString('en-US')} ${unit}/s`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const ms = (key) => median(results[key]);
  const rate = (key) => BURST / (ms(key) / 1000);
  const burstSize = BURST.toLocaleString('en-US');
  const history = `\`GetLobbyMessagesWithLimit(lobby, ${HISTORY_LIMIT})\` from the cache`;
  const withFields = `${history}, then \`Id()\`, \`Content()\`, \`AuthorId()\`, \`SentTimestamp()\` of all ${HISTORY_LIMIT}`;
  const plainHistory = `an \`async\` JS function taking the newest ${HISTORY_LIMIT} of ${HISTORY_MESSAGES} plain message objects held in an array (same 72 h filter) and building ${HISTORY_LIMIT} plain objects with the same 9 fields`;
  const plainEvents = 'a `ws` client identified by hand on the same gateway (Hello, Identify, heartbeats), `JSON.parse` per frame, an `EventEmitter` emitting `messageCreate` to a listener that reads `content`';
  const goneNote = (list) => {
    const worst = Math.max(...list);
    if (worst === 0) return '';
    const bursts = list.filter((n) => n > 0).length;
    return ` (no handle any more for up to ${worst.toLocaleString('en-US')} of them, in ${bursts} of ${list.length} bursts: see below)`;
  };
  const events = (key, label, baseline) => [label, perSecond(rate(key), 'events'), perSecond(rate(baseline), 'events'), 'the same', ratio(rate(key), rate(baseline))];
  const time = (key, label, baseline) => [label, `${ms(key).toFixed(0)} ms`, `${ms(baseline).toFixed(0)} ms`, 'the same', ratio(ms(key), ms(baseline))];

  console.log('### Social layer: lobby history from the cache, LOBBY_MESSAGE_CREATE to a callback\n');
  console.log(table(
    ['measure', 'sdkpp', 'baseline', 'baseline is', 'ratio (sdkpp / baseline)'],
    [
      [`${history}: calls/s (each awaited before the next)`, perSecond(cacheSdk.perSecond, 'calls'), perSecond(cachePlain.perSecond, 'calls'), plainHistory, ratio(cacheSdk.perSecond, cachePlain.perSecond)],
      ['… µs per call, mean', us(cacheSdk.mean), us(cachePlain.mean), 'the same', ratio(cacheSdk.mean, cachePlain.mean)],
      ['… p50', us(cacheSdk.p50), us(cachePlain.p50), 'the same', ratio(cacheSdk.p50, cachePlain.p50)],
      ['… p99', us(cacheSdk.p99), us(cachePlain.p99), 'the same', ratio(cacheSdk.p99, cachePlain.p99)],
      [`${withFields}: calls/s`, perSecond(cacheSdkRead.perSecond, 'calls'), perSecond(cachePlainRead.perSecond, 'calls'), 'the same, then reading the same 4 fields of each object', ratio(cacheSdkRead.perSecond, cachePlainRead.perSecond)],
      ['… p50 / p99', `${us(cacheSdkRead.p50)} / ${us(cacheSdkRead.p99)}`, `${us(cachePlainRead.p50)} / ${us(cachePlainRead.p99)}`, 'the same', `${ratio(cacheSdkRead.p50, cachePlainRead.p50)} / ${ratio(cacheSdkRead.p99, cachePlainRead.p99)}`],
      [`LOBBY_MESSAGE_CREATE → \`SetMessageCreatedCallback\` callback, a live burst of ${burstSize}, from the first publish`, perSecond(rate('sdk-live'), 'events'), perSecond(rate('plain-live'), 'events'), plainEvents, ratio(rate('sdk-live'), rate('plain-live'))],
      time('sdk-live', '… time until the callback has the last message', 'plain-live'),
      events('sdkRead-live', `… the callback also reads \`GetMessageHandle(id).Content()\`${goneNote(handlesGone.live)}`, 'plain-live'),
      [`the same ${burstSize} queued in the socket first, from the release (the receiving side alone)`, perSecond(rate('sdk-queued'), 'events'), perSecond(rate('plain-queued'), 'events'), 'the same', ratio(rate('sdk-queued'), rate('plain-queued'))],
      time('sdk-queued', '… time until the callback has the last message', 'plain-queued'),
      events('sdkRead-queued', `… the callback also reads \`GetMessageHandle(id).Content()\`${goneNote(handlesGone.queued)}`, 'plain-queued'),
    ],
  ));
  const gone = (list) => (list.every((n) => n === 0) ? 'none' : `${list.join(', ')} of ${burstSize} per burst`);
  const pauses = (r) => `${r.pauses} of its calls took over 1 ms, ${(r.pauseUs / 1000).toFixed(0)} ms of its ${((r.mean * CACHE_CALLS) / 1000).toFixed(0)} ms`;
  console.log(`
History: ${HISTORY_MESSAGES} lobby messages reached the connected client over the gateway; the first \`GetLobbyMessagesWithLimit(lobby, ${HISTORY_LIMIT})\` ${firstReadRequests === 0 ? 'was already answered from the cache' : `asked the service (${firstReadRequests} request: until it has fetched a page once, the SDK does not treat live messages as the whole history)`}; then ${CACHE_CALLS.toLocaleString('en-US')} timed calls per row after ${CACHE_WARMUP} warm-up calls, each awaited before the next (so each includes the SDK's hop to a later event-loop turn for its callback); the emulator's request counter and the Node host's \`fetch\` both saw no request from any of them. Each SDK call hands out ${HISTORY_LIMIT} new \`MessageHandle\` objects (small JS views sharing one batch: the ids, and a snapshot of the common fields that the first getter reads for all 200 in one call into the addon and that stays in use while the cache's change count, in memory shared with the addon, stands still), and GC pauses show in the mean and p99 (first row: ${pauses(cacheSdk)}). Events: the emulator runs in a worker thread and creates each burst with its own lobby-message function (what \`POST /lobbies/{id}/messages\` runs after validation and the rate limit; ${median(producerTimes).toFixed(0)} ms per burst alone, median, which bounds the live rows) in a lobby whose only other member is the one receiving client; every id checked, none lost or repeated; median of ${ROUNDS} bursts per row after a warm-up burst, SDK and baseline bursts taking turns, so they never compete for the CPU. In the reading callback \`GetMessageHandle(id)\` found no message for ${gone(handlesGone.live)} (live) and ${gone(handlesGone.queued)} (queued)${handlesGone.queued.some((n) => n > 0) || handlesGone.live.some((n) => n > 0) ? ' (a bug: every MessageCreated id should have its handle while its callback runs)' : ''}. \`npm run build:ts && node --expose-gc scripts/bench/social.bench.mjs\` reproduces it (${((performance.now() - started) / 1000).toFixed(0)} s here).
`);
}

// At the end, so every const above is initialized before either side runs.
if (isMainThread) await main();
else await emulatorThread();
