// The activity proxy host (`<applicationId>.activities.localhost:<port>`, request_origin.ts): it
// forwards an embedded activity's requests — HTTP, and WebSocket upgrades such as a dev server's
// hot reload — to the developer's local server by the application's URL mappings
// (domain/activity_url_mappings.ts), with or without the `/.proxy/` prefix. Every request stays
// bounded: at most `maxConcurrent` upstream exchanges at once (the rest get a 503 at once, never a
// queue), a target must start answering within `headersTimeoutMs` (else 504), a response that
// sends nothing for `idleTimeoutMs` or lasts past `maxDurationMs` is cut. Responses are streamed,
// never buffered. A target that is down is a 502; a path no mapping covers a 404; a mapping that
// points back at the emulator is a 508 (a marker header catches longer loops too).
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { Emulator } from '../emulator';
import { isLoopbackHost } from '../endpoint_policy';
import { matchUrlMapping, urlMappingsOf, withoutProxyPrefix, type MappingTarget } from '../domain/activity_url_mappings';

/** Set on every forwarded request: a request that arrives with it went around a loop. */
export const PROXY_LOOP_HEADER = 'x-sdkpp-activity-proxy';

/** Headers of one connection, not of the message (RFC 9110 7.6.1): never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface ActivityProxyLimits {
  /** Upstream exchanges (HTTP requests and WebSocket tunnels) at once; past it a 503. */
  maxConcurrent: number;
  /** How long a target has to send its response headers (504 after). */
  headersTimeoutMs: number;
  /** How long an exchange may send nothing either way before it is cut (HTTP only). */
  idleTimeoutMs: number;
  /** The longest an HTTP exchange may last, streaming included. */
  maxDurationMs: number;
}

export const DEFAULT_ACTIVITY_PROXY_LIMITS: Readonly<ActivityProxyLimits> = {
  maxConcurrent: 256,
  headersTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  maxDurationMs: 10 * 60_000,
};

/** The headers to forward: hop-by-hop ones (and those Connection names) left out. */
function endToEnd(headers: http.IncomingHttpHeaders, keep: ReadonlySet<string> = new Set()): Record<string, string | string[]> {
  const named = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((token) => token.trim()).filter(Boolean));
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (!keep.has(name) && (HOP_BY_HOP.has(name) || named.has(name))) continue;
    out[name] = value;
  }
  return out;
}

