// The activity proxy host (`<applicationId>.activities.localhost:<port>` on the emulator's HTTP
// port): it forwards by the application's URL mappings (longest prefix, with and without the
// `/.proxy/` prefix), strips hop-by-hop headers, streams, refuses targets off this machine unless
// the emulator was started with allowRemoteActivityTargets, and stays bounded on bad input — a
// mapping aimed back at itself, a target that never answers or never ends, 10,000 requests at
// once, a request-smuggling attempt. Every server here binds 127.0.0.1.
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { SEED, start, until, type Started } from './helpers';
import { activityHost } from '../../lib/emulator/http/request_origin';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local "dev server" that records what it got and answers with `answer`. */
async function upstream(answer: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void = (_req, res, seen) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(seen));
}): Promise<{ server: http.Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      seen.push(entry);
      answer(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port, seen };
}

interface ProxyReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request to the activity proxy host of `applicationId` (Host set as a browser would). */
function viaProxy(s: Started, path: string, options: { method?: string; body?: string; headers?: Record<string, string>; applicationId?: string; agent?: http.Agent } = {}): Promise<ProxyReply> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: s.emu.port,
      path,
      method: options.method ?? 'GET',
      agent: options.agent,
      headers: { host: activityHost(options.applicationId ?? SEED.applicationId, s.emu.port), ...options.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: `${Buffer.concat(chunks).toString()}[aborted]` }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const closeServer = (server: http.Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

describe('the activity proxy host', () => {
  let s: Started;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    s = await start();
    s.emu.control.setRateLimits(false);
  });
  afterEach(async () => {
    s.emu.control.setActivityUrlMappings([]);
    while (servers.length > 0) await closeServer(servers.pop()!);
  });
  afterAll(async () => {
    await s.emu.close();
  });

  async function mapped(routes: Record<string, Awaited<ReturnType<typeof upstream>>>) {
    for (const up of Object.values(routes)) servers.push(up.server);
    s.emu.control.setActivityUrlMappings(Object.entries(routes).map(([prefix, up]) => ({ prefix, target: `127.0.0.1:${up.port}` })));
  }

  it('forwards by the longest prefix, with and without /.proxy/, the query and the body along', async () => {
    const site = await upstream();
    const api = await upstream();
    await mapped({ '/': site, '/api': api });
    for (const path of ['/index.html?x=1', '/.proxy/index.html?x=1']) {
      const reply = await viaProxy(s, path);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).url).toBe('/index.html?x=1');
    }
    for (const path of ['/api/token', '/.proxy/api/token']) {
      const reply = await viaProxy(s, path, { method: 'POST', body: 'code=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text)).toMatchObject({ method: 'POST', url: '/token', body: 'code=abc' });
    }
    // A prefix covers whole segments only: /apix is the site's.
    expect(JSON.parse((await viaProxy(s, '/apix')).text).url).toBe('/apix');
    expect(JSON.parse((await viaProxy(s, '/.proxy')).text).url).toBe('/');
    expect(site.seen.length).toBe(4);
    expect(api.seen.length).toBe(2);
  });

  it("a target's path is kept in front of the rest", async () => {
    const site = await upstream();
    servers.push(site.server);
    s.emu.control.setActivityUrlMappings([{ prefix: '/assets', target: `127.0.0.1:${site.port}/static/` }]);
    expect(JSON.parse((await viaProxy(s, '/.proxy/assets/app.js')).text).url).toBe('/static/app.js');
  });

  it('strips hop-by-hop headers both ways, names the target as Host and says where the request came from', async () => {
    const site = await upstream((_req, res, seen) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'x-upstream-hop', 'x-upstream-hop': 'secret', 'keep-alive': 'timeout=99', 'x-kept': 'yes' });
      res.end(JSON.stringify(seen));
    });
    await mapped({ '/': site });
    const reply = await viaProxy(s, '/', { headers: { connection: 'keep-alive, x-client-hop', 'x-client-hop': '1', 'proxy-authorization': 'Basic abc', te: 'trailers', 'x-end-to-end': 'kept' } });
    const seen = JSON.parse(reply.text) as Seen;
    expect(seen.headers['x-client-hop']).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
    expect(seen.headers['x-end-to-end']).toBe('kept');
    expect(seen.headers.host).toBe(`127.0.0.1:${site.port}`);
    expect(seen.headers['x-forwarded-host']).toBe(activityHost(SEED.applicationId, s.emu.port));
    expect(reply.headers['x-upstream-hop']).toBeUndefined();
    expect(reply.headers['keep-alive']).not.toBe('timeout=99'); // the emulator's own connection may have one
    expect(reply.headers['x-kept']).toBe('yes');
  });

  it('streams a response: the first bytes arrive before the target has finished', async () => {
    let finish: (() => void) | undefined;
    const site = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first ');
      finish = () => res.end('last');
    });
    await mapped({ '/': site });
    const first = await new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: s.emu.port, path: '/stream', headers: { host: activityHost(SEED.applicationId, s.emu.port) } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          res.resume();
        });
      });
      req.on('error', reject);
    });
    expect(first).toBe('first ');
    finish!();
  });

  it('no mapping for the path, or an unknown application: a 404 page; a target that is down: a 502', async () => {
    expect((await viaProxy(s, '/index.html')).status).toBe(404);
    expect((await viaProxy(s, '/', { applicationId: '1' })).status).toBe(404);
    const gone = await upstream();
    await closeServer(gone.server);
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${gone.port}` }]);
    const reply = await viaProxy(s, '/.proxy/');
    expect(reply.status).toBe(502);
    expect(reply.text).toContain('not reachable');
    expect(s.emu.core.activityProxy!.active).toBe(0);
  });

  it('another Host (the emulator itself) is not the proxy, and the proxy host is never the API', async () => {
    const site = await upstream();
    await mapped({ '/': site });
    const api = await viaProxy(s, '/api/users/@me');
    expect(JSON.parse(api.text).url).toBe('/api/users/@me'); // the developer's server, not the emulator's API
    expect((await viaProxy(s, '/', { headers: { host: `${SEED.applicationId}.activities.localhost:1` } })).status).toBe(403);
  });

  it('refuses a target off this machine, or with a scheme, and bad prefixes, naming the field (control API and PATCH)', async () => {
    for (const mappings of [
      [{ prefix: '/', target: '192.0.2.1:80' }],
      [{ prefix: '/', target: 'example.com' }],
      [{ prefix: '/', target: 'http://127.0.0.1:5173' }],
      [{ prefix: 'api', target: '127.0.0.1:5173' }],
      [{ prefix: '/.proxy/api', target: '127.0.0.1:5173' }],
      [{ prefix: '/a', target: '127.0.0.1:1' }, { prefix: '/a/', target: '127.0.0.1:2' }],
    ]) {
      const reply = await s.api.control('setActivityUrlMappings', { mappings });
      expect(reply.status, JSON.stringify(mappings)).toBe(400);
      expect(reply.body.code).toBe(50035);
    }
    const remote = await s.api.control('setActivityUrlMappings', { mappings: [{ prefix: '/', target: '10.0.0.5:3000' }] });
    expect(JSON.stringify(remote.body.errors)).toContain('--allow-remote-activity-targets');
    const patch = await s.api.patch('/applications/@me', { activity_url_mappings: [{ prefix: '/', target: '10.0.0.5:3000' }] }, s.api.bot);
    expect(patch.status).toBe(400);
    expect(patch.body.errors.activity_url_mappings['0'].target._errors[0].code).toBe('TARGET_NOT_LOCAL');
    expect((await s.api.control('setActivityUrlMappings', {})).status).toBe(400);
    expect(s.emu.control.setActivityUrlMappings([])).toEqual([]);
  });

  it('PATCH /applications/@me sets them (localhost and [::1] are this machine), GET shows them, null clears them', async () => {
    const mappings = [{ prefix: '/', target: 'localhost:5173' }, { prefix: '/api', target: '[::1]:3001' }];
    const patch = await s.api.patch('/applications/@me', { activity_url_mappings: mappings }, s.api.bot);
    expect(patch.status).toBe(200);
    expect(patch.body.activity_url_mappings).toEqual(mappings);
    expect((await s.api.get('/applications/@me', s.api.bot)).body.activity_url_mappings).toEqual(mappings);
    const cleared = await s.api.patch('/applications/@me', { activity_url_mappings: null }, s.api.bot);
    expect(cleared.body.activity_url_mappings).toBeUndefined();
  });

  it('tunnels a WebSocket upgrade (a dev server hot reload) with and without /.proxy/', async () => {
    const site = await upstream();
    const wss = new WebSocketServer({ server: site.server });
    wss.on('connection', (socket, req) => socket.on('message', (data) => socket.send(`${req.url} ${String(data)}`)));
    await mapped({ '/': site });
    for (const path of ['/hmr', '/.proxy/hmr']) {
      const ws = new WebSocket(`ws://127.0.0.1:${s.emu.port}${path}`, { headers: { host: activityHost(SEED.applicationId, s.emu.port) } });
      ws.on('error', () => {});
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send('ping');
      const answer = await new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
      expect(answer).toBe('/hmr ping');
      ws.close();
    }
    wss.close();
    await until(() => s.emu.core.activityProxy!.active === 0, 5000, 'tunnels closed');
  });
});

