// The gateway's session protocol over real loopback sockets (docs/protocols/gateway.md): Hello, Identify as
// a user and as a bot, READY, heartbeats and their timeout, Resume without loss or duplicates,
// Reconnect, Invalid Session, and the HTTP routes that give the gateway's URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, bot, SEED, sleep, startTestEmulator, type TestEmulator } from './helpers/harness';

const { nelly, alice, bob, carol } = SEED.users;
const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;

let t: TestEmulator;
const clients: GatewayClient[] = [];

async function connect(url = t.gatewayUrl): Promise<GatewayClient> {
  const client = await GatewayClient.connect(url);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  t = await startTestEmulator({ heartbeatIntervalMs: 45_000 });
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe('Hello and Identify', () => {
  it('sends Hello with the heartbeat interval first', async () => {
    const client = await connect();
    expect(client.received[0]).toEqual({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null });
  });

  it('identifies a user by "Bearer <token>": READY with user, relationships, lobbies and resume_gateway_url', async () => {
    // nelly is in a lobby before connecting: READY lists it.
    const lobby = await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(nelly)}`, body: { secret: 'ready-lobby' } });
    expect(lobby.status).toBe(200);
    const client = await connect();
    const ready = await client.identifyUser(t.token(nelly));
    expect(ready.v).toBe(10);
    expect(ready.user).toMatchObject({ id: nelly, username: 'nelly' });
    expect(typeof ready.session_id).toBe('string');
    expect(ready.session_id.length).toBeGreaterThan(8);
    expect(ready.resume_gateway_url).toBe(t.emu.gatewayUrl);
    expect(ready.application.id).toBe(SEED.applicationId);
    const friends = ready.relationships.map((r: any) => r.id).sort();
    expect(friends).toEqual([alice, bob].sort());
    expect(ready.relationships.every((r: any) => r.type === 1 && r.user.id === r.id)).toBe(true);
    expect(ready.lobbies.map((l: any) => l.id)).toContain(lobby.body.id);
    expect(ready.lobbies.find((l: any) => l.id === lobby.body.id).members.map((m: any) => m.id)).toEqual([nelly]);
    // READY is dispatch number 1.
    expect(client.received.find((p) => p.t === 'READY')!.s).toBe(1);
  });

  it('identifies a bot by its token with intents: READY with guilds, then GUILD_CREATE', async () => {
    const client = await connect();
    const ready = await client.identifyBot(t.emu.application.botToken, GUILDS | GUILD_MEMBERS);
    expect(ready.user).toMatchObject({ id: SEED.botUserId, bot: true });
    expect(ready.application.id).toBe(SEED.applicationId);
    expect(ready.resume_gateway_url).toBe(t.emu.gatewayUrl);
    expect(ready.guilds).toEqual([{ id: SEED.guildId, unavailable: true }]);
    const guild = (await client.waitFor(dispatchOf('GUILD_CREATE'))).d;
    expect(guild.id).toBe(SEED.guildId);
    expect(guild.channels.length).toBeGreaterThan(5);
  });

  it('accepts the bot token with or without the "Bot " prefix, and rejects a wrong one with 4004', async () => {
    const bare = await connect();
    bare.identify(t.emu.application.botToken, { intents: GUILDS });
    await bare.waitFor(dispatchOf('READY'));
    const wrong = await connect();
    wrong.identify(`Bot ${t.emu.application.botToken}x`, { intents: GUILDS });
    expect((await wrong.closed).code).toBe(4004);
    const badBearer = await connect();
    badBearer.identify('Bearer not-a-token');
    expect((await badBearer.closed).code).toBe(4004);
  });
});

describe('Heartbeat', () => {
  it('answers a heartbeat with an ACK, before and after Identify', async () => {
    const client = await connect();
    let from = client.mark();
    client.heartbeat(null);
    expect(await client.waitFor((p) => p.op === 11, { from })).toEqual({ op: 11, d: null, s: null, t: null });
    await client.identifyUser(t.token(alice));
    from = client.mark();
    client.heartbeat(client.lastSeq);
    await client.waitFor((p) => p.op === 11, { from });
  });

  describe('with a short interval', () => {
    let fast: TestEmulator;
    beforeAll(async () => {
      fast = await startTestEmulator({ heartbeatIntervalMs: 400 });
    });
    afterAll(async () => {
      await fast.close();
    });

    it('closes a session that stops heartbeating with 4009, and the session cannot be resumed', async () => {
      const client = await connect(fast.gatewayUrl);
      expect(client.received[0].d.heartbeat_interval).toBe(400);
      const ready = await client.identifyUser(fast.token(nelly));
      const started = Date.now();
      const { code } = await client.closed;
      expect(code).toBe(4009);
      // 1.5 intervals of silence (600 ms), not much more.
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(Date.now() - started).toBeLessThan(3000);
      const again = await connect(fast.gatewayUrl);
      again.send({ op: 6, d: { token: `Bearer ${fast.token(nelly)}`, session_id: ready.session_id, seq: client.lastSeq } });
      const invalid = await again.waitFor((p) => p.op === 9);
      expect(invalid.d).toBe(false);
    });

    it('keeps a session that heartbeats in time', async () => {
      const client = await connect(fast.gatewayUrl);
      await client.identifyUser(fast.token(alice));
      // Three timeouts' worth of time, heartbeating well within the interval.
      for (let i = 0; i < 15; i++) {
        client.heartbeat();
        await sleep(120);
      }
      expect(client.closeCode).toBeNull();
      expect(client.received.filter((p) => p.op === 11).length).toBeGreaterThanOrEqual(14);
      client.close();
    });
  });
});

describe('Resume', () => {
  // A lobby with nelly (the listener) and alice (the poster).
  async function lobbyWithNellyAndAlice(secret: string): Promise<string> {
    const created = await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(alice)}`, body: { secret } });
    await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(nelly)}`, body: { secret } });
    return created.body.id;
  }

  async function post(lobbyId: string, content: string): Promise<void> {
    const response = await api(t.emu, 'POST', `/lobbies/${lobbyId}/messages`, { auth: `Bearer ${t.token(alice)}`, body: { content } });
    expect(response.status).toBe(200);
  }

  it('replays what was missed in order, then RESUMED: socket dropped mid-burst, nothing lost, nothing duplicated', async () => {
    const lobbyId = await lobbyWithNellyAndAlice('resume-burst');
    const first = await connect();
    const ready = await first.identifyUser(t.token(nelly));
    const contents = (client: GatewayClient, from = 0) =>
      client.dispatches('LOBBY_MESSAGE_CREATE', from).filter((d) => d.lobby_id === lobbyId).map((d) => d.content);

    for (let i = 0; i < 10; i++) await post(lobbyId, `m${i}`);
    await first.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.content === 'm9'));
    // The client drops its socket (no close frame) while the burst is still coming.
    first.ws.on('message', () => {
      if (contents(first).length === 15) first.ws.terminate();
    });
    for (let i = 10; i < 20; i++) await post(lobbyId, `m${i}`);
    await first.closed;
    // Wait until the emulator noticed; then more happens while the client is away.
    for (let i = 0; i < 100 && t.emu.control.gateway!.sessions().some((s) => s.id === ready.session_id); i++) await sleep(10);
    expect(t.emu.control.gateway!.sessions().some((s) => s.id === ready.session_id)).toBe(false);
    for (let i = 20; i < 30; i++) await post(lobbyId, `m${i}`);

    const seen = contents(first);
    expect(seen.length).toBeGreaterThanOrEqual(15);
    const lastSeq = first.lastSeq!;
    const second = await connect();
    const from = second.mark();
    second.send({ op: 6, d: { token: `Bearer ${t.token(nelly)}`, session_id: ready.session_id, seq: lastSeq } });
    const resumed = await second.waitFor(dispatchOf('RESUMED'), { from });
    const replay = second.received.slice(from).filter((p) => p.op === 0);
    // Sequence numbers continue exactly where the client stopped, without a gap, RESUMED last.
    expect(replay.map((p) => p.s)).toEqual(replay.map((_, i) => lastSeq + 1 + i));
    expect(replay[replay.length - 1]).toBe(resumed);
    const all = [...seen, ...contents(second, from)];
    expect(all).toEqual(Array.from({ length: 30 }, (_, i) => `m${i}`));

    // And the resumed session keeps receiving, numbered after RESUMED.
    await post(lobbyId, 'after');
    const after = await second.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.content === 'after'));
    expect(after.s).toBe(resumed.s! + 1);
  });

  it('survives the service cutting the socket mid-burst (dropGatewayConnections): resume, nothing lost, nothing duplicated', async () => {
    const lobbyId = await lobbyWithNellyAndAlice('resume-service-drop');
    const first = await connect();
    const ready = await first.identifyUser(t.token(nelly));
    const contents = (client: GatewayClient, from = 0) =>
      client.dispatches('LOBBY_MESSAGE_CREATE', from).filter((d) => d.lobby_id === lobbyId).map((d) => d.content);
    for (let i = 0; i < 20; i++) {
      await post(lobbyId, `d${i}`);
      if (i === 7) expect(t.emu.control.dropGatewayConnections(nelly)).toBeGreaterThanOrEqual(1);
    }
    const { code } = await first.closed;
    expect(code).toBe(1006); // no close frame: as a network failure looks
    const seen = contents(first);
    expect(seen.length).toBeLessThan(20);
    const second = await connect();
    const from = second.mark();
    second.send({ op: 6, d: { token: `Bearer ${t.token(nelly)}`, session_id: ready.session_id, seq: first.lastSeq } });
    await second.waitFor(dispatchOf('RESUMED'), { from });
    expect([...seen, ...contents(second, from)]).toEqual(Array.from({ length: 20 }, (_, i) => `d${i}`));
  });

  it('answers a resume of an unknown session, or from a seq it never sent, with Invalid Session (op 9, d false)', async () => {
    const unknown = await connect();
    unknown.send({ op: 6, d: { token: `Bearer ${t.token(nelly)}`, session_id: 'no-such-session', seq: 1 } });
    expect((await unknown.waitFor((p) => p.op === 9)).d).toBe(false);
    // The connection stays usable for a fresh Identify.
    await unknown.identifyUser(t.token(nelly));

    const original = await connect();
    const ready = await original.identifyUser(t.token(bob));
    original.close();
    await original.closed;
    const ahead = await connect();
    ahead.send({ op: 6, d: { token: `Bearer ${t.token(bob)}`, session_id: ready.session_id, seq: 999 } });
    expect((await ahead.waitFor((p) => p.op === 9)).d).toBe(false);
  });

  it('refuses a resume with another token (4004) or of a session whose client is gone longer than the retention', async () => {
    const original = await connect();
    const ready = await original.identifyUser(t.token(bob));
    original.close();
    await original.closed;
    const wrong = await connect();
    wrong.send({ op: 6, d: { token: 'Bearer nope', session_id: ready.session_id, seq: 1 } });
    expect((await wrong.closed).code).toBe(4004);
    // Another valid token is not the session's token: Invalid Session.
    const other = await connect();
    other.send({ op: 6, d: { token: `Bearer ${t.token(alice)}`, session_id: ready.session_id, seq: 1 } });
    expect((await other.waitFor((p) => p.op === 9)).d).toBe(false);
    // Five minutes later (emulator clock) the session is gone.
    t.emu.control.advanceClock(6 * 60 * 1000);
    const late = await connect();
    late.send({ op: 6, d: { token: `Bearer ${t.token(bob)}`, session_id: ready.session_id, seq: 1 } });
    expect((await late.waitFor((p) => p.op === 9)).d).toBe(false);
  });

  it('takes over from a zombie connection: resuming while the old socket is still open moves the session', async () => {
    const lobbyId = await lobbyWithNellyAndAlice('resume-zombie');
    const old = await connect();
    const ready = await old.identifyUser(t.token(nelly));
    await post(lobbyId, 'z0');
    await old.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.content === 'z0'));
    const liveBefore = t.emu.control.gateway!.sessions().length;
    const fresh = await connect();
    const from = fresh.mark();
    fresh.send({ op: 6, d: { token: `Bearer ${t.token(nelly)}`, session_id: ready.session_id, seq: old.lastSeq } });
    await fresh.waitFor(dispatchOf('RESUMED'), { from });
    await old.closed;
    await post(lobbyId, 'z1');
    await fresh.waitFor(dispatchOf('LOBBY_MESSAGE_CREATE', (d) => d.content === 'z1'));
    expect(old.dispatches('LOBBY_MESSAGE_CREATE').some((d) => d.content === 'z1')).toBe(false);
    // The connection's own (temporary) session does not linger among the live ones, and the
    // zombie's socket is gone: as many live sessions as before.
    expect(t.emu.control.gateway!.sessions().length).toBe(liveBefore);
    expect(t.emu.control.gateway!.sessions().filter((s) => s.id === ready.session_id).length).toBe(1);
  });
});

describe('Reconnect', () => {
  it('sends op 7 on request; the client resumes and misses nothing', async () => {
    const created = await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(alice)}`, body: { secret: 'reconnect' } });
    await api(t.emu, 'PUT', '/lobbies', { auth: `Bearer ${t.token(bob)}`, body: { secret: 'reconnect' } });
    const client = await connect();
    const ready = await client.identifyUser(t.token(bob));
    const from = client.mark();
    expect(t.emu.control.reconnectGateway(bob)).toBeGreaterThanOrEqual(1);
    expect(await client.waitFor((p) => p.op === 7, { from })).toEqual({ op: 7, d: null, s: null, t: null });
    const lastSeq = client.lastSeq!;
    client.ws.close(4900, 'reconnecting');
    await client.closed;
    await api(t.emu, 'POST', `/lobbies/${created.body.id}/messages`, { auth: `Bearer ${t.token(alice)}`, body: { content: 'while away' } });
    const next = await connect(ready.resume_gateway_url + '?v=10&encoding=json');
    const start = next.mark();
    next.send({ op: 6, d: { token: `Bearer ${t.token(bob)}`, session_id: ready.session_id, seq: lastSeq } });
    await next.waitFor(dispatchOf('RESUMED'), { from: start });
    expect(next.dispatches('LOBBY_MESSAGE_CREATE', start).map((d) => d.content)).toEqual(['while away']);
  });

  it('a client that ignores op 7 is closed with 4000 after the grace period, and can still resume', async () => {
    // Its own emulator, so the grace period is max(5 s, a 2 s heartbeat interval) = 5 s.
    const own = await startTestEmulator({ heartbeatIntervalMs: 2_000 });
    try {
      const client = await GatewayClient.connect(own.gatewayUrl);
      clients.push(client);
      const ready = await client.identifyUser(own.token(carol));
      const beats = setInterval(() => client.heartbeat(), 1_000); // alive, but deaf to op 7
      try {
        const from = client.mark();
        own.emu.control.reconnectGateway(carol);
        await client.waitFor((p) => p.op === 7, { from });
        const started = Date.now();
        expect(await client.closed).toEqual({ code: 4000, reason: 'Reconnect' });
        expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
      } finally {
        clearInterval(beats);
      }
      const next = await GatewayClient.connect(ready.resume_gateway_url + '?v=10&encoding=json');
      clients.push(next);
      const start = next.mark();
      next.send({ op: 6, d: { token: `Bearer ${own.token(carol)}`, session_id: ready.session_id, seq: client.lastSeq ?? 0 } });
      await next.waitFor(dispatchOf('RESUMED'), { from: start });
    } finally {
      await own.close();
    }
  }, 15_000);

  it('tells only the chosen user\'s sessions, or every session when none is named', async () => {
    const a = await connect();
    await a.identifyUser(t.token(alice));
    const b = await connect();
    await b.identifyUser(t.token(bob));
    const fromA = a.mark();
    const fromB = b.mark();
    t.emu.control.reconnectGateway(alice);
    await a.waitFor((p) => p.op === 7, { from: fromA });
    expect((await b.collectFor(100, (p) => p.op === 7)).length).toBe(0);
    expect(t.emu.control.reconnectGateway()).toBeGreaterThanOrEqual(2);
    await b.waitFor((p) => p.op === 7, { from: fromB });
  });
});

