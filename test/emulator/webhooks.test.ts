// Part 5, webhooks (docs/protocols/http.md): deliveries to the application's events URL with the
// {version, application_id, type, event} envelope and an Ed25519 signature over timestamp + body
// that verifies with the published public key; PING; every event type the emulator sends; and
// retries with exponential backoff on the emulator clock while the receiver is down (the
// 10-minute window's edges are in webhook_retry_window.test.ts).
import type { KeyObject } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, bearer, publicKeyFromHex, Receiver, SEED, signatureValid, start, until, type Received, type Started } from './helpers';

let s: Started;
let api: Api;
let receiver: Receiver;
let key: KeyObject;
const SKU_SEASON_PASS = (BigInt(SEED.guildId) + 100n).toString();
const SKU_FOUNDER_PACK = (BigInt(SEED.guildId) + 101n).toString();

beforeAll(async () => {
  receiver = await new Receiver().listen();
  s = await start({ webhookUrl: receiver.url });
  api = s.api;
  key = publicKeyFromHex(s.emu.application.publicKey);
});
afterAll(async () => {
  await s.emu.close();
  await receiver.close();
});
afterEach(() => {
  receiver.mode = 'up';
});

/** The next delivery of `type` (after `skip` earlier ones), waiting for it in real time. */
async function next(type: string, skip = receiver.events(type).length): Promise<Received> {
  return until(() => receiver.events(type)[skip], 5000, `webhook ${type}`);
}

/** Lets every in-flight attempt finish (deliveries run asynchronously). */
async function settled(): Promise<void> {
  await until(() => [...s.emu.core.webhooks.pending].every((d) => !d.inFlight), 5000, 'webhook attempts settled');
}

describe('envelope and signature', () => {
  it('PINGs the events URL when it is set, signed with the application key', async () => {
    const before = receiver.received.filter((r) => r.body.type === 0).length;
    s.emu.control.setWebhookUrl(receiver.url);
    const ping = await until(() => receiver.received.filter((r) => r.body.type === 0)[before], 5000, 'PING');
    expect(ping.body).toEqual({ version: 1, application_id: SEED.applicationId, type: 0 });
    expect(ping.headers['content-type']).toBe('application/json');
    expect(ping.headers['x-signature-ed25519']).toMatch(/^[0-9a-f]{128}$/);
    expect(ping.headers['x-signature-timestamp']).toMatch(/^\d+$/);
    expect(signatureValid(ping, key)).toBe(true);
  });

  it('the signature covers timestamp + raw body: any change breaks it', async () => {
    const seen = receiver.events('ENTITLEMENT_CREATE').length;
    s.emu.control.grantEntitlement(SEED.users.nelly, SKU_FOUNDER_PACK);
    const delivery = await next('ENTITLEMENT_CREATE', seen);
    expect(signatureValid(delivery, key)).toBe(true);
    expect(signatureValid({ ...delivery, raw: delivery.raw.replace('"version":1', '"version":2') }, key)).toBe(false);
    const timestamp = String(Number(delivery.headers['x-signature-timestamp']) + 1);
    expect(signatureValid({ ...delivery, headers: { ...delivery.headers, 'x-signature-timestamp': timestamp } }, key)).toBe(false);
    // Another key does not verify it either.
    const { generateKeyPairSync } = await import('node:crypto');
    expect(signatureValid(delivery, generateKeyPairSync('ed25519').publicKey)).toBe(false);
  });

  it('events carry {type, timestamp, data} with the emulator clock as timestamp', async () => {
    s.emu.control.advanceClock(365 * 24 * 3600 * 1000);
    const seen = receiver.events('ENTITLEMENT_CREATE').length;
    s.emu.control.grantEntitlement(SEED.users.nelly, SKU_FOUNDER_PACK);
    const delivery = await next('ENTITLEMENT_CREATE', seen);
    expect(delivery.body).toEqual({
      version: 1,
      application_id: SEED.applicationId,
      type: 1,
      event: { type: 'ENTITLEMENT_CREATE', timestamp: expect.any(String), data: expect.any(Object) },
    });
    const stamp = Date.parse(delivery.body.event.timestamp);
    expect(Math.abs(stamp - s.emu.control.now())).toBeLessThan(10_000);
    expect(Math.abs(Number(delivery.headers['x-signature-timestamp']) * 1000 - s.emu.control.now())).toBeLessThan(10_000);
  });

  it('every delivery so far verifies', () => {
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const delivery of receiver.received) expect(signatureValid(delivery, key)).toBe(true);
  });
});

