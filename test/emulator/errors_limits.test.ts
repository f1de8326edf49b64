// Part 6, errors and rate limits (docs/protocols/http.md): error bodies and codes (50035 with field
// paths, 50109, 10031, ...), rate-limit headers on every API response, 429 with retry_after on the
// lobby write buckets, and hostile input — oversized and deep bodies, wrong content types,
// unknown routes and methods, bad ids, unknown API versions — answered with a clear 4xx: never a
// 500, never a crash, never a half-applied change.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, request, SEED, start, type Reply, type Started } from './helpers';

let s: Started;
let api: Api;
let nelly: string;
let alice: string;
let lobbyId: string;
let messageId: string;

beforeAll(async () => {
  s = await start();
  api = s.api;
  nelly = bearer(api.token(SEED.users.nelly));
  alice = bearer(api.token(SEED.users.alice));
  const lobby = (await api.put('/lobbies', { secret: 'errors-lobby', idle_timeout_seconds: 604800 }, nelly)).body;
  lobbyId = lobby.id;
  messageId = (await api.post(`/lobbies/${lobbyId}/messages`, { content: 'seed' }, nelly)).body.id;
});
afterAll(async () => s.emu.close());

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-reset-after', 'x-ratelimit-bucket'];

function expectRateHeaders(reply: Reply, what: string): void {
  for (const header of RATE_HEADERS) expect(reply.headers.get(header), `${what}: ${header}`).toMatch(/^[0-9a-f.]+$/);
}

describe('error bodies', () => {
  it('50035 names every invalid field by its path, with {code, message} entries', async () => {
    const reply = await api.post('/lobbies', { metadata: 5, idle_timeout_seconds: 'soon', members: [{ id: 'x' }, { id: SEED.users.bob, flags: 7 }] }, api.bot);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    const errors = reply.body.errors;
    expect(errors.metadata._errors[0]).toEqual({ code: 'DICT_TYPE_CONVERT', message: expect.any(String) });
    expect(errors.idle_timeout_seconds._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    expect(errors.members['0'].id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
    expect(errors.members['1'].flags._errors[0].code).toBe('NUMBER_TYPE_MAX');
    expect(errors.members['1'].id).toBeUndefined();
  });

  it('50109 for a body that is not JSON', async () => {
    for (const body of ['{', '{"content": }', '{"a":1} trailing', '', 'undefined', '\u0000']) {
      const reply = await api.call('POST', `/lobbies/${lobbyId}/messages`, { body, contentType: 'application/json', auth: nelly });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe(50109);
    }
    // A JSON value that is not an object is a form error instead.
    for (const body of ['[]', '"text"', '42', 'null']) {
      const reply = await api.call('POST', `/lobbies/${lobbyId}/messages`, { body, contentType: 'application/json', auth: nelly });
      expect(reply.status, body).toBe(400);
      expect(reply.body.code).toBe(50035);
    }
  });

  it('10031 for an unknown lobby, whatever the route', async () => {
    for (const [method, path] of [
      ['GET', '/lobbies/123'],
      ['PATCH', '/lobbies/123'],
      ['DELETE', '/lobbies/123'],
      ['POST', '/lobbies/123/members/bulk'],
      ['GET', '/lobbies/123/messages'],
      ['PUT', `/lobbies/123/members/${SEED.users.bob}`],
      ['PATCH', '/lobbies/123/channel-linking'],
    ]) {
      const json = method === 'POST' ? [{ id: SEED.users.bob }] : method === 'GET' || method === 'DELETE' ? undefined : {};
      const reply = await api.call(method, path, { auth: api.bot, json });
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body, `${method} ${path}`).toEqual({ code: 10031, message: 'Unknown Lobby' });
    }
  });

  it('bad ids are a clear 404 of their kind', async () => {
    const cases: Array<[string, string, number]> = [
      ['GET', '/lobbies/abc', 10031],
      ['GET', '/lobbies/0', 10031],
      ['GET', '/lobbies/18446744073709551616', 10031], // 2^64
      ['GET', `/lobbies/${'9'.repeat(400)}`, 10031],
      ['GET', '/users/abc', 10013],
      ['GET', '/users/-5', 10013],
      ['GET', '/guilds/abc/channels', 10004],
      ['PUT', '/channels/abc/voice-status', 10003],
      ['POST', '/users/@me/dms/abc/messages', 10013],
    ];
    for (const [method, path, code] of cases) {
      const reply = await api.call(method, path, { auth: method === 'POST' ? nelly : api.bot, json: method === 'GET' ? undefined : { status: 'x', content: 'x' } });
      expect(reply.status, path).toBe(404);
      expect(reply.body.code, path).toBe(code);
    }
    // A path segment that is not valid percent-encoding matches no route.
    expect((await api.get('/lobbies/%E0%A4%A', api.bot)).status).toBe(404);
  });

  it('unknown routes are 404 and known routes with another method are 405, everywhere', async () => {
    expect((await api.get('/no/such/route', api.bot)).body).toEqual({ code: 0, message: '404: Not Found' });
    expect((await api.web('GET', '/no/such/page')).status).toBe(404);
    // `/` is the dashboard (docs/emulator.md); a page under it that does not exist is a 404.
    expect((await api.web('GET', '/_sdkpp/dashboard/nothing')).status).toBe(404);
    expect((await api.web('POST', '/', { json: {} })).status).toBe(405);
    for (const [method, path] of [['DELETE', '/users/@me'], ['GET', '/oauth2/token'], ['PUT', '/guilds'], ['GET', '/lobbies']]) {
      const reply = await api.call(method, path, { auth: api.bot });
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.body.message).toBe('405: Method Not Allowed');
    }
    expect((await api.web('DELETE', '/oauth2/authorize')).status).toBe(405);
  });

  it('the API version segment is optional; v9 and v10 work, others are a clear 400', async () => {
    for (const path of ['/users/@me', '/v10/users/@me', '/v9/users/@me']) {
      expect((await api.get(path, api.bot)).status, path).toBe(200);
    }
    for (const version of ['v3', 'v8', 'v11', 'v99999999999999999999']) {
      const reply = await api.get(`/${version}/users/@me`, api.bot);
      expect(reply.status, version).toBe(400);
      expect(reply.body.message).toMatch(/version/i);
      expectRateHeaders(reply, version);
    }
  });

  it('a missing or unknown credential is 401; the wrong kind is 403', async () => {
    for (const auth of [undefined, 'Bearer', 'Bearer ', 'Bearer nope', 'Bot nope', 'Basic abc', 'nonsense']) {
      expect((await api.get('/users/@me/connections', auth)).status, String(auth)).toBe(401);
    }
    const wrongKind = await api.post('/lobbies/' + lobbyId + '/members/bulk', [{ id: SEED.users.bob }], nelly);
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.body.code).toBe(50001);
  });
});

