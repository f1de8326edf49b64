// Property: random requests to every HTTP route of the emulator (API, web pages, control API) —
// valid-shaped and broken: wrong methods, ids that name nothing, bodies of the wrong types, huge
// values, unicode, bytes that are not JSON — never answer 5xx, never hang, and never leave an
// uncaught exception or unhandled rejection in the emulator's process (a child, so that its
// crash fails the run); and its heap stays bounded: after all runs within a bound of the heap
// after the warm-up.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../lib/emulator/seed';
import { EmulatorHost, type HostInfo } from './emulator_host';
import { FUZZ_FACTOR, fuzzBudget } from './fuzz_settings';
import { requestSpec, type Body, type ParamValue, type RequestSpec } from './http_requests';

let host: EmulatorHost;
let routeCount = 0;

beforeAll(async () => {
  host = new EmulatorHost();
  routeCount = (await host.info()).routes.length;
});
afterAll(async () => {
  await host?.close();
});

// Control calls a fuzzed request may not make: they would stop what the next runs need.
const SKIPPED_CONTROL = new Set(['/stopLocalClient']);

interface RunContext {
  info: HostInfo;
  userToken: string;
  otherUser: string;
  lobbyId: string;
  messageId: string;
}

async function context(): Promise<RunContext> {
  const info = await host.info();
  await host.control('setRateLimits', false);
  const user = (await host.control<{ id: string }>('createUser', { username: `fuzz${Date.now() % 1e6}` })).id;
  const userToken = (await host.control<{ accessToken: string }>('issueToken', user)).accessToken;
  const auth = { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' };
  const lobby = await (await fetch(`${info.apiBase}/lobbies`, { method: 'PUT', headers: auth, body: JSON.stringify({ secret: `fuzz-${user}` }) })).json() as { id: string };
  const message = await (await fetch(`${info.apiBase}/lobbies/${lobby.id}/messages`, { method: 'POST', headers: auth, body: JSON.stringify({ content: 'hello' }) })).json() as { id: string };
  return { info, userToken, otherUser: SEED.users.alice, lobbyId: lobby.id, messageId: message.id };
}

function paramText(value: ParamValue, ctx: RunContext): string {
  if ('raw' in value) return encodeURIComponent(value.raw);
  switch (value.ref) {
    case 'user': return SEED.users.nelly;
    case 'otherUser': return ctx.otherUser;
    case 'guild': return SEED.guildId;
    case 'channel': return SEED.guildId; // the seed guild's first channel shares no id; a guild id is a wrong-kind id
    case 'lobby': return ctx.lobbyId;
    case 'message': return ctx.messageId;
    case 'app': return ctx.info.application.id;
    case 'me': return '@me';
  }
}

function encodeBody(body: Body): { body?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none': return {};
    case 'json': return { body: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
    case 'text': return { body: body.value, contentType: body.contentType };
    case 'form': return { body: new URLSearchParams(body.fields).toString(), contentType: 'application/x-www-form-urlencoded' };
    case 'huge': return { body: Buffer.alloc(body.bytes, 0x61), contentType: 'application/json' };
  }
}

function describeRequest(method: string, url: string, spec: RequestSpec): string {
  const body = spec.body.kind === 'huge' ? `${spec.body.bytes} bytes` : JSON.stringify(spec.body).slice(0, 300);
  return `${method} ${url} (auth ${spec.auth}) body ${body}`;
}

async function send(spec: RequestSpec, ctx: RunContext): Promise<void> {
  const route = spec.route >= 0 ? ctx.info.routes[spec.route] : null;
  if (route?.base === 'control' && SKIPPED_CONTROL.has(route.pattern)) return;
  let params = 0;
  const path = route ? route.pattern.replace(/:[a-z_0-9]+/g, () => paramText(spec.params[params++ % spec.params.length], ctx)) : spec.madeUpPath;
  const base = !route ? ctx.info.webBase : route.base === 'api' ? ctx.info.apiBase : route.base === 'control' ? `${ctx.info.webBase}/_sdkpp/control` : ctx.info.webBase;
  const query = spec.query.length > 0 ? `?${new URLSearchParams(spec.query)}` : '';
  const url = `${base}${path}${query}`;
  const method = spec.method ?? route?.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (spec.auth === 'user') headers.authorization = `Bearer ${ctx.userToken}`;
  if (spec.auth === 'bot') headers.authorization = `Bot ${ctx.info.application.botToken}`;
  if (spec.auth === 'garbage') headers.authorization = 'Bearer \u00ff\u00fe not a token';
  if (spec.auth === 'basic') headers.authorization = `Basic ${Buffer.from(`${ctx.info.application.id}:${ctx.info.application.clientSecret}`).toString('base64')}`;
  const encoded = method === 'GET' || method === 'HEAD' ? {} : encodeBody(spec.body);
  if (encoded.contentType) headers['content-type'] = encoded.contentType;
  let status: number;
  try {
    const response = await fetch(url, { method, headers, body: encoded.body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    status = response.status;
    // The dashboard's event feed is a stream that stays open by design: its answer is its status
    // and headers, read; the rest is not waited for.
    if (response.headers.get('content-type') === 'text/event-stream') await response.body?.cancel();
    else await response.arrayBuffer();
  } catch (error) {
    // The emulator may close the connection of a body over its limit before reading it all.
    if (spec.body.kind === 'huge' && String((error as Error).cause ?? error).match(/EPIPE|ECONNRESET|other side closed|SocketError/)) return;
    throw new Error(`${describeRequest(method, url, spec)}: no answer (${(error as Error).message}; ${String((error as Error).cause ?? '')})`);
  }
  if (status >= 500) throw new Error(`${describeRequest(method, url, spec)}: answered ${status}`);
}

describe('the emulator\'s HTTP routes under random requests', () => {
  const RUNS = 200;
  const WARM_UP = 15;
  const budget = fuzzBudget<[RequestSpec[]]>(RUNS, 150);
  it('no 5xx, no hang, no uncaught error; the heap stays bounded', async () => {
    let runs = 0;
    let warmHeap = 0;
    const property = fc.asyncProperty(fc.array(requestSpec(routeCount), { minLength: 1, maxLength: 4 }), async (specs) => {
      const ctx = await context();
      try {
        for (const spec of specs) await send(spec, ctx);
      } finally {
        const errors = await host.errors().catch((error: Error) => [`the emulator process is gone: ${error.message}`]);
        if (errors.length > 0) {
          host.restart();
          // eslint-disable-next-line no-unsafe-finally
          throw new Error(errors.join('\n'));
        }
      }
      if (++runs === WARM_UP) warmHeap = await host.heapAfterGc();
    });
    await fc.assert(property, budget.parameters);
    const endHeap = await host.heapAfterGc();
    // The state grows with what the runs created (users, lobbies, messages: a few KiB each);
    // anything a request leaves behind beyond that shows up as growth past this bound.
    const bound = warmHeap * 0.25 + 8 * 1024 * 1024 * FUZZ_FACTOR;
    console.log(`emulator http fuzz: heap ${(warmHeap / 2 ** 20).toFixed(1)} MiB after ${WARM_UP} runs, ${(endHeap / 2 ** 20).toFixed(1)} MiB after ${runs}`);
    expect(endHeap - warmHeap).toBeLessThan(bound);
  }, budget.timeoutMs);
});