describe('event types', () => {
  it('APPLICATION_AUTHORIZED on a user\'s first authorization, with scopes and user', async () => {
    const userId = await api.createUser('webhook_authorizer');
    const seen = receiver.events('APPLICATION_AUTHORIZED').length;
    await api.login(userId);
    const delivery = await next('APPLICATION_AUTHORIZED', seen);
    expect(delivery.body.event.data).toMatchObject({ integration_type: 1, scopes: ['openid', 'sdk.social_layer'], user: { id: userId } });
    await api.login(userId); // already authorized: no second event
    await settled();
    expect(receiver.events('APPLICATION_AUTHORIZED').filter((d) => d.body.event.data.user.id === userId)).toHaveLength(1);
  });

  it('APPLICATION_DEAUTHORIZED on revocation and on a ban, with the user', async () => {
    const userId = await api.createUser('webhook_revoker');
    const tokens = await api.login(userId);
    let seen = receiver.events('APPLICATION_DEAUTHORIZED').length;
    await api.form('/oauth2/token/revoke', { client_id: SEED.applicationId, token: tokens.access_token });
    expect((await next('APPLICATION_DEAUTHORIZED', seen)).body.event.data.user).toMatchObject({ id: userId, username: 'webhook_revoker' });

    const banned = await api.createUser('webhook_banned');
    await api.login(banned);
    seen = receiver.events('APPLICATION_DEAUTHORIZED').length;
    s.emu.control.banUser(banned, 60_000);
    expect((await next('APPLICATION_DEAUTHORIZED', seen)).body.event.data.user.id).toBe(banned);
  });

  it('ENTITLEMENT_CREATE is the only monetization webhook (no ENTITLEMENT_UPDATE, no SUBSCRIPTION_*)', async () => {
    const seen = receiver.events('ENTITLEMENT_CREATE').length;
    const subscription = s.emu.control.createSubscription(SEED.users.bob, SKU_SEASON_PASS);
    const created = await next('ENTITLEMENT_CREATE', seen);
    expect(created.body.event.data).toMatchObject({ sku_id: SKU_SEASON_PASS, user_id: SEED.users.bob, type: 1, ends_at: null, subscription_id: subscription.id });
    s.emu.control.endSubscription(String(subscription.id));
    await settled();
    const types = new Set(receiver.received.map((r) => r.body.event?.type));
    expect(types.has('ENTITLEMENT_UPDATE')).toBe(false);
    expect(types.has('SUBSCRIPTION_CREATE')).toBe(false);
    expect(types.has('SUBSCRIPTION_UPDATE')).toBe(false);
  });

  it('LOBBY_MESSAGE_CREATE, LOBBY_MESSAGE_UPDATE and LOBBY_MESSAGE_DELETE', async () => {
    const auth = bearer(api.token(SEED.users.nelly));
    const lobby = (await api.put('/lobbies', { secret: 'webhook-lobby' }, auth)).body;
    const seen = ['CREATE', 'UPDATE', 'DELETE'].map((t) => receiver.events(`LOBBY_MESSAGE_${t}`).length);
    const sent = (await api.post(`/lobbies/${lobby.id}/messages`, { content: 'to the webhook' }, auth)).body;
    expect((await next('LOBBY_MESSAGE_CREATE', seen[0])).body.event.data).toMatchObject({ id: sent.id, lobby_id: lobby.id, content: 'to the webhook', author: { id: SEED.users.nelly } });
    await api.put(`/lobbies/${lobby.id}/messages/${sent.id}/moderation-metadata`, { verdict: 'ok' }, api.bot);
    expect((await next('LOBBY_MESSAGE_UPDATE', seen[1])).body.event.data).toMatchObject({ id: sent.id, moderation_metadata: { verdict: 'ok' } });
    s.emu.control.deleteLobbyMessage(lobby.id, sent.id);
    expect((await next('LOBBY_MESSAGE_DELETE', seen[2])).body.event.data).toMatchObject({ id: sent.id, lobby_id: lobby.id });
  });

  it('GAME_DIRECT_MESSAGE_CREATE, GAME_DIRECT_MESSAGE_UPDATE and GAME_DIRECT_MESSAGE_DELETE', async () => {
    const auth = bearer(api.token(SEED.users.alice));
    const seen = ['CREATE', 'UPDATE', 'DELETE'].map((t) => receiver.events(`GAME_DIRECT_MESSAGE_${t}`).length);
    const sent = (await api.post(`/users/@me/dms/${SEED.users.carol}/messages`, { content: 'psst' }, auth)).body;
    expect((await next('GAME_DIRECT_MESSAGE_CREATE', seen[0])).body.event.data).toMatchObject({ id: sent.id, content: 'psst', author: { id: SEED.users.alice }, recipient_id: SEED.users.carol });
    await api.patch(`/users/@me/dms/${SEED.users.carol}/messages/${sent.id}`, { content: 'psst!' }, auth);
    expect((await next('GAME_DIRECT_MESSAGE_UPDATE', seen[1])).body.event.data).toMatchObject({ id: sent.id, content: 'psst!' });
    await api.delete(`/users/@me/dms/${SEED.users.carol}/messages/${sent.id}`, auth);
    expect((await next('GAME_DIRECT_MESSAGE_DELETE', seen[2])).body.event.data).toMatchObject({ id: sent.id });
  });

  it('nothing is sent without an events URL', async () => {
    const quiet = await start();
    try {
      const hits = receiver.hits;
      quiet.emu.control.grantEntitlement(SEED.users.nelly, SKU_FOUNDER_PACK);
      await quiet.api.login(SEED.users.dave);
      expect(quiet.emu.core.webhooks.pending.size).toBe(0);
      expect(receiver.hits).toBe(hits);
    } finally {
      await quiet.emu.close();
    }
  });
});

