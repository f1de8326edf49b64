// The local chat client over IPC (docs/protocols/ipc.md), over real Unix sockets: the first free path,
// the handshake and its checks, READY, PING/PONG, CLOSE, the commands (AUTHORIZE with PKCE and a
// decision through the control API, AUTHENTICATE, SET_ACTIVITY becoming gateway presence,
// SUBSCRIBE/UNSUBSCRIBE), the events, the 4006 rule, and restart/stop through the control API.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import { api, SEED, startTestEmulator, type TestEmulator } from './helpers/harness';
import { IpcClient, Op } from './helpers/ipc_client';

const { nelly, alice, bob } = SEED.users;
const appId = SEED.applicationId;
const PID = 4242;

let t: TestEmulator;
const ipcClients: IpcClient[] = [];
const gatewayClients: GatewayClient[] = [];

async function game(clientId = appId): Promise<IpcClient> {
  const { client } = await IpcClient.ready(t.emu.ipcPath!, clientId);
  ipcClients.push(client);
  return client;
}

async function raw(): Promise<IpcClient> {
  const client = await IpcClient.connect(t.emu.ipcPath!);
  ipcClients.push(client);
  return client;
}

async function authenticated(userId: string = nelly): Promise<IpcClient> {
  const client = await game();
  const reply = await client.command('AUTHENTICATE', { access_token: t.token(userId) });
  expect(reply.evt).not.toBe('ERROR');
  return client;
}

function pkce() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function pendingId(before: string[]): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const fresh = t.emu.control.listPendingIpcAuthorizations().filter((p) => !before.includes(p.id));
    if (fresh.length > 0) return fresh[0].id;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no pending IPC authorization appeared');
}

beforeAll(async () => {
  t = await startTestEmulator();
  t.emu.control.setRateLimits(false);
});

afterAll(async () => {
  for (const client of ipcClients) client.close();
  for (const client of gatewayClients) client.close();
  await t.close();
});

describe('socket path', () => {
  it('listens on the first free candidate; a second emulator takes the next one', async () => {
    expect(t.emu.ipcPath).toBe(t.ipcPaths[0]);
    const second = await startTestEmulator({}, { dir: t.dir });
    try {
      expect(second.emu.ipcPath).toBe(t.ipcPaths[1]);
      const { ready } = await IpcClient.ready(second.emu.ipcPath!, appId).then((r) => (ipcClients.push(r.client), r));
      expect(ready.v).toBe(1);
    } finally {
      await second.close();
    }
    // The first one still serves.
    await game();
  });
});

describe('handshake', () => {
  it('answers a good handshake with READY: v, config and the user', async () => {
    const client = await raw();
    const ready = await client.handshake(appId);
    expect(ready.v).toBe(1);
    expect(ready.config).toEqual({ cdn_host: expect.any(String), api_endpoint: `//127.0.0.1:${t.emu.port}/api`, environment: expect.any(String) });
    expect(ready.user).toMatchObject({ id: nelly, username: 'nelly', discriminator: expect.any(String) });
    expect(ready.user).toHaveProperty('avatar');
    const frame = client.frames.find((f) => f.json?.evt === 'READY')!;
    expect(frame.opcode).toBe(Op.Frame);
    expect(frame.json.cmd).toBe('DISPATCH');
  });

  it.each([
    ['a wrong version', 4004, { v: 2, client_id: appId }],
    ['no version', 4004, { client_id: appId }],
    ['an unknown client id', 4000, { v: 1, client_id: '1234567890123' }],
    ['no client id', 4000, { v: 1 }],
  ])('closes on %s with CLOSE %i', async (_name, code, handshake) => {
    const client = await raw();
    client.send(Op.Handshake, handshake);
    const { close } = await client.ended;
    expect(close?.code).toBe(code);
    expect(client.frames.some((f) => f.json?.evt === 'READY')).toBe(false);
  });

  it('closes a connection that sends a command before the handshake (4000)', async () => {
    const client = await raw();
    client.send(Op.Frame, { cmd: 'SET_ACTIVITY', args: { pid: PID, activity: { name: 'x' } }, nonce: '1' });
    expect((await client.ended).close?.code).toBe(4000);
  });
});

