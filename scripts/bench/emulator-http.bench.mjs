// The emulator's HTTP throughput and latency for the hot message routes — the lobby's (a full
// history page, GET /lobbies/{id}/messages?limit=200 on a lobby holding 200 messages, and sending
// a message, POST /lobbies/{id}/messages) and a guild channel's as a bot uses them (GET
// /channels/{id}/messages?limit=100 on a channel holding 100 messages, POST
// /channels/{id}/messages) — each next to a bare node:http server on 127.0.0.1 answering the same
// bytes, measured in the same run with the same client: a fixed number of requests at a bounded
// concurrency over keep-alive connections. The client runs in a worker thread, so the servers
// have the main thread to themselves.
import http from 'node:http';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { percentile, table } from './measure.mjs';

const REQUESTS = 4000;
const WARMUP = 400;
const CONCURRENCY = 16;
const HISTORY = 200;
// A guild channel's history page: the public API's largest `limit`.
const CHANNEL_HISTORY = 100;

/** Runs `total` requests, `concurrency` at a time, over one keep-alive agent; returns timings. */
async function load({ port, method, path, headers, body }, total) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const payload = body === undefined ? undefined : Buffer.from(body);
  const once = () =>
    new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = http.request(
        { host: '127.0.0.1', port, method, path, agent, headers: payload ? { ...headers, 'content-length': payload.length } : headers },
        (res) => {
          let size = 0;
          res.on('data', (chunk) => (size += chunk.length));
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`${method} ${path}: HTTP ${res.statusCode}`));
            else resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, size });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const samples = [];
  let issued = 0;
  let bytes = 0;
  const began = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < total) {
        issued++;
        const { ms, size } = await once();
        samples.push(ms);
        bytes = size;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  agent.destroy();
  samples.sort((a, b) => a - b);
  return { requests: total, perSecond: total / seconds, p50: percentile(samples, 50), p99: percentile(samples, 99), bytes };
}

if (!isMainThread) {
  // The client: warm up, then the measured run.
  await load(workerData, WARMUP);
  parentPort.postMessage(await load(workerData, REQUESTS));
} else {
  await main();
}

function measure(target) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: target });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`client worker exited ${code}`)));
  });
}

/** A bare node:http server answering the given bytes per method (after reading the request body). */
async function bareServer(responses) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = responses[req.method];
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': answer.length });
      res.end(answer);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function main() {
  const require = createRequire(import.meta.url);
  const { startEmulator, SEED } = require('../../dist/emulator/index.js');
  const emu = await startEmulator({ port: 0 });
  const token = emu.control.issueToken(SEED.users.nelly).accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const put = await fetch(`${emu.apiBase}/lobbies`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ secret: 'bench-lobby', idle_timeout_seconds: 604800 }),
  });
  const lobbyId = (await put.json()).id;
  const path = `/api/lobbies/${lobbyId}/messages`;
  const postBody = JSON.stringify({ content: 'a benchmark message of ordinary length', metadata: { kind: 'chat' } });

  // Pre-fill the history (rate limits off: 200 messages exceed the lobby message bucket).
  emu.control.setRateLimits(false);
  for (let i = 0; i < HISTORY; i++) {
    const sent = await fetch(`${emu.webBase}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `history message number ${i}`, metadata: { kind: 'chat' } }),
    });
    if (sent.status !== 200) throw new Error(`pre-fill: HTTP ${sent.status}`);
  }
  emu.control.setRateLimits(true);

  // The exact bytes the emulator answers, for the baseline to answer (the POST first: it adds to
  // the history the GET rows then read).
  const postBytes = Buffer.from(await (await fetch(`${emu.webBase}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: postBody })).arrayBuffer());
  const getBytes = Buffer.from(await (await fetch(`${emu.webBase}${path}?limit=200`, { headers: auth })).arrayBuffer());
  if (JSON.parse(getBytes.toString()).length !== HISTORY) throw new Error('the history page is not 200 messages');
  const bare = await bareServer({ GET: getBytes, POST: postBytes });
  const barePort = bare.address().port;

  const get = { method: 'GET', path: `${path}?limit=200`, headers: auth };
  const post = { method: 'POST', path, headers: { ...auth, 'content-type': 'application/json' }, body: postBody };

  const results = [];
  results.push(['`GET /lobbies/{id}/messages?limit=200`', 'emulator', await measure({ port: emu.port, ...get })]);
  results.push(['`GET /lobbies/{id}/messages?limit=200`', 'bare node:http', await measure({ port: barePort, ...get })]);
  // The POST run sends far more than 10 messages per 10 s: rate limits off, as for the pre-fill.
  emu.control.setRateLimits(false);
  results.push(['`POST /lobbies/{id}/messages`', 'emulator', await measure({ port: emu.port, ...post })]);
  results.push(['`POST /lobbies/{id}/messages`', 'bare node:http', await measure({ port: barePort, ...post })]);

  await new Promise((resolve) => bare.close(resolve));
  results.push(...(await channelMessageRows(emu, SEED)));
  await emu.close();

  const baselineOf = (route) => results.find(([r, who]) => r === route && who === 'bare node:http')[2];
  console.log('### Emulator HTTP\n');
  console.log(
    table(
      ['scenario', 'server', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'response bytes', 'ratio to baseline'],
      results.map(([route, who, r]) => [
        route,
        who,
        String(r.requests),
        r.perSecond.toFixed(0),
        r.p50.toFixed(3),
        r.p99.toFixed(3),
        String(r.bytes),
        `${(baselineOf(route).perSecond / r.perSecond).toFixed(2)}×`,
      ]),
    ),
  );
  console.log(
    `\n${REQUESTS} requests per row after ${WARMUP} warm-up requests, ${CONCURRENCY} at a time over keep-alive connections (node:http Agent), ` +
      `from a client in a worker thread to servers on the main thread, on 127.0.0.1. The baseline is a bare \`node:http\` server answering the emulator's own response bytes. ` +
      `Ratio = time per request relative to the baseline (baseline req/s ÷ req/s). The lobby holds ${HISTORY} messages for the GET rows; ` +
      'rate limits are switched off (`emu.control.setRateLimits(false)`) for the pre-fill and the POST rows. ' +
      `The channel rows: the bot (its token) in the seeded guild's #general, which holds ${CHANNEL_HISTORY} messages for the GET rows. ` +
      '`npm run build:ts && node --expose-gc scripts/bench/emulator-http.bench.mjs` reproduces it.\n',
  );
}