describe('hostile bodies', () => {
  it('bodies over 1 MiB are 413, by Content-Length and when streamed; the server carries on', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 10) });
    const declared = await api.call('POST', `/lobbies/${lobbyId}/messages`, { body: big, contentType: 'application/json', auth: nelly });
    expect(declared.status).toBe(413);
    expect(declared.body.code).toEqual(expect.any(Number));
    expectRateHeaders(declared, '413');

    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${s.emu.apiBase}/lobbies/${lobbyId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: nelly },
      body: stream,
      duplex: 'half',
    } as RequestInit).catch((error: Error) => error);
    if (response instanceof Response) expect(response.status).toBe(413);
    // (A client may also see the connection end while it is still sending; either way no 500.)
    expect((await api.get('/users/@me', nelly)).status).toBe(200);
    const history = (await api.get(`/lobbies/${lobbyId}/messages?limit=200`, nelly)).body as Array<{ content: string }>;
    expect(history.every((m) => m.content.length < 1000)).toBe(true);
  });

  it('JSON nested deeper than 32 levels is refused before parsing', async () => {
    for (const depth of [33, 1000, 100_000]) {
      const body = `{"content":"x","metadata":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const reply = await api.call('POST', `/lobbies/${lobbyId}/messages`, { body, contentType: 'application/json', auth: nelly });
      expect(reply.status, String(depth)).toBe(400);
      expect(reply.body.code).toBe(50109);
    }
    // Brackets inside strings do not count.
    const inString = await api.post(`/lobbies/${lobbyId}/messages`, { content: '['.repeat(100) }, nelly);
    expect(inString.status).toBe(200);
  });

  it('wrong content types are 415; a charset parameter is fine', async () => {
    const json = JSON.stringify({ content: 'typed' });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const reply = await api.call('POST', `/lobbies/${lobbyId}/messages`, { body: json, contentType, auth: nelly });
      expect(reply.status, contentType).toBe(415);
      expectRateHeaders(reply, contentType);
    }
    expect((await api.call('POST', `/lobbies/${lobbyId}/messages`, { body: json, auth: nelly })).status).toBe(415);
    expect((await api.call('POST', `/lobbies/${lobbyId}/messages`, { body: json, contentType: 'Application/JSON; charset=utf-8', auth: nelly })).status).toBe(200);
    // Form endpoints refuse JSON the same way.
    const revoke = await api.call('POST', '/oauth2/token/revoke', { json: { client_id: SEED.applicationId, token: 'x' } });
    expect(revoke.status).toBe(415);
  });

  it('a request line the HTTP parser cannot read, and oversized headers, are 4xx', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(s.emu.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 4\d\d/);
    const huge = await request(`${s.emu.apiBase}/users/@me`, 'GET', { auth: api.bot, headers: { 'x-filler': 'y'.repeat(32 * 1024) } });
    expect(huge.status).toBe(431);
    expect((await api.get('/users/@me', api.bot)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('every API response carries the rate-limit headers, whatever its status', async () => {
    const replies: Array<[string, Reply]> = [
      ['200', await api.get('/users/@me', api.bot)],
      ['204', await api.put(`/lobbies/${lobbyId}/messages/${messageId}/moderation-metadata`, { a: 'b' }, api.bot)],
      ['400', await api.post(`/lobbies/${lobbyId}/messages`, {}, nelly)],
      ['401', await api.get('/users/@me')],
      ['403', await api.post('/guilds', {}, api.bot)],
      ['404', await api.get('/nothing/here')],
      ['405', await api.call('DELETE', '/users/@me', { auth: api.bot })],
      ['oauth2 400', await api.form('/oauth2/token', { grant_type: 'nope' })],
      ['oauth2 200', await api.form('/oauth2/token/revoke', { client_id: SEED.applicationId, token: 'unknown' })],
    ];
    for (const [what, reply] of replies) expectRateHeaders(reply, what);
    // Not on the web pages or the control API: they are not the service's API.
    const page = await api.web('GET', '/activate');
    expect(page.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('lobby messages: 10 per 10 s per member and lobby, then 429 with retry_after; nothing stored; the window follows the emulator clock', async () => {
    const lobby = (await api.put('/lobbies', { secret: 'rate-lobby', idle_timeout_seconds: 604800 }, alice)).body;
    const other = (await api.put('/lobbies', { secret: 'rate-lobby-2', idle_timeout_seconds: 604800 }, alice)).body;
    s.emu.control.advanceClock(10_000); // a fresh window
    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await api.post(`/lobbies/${lobby.id}/messages`, { content: `r${i}` }, alice);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-ratelimit-limit')).toBe('10');
      remaining.push(reply.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    const limited = await api.post(`/lobbies/${lobby.id}/messages`, { content: 'over' }, alice);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: expect.any(String), code: expect.any(Number), retry_after: expect.any(Number), global: false });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(limited.body.retry_after).toBeLessThanOrEqual(10);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset-after'))).toBeCloseTo(limited.body.retry_after, 2);
    // Another lobby is another bucket.
    expect((await api.post(`/lobbies/${other.id}/messages`, { content: 'elsewhere' }, alice)).status).toBe(200);
    // The refused message was not stored.
    const history = (await api.get(`/lobbies/${lobby.id}/messages?limit=200`, alice)).body.map((m: { content: string }) => m.content);
    expect(history).not.toContain('over');
    expect(history).toHaveLength(10);
    // Still limited just before the window ends; free once it has.
    s.emu.control.advanceClock(Math.ceil(limited.body.retry_after * 1000) - 100);
    expect((await api.post(`/lobbies/${lobby.id}/messages`, { content: 'early' }, alice)).status).toBe(429);
    s.emu.control.advanceClock(100);
    expect((await api.post(`/lobbies/${lobby.id}/messages`, { content: 'later' }, alice)).status).toBe(200);
  });

  it('lobby writes (create/join, bulk): 20 per 10 s, then 429; a refused bulk changes nothing', async () => {
    const userId = await api.createUser('rate_joiner');
    const auth = bearer(api.token(userId));
    s.emu.control.advanceClock(10_000);
    for (let i = 0; i < 20; i++) {
      expect((await api.put('/lobbies', { secret: `rate-join-${i}`, idle_timeout_seconds: 604800 }, auth)).status).toBe(200);
    }
    const limited = await api.put('/lobbies', { secret: 'rate-join-20', idle_timeout_seconds: 604800 }, auth);
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBeGreaterThan(0);
    s.emu.control.advanceClock(10_000);
    // The refused join created nothing: this one creates a fresh lobby with one member.
    const fresh = await api.put('/lobbies', { secret: 'rate-join-20' }, bearer(api.token(SEED.users.dave)));
    expect(fresh.body.members.map((m: { id: string }) => m.id)).toEqual([SEED.users.dave]);

    // The bot's bulk requests share the application's lobby-write bucket.
    s.emu.control.advanceClock(10_000);
    const target = fresh.body.id as string;
    let status = 200;
    let count = 0;
    while (status === 200 && count < 50) {
      status = (await api.post(`/lobbies/${target}/members/bulk`, [{ id: SEED.users.erin, metadata: { n: String(count) } }], api.bot)).status;
      if (status === 200) count++;
    }
    expect(status).toBe(429);
    expect(count).toBe(20);
    const before = (await api.get(`/lobbies/${target}`, api.bot)).body;
    const refused = await api.post(`/lobbies/${target}/members/bulk`, [{ id: SEED.users.carol }], api.bot);
    expect(refused.status).toBe(429);
    expect((await api.get(`/lobbies/${target}`, api.bot)).body).toEqual(before);
  });

  it('setRateLimits(false) lifts the buckets and counts nothing', async () => {
    const lobby = (await api.put('/lobbies', { secret: 'rate-off', idle_timeout_seconds: 604800 }, nelly)).body;
    s.emu.control.setRateLimits(false);
    try {
      for (let i = 0; i < 30; i++) {
        const reply = await api.post(`/lobbies/${lobby.id}/messages`, { content: `off${i}` }, nelly);
        expect(reply.status).toBe(200);
        expect(reply.headers.get('x-ratelimit-remaining')).toBe('9');
      }
    } finally {
      s.emu.control.setRateLimits(true);
    }
  });
});

describe('never a 500, never a crash', () => {
  const ROUTES: Array<[string, string]> = [
    ['GET', '/users/@me'], ['PATCH', '/users/@me'], ['GET', '/users/:user'], ['GET', '/users/@me/guilds'], ['GET', '/users/@me/connections'],
    ['GET', '/guilds/:guild/channels'], ['POST', '/guilds'], ['PUT', '/channels/:channel/voice-status'],
    ['PUT', '/lobbies'], ['POST', '/lobbies'], ['GET', '/lobbies/:lobby'], ['PATCH', '/lobbies/:lobby'], ['DELETE', '/lobbies/:lobby'],
    ['DELETE', '/lobbies/:lobby/members/@me'], ['PUT', '/lobbies/:lobby/members/:user'], ['DELETE', '/lobbies/:lobby/members/:user'],
    ['POST', '/lobbies/:lobby/members/bulk'], ['PATCH', '/lobbies/:lobby/channel-linking'], ['POST', '/lobbies/:lobby/messages'],
    ['GET', '/lobbies/:lobby/messages'], ['PUT', '/lobbies/:lobby/messages/:message/moderation-metadata'],
    ['POST', '/lobbies/:lobby/members/@me/invites'], ['POST', '/lobbies/:lobby/members/:user/invites'], ['POST', '/invites/:code'],
    ['POST', '/users/@me/dms/:user/messages'], ['PATCH', '/users/@me/dms/:user/messages/:message'], ['DELETE', '/users/@me/dms/:user/messages/:message'],
    ['GET', '/users/@me/dms/:user/messages'], ['GET', '/users/@me/dms/summaries'], ['PUT', '/partner-sdk/dms/:user/:user/messages/:message/moderation-metadata'],
    ['GET', '/users/@me/relationships'], ['PUT', '/users/@me/relationships/:user'], ['POST', '/users/@me/relationships'], ['DELETE', '/users/@me/relationships/:user'],
    ['PUT', '/users/@me/game-relationships/:user'], ['POST', '/users/@me/game-relationships'], ['DELETE', '/users/@me/game-relationships/:user'],
    ['POST', '/users/@me/activity-invites'], ['POST', '/users/@me/activity-invites/:message/accept'],
    ['GET', '/applications/:app/entitlements'], ['GET', '/applications/:app/skus'],
    // Issue 16 part 5 (applications, emoji, monetization); `:user` stands for an id of another kind (real: an unknown one).
    ['GET', '/applications/@me'], ['PATCH', '/applications/@me'], ['GET', '/oauth2/applications/@me'],
    ['GET', '/applications/:app/emojis'], ['POST', '/applications/:app/emojis'], ['GET', '/applications/:app/emojis/:user'], ['PATCH', '/applications/:app/emojis/:user'], ['DELETE', '/applications/:app/emojis/:user'],
    ['GET', '/applications/:app/entitlements/:user'], ['POST', '/applications/:app/entitlements'], ['DELETE', '/applications/:app/entitlements/:user'], ['POST', '/applications/:app/entitlements/:user/consume'],
    ['GET', '/skus/:user/subscriptions'], ['GET', '/skus/:user/subscriptions/:user'], ['GET', `/skus/${BigInt(SEED.guildId) + 100n}/subscriptions`], ['GET', `/skus/${BigInt(SEED.guildId) + 100n}/subscriptions/:user`],
    ['POST', '/oauth2/token'], ['POST', '/oauth2/token/revoke'], ['POST', '/oauth2/device/authorize'], ['GET', '/oauth2/@me'],
    ['POST', '/partner-sdk/token'], ['POST', '/partner-sdk/token/bot'], ['POST', '/partner-sdk/provisional-accounts/unmerge'],
    ['POST', '/partner-sdk/provisional-accounts/unmerge/bot'], ['POST', '/partner-sdk/child-token'],
    ['GET', '/gateway'], ['GET', '/gateway/bot'],
    ['GET', '/guilds/:guild/voice-states/@me'], ['GET', '/guilds/:guild/voice-states/:user'], ['GET', '/guilds/:guild/audit-logs'],
    ['GET', '/guilds/:guild/auto-moderation/rules'], ['POST', '/guilds/:guild/auto-moderation/rules'], ['GET', '/guilds/:guild/auto-moderation/rules/:message'],
    ['PATCH', '/guilds/:guild/auto-moderation/rules/:message'], ['DELETE', '/guilds/:guild/auto-moderation/rules/:message'],
    ['POST', '/channels/:channel/invites'], ['GET', '/channels/:channel/invites'], ['GET', '/invites/:code'], ['DELETE', '/invites/:code'], ['GET', '/invites/:code/target-users'],
    ['GET', '/channels/:channel/messages/pins'], ['PUT', '/channels/:channel/messages/pins/:message'], ['DELETE', '/channels/:channel/messages/pins/:message'],
    ['GET', '/channels/:channel/pins'], ['PUT', '/channels/:channel/pins/:message'], ['DELETE', '/channels/:channel/pins/:message'],
    ['GET', '/guilds/:guild/messages/search'],
    // Application commands (the command id stands in a :message slot).
    ['GET', '/applications/:app/commands'], ['POST', '/applications/:app/commands'], ['PUT', '/applications/:app/commands'],
    ['GET', '/applications/:app/commands/:message'], ['PATCH', '/applications/:app/commands/:message'], ['DELETE', '/applications/:app/commands/:message'],
    ['GET', '/applications/:app/guilds/:guild/commands'], ['POST', '/applications/:app/guilds/:guild/commands'], ['PUT', '/applications/:app/guilds/:guild/commands'],
    ['GET', '/applications/:app/guilds/:guild/commands/:message'], ['PATCH', '/applications/:app/guilds/:guild/commands/:message'], ['DELETE', '/applications/:app/guilds/:guild/commands/:message'],
    // Interactions (the interaction id stands in a :message slot, its token in :code).
    ['POST', '/interactions/:message/:code/callback'], ['POST', '/webhooks/:app/:code'],
    ['GET', '/webhooks/:app/:code/messages/@original'], ['PATCH', '/webhooks/:app/:code/messages/@original'], ['DELETE', '/webhooks/:app/:code/messages/@original'],
    ['GET', '/webhooks/:app/:code/messages/:message'], ['PATCH', '/webhooks/:app/:code/messages/:message'], ['DELETE', '/webhooks/:app/:code/messages/:message'],
    ['POST', '/users/@me/channels'], ['GET', '/channels/:channel/messages'], ['POST', '/channels/:channel/messages'],
    ['GET', '/channels/:channel/messages/:message'], ['PATCH', '/channels/:channel/messages/:message'], ['DELETE', '/channels/:channel/messages/:message'],
    // Guild surface (issue 16): members, roles, prune, expressions, scheduled events, group DMs.
    // Role, emoji and event ids are not swept kinds: a real role id and made-up ones stand in.
    ['GET', '/guilds/:guild/members'], ['GET', '/guilds/:guild/members/search'], ['GET', '/guilds/:guild/members/:user'],
    ['PATCH', '/guilds/:guild/members/:user'], ['PATCH', '/guilds/:guild/members/@me'], ['DELETE', '/guilds/:guild/members/:user'],
    ['GET', '/guilds/:guild/roles'], ['GET', '/guilds/:guild/roles/member-counts'], ['POST', '/guilds/:guild/roles'],
    ['GET', `/guilds/:guild/roles/${BigInt(SEED.guildId) + 1n}`], ['PATCH', `/guilds/:guild/roles/${BigInt(SEED.guildId) + 1n}`], ['DELETE', '/guilds/:guild/roles/abc'],
    ['GET', '/guilds/:guild/prune'], ['POST', '/guilds/:guild/prune'],
    ['GET', '/guilds/:guild/emojis'], ['POST', '/guilds/:guild/emojis'], ['GET', '/guilds/:guild/emojis/1'], ['PATCH', '/guilds/:guild/emojis/1'], ['DELETE', '/guilds/:guild/emojis/abc'],
    ['GET', '/guilds/:guild/stickers'], ['POST', '/guilds/:guild/stickers'],
    ['GET', '/guilds/:guild/scheduled-events'], ['POST', '/guilds/:guild/scheduled-events'], ['GET', '/guilds/:guild/scheduled-events/1'],
    ['PATCH', '/guilds/:guild/scheduled-events/1'], ['DELETE', '/guilds/:guild/scheduled-events/abc'],
    ['POST', '/users/@me/channels'],
    ['GET', '/channels/:channel'], ['GET', '/guilds/:guild'],
  ];
  const JSON_BODIES = [
    undefined, '', '{', 'null', '[]', '[null]', '[{}]', '"s"', '1', 'true', '{}',
    '{"content":{"a":1},"secret":[],"metadata":"x","lobby_metadata":{"k":null},"member_metadata":[1],"members":{},"id":{},"status":{},"channel_id":{},"flags":"1","limit":{},"idle_timeout_seconds":1e999}',
    '{"content":"ok","metadata":{"__proto__":{"x":"y"},"constructor":"c","toString":"t"}}',
    '{"client_id":123,"external_auth_type":"STEAM_SESSION_TICKET","external_auth_token":"' + 'z'.repeat(9000) + '"}',
    '{"parent_access_token":{},"child_application_id":[],"recipient_id":"1","type":5,"party_id":"p","username":{}}',
    '[' + '{"id":"1","remove_member":"yes"},'.repeat(30) + '{}]',
    `{"secret":"\\ud800","content":"\\u0000","global_name":"\\ud83d"}`,
  ];
  const FORM_BODIES = ['', 'grant_type=authorization_code&code=%ZZ', 'grant_type=refresh_token&client_id=abc', 'a=b&a=c&client_id=&token=', 'grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=' + SEED.applicationId + '&device_code='];

  it('answers every route with hostile input without a 500, and stays up', async () => {
    s.emu.control.setRateLimits(false);
    const problems: string[] = [];
    const params = (path: string, value: string) => path.replace(/:(lobby|user|guild|channel|message|code|app)/g, (_m, kind: string) => {
      const real: Record<string, string> = { lobby: lobbyId, user: SEED.users.alice, guild: SEED.guildId, channel: (BigInt(SEED.guildId) + 15n).toString(), message: messageId, code: 'abc', app: SEED.applicationId };
      return value === 'real' ? real[kind] : value;
    });
    const tasks: Array<() => Promise<void>> = [];
    // Deletions last, so the other routes meet a live lobby and message.
    const ordered = [...ROUTES].sort((a, b) => Number(a[0] === 'DELETE') - Number(b[0] === 'DELETE'));
    try {
      for (const [method, template] of ordered) {
        for (const param of ['real', 'abc', '18446744073709551616', '%ZZ']) {
          const path = params(template, param);
          if (param !== 'real' && path === template) continue;
          for (const auth of param === 'real' ? [undefined, api.bot, nelly] : [api.bot, nelly]) {
            const bodies = template.startsWith('/oauth2/') ? FORM_BODIES.map((b) => ({ body: b, contentType: 'application/x-www-form-urlencoded' })) : JSON_BODIES.map((b) => ({ body: b, contentType: b === undefined ? undefined : 'application/json' }));
            for (const { body, contentType } of method === 'GET' ? [{ body: undefined, contentType: undefined }] : bodies) {
              const query = method === 'GET' ? '?limit=%ZZ&before=-1&user_id=x' : '';
              tasks.push(async () => {
                const reply = await api.call(method, path + query, { auth, body, contentType });
                if (reply.status >= 500) problems.push(`${reply.status} ${method} ${path} ${String(body).slice(0, 60)} -> ${reply.text.slice(0, 100)}`);
              });
            }
          }
        }
      }
      // In order, a few at a time (the routes of one kind stay together).
      for (let i = 0; i < tasks.length; i += 8) await Promise.all(tasks.slice(i, i + 8).map((task) => task()));
    } finally {
      s.emu.control.setRateLimits(true);
    }
    expect(problems).toEqual([]);
    expect(s.logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
    expect((await api.get('/users/@me', api.bot)).status).toBe(200);
  }, 60_000);

  it('the web pages and the control API take hostile input too', async () => {
    const problems: string[] = [];
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['GET', '/oauth2/authorize?client_id=%ZZ&redirect_uri=%ZZ', {}],
      ['GET', `/oauth2/authorize?client_id=${SEED.applicationId}&redirect_uri=http://127.0.0.1:99999999999999999999/callback`, {}],
      ['GET', `/oauth2/authorize?client_id=${SEED.applicationId}&scope=${'openid+'.repeat(2000)}`, {}],
      ['POST', '/oauth2/authorize/decide', { body: 'pending_id=%ZZ&decision=approve&user_id=%00', contentType: 'application/x-www-form-urlencoded' }],
      ['POST', '/oauth2/authorize/decide', { body: '{}', contentType: 'application/json' }],
      ['POST', '/activate', { body: 'user_code=' + 'A'.repeat(10_000), contentType: 'application/x-www-form-urlencoded' }],
      ['GET', '/activate?user_code=<script>', {}],
    ];
    for (const [method, path, options] of cases) {
      const reply = await api.web(method, path, options);
      if (reply.status >= 500) problems.push(`${reply.status} ${method} ${path}`);
      if (path.includes('<script>')) expect(reply.text).not.toContain('<script>');
    }
    const controlBodies = ['{}', '[]', 'null', '{"userId":{},"skuId":[],"ms":"1","id":null,"userCode":{},"url":5,"approved":"x","enabled":{},"channelId":[],"subscriptionId":1}'];
    const names = Object.getOwnPropertyNames(Object.getPrototypeOf(s.emu.control)).filter((n) => n !== 'constructor');
    for (const name of names) {
      for (const body of controlBodies) {
        const reply = await api.web('POST', `/_sdkpp/control/${name}`, { body, contentType: 'application/json' });
        if (reply.status >= 500) problems.push(`${reply.status} control ${name} ${body} -> ${reply.text.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(s.logs.filter((line) => line.startsWith('internal error'))).toEqual([]);
  }, 30_000);
});