describe('PING, PONG and CLOSE', () => {
  it('answers PING with a PONG carrying the same payload, before and after the handshake', async () => {
    const client = await raw();
    expect(await client.ping('{"before":"handshake","n":1}')).toBe('{"before":"handshake","n":1}');
    await client.handshake(appId);
    const payload = JSON.stringify({ nonce: 'ü-✓', nested: { list: [1, 2, 3] } });
    expect(await client.ping(payload)).toBe(payload);
  });

  it('answers the game\'s CLOSE with CLOSE and ends the connection', async () => {
    const client = await game();
    client.send(Op.Close, { code: 1000, message: 'bye' });
    const { close } = await client.ended;
    expect(close?.code).toBe(1000);
  });
});

describe('AUTHORIZE', () => {
  const redirectUri = `sdkpp-${appId}:/authorize/callback`;

  async function exchange(code: string, verifier: string) {
    const response = await fetch(`${t.emu.apiBase}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: appId, code, redirect_uri: redirectUri, code_verifier: verifier }),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('waits for the person\'s decision, passes the PKCE challenge through, and the code redeems with the verifier only', async () => {
    t.emu.control.setAutoApprove(null);
    const client = await game();
    const { verifier, challenge } = pkce();
    const before = t.emu.control.listPendingIpcAuthorizations().map((p) => p.id);
    const reply = client.command('AUTHORIZE', { client_id: appId, scopes: ['openid', 'sdk.social_layer'], code_challenge: challenge, code_challenge_method: 'S256', state: 'st' });
    const id = await pendingId(before);
    const pending = t.emu.control.listPendingIpcAuthorizations().find((p) => p.id === id)!;
    expect(pending).toMatchObject({ applicationId: appId, scopes: ['openid', 'sdk.social_layer'], codeChallenge: challenge, redirectUri });
    t.emu.control.approveAuthorization(id, alice);
    const answer = await reply;
    expect(answer).toMatchObject({ cmd: 'AUTHORIZE', data: { code: expect.any(String) } });
    expect(answer.evt).not.toBe('ERROR');
    expect(t.emu.control.listPendingIpcAuthorizations().some((p) => p.id === id)).toBe(false);

    // The challenge went with the code: a wrong verifier is invalid_grant ...
    expect(await exchange(answer.data.code, pkce().verifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // ... the right one gets alice's token.
    const good = await exchange(answer.data.code, verifier);
    expect(good.status).toBe(200);
    const me = await api(t.emu, 'GET', '/users/@me', { auth: `Bearer ${good.body.access_token}` });
    expect(me.body.id).toBe(alice);
  });

  it('an approval with the scopes granted: the code carries those and the required ones only', async () => {
    t.emu.control.setAutoApprove(null);
    const client = await game();
    const { verifier, challenge } = pkce();
    const before = t.emu.control.listPendingIpcAuthorizations().map((p) => p.id);
    const reply = client.command('AUTHORIZE', { client_id: appId, scopes: ['openid', 'sdk.social_layer_presence', 'guilds', 'email'], code_challenge: challenge, code_challenge_method: 'S256' });
    const id = await pendingId(before);
    // A scope the game did not ask for is refused and the command stays pending.
    expect(() => t.emu.control.approveAuthorization(id, alice, ['connections'])).toThrow(/connections was not requested/);
    expect(t.emu.control.listPendingIpcAuthorizations().some((p) => p.id === id)).toBe(true);
    t.emu.control.approveAuthorization(id, alice, ['email']);
    const answer = await reply;
    const good = await exchange(answer.data.code, verifier);
    expect(good.status).toBe(200);
    expect(good.body.scope).toBe('openid sdk.social_layer_presence email');
  });

  it('answers a denial with ERROR 5000', async () => {
    t.emu.control.setAutoApprove(null);
    const client = await game();
    const before = t.emu.control.listPendingIpcAuthorizations().map((p) => p.id);
    const reply = client.command('AUTHORIZE', { client_id: appId, scopes: ['openid', 'sdk.social_layer'], code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    t.emu.control.denyAuthorization(await pendingId(before));
    const answer = await reply;
    expect(answer.evt).toBe('ERROR');
    expect(answer.data.code).toBe(5000);
  });

  it('refuses a client_id other than the handshake\'s (4007), no scopes (4000) and a non-S256 challenge (4000)', async () => {
    const client = await game();
    expect((await client.command('AUTHORIZE', { client_id: SEED.childApplicationId, scopes: ['openid'] })).data.code).toBe(4007);
    expect((await client.command('AUTHORIZE', { client_id: appId, scopes: [] })).data.code).toBe(4000);
    expect((await client.command('AUTHORIZE', { client_id: appId, scopes: ['openid'], code_challenge: pkce().challenge, code_challenge_method: 'plain' })).data.code).toBe(4000);
  });

  it('forgets a pending request when its game disconnects', async () => {
    t.emu.control.setAutoApprove(null);
    const client = await game();
    const before = t.emu.control.listPendingIpcAuthorizations().map((p) => p.id);
    void client.command('AUTHORIZE', { client_id: appId, scopes: ['openid'] }).catch(() => undefined);
    const id = await pendingId(before);
    client.close();
    for (let i = 0; i < 100 && t.emu.control.listPendingIpcAuthorizations().some((p) => p.id === id); i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.emu.control.listPendingIpcAuthorizations().some((p) => p.id === id)).toBe(false);
  });
});

describe('AUTHENTICATE', () => {
  it('returns the user, scopes, expiry and application for the app\'s token', async () => {
    const client = await game();
    const reply = await client.command('AUTHENTICATE', { access_token: t.token(bob) });
    expect(reply.cmd).toBe('AUTHENTICATE');
    expect(reply.data.user).toMatchObject({ id: bob, username: 'bob' });
    expect(reply.data.scopes).toContain('sdk.social_layer');
    expect(Date.parse(reply.data.expires)).toBeGreaterThan(Date.now());
    expect(reply.data.application).toMatchObject({ id: appId });
  });

  it('refuses an unknown token and another application\'s token with ERROR 4009', async () => {
    const client = await game();
    expect((await client.command('AUTHENTICATE', { access_token: 'nope' })).data.code).toBe(4009);
    const childToken = t.emu.control.issueToken(bob, ['openid', 'sdk.social_layer'], SEED.childApplicationId).accessToken;
    const other = await client.command('AUTHENTICATE', { access_token: childToken });
    expect(other.evt).toBe('ERROR');
    expect(other.data.code).toBe(4009);
  });
});

describe('SET_ACTIVITY', () => {
  it('acts for the AUTHENTICATEd user, else the chat client\'s user, and the presence records which (its origin)', async () => {
    const presence = (userId: string) => t.emu.core.state.presences.get(userId);
    // Before AUTHENTICATE the connection acts for the chat client's user (nelly), whoever the
    // game's player is: the SDK must not send SET_ACTIVITY then (docs/protocols/ipc.md).
    const early = await game();
    expect((await early.command('SET_ACTIVITY', { pid: PID, activity: { name: 'origin-early' } })).evt).not.toBe('ERROR');
    expect(presence(nelly)?.activities[0]?.name).toBe('origin-early');
    expect(presence(nelly)?.origin).toMatch(/^local client connection \d+, SET_ACTIVITY from pid 4242 as the chat client's user \(no AUTHENTICATE\)$/);
    const bobGame = await authenticated(bob);
    expect((await bobGame.command('SET_ACTIVITY', { pid: PID + 1, activity: { name: 'origin-bob' } })).evt).not.toBe('ERROR');
    expect(presence(bob)?.activities[0]?.name).toBe('origin-bob');
    expect(presence(bob)?.origin).toMatch(/^local client connection \d+, SET_ACTIVITY from pid 4243 as the AUTHENTICATEd user$/);
    expect(presence(nelly)?.activities[0]?.name).toBe('origin-early');
    // The gateway's op 3 names its session.
    const gateway = await GatewayClient.connect(t.gatewayUrl);
    gatewayClients.push(gateway);
    const ready = await gateway.identifyUser(t.token(bob));
    gateway.send({ op: 3, d: { since: null, status: 'online', afk: false, activities: [{ type: 0, name: 'origin-gateway' }] } });
    for (let i = 0; i < 200 && presence(bob)?.activities[0]?.name !== 'origin-gateway'; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(presence(bob)?.origin).toBe(`gateway session ${ready.session_id}, op 3`);
  });

  it('works right after the handshake (the classic flow) and becomes the user\'s presence on the gateway', async () => {
    // alice is nelly's friend: her gateway session sees nelly's presence.
    const friend = await GatewayClient.connect(t.gatewayUrl);
    gatewayClients.push(friend);
    await friend.identifyUser(t.token(alice));
    const client = await game();
    const from = friend.mark();
    const reply = await client.command('SET_ACTIVITY', {
      pid: PID,
      activity: { type: 0, name: 'Dungeon Run', state: 'In a party', details: '', party: { id: 'p1', size: [2, 4] }, assets: { large_image: null } },
    });
    expect(reply.evt).not.toBe('ERROR');
    expect(reply.data).toMatchObject({ type: 0, name: 'Dungeon Run', state: 'In a party', party: { id: 'p1', size: [2, 4] }, application_id: appId });
    // Null and empty keys are omitted.
    expect(reply.data).not.toHaveProperty('details');
    expect(reply.data).not.toHaveProperty('assets');
    const presence = (await friend.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === nelly), { from })).d;
    expect(presence.status).toBe('online');
    expect(presence.activities).toEqual([reply.data]);

    // Clearing it: activity null.
    const cleared = friend.mark();
    expect((await client.command('SET_ACTIVITY', { pid: PID, activity: null })).evt).not.toBe('ERROR');
    expect((await friend.waitFor(dispatchOf('PRESENCE_UPDATE', (d) => d.user.id === nelly), { from: cleared })).d.activities).toEqual([]);
  });

  it.each([0, 2, 3, 5])('accepts activity type %i', async (type) => {
    const client = await game();
    const reply = await client.command('SET_ACTIVITY', { pid: PID, activity: { type, name: 'Game' } });
    expect(reply.evt).not.toBe('ERROR');
    expect(reply.data.type).toBe(type);
  });

  it.each([
    ['type 1 (streaming)', { pid: PID, activity: { type: 1, name: 'x' } }],
    ['type 4 (custom)', { pid: PID, activity: { type: 4, name: 'x' } }],
    ['type 6', { pid: PID, activity: { type: 6, name: 'x' } }],
    ['a fractional type', { pid: PID, activity: { type: 0.5, name: 'x' } }],
    ['no pid', { activity: { type: 0, name: 'x' } }],
    ['pid 0', { pid: 0, activity: { type: 0, name: 'x' } }],
    ['a negative pid', { pid: -5, activity: { type: 0, name: 'x' } }],
    ['a string pid', { pid: '4242', activity: { type: 0, name: 'x' } }],
    ['an activity that is not an object', { pid: PID, activity: 'playing' }],
    ['a state of 129 characters', { pid: PID, activity: { type: 0, state: 'x'.repeat(129) } }],
    ['a non-http link', { pid: PID, activity: { type: 0, state_url: 'javascript:alert(1)' } }],
  ])('refuses %s with ERROR 4000 and keeps the presence', async (_name, args) => {
    const client = await game();
    const before = t.emu.core.state.presences.get(nelly);
    const reply = await client.command('SET_ACTIVITY', args);
    expect(reply.evt).toBe('ERROR');
    expect(reply.data.code).toBe(4000);
    expect(t.emu.core.state.presences.get(nelly)).toBe(before);
  });
});

describe('SUBSCRIBE, UNSUBSCRIBE and the events', () => {
  it('SUBSCRIBE replies with evt; ACTIVITY_JOIN arrives until UNSUBSCRIBE', async () => {
    const client = await game();
    const reply = await client.command('SUBSCRIBE', {}, 'ACTIVITY_JOIN');
    expect(reply).toMatchObject({ cmd: 'SUBSCRIBE', evt: 'ACTIVITY_JOIN', data: { evt: 'ACTIVITY_JOIN' } });
    expect(t.emu.control.sendActivityJoin('join-secret-1', appId)).toBeGreaterThanOrEqual(1);
    expect(await client.event('ACTIVITY_JOIN')).toEqual({ secret: 'join-secret-1' });
    const off = await client.command('UNSUBSCRIBE', {}, 'ACTIVITY_JOIN');
    expect(off).toMatchObject({ cmd: 'UNSUBSCRIBE', evt: 'ACTIVITY_JOIN', data: { evt: 'ACTIVITY_JOIN' } });
    const from = client.mark();
    t.emu.control.sendActivityJoin('join-secret-2', appId);
    await client.ping(); // anything sent before the PONG has arrived
    expect(client.frames.slice(from).some((f) => f.json?.evt === 'ACTIVITY_JOIN')).toBe(false);
  });

  it('ACTIVITY_JOIN_REQUEST carries the user asking to join', async () => {
    const client = await game();
    await client.command('SUBSCRIBE', {}, 'ACTIVITY_JOIN_REQUEST');
    expect(t.emu.control.sendActivityJoinRequest(bob, appId)).toBeGreaterThanOrEqual(1);
    expect((await client.event('ACTIVITY_JOIN_REQUEST')).user).toMatchObject({ id: bob, username: 'bob' });
  });

  it('AUTHORIZE_REQUEST reaches subscribed (authenticated) games only', async () => {
    const subscribed = await authenticated();
    expect((await subscribed.command('SUBSCRIBE', {}, 'AUTHORIZE_REQUEST')).evt).toBe('AUTHORIZE_REQUEST');
    const bystander = await authenticated();
    const from = bystander.mark();
    expect(t.emu.control.triggerAuthorizeRequest()).toBeGreaterThanOrEqual(1);
    await subscribed.event('AUTHORIZE_REQUEST');
    await bystander.ping();
    expect(bystander.frames.slice(from).some((f) => f.json?.evt === 'AUTHORIZE_REQUEST')).toBe(false);
  });

  it('ACTIVITY_INVITE carries the sender, the activity, the channel and the message', async () => {
    // alice plays something, then invites nelly (the game's authenticated user).
    const aliceGame = await authenticated(alice);
    await aliceGame.command('SET_ACTIVITY', { pid: PID, activity: { type: 0, name: 'Dungeon Run', party: { id: 'p9', size: [1, 4] } } });
    const client = await authenticated(nelly);
    expect((await client.command('SUBSCRIBE', {}, 'ACTIVITY_INVITE')).evt).toBe('ACTIVITY_INVITE');
    const sent = await api(t.emu, 'POST', '/users/@me/activity-invites', {
      auth: `Bearer ${t.token(alice)}`,
      body: { recipient_id: nelly, type: 1, party_id: 'p9', join_secret: 's9' },
    });
    expect(sent.status).toBe(200);
    const invite = await client.event('ACTIVITY_INVITE');
    expect(invite).toMatchObject({ type: 1, user: { id: alice }, channel_id: sent.body.channel_id, message_id: sent.body.message_id });
    expect(invite.activity).toMatchObject({ name: 'Dungeon Run', party: { id: 'p9' } });
  });

  it('ACTIVITY_INVITE: an activity without its own cover image carries the application\'s (the portal\'s fallback)', async () => {
    t.emu.control.setApplicationSettings({ inviteCoverImage: 'https://cdn.example/cover.png' });
    try {
      const aliceGame = await authenticated(alice);
      const client = await authenticated(nelly);
      await client.command('SUBSCRIBE', {}, 'ACTIVITY_INVITE');
      const invite = async () => {
        const from = client.mark();
        const sent = await api(t.emu, 'POST', '/users/@me/activity-invites', { auth: `Bearer ${t.token(alice)}`, body: { recipient_id: nelly, type: 1, party_id: 'p10', join_secret: 's10' } });
        expect(sent.status).toBe(200);
        return client.event('ACTIVITY_INVITE', { from });
      };
      await aliceGame.command('SET_ACTIVITY', { pid: PID, activity: { type: 0, name: 'Dungeon Run', party: { id: 'p10', size: [1, 4] }, assets: { large_image: 'map' } } });
      expect((await invite()).activity.assets).toEqual({ large_image: 'map', invite_cover_image: 'https://cdn.example/cover.png' });
      // Its own cover image wins (it may differ for each invite).
      await aliceGame.command('SET_ACTIVITY', { pid: PID, activity: { type: 0, name: 'Dungeon Run', party: { id: 'p10', size: [1, 4] }, assets: { invite_cover_image: 'boss-fight' } } });
      expect((await invite()).activity.assets).toEqual({ invite_cover_image: 'boss-fight' });
      // The presence itself is not changed by the fallback.
      expect(JSON.stringify(t.emu.core.state.presences.get(alice)?.activities)).not.toContain('cdn.example');
    } finally {
      t.emu.control.setApplicationSettings({ inviteCoverImage: null });
    }
  });

  it('GUILD_STATUS: subscribing to a guild of the user sends its status; another guild is ERROR 4003', async () => {
    const client = await authenticated(nelly);
    const reply = await client.command('SUBSCRIBE', { guild_id: SEED.guildId }, 'GUILD_STATUS');
    expect(reply.evt).toBe('GUILD_STATUS');
    const status = await client.event('GUILD_STATUS');
    expect(status.guild).toMatchObject({ id: SEED.guildId, name: expect.any(String) });
    expect(typeof status.online).toBe('number');
    expect((await client.command('SUBSCRIBE', { guild_id: '1234567890123' }, 'GUILD_STATUS')).data.code).toBe(4003);
  });

  it('refuses an unknown event with ERROR 4004', async () => {
    const client = await game();
    const reply = await client.command('SUBSCRIBE', {}, 'NOT_AN_EVENT');
    expect(reply.evt).toBe('ERROR');
    expect(reply.data.code).toBe(4004);
  });
});

describe('which commands need AUTHENTICATE (4006)', () => {
  const rows: Array<[string, string, Record<string, unknown>, string | undefined, boolean]> = [
    // [label, cmd, args, evt, works before AUTHENTICATE]
    ['SET_ACTIVITY', 'SET_ACTIVITY', { pid: PID, activity: { type: 0, name: 'x' } }, undefined, true],
    ['SEND_ACTIVITY_JOIN_INVITE', 'SEND_ACTIVITY_JOIN_INVITE', { user_id: alice }, undefined, true],
    ['CLOSE_ACTIVITY_REQUEST', 'CLOSE_ACTIVITY_REQUEST', { user_id: alice }, undefined, true],
    ['SUBSCRIBE ACTIVITY_JOIN', 'SUBSCRIBE', {}, 'ACTIVITY_JOIN', true],
    ['SUBSCRIBE ACTIVITY_SPECTATE', 'SUBSCRIBE', {}, 'ACTIVITY_SPECTATE', true],
    ['SUBSCRIBE ACTIVITY_JOIN_REQUEST', 'SUBSCRIBE', {}, 'ACTIVITY_JOIN_REQUEST', true],
    ['UNSUBSCRIBE ACTIVITY_JOIN', 'UNSUBSCRIBE', {}, 'ACTIVITY_JOIN', true],
    ['SUBSCRIBE AUTHORIZE_REQUEST', 'SUBSCRIBE', {}, 'AUTHORIZE_REQUEST', false],
    ['SUBSCRIBE ACTIVITY_INVITE', 'SUBSCRIBE', {}, 'ACTIVITY_INVITE', false],
    ['SUBSCRIBE CURRENT_USER_UPDATE', 'SUBSCRIBE', {}, 'CURRENT_USER_UPDATE', false],
    ['SUBSCRIBE RELATIONSHIP_UPDATE', 'SUBSCRIBE', {}, 'RELATIONSHIP_UPDATE', false],
    ['SUBSCRIBE GUILD_STATUS', 'SUBSCRIBE', { guild_id: SEED.guildId }, 'GUILD_STATUS', false],
    ['GET_GUILDS', 'GET_GUILDS', {}, undefined, false],
    ['GET_USER', 'GET_USER', { id: alice }, undefined, false],
    ['GET_RELATIONSHIPS', 'GET_RELATIONSHIPS', {}, undefined, false],
  ];

  it.each(rows)('%s before AUTHENTICATE', async (_label, cmd, args, evt, free) => {
    const client = await game();
    const reply = await client.command(cmd, args, evt);
    if (free) {
      expect(reply.evt).not.toBe('ERROR');
    } else {
      expect(reply.evt).toBe('ERROR');
      expect(reply.data.code).toBe(4006);
    }
    // After AUTHENTICATE every one of them works.
    expect((await client.command('AUTHENTICATE', { access_token: t.token(nelly) })).evt).not.toBe('ERROR');
    expect((await client.command(cmd, args, evt)).evt).not.toBe('ERROR');
  });

  it('AUTHORIZE and AUTHENTICATE themselves need nothing before them', async () => {
    t.emu.control.setAutoApprove(nelly);
    try {
      const client = await game();
      expect((await client.command('AUTHORIZE', { client_id: appId, scopes: ['openid'] })).data.code).toEqual(expect.any(String));
      expect((await client.command('AUTHENTICATE', { access_token: t.token(nelly) })).evt).not.toBe('ERROR');
    } finally {
      t.emu.control.setAutoApprove(null);
    }
  });

  it('an unknown command is ERROR 4002, and the connection goes on', async () => {
    const client = await game();
    const reply = await client.command('DO_A_BARREL_ROLL', {});
    expect(reply.evt).toBe('ERROR');
    expect(reply.data.code).toBe(4002);
    expect((await client.command('SET_ACTIVITY', { pid: PID, activity: { name: 'still here' } })).evt).not.toBe('ERROR');
  });
});

describe('restart and stop through the control API', () => {
  it('restartLocalClient drops every game (CLOSE) and listens again on the same path', async () => {
    const path = t.emu.ipcPath!;
    const client = await game();
    await client.command('SUBSCRIBE', {}, 'ACTIVITY_JOIN');
    await t.emu.control.restartLocalClient();
    const { close } = await client.ended;
    expect(close?.code).toBe(1000);
    expect(t.emu.ipcPath).toBe(path);
    // A game reconnects on the same path; its subscriptions are gone until it subscribes again.
    const again = await game();
    expect(t.emu.control.sendActivityJoin('nobody', appId)).toBe(0);
    await again.command('SUBSCRIBE', {}, 'ACTIVITY_JOIN');
    expect(t.emu.control.sendActivityJoin('somebody', appId)).toBe(1);
    expect(await again.event('ACTIVITY_JOIN')).toEqual({ secret: 'somebody' });
  });

  it('stopLocalClient closes every connection and the socket', async () => {
    const path = t.emu.ipcPath!;
    const client = await game();
    await t.emu.control.stopLocalClient();
    await client.ended;
    expect(t.emu.ipcPath).toBeNull();
    expect(existsSync(path)).toBe(false);
    await expect(IpcClient.connect(path)).rejects.toThrow();
    // And it can come back.
    await t.emu.control.restartLocalClient();
    expect(t.emu.ipcPath).toBe(t.ipcPaths[0]);
    await game();
  });
});