/** The guild channel rows: a bot reads a full page of #general and posts to it, emulator then
 * the bare server answering the emulator's own bytes. */
async function channelMessageRows(emu, SEED) {
  const general = (BigInt(SEED.guildId) + 12n).toString();
  const auth = { authorization: `Bot ${emu.application.botToken}` };
  const path = `/api/v10/channels/${general}/messages`;
  const postBody = JSON.stringify({ content: 'a benchmark message of ordinary length' });
  const send = async (body) => {
    const sent = await fetch(`${emu.webBase}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    if (sent.status !== 200) throw new Error(`POST ${path}: HTTP ${sent.status} ${await sent.text()}`);
    return Buffer.from(await sent.arrayBuffer());
  };
  emu.control.setRateLimits(false);
  for (let i = 0; i < CHANNEL_HISTORY - 1; i++) await send(JSON.stringify({ content: `history message number ${i}` }));
  const postBytes = await send(postBody);
  const getBytes = Buffer.from(await (await fetch(`${emu.webBase}${path}?limit=${CHANNEL_HISTORY}`, { headers: auth })).arrayBuffer());
  if (JSON.parse(getBytes.toString()).length !== CHANNEL_HISTORY) throw new Error(`the channel page is not ${CHANNEL_HISTORY} messages`);
  const bare = await bareServer({ GET: getBytes, POST: postBytes });
  const barePort = bare.address().port;
  const get = { method: 'GET', path: `${path}?limit=${CHANNEL_HISTORY}`, headers: auth };
  const post = { method: 'POST', path, headers: { ...auth, 'content-type': 'application/json' }, body: postBody };
  const rows = [];
  // The GET rows run before the POST rows, which add to the history.
  emu.control.setRateLimits(true);
  rows.push(['`GET /channels/{id}/messages?limit=100`', 'emulator', await measure({ port: emu.port, ...get })]);
  rows.push(['`GET /channels/{id}/messages?limit=100`', 'bare node:http', await measure({ port: barePort, ...get })]);
  emu.control.setRateLimits(false);
  rows.push(['`POST /channels/{id}/messages`', 'emulator', await measure({ port: emu.port, ...post })]);
  rows.push(['`POST /channels/{id}/messages`', 'bare node:http', await measure({ port: barePort, ...post })]);
  await new Promise((resolve) => bare.close(resolve));
  return rows;
}
