// The dashboard on the emulator's web base, without a browser (test/browser has the page driven
// by Chromium): the page and its policy, the script, the state document with every credential
// masked, the event feed (dispatches, control actions, webhooks, refused requests with tokens in
// their paths hidden), copying a secret only from the page's own origin, and the bounds — the
// journal's, and the feed's for pages that do not read.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal, JOURNAL_CAPACITY, journalPath } from '../../lib/emulator/journal';
import { DashboardFeed, FEED_BUFFER_MAX, FEED_MAX_OPEN } from '../../lib/emulator/dashboard/feed';
import { RequestContext } from '../../lib/emulator/http/context';
import type { Emulator } from '../../lib/emulator/emulator';
import { Api, SEED, start, type Started } from './helpers';
import { GatewayClient } from './helpers/gateway_client';

let s: Started;
let api: Api;

beforeAll(async () => {
  s = await start({ webhookUrl: 'http://127.0.0.1:9/events' });
  api = s.api;
  s.emu.control.setRateLimits(false);
});
afterAll(async () => s.emu.close());

/** Reads an SSE stream until `count` entries matching `match` arrived (bounded by `ms`). */
async function feedEntries(match: (e: { kind: string; text: string }) => boolean, enough: (found: Array<{ kind: string; text: string }>) => boolean, act: () => Promise<unknown>, ms = 5000): Promise<Array<{ kind: string; text: string; seq: number }>> {
  const controller = new AbortController();
  // Only what comes from now on (the feed starts with the journal kept so far).
  const after = s.emu.core.journal.entries().at(-1)?.seq ?? 0;
  const response = await fetch(`${s.emu.webBase}/_sdkpp/dashboard/events?after=${after}`, { signal: controller.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.getReader();
  const found: Array<{ kind: string; text: string; seq: number }> = [];
  const deadline = setTimeout(() => controller.abort(), ms);
  await act();
  let buffer = '';
  try {
    while (!enough(found)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += Buffer.from(value).toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const entry = JSON.parse(data);
        if (match(entry)) found.push(entry);
      }
    }
  } catch {
    // aborted at the deadline: the assertion below says what was missing
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return found;
}

describe('the page', () => {
  it('GET / is the dashboard with a policy that allows only its own script and requests; the script parses', async () => {
    const page = await api.web('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(page.text).toContain('src="/_sdkpp/dashboard/app.js"');
    expect(page.text).not.toMatch(/<script>(?!<)/); // no inline script
    const script = await api.web('GET', '/_sdkpp/dashboard/app.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(() => new Function(script.text)).not.toThrow();
  });

  it('answers only to its own Host (a rebinding page cannot read it)', async () => {
    const reply = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${s.emu.webBase}/_sdkpp/dashboard/state`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
    });
    expect(reply).toBe(403);
  });
});

describe('the state document', () => {
  it('shows people, applications, guilds, lobbies with their last messages, sessions and calls — no credential in full', async () => {
    const token = api.token(SEED.users.nelly);
    const lobby = (await api.put('/lobbies', { secret: 'dash' }, `Bearer ${token}`)).body;
    for (let i = 0; i < 7; i++) await api.post(`/lobbies/${lobby.id}/messages`, { content: `hello ${i}` }, `Bearer ${token}`);
    const bot = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await bot.identifyBot(s.emu.application.botToken, 1);
      const reply = await api.web('GET', '/_sdkpp/dashboard/state');
      expect(reply.status).toBe(200);
      const doc = reply.body;
      expect(Math.abs(doc.now - s.emu.control.now())).toBeLessThan(5000);
      expect(doc.users.some((u: any) => u.id === SEED.users.nelly)).toBe(true);
      const app = doc.applications.find((a: any) => a.id === SEED.applicationId);
      expect(app.botToken).toMatch(/^.{4}….{4}$/);
      expect(app.privilegedIntents).toHaveProperty('messageContent');
      const shown = doc.lobbies.find((l: any) => l.id === lobby.id);
      expect(shown.messages.map((m: any) => m.content)).toEqual(['hello 2', 'hello 3', 'hello 4', 'hello 5', 'hello 6']);
      expect(shown.members[0].name).toBeTruthy();
      const session = doc.sessions.gateway.find((x: any) => x.kind === 'bot');
      expect(session).toMatchObject({ userId: SEED.botUserId, connected: true });
      expect(doc.guilds[0].channels.length).toBeGreaterThan(0);
      expect(Array.isArray(doc.calls)).toBe(true);
      // No credential in full anywhere in the document.
      const liveIds = s.emu.control.gateway!.sessions().map((x) => x.id);
      for (const secret of [s.emu.application.botToken, s.emu.application.clientSecret, token, ...liveIds]) expect(reply.text).not.toContain(secret);
    } finally {
      bot.close();
    }
  });
});

describe('the event feed', () => {
  it('carries dispatches, control actions, webhooks and refused requests (tokens in paths hidden)', async () => {
    const secretPath = '/api/webhooks/1349146942634065960/aVeryLongInteractionTokenThatMustNotShow0123456789/messages/@original';
    const allKinds = (found: Array<{ kind: string }>) => ['dispatch', 'control', 'webhook', 'refused'].every((k) => found.some((e) => e.kind === k));
    const entries = await feedEntries((e) => e.kind !== 'dispatch' || e.text.startsWith('ENTITLEMENT_CREATE'), allKinds, async () => {
      await api.control('grantEntitlement', { userId: SEED.users.dave, skuId: [...s.emu.core.state.skus.values()].find((k) => k.type === 2)!.id });
      await api.web('GET', secretPath);
    });
    const kinds = entries.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['dispatch', 'control', 'webhook', 'refused']));
    expect(entries.find((e) => e.kind === 'control')!.text).toBe('grantEntitlement');
    expect(entries.find((e) => e.kind === 'webhook')!.text).toContain('ENTITLEMENT_CREATE');
    const refused = entries.find((e) => e.kind === 'refused')!.text;
    expect(refused).toMatch(/→ 4\d\d /);
    expect(refused).not.toContain('aVeryLongInteractionToken');
  });

  it('a page that reconnects gets what came after the last entry it saw (Last-Event-ID)', async () => {
    s.emu.core.journal.record('control', 'marker-one');
    const last = s.emu.core.journal.entries().at(-1)!.seq;
    s.emu.core.journal.record('control', 'marker-two');
    const response = await fetch(`${s.emu.webBase}/_sdkpp/dashboard/events`, { headers: { 'last-event-id': String(last) } });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    await reader.cancel();
    const text = Buffer.from(value!).toString('utf8');
    expect(text).toContain('marker-two');
    expect(text).not.toContain('marker-one');
  });
});

describe('copying a secret', () => {
  it('answers the page (same origin, JSON) with the secret; another origin, a form or an unknown field get nothing', async () => {
    const ok = await api.web('POST', '/_sdkpp/dashboard/secret', { json: { applicationId: SEED.applicationId, field: 'clientSecret' } });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toBe(s.emu.application.clientSecret);
    const crossSite = await api.web('POST', '/_sdkpp/dashboard/secret', { json: { applicationId: SEED.applicationId, field: 'botToken' }, headers: { origin: 'http://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).not.toContain(s.emu.application.botToken);
    const form = await api.web('POST', '/_sdkpp/dashboard/secret', { form: { applicationId: SEED.applicationId, field: 'botToken' } });
    expect(form.status).toBe(415);
    expect((await api.web('POST', '/_sdkpp/dashboard/secret', { json: { applicationId: SEED.applicationId, field: 'publicKey' } })).status).toBe(400);
    expect((await api.web('POST', '/_sdkpp/dashboard/secret', { json: { applicationId: '1', field: 'botToken' } })).status).toBe(404);
  });
});

describe('bounds', () => {
  it(`the journal keeps the last ${JOURNAL_CAPACITY} entries of a 10,000-event burst`, () => {
    const journal = new Journal(() => 0);
    for (let i = 0; i < 10_000; i++) journal.record('dispatch', `event ${i}`);
    const kept = journal.entries();
    expect(kept).toHaveLength(JOURNAL_CAPACITY);
    expect(kept[0].text).toBe(`event ${10_000 - JOURNAL_CAPACITY}`);
    expect(kept.at(-1)!.seq).toBe(10_000);
  });

  it('journal lines hide long path segments and mask credentials', () => {
    expect(journalPath('/api/interactions/1349146942634065960/aLongTokenOfTheInteraction1234567/callback')).toBe('/api/interactions/1349146942634065960/…/callback');
    const journal = new Journal(() => 0);
    journal.record('refused', 'GET /x Authorization: Bot abc.def.ghi');
    expect(journal.entries()[0].text).not.toContain('abc.def.ghi');
  });

  it(`100 pages that do not read and a 10,000-entry burst: each page's backlog stays under ${FEED_BUFFER_MAX} bytes and slow pages are cut off; page ${FEED_MAX_OPEN + 1} gets 503`, async () => {
    const journal = new Journal(() => 0);
    const feed = new DashboardFeed(journal);
    const server = http.createServer((req, res) => {
      feed.open(new RequestContext({} as Emulator, req, res, 'GET', '/_sdkpp/dashboard/events', new URL(req.url!, 'http://x').searchParams));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < 100; i++) {
        const socket = net.connect(port, '127.0.0.1');
        socket.pause(); // never reads
        socket.write('GET /_sdkpp/dashboard/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        sockets.push(socket);
      }
      for (let tries = 0; feed.openCount < 100 && tries < 200; tries++) await new Promise((r) => setTimeout(r, 10));
      expect(feed.openCount).toBe(100);
      const line = 'x'.repeat(250);
      let largest = 0;
      for (let i = 0; i < 10_000; i++) {
        journal.record('dispatch', `${i} ${line}`);
        if (i % 500 === 0) largest = Math.max(largest, feed.largestBacklog());
      }
      largest = Math.max(largest, feed.largestBacklog());
      expect(largest).toBeLessThanOrEqual(FEED_BUFFER_MAX + 1024);
      expect(feed.openCount).toBeLessThan(100); // the pages that did not read were cut off
      // The cap on open pages.
      for (let i = feed.openCount; i < FEED_MAX_OPEN; i++) {
        const socket = net.connect(port, '127.0.0.1');
        socket.write('GET /_sdkpp/dashboard/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        sockets.push(socket);
      }
      for (let tries = 0; feed.openCount < FEED_MAX_OPEN && tries < 300; tries++) await new Promise((r) => setTimeout(r, 10));
      expect(feed.openCount).toBe(FEED_MAX_OPEN); // a page opening after the burst gets its backlog and stays
      const refused = await fetch(`http://127.0.0.1:${port}/_sdkpp/dashboard/events`);
      expect(refused.status).toBe(503);
      await refused.body?.cancel();
    } finally {
      for (const socket of sockets) socket.destroy();
      feed.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