describe('the activity proxy host under bad input', () => {
  let s: Started;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    s = await start();
    s.emu.control.setRateLimits(false);
  });
  afterEach(async () => {
    s.emu.control.setActivityUrlMappings([]);
    Object.assign(s.emu.core.activityProxy!.limits, { maxConcurrent: 256, headersTimeoutMs: 30_000, idleTimeoutMs: 60_000, maxDurationMs: 600_000 });
    while (servers.length > 0) await closeServer(servers.pop()!);
  });
  afterAll(async () => {
    await s.emu.close();
  });

  it('a mapping that points back at the emulator is a 508, and so is a forwarded request that comes back by another name', async () => {
    for (const target of [`127.0.0.1:${s.emu.port}`, `localhost:${s.emu.port}/api`]) {
      s.emu.control.setActivityUrlMappings([{ prefix: '/', target }]);
      const reply = await viaProxy(s, '/.proxy/x');
      expect(reply.status, target).toBe(508);
    }
    // Around the proxy's own check (the emulator reached by an address it does not know as its own).
    const api = await fetch(`${s.emu.apiBase}/gateway`, { headers: { 'x-sdkpp-activity-proxy': '1' } });
    expect(api.status).toBe(508);
    expect(s.emu.core.activityProxy!.active).toBe(0);
  });

  it('with the flag, a mapping to the proxy host itself ends at once (508, or 502 where *.localhost does not resolve)', async () => {
    const allowed = await start({ allowRemoteActivityTargets: true });
    try {
      allowed.emu.control.setActivityUrlMappings([{ prefix: '/', target: activityHost(SEED.applicationId, allowed.emu.port) }]);
      const reply = await viaProxy(allowed, '/loop');
      expect([502, 508]).toContain(reply.status);
      expect(allowed.emu.core.activityProxy!.active).toBe(0);
    } finally {
      await allowed.emu.close();
    }
  });

  it('a target that never answers is a 504 after the headers timeout', async () => {
    const silent = await upstream(() => {});
    servers.push(silent.server);
    s.emu.core.activityProxy!.limits.headersTimeoutMs = 300;
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${silent.port}` }]);
    const started = Date.now();
    const reply = await viaProxy(s, '/slow');
    expect(reply.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(s.emu.core.activityProxy!.active).toBe(0);
  });

  it('a response that never ends is cut at the longest duration, one that goes quiet at the idle timeout', async () => {
    const timers = new Set<NodeJS.Timeout>();
    const endless = await upstream((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      if (req.url === '/quiet') return void res.write('once ');
      const timer = setInterval(() => res.write('more '), 20);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    servers.push(endless.server);
    Object.assign(s.emu.core.activityProxy!.limits, { maxDurationMs: 400, idleTimeoutMs: 300 });
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${endless.port}` }]);
    for (const path of ['/endless', '/quiet']) {
      const started = Date.now();
      const reply = await viaProxy(s, path);
      expect(reply.status).toBe(200);
      expect(reply.text.endsWith('[aborted]') || reply.text.length > 0).toBe(true);
      expect(Date.now() - started, path).toBeLessThan(5000);
    }
    for (const timer of timers) clearInterval(timer);
    await until(() => s.emu.core.activityProxy!.active === 0, 5000, 'exchanges ended');
  });

  it('10,000 requests at once: at most maxConcurrent reach the target, the rest get a 503, and the emulator stays up', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = await upstream((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('ok');
      }, 20);
    });
    servers.push(slow.server);
    s.emu.core.activityProxy!.limits.maxConcurrent = 16;
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${slow.port}` }]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
    try {
      const replies = await Promise.all(Array.from({ length: 10_000 }, (_, i) => viaProxy(s, `/r${i}`, { agent }).catch((error: Error) => ({ status: -1, text: error.message, headers: {} }))));
      const statuses = new Map<number, number>();
      for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200]));
      expect([...statuses.keys()].every((status) => status === 200 || status === 503), JSON.stringify([...statuses])).toBe(true);
      expect(most).toBeLessThanOrEqual(16);
    } finally {
      agent.destroy();
    }
    expect(s.emu.core.activityProxy!.active).toBe(0);
    expect((await fetch(`${s.emu.apiBase}/gateway`)).status).toBe(200);
  }, 120_000);

  it('a target that answers what is not HTTP, a bare 101, or hangs up mid-headers: a 502 or 504, and the emulator stays up', async () => {
    const answers = ['garbage\r\n\r\n', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: Upgrade\r\n\r\n', 'HTTP/1.1 200 OK\r\nContent-Le', 'HTTP/1.1 200 OK\r\nX-Bad: a\u0001b\r\nContent-Length: 0\r\n\r\n'];
    const raw = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', (chunk) => {
        const index = Number(/GET \/(\d)/.exec(chunk.toString())?.[1] ?? 0);
        socket.end(answers[index]);
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      s.emu.core.activityProxy!.limits.headersTimeoutMs = 500;
      s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${(raw.address() as net.AddressInfo).port}` }]);
      for (let i = 0; i < answers.length; i++) {
        const reply = await viaProxy(s, `/${i}`);
        expect([502, 504], JSON.stringify(answers[i])).toContain(reply.status);
      }
      expect(s.emu.core.activityProxy!.active).toBe(0);
      expect((await fetch(`${s.emu.apiBase}/gateway`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });

  it('a request-smuggling attempt (Content-Length with Transfer-Encoding, two Content-Lengths) is a 400 and nothing reaches the target', async () => {
    const site = await upstream();
    servers.push(site.server);
    s.emu.control.setActivityUrlMappings([{ prefix: '/', target: `127.0.0.1:${site.port}` }]);
    const host = activityHost(SEED.applicationId, s.emu.port);
    for (const raw of [
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nContent-Length: 44\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `POST / HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    ]) {
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(s.emu.port, '127.0.0.1', () => socket.write(raw));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
        socket.setTimeout(5000, () => socket.destroy());
      });
      expect(answer.split('\r\n')[0], raw.split('\r\n').slice(0, 4).join(' | ')).toBe('HTTP/1.1 400 Bad Request');
    }
    expect(site.seen.map((seen) => seen.url)).not.toContain('/smuggled');
    expect(site.seen).toEqual([]);
  });
});