describe('Gateway URL over HTTP', () => {
  it('GET /api/gateway returns the URL without authentication', async () => {
    for (const path of ['/gateway', '/v10/gateway', '/v9/gateway']) {
      const response = await api(t.emu, 'GET', path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ url: t.emu.gatewayUrl });
    }
  });

  it('GET /api/gateway/bot needs the bot token and returns the URL with the session start limit', async () => {
    const response = await api(t.emu, 'GET', '/gateway/bot', { auth: bot(t.emu) });
    expect(response.status).toBe(200);
    expect(response.body.url).toBe(t.emu.gatewayUrl);
    expect(response.body.shards).toBe(1);
    expect(response.body.session_start_limit).toMatchObject({ total: expect.any(Number), remaining: expect.any(Number), max_concurrency: 1 });
    expect((await api(t.emu, 'GET', '/gateway/bot')).status).toBe(401);
    expect((await api(t.emu, 'GET', '/gateway/bot', { auth: `Bearer ${t.token(nelly)}` })).status).toBe(403);
  });

  it('the URL it returns is the gateway: a client that follows it gets Hello', async () => {
    const { body } = await api(t.emu, 'GET', '/gateway');
    const client = await connect(`${body.url}?v=10&encoding=json`);
    expect(client.received[0].op).toBe(10);
  });
});
