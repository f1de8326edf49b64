// Part 1: startEmulator's result, the deterministic seed, and the control API — programmatic and
// HTTP (POST {web}/_sdkpp/control/<method>) mirroring each other, with the advanceable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, SEED, start, HOUR, type Started } from './helpers';

let s: Started;
let api: Api;

beforeAll(async () => {
  s = await start();
  api = s.api;
});
afterAll(async () => s.emu.close());

describe('startEmulator', () => {
  it('listens on 127.0.0.1 and resolves to the documented fields', async () => {
    const { emu } = s;
    expect(emu.webBase).toBe(`http://127.0.0.1:${emu.port}`);
    expect(emu.apiBase).toBe(`${emu.webBase}/api`);
    expect(emu.port).toBeGreaterThan(0);
    expect(emu.server.address()).toMatchObject({ address: '127.0.0.1', port: emu.port });
    expect(emu.application).toEqual({
      id: SEED.applicationId,
      clientSecret: SEED.clientSecret,
      botToken: SEED.botToken,
      publicKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(emu.childApplication.id).toBe(SEED.childApplicationId);
    expect(emu.users.map((u) => u.username)).toEqual(['nelly', 'alice', 'bob', 'carol', 'dave', 'erin']);
    expect(emu.guild.id).toBe(SEED.guildId);
    expect(typeof emu.control.advanceClock).toBe('function');
    expect((await api.get('/users/@me', api.bot)).status).toBe(200);
  });

  it('seeds the same ids, credentials and keys on every start', async () => {
    const other = await start();
    try {
      expect(other.emu.application).toEqual(s.emu.application);
      expect(other.emu.childApplication).toEqual(s.emu.childApplication);
      expect(other.emu.users).toEqual(s.emu.users);
      expect(other.emu.guild).toEqual(s.emu.guild);
      const channels = async (x: Started) => (await x.api.get(`/guilds/${SEED.guildId}/channels`, x.api.bot)).body;
      expect(await channels(other)).toEqual(await channels(s));
      expect(s.emu.users.map((u) => u.id)).toEqual(Object.values(SEED.users));
    } finally {
      await other.emu.close();
    }
  });

  it('seeds a child application, a premium user, a guild-tag user, a legacy connection and a guild with hidden channels', async () => {
    const core = s.emu.core;
    expect(core.app(SEED.childApplicationId)?.parentId).toBe(SEED.applicationId);
    expect(core.user(SEED.users.alice)?.premiumType).toBeGreaterThan(0);
    expect(core.user(SEED.users.bob)?.primaryGuildTag).toMatch(/^.{1,4}$/u);
    expect(core.user(SEED.users.carol)?.connections.some((c) => c.legacyGameConnection)).toBe(true);
    const guild = core.state.guilds.get(SEED.guildId)!;
    const types = new Set(guild.channels.map((c) => c.type));
    expect([...types]).toEqual(expect.arrayContaining([0, 2, 4])); // text, voice, category
    expect(guild.roles.length).toBeGreaterThanOrEqual(3);
    expect(guild.channels.some((c) => c.overwrites.length > 0)).toBe(true);
    const visible = (await api.get(`/guilds/${SEED.guildId}/channels`, api.bot)).body as unknown[];
    expect(visible.length).toBeLessThan(guild.channels.length);
  });

  it('close() is idempotent and frees the port', async () => {
    const other = await start();
    const { port } = other.emu;
    await other.emu.close();
    await other.emu.close();
    await expect(fetch(`http://127.0.0.1:${port}/api/users/@me`)).rejects.toThrow();
  });

  it('startTime sets the emulator clock, and the Date header follows it', async () => {
    const startTime = Date.UTC(2030, 0, 2, 3, 4, 5);
    const other = await start({ startTime });
    try {
      expect(Math.abs(other.emu.control.now() - startTime)).toBeLessThan(5000);
      const reply = await other.api.get('/users/@me', other.api.bot);
      expect(new Date(reply.headers.get('date')!).getUTCFullYear()).toBe(2030);
    } finally {
      await other.emu.close();
    }
  });
});

describe('control API', () => {
  const methods = () =>
    Object.getOwnPropertyNames(Object.getPrototypeOf(s.emu.control)).filter(
      (name) => name !== 'constructor' && typeof (s.emu.control as unknown as Record<string, unknown>)[name] === 'function',
    );

  it('every programmatic method has its HTTP route, and nothing else does', async () => {
    const names = methods();
    expect(names).toEqual(expect.arrayContaining(['advanceClock', 'createUser', 'banUser', 'unbanUser', 'grantEntitlement', 'endSubscription', 'approveAuthorization', 'denyAuthorization', 'setAutoApprove']));
    for (const name of names) {
      const reply = await api.control(name, {});
      // A route exists: any answer but the router's own 404 (a domain 404 such as
      // "No such pending authorization" still proves the route).
      expect(reply.body?.message, `POST /_sdkpp/control/${name}`).not.toBe('404: Not Found');
      expect(reply.status, `POST /_sdkpp/control/${name}`).toBeLessThan(500);
      expect(reply.body, name).toBeDefined(); // JSON, also for errors
    }
    const unknown = await api.control('noSuchMethod');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('404: Not Found');
    expect((await api.web('GET', '/_sdkpp/control/now')).status).toBe(405);
  });

  it('advanceClock over HTTP moves the same clock as emu.control.advanceClock', async () => {
    const before = s.emu.control.now();
    const reply = await api.control('advanceClock', { ms: HOUR });
    expect(reply.status).toBe(200);
    expect(reply.body).toBeGreaterThanOrEqual(before + HOUR);
    expect(s.emu.control.now()).toBeGreaterThanOrEqual(before + HOUR);
    const programmatic = s.emu.control.advanceClock(HOUR);
    expect(programmatic).toBeGreaterThanOrEqual(before + 2 * HOUR);
    const now = (await api.control('now')).body as number;
    expect(now).toBeGreaterThanOrEqual(before + 2 * HOUR);
    expect(now - before).toBeLessThan(2 * HOUR + 5000);
  });

  it('bad control arguments are a 400, never a 500', async () => {
    for (const ms of [-1, 'abc', null, 1e400]) {
      const reply = await api.control('advanceClock', { ms });
      expect(reply.status, `ms=${String(ms)}`).toBe(400);
    }
    expect(() => s.emu.control.advanceClock(-5)).toThrow();
    expect((await api.control('createUser', { username: 'X!' })).status).toBe(400);
    expect((await api.control('banUser', { userId: 'nope' })).status).toBe(400);
    expect((await api.control('banUser', { userId: '123' })).status).toBe(404);
    expect((await api.control('banUser', { userId: SEED.users.dave, durationMs: 'soon' })).status).toBe(400);
    expect(s.emu.core.user(SEED.users.dave)!.bannedUntil).toBeNull(); // refused, not half-applied
    expect((await api.control('grantEntitlement', { userId: SEED.users.dave, skuId: '1' })).status).toBe(404);
    expect((await api.control('approveAuthorization', { id: 'x', userId: SEED.users.dave })).status).toBe(404);
    expect((await api.control('setWebhookUrl', { url: 'ftp://x' })).status).toBe(400);
    const raw = await api.web('POST', '/_sdkpp/control/createUser', { body: '{', contentType: 'application/json' });
    expect(raw.status).toBe(400);
    expect(raw.body.code).toBe(50109);
  });

  it('createUser over HTTP makes a user the API knows', async () => {
    const created = await api.control('createUser', { username: 'http_made', globalName: 'Made Over HTTP' });
    expect(created.status).toBe(200);
    const user = await api.get(`/users/${created.body.id}`, api.bot);
    expect(user.body).toMatchObject({ id: created.body.id, username: 'http_made', global_name: 'Made Over HTTP' });
    expect((await api.control('createUser', { username: 'http_made' })).status).toBe(400); // taken
  });

  it('issueToken, banUser and unbanUser over HTTP act on the API', async () => {
    const userId = await api.createUser('control_ban');
    const issued = await api.control('issueToken', { userId, scopes: ['openid', 'sdk.social_layer'] });
    expect(issued.status).toBe(200);
    const auth = `Bearer ${issued.body.accessToken}`;
    expect((await api.get('/users/@me', auth)).body.id).toBe(userId);
    expect((await api.control('banUser', { userId, durationMs: HOUR })).status).toBe(200);
    expect((await api.get('/users/@me', auth)).status).toBe(401);
    expect((await api.control('unbanUser', { userId })).status).toBe(200);
    const again = await api.control('issueToken', { userId });
    expect((await api.get('/users/@me', `Bearer ${again.body.accessToken}`)).status).toBe(200);
  });

  it('setAutoApprove, listPendingAuthorizations, approveAuthorization and denyAuthorization over HTTP', async () => {
    const params = {
      response_type: 'code',
      client_id: SEED.applicationId,
      scope: 'openid',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      state: 'control-state',
    };
    expect((await api.control('setAutoApprove', { userId: null })).status).toBe(200);
    const page = await api.authorize(params);
    expect(page.status).toBe(200);
    const pending = (await api.control('listPendingAuthorizations')).body as Array<{ id: string; state: string }>;
    const mine = pending.find((p) => p.state === 'control-state')!;
    expect(mine).toBeDefined();
    const approved = await api.control('approveAuthorization', { id: mine.id, userId: SEED.users.dave });
    expect(approved.status).toBe(200);
    const redirect = new URL(approved.body.redirect);
    expect(redirect.searchParams.get('code')).toBeTruthy();
    expect(redirect.searchParams.get('state')).toBe('control-state');

    await api.authorize({ ...params, state: 'deny-me' });
    const list = (await api.control('listPendingAuthorizations')).body as Array<{ id: string; state: string }>;
    const denied = await api.control('denyAuthorization', { id: list.find((p) => p.state === 'deny-me')!.id });
    expect(new URL(denied.body.redirect).searchParams.get('error')).toBe('access_denied');

    expect((await api.control('setAutoApprove', { userId: SEED.users.dave })).status).toBe(200);
    const auto = await api.authorize({ ...params, state: 'auto' });
    expect(auto.status).toBe(302);
    expect((await api.control('setAutoApprove', { userId: null })).status).toBe(200);
  });

  it('grantEntitlement, createSubscription and endSubscription over HTTP', async () => {
    const skus = (await api.get(`/applications/${SEED.applicationId}/skus`, api.bot)).body as Array<{ id: string; type: number }>;
    const durable = skus.find((k) => k.type === 2)!;
    const subscription = skus.find((k) => k.type === 5)!;
    const granted = await api.control('grantEntitlement', { userId: SEED.users.erin, skuId: durable.id });
    expect(granted.body).toMatchObject({ sku_id: durable.id, user_id: SEED.users.erin, deleted: false });
    const listed = (await api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${SEED.users.erin}`, api.bot)).body;
    expect(listed.map((e: { id: string }) => e.id)).toContain(granted.body.id);

    const sub = await api.control('createSubscription', { userId: SEED.users.erin, skuId: subscription.id });
    expect(sub.body).toMatchObject({ status: 0, user_id: SEED.users.erin });
    const entitlement = (await api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${SEED.users.erin}`, api.bot)).body
      .find((e: { subscription_id: string }) => e.subscription_id === sub.body.id);
    expect(entitlement).toMatchObject({ type: 1, ends_at: null }); // PURCHASE, ongoing
    const ended = await api.control('endSubscription', { subscriptionId: sub.body.id });
    expect(ended.body.status).toBe(1); // INACTIVE
    expect(ended.body.canceled_at).toBeTruthy();
    const after = (await api.get(`/applications/${SEED.applicationId}/entitlements?user_id=${SEED.users.erin}`, api.bot)).body
      .find((e: { id: string }) => e.id === entitlement.id);
    expect(after.ends_at).toBeTruthy();
  });

  it('setPremiumApproval, setRateLimits, setVoiceChannel and webhookDeliveries over HTTP', async () => {
    const alice = `Bearer ${api.token(SEED.users.alice)}`;
    expect((await api.get('/users/@me', alice)).body.premium_type).toBe(0);
    expect((await api.control('setPremiumApproval', { approved: true })).status).toBe(200);
    expect((await api.get('/users/@me', alice)).body.premium_type).toBe(2);
    expect((await api.control('setPremiumApproval', { approved: false })).status).toBe(200);
    expect((await api.get('/users/@me', alice)).body.premium_type).toBe(0);

    expect((await api.control('setRateLimits', { enabled: false })).status).toBe(200);
    expect(s.emu.core.limiter.enabled).toBe(false);
    expect((await api.control('setRateLimits', { enabled: true })).status).toBe(200);
    expect(s.emu.core.limiter.enabled).toBe(true);

    const voice = (BigInt(SEED.guildId) + 15n).toString();
    expect((await api.control('setVoiceChannel', { userId: SEED.botUserId, channelId: voice })).status).toBe(200);
    expect((await api.put(`/channels/${voice}/voice-status`, { status: 'via control' }, api.bot)).status).toBe(204);
    expect((await api.control('setVoiceChannel', { userId: SEED.botUserId, channelId: null })).status).toBe(200);

    const deliveries = await api.control('webhookDeliveries');
    expect(deliveries.body).toMatchObject({ pending: expect.any(Number), history: expect.any(Array) });
  });
});

describe('control API answers', () => {
  it('the local client controls reject (not throw) when the local client is not running', async () => {
    // An emulator started without `ipc: true`: a Promise-returning control must report through
    // its Promise, so `.catch` and `await` in try/catch both see it.
    let restart: Promise<void> | undefined;
    let stop: Promise<void> | undefined;
    expect(() => {
      restart = s.emu.control.restartLocalClient();
      stop = s.emu.control.stopLocalClient();
    }).not.toThrow();
    await expect(restart).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not running/) });
    await expect(stop).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not running/) });
  });

  it('approveDevice with an unknown user says Unknown User and leaves the code usable', async () => {
    const device = (await api.form('/oauth2/device/authorize', { client_id: SEED.applicationId, scope: 'openid' })).body as {
      user_code: string;
      device_code: string;
    };
    expect(() => s.emu.control.approveDevice(device.user_code, '1234')).toThrow(
      expect.objectContaining({ status: 404, code: 10013, message: 'Unknown User' }),
    );
    expect(() => s.emu.control.approveDevice('NO-SUCH', SEED.users.alice)).toThrow(
      expect.objectContaining({ status: 404, message: 'No such device code' }),
    );
    s.emu.control.approveDevice(device.user_code, SEED.users.alice);
  });
});