describe('retries', () => {
  /** Advances the emulator clock one second at a time, letting each due attempt finish. */
  async function advanceSeconds(seconds: number): Promise<void> {
    for (let i = 0; i < seconds; i++) {
      s.emu.control.advanceClock(1000);
      await settled();
    }
  }

  it('a failed delivery is retried with exponential backoff and delivered once the receiver is back', async () => {
    await settled();
    receiver.mode = 'failing';
    const first = receiver.attempts.length;
    const entitlement = s.emu.control.grantEntitlement(SEED.users.dave, SKU_FOUNDER_PACK);
    await settled();
    await advanceSeconds(16);
    const failed = receiver.attempts.slice(first).filter((a) => a.mode === 'failing' && a.raw.includes(String(entitlement.id)));
    expect(failed.length).toBe(5); // at 0, 1, 3, 7 and 15 s
    const times = failed.map((a) => Number(a.headers['x-signature-timestamp']));
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    [1, 2, 4, 8].forEach((gap, i) => expect(Math.abs(gaps[i] - gap), `gap ${i}: ${gaps.join(',')}`).toBeLessThanOrEqual(1));
    expect(receiver.events('ENTITLEMENT_CREATE').some((d) => d.body.event.data.id === entitlement.id)).toBe(false);

    receiver.mode = 'up';
    await advanceSeconds(16);
    const delivered = receiver.events('ENTITLEMENT_CREATE').filter((d) => d.body.event.data.id === entitlement.id);
    expect(delivered).toHaveLength(1);
    expect(signatureValid(delivered[0], key)).toBe(true);
    const history = s.emu.control.webhookDeliveries().history;
    expect(history.at(-1)).toMatchObject({ eventType: 'ENTITLEMENT_CREATE', delivered: true, attempts: 6 });
  });

  it('a receiver that is not listening at all loses nothing either', async () => {
    await settled();
    const port = receiver.port;
    await receiver.close();
    const entitlement = s.emu.control.grantEntitlement(SEED.users.erin, SKU_FOUNDER_PACK);
    await settled();
    await advanceSeconds(8);
    expect(s.emu.core.webhooks.pending.size).toBe(1);
    await receiver.listen(port);
    await advanceSeconds(10);
    expect(receiver.events('ENTITLEMENT_CREATE').filter((d) => d.body.event.data.id === entitlement.id)).toHaveLength(1);
    expect(s.emu.core.webhooks.pending.size).toBe(0);
  });

  it('an answer later than 3 s counts as a failure and is retried', async () => {
    await settled();
    receiver.slow = { count: 1, delayMs: 3500 };
    const before = receiver.hits;
    const entitlement = s.emu.control.grantEntitlement(SEED.users.carol, SKU_FOUNDER_PACK);
    await until(() => receiver.hits > before, 5000, 'first attempt');
    await until(() => [...s.emu.core.webhooks.pending].every((d) => !d.inFlight), 6000, 'timed out attempt');
    expect(receiver.events('ENTITLEMENT_CREATE').some((d) => d.body.event.data.id === entitlement.id)).toBe(false);
    await advanceSeconds(2);
    const mine = () => receiver.events('ENTITLEMENT_CREATE').filter((d) => d.body.event.data.id === entitlement.id);
    await until(() => mine().length > 0, 5000, 'the retry');
    expect(mine()).toHaveLength(1);
    expect(receiver.hits - before).toBe(2); // the slow attempt and the retry
  }, 15_000);
});
