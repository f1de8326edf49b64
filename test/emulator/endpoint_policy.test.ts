// A bot sets its interactions endpoint URL (PATCH /applications/@me) and the emulator POSTs a
// signed PING there at once: it must not become the bot's way into the developer's network, nor a
// port scanner. Only this machine is a target unless the emulator is started with
// allowRemoteEndpoints (--allow-remote-endpoints); any other host is refused before a packet is
// sent, with one text; a failure to connect is one text whatever the cause (refused or timed
// out); redirects are not followed.
//
// No packet leaves loopback here: the emulator runs in this process and sends with the global
// fetch, which a guard replaces for the whole file — a request to another host is recorded and
// refused by the guard instead of being sent (old code sent it).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointRefusal, isLoopbackHost } from '../../lib/emulator/endpoint_policy';
import { start, type Started } from './helpers';

const realFetch = globalThis.fetch;
const remoteAttempts: string[] = [];

beforeAll(() => {
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isLoopbackHost(url.hostname)) {
      remoteAttempts.push(url.href);
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('blocked by the test: no packet leaves loopback'), { code: 'ETESTBLOCKED' }) });
    }
    return realFetch(input, init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const REMOTE = ['http://192.0.2.10:80/interactions', 'https://198.51.100.7/x', 'http://10.0.0.1:22/', 'http://[2001:db8::1]:8080/', 'http://[::ffff:10.0.0.1]/', 'http://example.com/interactions', 'http://localhost.example.com/', 'http://0.0.0.0:9/'];
const LOCAL = ['http://127.0.0.1:9/x', 'http://127.1.2.3/', 'http://[::1]:8080/', 'http://localhost:3000/interactions', 'http://LOCALHOST/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/', 'https://localhost./'];

describe('the rule', () => {
  it('only this machine by default: loopback addresses (however written) and localhost', () => {
    for (const url of LOCAL) expect(endpointRefusal(url, false, 'the URL'), url).toBeNull();
    const texts = new Set(REMOTE.map((url) => endpointRefusal(url, false, 'the URL')));
    expect(texts.size).toBe(1);
    expect([...texts][0]).toMatch(/^the URL must be on this machine .*--allow-remote-endpoints/);
    for (const url of REMOTE) expect(endpointRefusal(url, true, 'the URL'), url).toBeNull();
    expect(endpointRefusal('ftp://127.0.0.1/', true, 'the URL')).toMatch(/http\(s\) URL/);
  });
});

describe('PATCH /applications/@me and the control API', () => {
  let s: Started;
  let silent: net.Server;
  let silentPort = 0;
  let closedPort = 0;
  const silentSockets = new Set<net.Socket>();

  beforeAll(async () => {
    s = await start();
    s.emu.control.setRateLimits(false);
    // A port that takes the connection and never answers (a timeout), and one nothing listens on (refused).
    silent = net.createServer((socket) => {
      silentSockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await s.emu.close();
  });

  it('refuses every other host with one text, sending nothing; the URL is not taken', async () => {
    const before = (await s.api.get('/applications/@me', s.api.bot)).body.interactions_endpoint_url;
    const messages = new Set<string>();
    for (const url of REMOTE) {
      const reply = await s.api.patch('/applications/@me', { interactions_endpoint_url: url }, s.api.bot);
      expect(reply.status, url).toBe(400);
      expect(reply.body.code).toBe(50035);
      messages.add(reply.body.message);
    }
    expect([...messages]).toEqual(['interactions_endpoint_url: the interactions endpoint URL must be on this machine (127.0.0.1, [::1] or localhost); start the emulator with --allow-remote-endpoints to send to other hosts']);
    await expect(s.emu.control.setInteractionsEndpoint('http://192.0.2.10/x')).rejects.toMatchObject({ status: 400 });
    expect(remoteAttempts).toEqual([]);
    expect((await s.api.get('/applications/@me', s.api.bot)).body.interactions_endpoint_url).toBe(before);
  });

  it('a refused connection and one that never answers give the bot the same text (no port scanner); the log has the cause', async () => {
    const refused = await s.api.patch('/applications/@me', { interactions_endpoint_url: `http://127.0.0.1:${closedPort}/x` }, s.api.bot);
    const timedOut = await s.api.patch('/applications/@me', { interactions_endpoint_url: `http://127.0.0.1:${silentPort}/x` }, s.api.bot);
    expect(refused.status).toBe(400);
    expect(timedOut.status).toBe(400);
    expect(refused.body.message).toBe(timedOut.body.message);
    expect(refused.body.message).toBe('interactions_endpoint_url: the interactions endpoint could not be reached or did not answer in time');
    expect(s.logs.some((line) => line.includes(`127.0.0.1:${closedPort}`) && line.includes('ECONNREFUSED'))).toBe(true);
    expect(s.logs.some((line) => line.includes(`127.0.0.1:${silentPort}`) && /Timeout/.test(line))).toBe(true);
  }, 15_000);

  it('does not follow a redirect (it could lead anywhere)', async () => {
    let followed = 0;
    const target = http.createServer((req, res) => {
      followed++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":1}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const redirecting = http.createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/elsewhere` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const reply = await s.api.patch('/applications/@me', { interactions_endpoint_url: `http://127.0.0.1:${(redirecting.address() as net.AddressInfo).port}/` }, s.api.bot);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('interactions_endpoint_url: the interactions endpoint answered HTTP 307');
      expect(followed).toBe(0);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
      await new Promise((resolve) => target.close(resolve));
    }
  });
});

describe('allowRemoteEndpoints', () => {
  it('lets the URL name another host: the PING is sent (here stopped by the test\'s guard)', async () => {
    const s = await start({ allowRemoteEndpoints: true });
    try {
      remoteAttempts.length = 0;
      const reply = await s.api.patch('/applications/@me', { interactions_endpoint_url: 'http://192.0.2.10:8080/interactions' }, s.api.bot);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('interactions_endpoint_url: the interactions endpoint could not be reached or did not answer in time');
      expect(remoteAttempts).toEqual(['http://192.0.2.10:8080/interactions']);
    } finally {
      await s.emu.close();
    }
  });

  it('must be a boolean', async () => {
    await expect(start({ allowRemoteEndpoints: 'yes' as unknown as boolean })).rejects.toThrow('allowRemoteEndpoints: true or false');
  });
});