/** A short HTML page for the proxy's own answers (it names no target: what is down is the developer's to see in the log). */
function page(res: http.ServerResponse, status: number, title: string, text: string, headers: Record<string, string> = {}): void {
  const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<!doctype html><meta charset="utf-8"><title>${escape(title)}</title><h1>${escape(title)}</h1><p>${escape(text)}</p>`;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'" });
  res.end(body);
}

/** The same answer on a raw socket (a refused WebSocket upgrade). */
function refuseSocket(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

type Route = { target: MappingTarget; path: string } | { status: number; reason: string; title: string; text: string };

export class ActivityProxy {
  /** The bounds (internal: tests lower them). */
  readonly limits: ActivityProxyLimits = { ...DEFAULT_ACTIVITY_PROXY_LIMITS };
  #active = 0;
  readonly #open = new Set<{ destroy(): void }>();
  readonly #agent = new http.Agent({ keepAlive: true, maxSockets: DEFAULT_ACTIVITY_PROXY_LIMITS.maxConcurrent });

  constructor(private readonly emu: Emulator) {}

  /** Upstream exchanges under way. */
  get active(): number {
    return this.#active;
  }

  /** Where a request for `applicationId`'s activity goes, or why it goes nowhere. */
  #route(applicationId: string, req: http.IncomingMessage, url: URL): Route {
    const app = this.emu.app(applicationId);
    if (!app) return { status: 404, reason: 'Not Found', title: 'Unknown application', text: `No application ${applicationId} on this emulator.` };
    if (req.headers[PROXY_LOOP_HEADER] !== undefined) return { status: 508, reason: 'Loop Detected', title: 'Loop detected', text: 'This request went through the activity proxy already: a URL mapping points back at it.' };
    const path = withoutProxyPrefix(url.pathname);
    const match = matchUrlMapping(urlMappingsOf(app), path);
    if (!match) return { status: 404, reason: 'Not Found', title: 'No URL mapping', text: `No URL mapping of ${app.name} covers ${path.slice(0, 200)}. Set them with the control API's setActivityUrlMappings or PATCH /applications/@me (activity_url_mappings).` };
    const { target } = match;
    // Mappings kept in a data file from a run with --allow-remote-activity-targets.
    if (!this.emu.allowRemoteActivityTargets && !isLoopbackHost(target.hostname)) {
      return { status: 403, reason: 'Forbidden', title: 'Target not on this machine', text: 'The URL mapping targets another host; start the emulator with --allow-remote-activity-targets to forward there.' };
    }
    if (isLoopbackHost(target.hostname) && target.port === req.socket.localPort) {
      return { status: 508, reason: 'Loop Detected', title: 'Loop detected', text: "The URL mapping's target is the emulator itself." };
    }
    return { target, path: `${match.upstreamPath}${url.search}` };
  }

  /** The headers sent upstream: end-to-end ones, Host the target's, the forwarding headers, the loop marker. */
  #upstreamHeaders(req: http.IncomingMessage, target: MappingTarget, keep?: ReadonlySet<string>): Record<string, string | string[]> {
    const headers = endToEnd(req.headers, keep);
    headers.host = `${net.isIPv6(target.hostname) ? `[${target.hostname}]` : target.hostname}:${target.port}`;
    headers['x-forwarded-host'] = String(req.headers.host ?? '');
    headers['x-forwarded-proto'] = 'http';
    const forwardedFor = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [forwardedFor, req.socket.remoteAddress].filter(Boolean).join(', ');
    headers[PROXY_LOOP_HEADER] = '1';
    return headers;
  }

  #take(): (() => void) | null {
    if (this.#active >= this.limits.maxConcurrent) return null;
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
    };
  }

  /** Forwards one HTTP request; answers it whatever happens upstream. */
  handle(applicationId: string, req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    const route = this.#route(applicationId, req, url);
    if ('status' in route) {
      this.emu.journal.record('refused', `activity proxy ${req.method} ${url.pathname.slice(0, 100)} → ${route.status}`);
      req.resume();
      return page(res, route.status, route.title, route.text);
    }
    const release = this.#take();
    if (!release) {
      req.resume();
      return page(res, 503, 'Too many requests at once', `The activity proxy forwards at most ${this.limits.maxConcurrent} requests at once; try again.`, { 'Retry-After': '1' });
    }
    const { target } = route;
    const upstream = http.request({
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: route.path,
      headers: this.#upstreamHeaders(req, target),
      agent: this.#agent,
    });
    const exchange = { destroy: () => upstream.destroy() };
    this.#open.add(exchange);
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      for (const timer of timers) clearTimeout(timer);
      this.#open.delete(exchange);
      release();
    };
    const fail = (status: number, title: string, text: string) => {
      if (!res.headersSent) page(res, status, title, text);
      else res.destroy();
      upstream.destroy();
      finish();
    };
    timers.push(setTimeout(() => fail(504, 'The target did not answer', `It sent no response within ${this.limits.headersTimeoutMs} ms.`), this.limits.headersTimeoutMs));
    timers.push(setTimeout(() => fail(504, 'The exchange took too long', `It lasted past ${this.limits.maxDurationMs} ms.`), this.limits.maxDurationMs));
    upstream.setTimeout(this.limits.idleTimeoutMs, () => fail(504, 'The target stopped sending', `Nothing for ${this.limits.idleTimeoutMs} ms.`));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      this.emu.log(`activity proxy: ${req.method} ${route.path.slice(0, 100)} → ${target.hostname}:${target.port}: ${error.code ?? error.message}`);
      fail(502, 'The target is not reachable', `The URL mapping's target did not answer (${error.code ?? 'error'}): is the activity's server running?`);
    });
    upstream.on('response', (answer) => {
      clearTimeout(timers.shift());
      if (res.destroyed) {
        answer.destroy();
        return;
      }
      try {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      } catch {
        // A status or header Node will not write (a peer's bytes must not end the process).
        answer.destroy();
        return fail(502, 'The target answered what cannot be forwarded', 'Its status line or headers are not valid HTTP.');
      }
      // Streamed as it comes; backpressure from the browser slows the target.
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('end', finish);
    });
    // The browser went away: stop the upstream exchange too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  }

  /** Tunnels a WebSocket upgrade to the target (a dev server's hot reload). */
  upgrade(applicationId: string, req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    socket.on('error', () => {});
    const route = this.#route(applicationId, req, url);
    if ('status' in route) return refuseSocket(socket, route.status, route.reason);
    const release = this.#take();
    if (!release) return refuseSocket(socket, 503, 'Service Unavailable');
    const { target } = route;
    const upstream = net.connect({ host: target.hostname, port: target.port });
    const exchange = {
      destroy: () => {
        upstream.destroy();
        socket.destroy();
      },
    };
    this.#open.add(exchange);
    const connectTimer = setTimeout(() => {
      refuseSocket(socket, 504, 'Gateway Timeout');
      upstream.destroy();
    }, this.limits.headersTimeoutMs);
    let connected = false;
    const end = () => {
      clearTimeout(connectTimer);
      this.#open.delete(exchange);
      release();
    };
    upstream.on('error', () => {
      if (!connected) refuseSocket(socket, 502, 'Bad Gateway');
      else socket.destroy();
    });
    upstream.on('close', () => {
      socket.destroy();
      end();
    });
    socket.on('close', () => upstream.destroy());
    upstream.on('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      // The upgrade's own hop-by-hop headers are what it asks for: they go along.
      const headers = this.#upstreamHeaders(req, target, new Set(['connection', 'upgrade']));
      const lines = [`${req.method} ${route.path} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one.replace(/[\r\n]/g, '')}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
    });
  }

  /** Ends every exchange under way (the emulator is closing). */
  close(): void {
    for (const exchange of [...this.#open]) exchange.destroy();
    this.#open.clear();
    this.#agent.destroy();
  }
}
