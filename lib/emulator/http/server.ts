// The emulator's HTTP face: one node:http server (on 127.0.0.1 unless told another address)
// serving the API under /api (with an optional /v9 or /v10 segment), the web pages (OAuth2
// consent, device activation) and the control API under /_sdkpp/control. Every failure is a clear 4xx body; an unexpected fault is a
// logged 500, never a crash.
import { journalPath } from '../journal';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../emulator';
import { RequestContext } from './context';
import { ApiError, Errors, OAuthError } from '../domain/errors';
import { RULES } from '../rate_limits';
import type { RequestOrigins } from './request_origin';
import { PROXY_LOOP_HEADER, type ActivityProxy } from './activity_proxy';
import type { Router } from './router';
import { JsonText, toJson } from '../json';

export interface Routers {
  api: Router;
  web: Router;
  control: Router;
}

const SUPPORTED_VERSIONS = new Set(['9', '10']);

export function createHttpServer(emu: Emulator, routers: Routers, origins: RequestOrigins, proxy: ActivityProxy): http.Server {
  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    void handle(emu, routers, origins, proxy, req, res);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  return server;
}

export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function handle(emu: Emulator, routers: Routers, origins: RequestOrigins, proxy: ActivityProxy, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    send(res, 400, { code: 0, message: 'Malformed request target' });
    return;
  }
  // An activity's proxy host (`<id>.activities.localhost:<port>`): forwarded by its URL
  // mappings, never answered by a route of the emulator.
  const activity = origins.activityApplicationId(req);
  if (activity !== null) {
    proxy.handle(activity, req, res, url);
    return;
  }
  // A request the activity proxy forwarded back here (a mapping aimed at the emulator through
  // another name): the emulator's own routes do not answer the proxy.
  if (req.headers[PROXY_LOOP_HEADER] !== undefined) {
    send(res, 508, { code: 0, message: 'Loop detected: a request forwarded by the activity proxy came back to the emulator' });
    req.resume();
    return;
  }
  const method = req.method ?? 'GET';
  const refused = origins.refusal(req, method);
  if (refused) {
    send(res, 403, { code: 0, message: refused });
    req.resume();
    return;
  }
  let router: Router = routers.web;
  let path = url.pathname;
  let isApi = false;
  if (path === '/api' || path.startsWith('/api/')) {
    isApi = true;
    router = routers.api;
    path = path.slice(4) || '/';
    const version = /^\/v(\d+)(\/|$)/.exec(path);
    if (version) {
      if (!SUPPORTED_VERSIONS.has(version[1])) {
        // An API response like any other: it carries the rate-limit headers too (the general
        // bucket is counted, never enforced: RULES).
        const { headers } = emu.limiter.take(RULES.general, clientKey(req));
        send(res, 400, { code: 50041, message: `Invalid API version: v${version[1].slice(0, 20)} (supported: v9, v10)` }, headers);
        req.resume();
        return;
      }
      path = path.slice(version[0].length - (version[2] ? 1 : 0)) || '/';
    }
  } else if (path.startsWith('/_sdkpp/control/')) {
    router = routers.control;
    path = path.slice('/_sdkpp/control'.length);
  }
  const ctx = new RequestContext(emu, req, res, method, path, url.searchParams);
  // Every API response carries the rate-limit headers of its bucket.
  if (isApi) Object.assign(ctx.headers, emu.limiter.take(RULES.general, clientKey(req)).headers);
  ctx.headers.Date = new Date(emu.now()).toUTCString();
  const generation = emu.generation;
  // A request that changed the state is answered once the change is in the data file (with
  // `dataFile`), so nothing a client was told happened is lost by a crash or a restart.
  const durable = () => (emu.generation !== generation ? emu.persistence.saved() : undefined);
  try {
    const match = router.match(method, path);
    if (!match) throw Errors.notFound();
    if ('methodNotAllowed' in match) throw Errors.methodNotAllowed();
    ctx.params = match.params;
    const result = await match.handler(ctx);
    await durable();
    if (res.headersSent) return;
    if (result === undefined || result === null) {
      res.writeHead(204, ctx.headers).end();
    } else if (result instanceof HtmlPage || result instanceof Redirect) {
      result.write(res, ctx.headers);
    } else {
      send(res, 200, result, ctx.headers);
    }
  } catch (error) {
    await durable();
    if (res.headersSent) return;
    if (error instanceof ApiError) {
      emu.journal.record('refused', `${method} ${journalPath(url.pathname)} → ${error.status} ${error.code} ${error.message}`);
      send(res, error.status, error.body(), { ...ctx.headers, ...error.headers });
    } else if (error instanceof OAuthError) {
      emu.journal.record('refused', `${method} ${journalPath(url.pathname)} → ${error.status} ${error.error}`);
      send(res, error.status, { error: error.error, error_description: error.description }, ctx.headers);
    } else {
      emu.log(`internal error on ${method} ${url.pathname}: ${(error as Error)?.stack ?? error}`);
      send(res, 500, { code: 0, message: '500: Internal Server Error' }, ctx.headers);
    }
  } finally {
    // Drain any body the handler did not read, so keep-alive connections stay usable.
    if (!req.readableEnded) req.resume();
  }
}

function clientKey(req: http.IncomingMessage): string {
  return String(req.headers.authorization ?? req.socket.remoteAddress ?? 'anonymous').slice(-32);
}

export function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body instanceof JsonText ? body.text : toJson(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The pages' default policy: no script at all, inline styles, forms posting anywhere (redirects). */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action *";

export class HtmlPage {
  constructor(
    readonly html: string,
    readonly status = 200,
    /** The Content-Security-Policy; a page with a script names its own (the dashboard). */
    readonly policy = PAGE_POLICY,
  ) {}
  write(res: http.ServerResponse, headers: Record<string, string>): void {
    res.writeHead(this.status, {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': this.policy,
    });
    res.end(this.html);
  }
}

export class Redirect {
  constructor(readonly location: string) {}
  write(res: http.ServerResponse, headers: Record<string, string>): void {
    res.writeHead(302, { ...headers, Location: this.location, 'Cache-Control': 'no-store' });
    res.end();
  }
}
