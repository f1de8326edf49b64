// Issue 16, part 5: SKUs (snake_case, types 2, 3, 5, 6), entitlements for the app's bot (the
// public API's filters, one by id, test entitlements owned by a user or a guild, deleting only
// test entitlements with ENTITLEMENT_DELETE, Consume for consumable one-time purchases), and a
// SKU's subscriptions (user_id required with the bot token, before/after/limit, one by id) with
// renewal_sku_ids and canceled_at; status values as the spec numbers them (INACTIVE 1, ENDING 2;
// a running one is 0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, bearer, SEED, start, type Started } from './helpers';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';
import * as Shapes from './helpers/public_shapes';

let s: Started;
let api: Api;
const events: BusEvent[] = [];
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const SKU = { seasonPass: at(100), founderPack: at(101), gems: at(102), seasonGroup: at(103) };
const { nelly, alice, bob, carol, dave } = SEED.users;
const entitlements = `/applications/${SEED.applicationId}/entitlements`;
const ACTIVE = 0;
const INACTIVE = 1;
const ENDING = 2;
const PURCHASE = 1;
const TEST_MODE_PURCHASE = 4;

const ofType = (type: string, from = 0) => events.slice(from).filter((e) => e.type === type);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.core.bus.subscribe((e) => events.push(e));
});
afterAll(async () => s.emu.close());

describe('SKUs', () => {
  it('lists the app\'s SKUs in snake_case: durable 2, consumable 3, subscription 5 and its group 6', async () => {
    const reply = await api.get(`/applications/${SEED.applicationId}/skus`, api.bot);
    expect(reply.status).toBe(200);
    for (const sku of reply.body) expect(Shapes.shapeProblems(sku, Shapes.SKU)).toEqual([]);
    const byId = Object.fromEntries(reply.body.map((k: any) => [k.id, k]));
    expect(byId[SKU.founderPack]).toMatchObject({ type: 2, application_id: SEED.applicationId, slug: 'founder-pack' });
    expect(byId[SKU.gems]).toMatchObject({ type: 3, slug: 'gem-bundle' });
    expect(byId[SKU.seasonPass]).toMatchObject({ type: 5, slug: 'season-pass', flags: (1 << 2) | (1 << 8) });
    expect(byId[SKU.seasonGroup]).toMatchObject({ type: 6 });
  });
});

describe('entitlements: filters', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.nellyFounder = s.emu.control.grantEntitlement(nelly, SKU.founderPack).id as string;
    ids.aliceFounder = s.emu.control.grantEntitlement(alice, SKU.founderPack).id as string;
    ids.aliceGems = s.emu.control.grantEntitlement(alice, SKU.gems).id as string;
    const guildOwned = await api.post(entitlements, { sku_id: SKU.founderPack, owner_id: SEED.guildId, owner_type: 1 }, api.bot);
    ids.guild = guildOwned.body.id;
    const ended = s.emu.control.createSubscription(carol, SKU.seasonPass) as any;
    s.emu.control.endSubscription(ended.id, true);
    ids.carolEnded = ended.entitlement_ids[0];
    const deleted = await api.post(entitlements, { sku_id: SKU.gems, owner_id: carol, owner_type: 2 }, api.bot);
    ids.carolDeleted = deleted.body.id;
    expect((await api.delete(`${entitlements}/${ids.carolDeleted}`, api.bot)).status).toBe(204);
  });
  const list = async (query: string) => {
    const reply = await api.get(`${entitlements}?${query}`, api.bot);
    expect(reply.status, query).toBe(200);
    return reply.body.map((e: any) => e.id) as string[];
  };

  it('by user_id, sku_ids and guild_id', async () => {
    expect(await list(`user_id=${alice}`)).toEqual([ids.aliceFounder, ids.aliceGems]);
    expect((await list(`sku_ids=${SKU.founderPack}`)).sort()).toEqual([ids.nellyFounder, ids.aliceFounder, ids.guild].sort());
    expect((await list(`sku_ids=${SKU.gems},${SKU.founderPack}&user_id=${alice}`))).toEqual([ids.aliceFounder, ids.aliceGems]);
    expect(await list(`guild_id=${SEED.guildId}`)).toEqual([ids.guild]);
    const guildOwned = (await api.get(`${entitlements}?guild_id=${SEED.guildId}`, api.bot)).body[0];
    expect(guildOwned.guild_id).toBe(SEED.guildId);
    expect(guildOwned).not.toHaveProperty('user_id');
  });

  it('exclude_ended leaves out what has ended; deleted ones only with exclude_deleted=false', async () => {
    expect(await list(`user_id=${carol}`)).toEqual([ids.carolEnded]);
    expect(await list(`user_id=${carol}&exclude_ended=true`)).toEqual([]);
    expect(await list(`user_id=${carol}&exclude_deleted=false`)).toEqual([ids.carolEnded, ids.carolDeleted]);
    const deleted = (await api.get(`${entitlements}?user_id=${carol}&exclude_deleted=false`, api.bot)).body[1];
    expect(deleted.deleted).toBe(true);
  });

  it('pages by before / after / limit, oldest first; limit 1 and 100 pass, 0 and 101 fail', async () => {
    const all = await list('limit=100');
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect([...all].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))).toEqual(all);
    expect(await list('limit=1')).toEqual([all[0]]);
    expect(await list(`after=${all[0]}&limit=2`)).toEqual([all[1], all[2]]);
    expect(await list(`before=${all[3]}&limit=2`)).toEqual([all[1], all[2]]);
    expect(await list(`after=${all[0]}&before=${all[2]}`)).toEqual([all[1]]);
    for (const bad of ['limit=0', 'limit=101', 'limit=x']) {
      const reply = await api.get(`${entitlements}?${bad}`, api.bot);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors.limit, bad).toBeDefined();
    }
  });

  it('refuses bad filter values with 50035 naming each', async () => {
    const reply = await api.get(`${entitlements}?user_id=x&guild_id=-1&sku_ids=1,a&before=b&after=%20`, api.bot);
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors).sort()).toEqual(['after', 'before', 'guild_id', 'sku_ids', 'user_id']);
  });

  it('one by id; unknown, and another application\'s, are 10029', async () => {
    const one = await api.get(`${entitlements}/${ids.aliceGems}`, api.bot);
    expect(one.status).toBe(200);
    expect(Shapes.shapeProblems(one.body, Shapes.ENTITLEMENT)).toEqual([]);
    expect(one.body).toMatchObject({ id: ids.aliceGems, user_id: alice, sku_id: SKU.gems, type: PURCHASE, consumed: false });
    expect((await api.get(`${entitlements}/1234567890123456789`, api.bot)).body.code).toBe(10029);
    const child = `Bot ${s.emu.childApplication.botToken}`;
    expect((await api.get(`/applications/${SEED.childApplicationId}/entitlements/${ids.aliceGems}`, child)).body.code).toBe(10029);
    expect((await api.get(`/applications/${SEED.childApplicationId}/entitlements/${ids.aliceGems}`, api.bot)).status).toBe(403);
  });
});

describe('test entitlements', () => {
  it('POST creates a TEST_MODE_PURCHASE for a user without starts/ends, with ENTITLEMENT_CREATE', async () => {
    const from = events.length;
    const reply = await api.post(entitlements, { sku_id: SKU.founderPack, owner_id: dave, owner_type: 2 }, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ sku_id: SKU.founderPack, user_id: dave, type: TEST_MODE_PURCHASE, starts_at: null, ends_at: null, deleted: false });
    expect(reply.body).not.toHaveProperty('guild_id');
    const created = ofType('ENTITLEMENT_CREATE', from);
    expect(created.map((e) => e.data.id)).toEqual([reply.body.id]);
    expect(created[0].userIds).toEqual([dave]);
  });

  it('a guild owner gets guild_id and no user_id', async () => {
    const reply = await api.post(entitlements, { sku_id: SKU.gems, owner_id: SEED.guildId, owner_type: 1 }, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body.guild_id).toBe(SEED.guildId);
    expect(reply.body).not.toHaveProperty('user_id');
  });

  it('refuses a bad body, an unknown or foreign SKU, an unknown user or guild, and creates nothing', async () => {
    const count = s.emu.core.state.entitlements.size;
    const from = events.length;
    const cases: Array<[unknown, number, number]> = [
      [{ sku_id: SKU.founderPack, owner_id: dave, owner_type: 3 }, 400, 50035],
      [{ sku_id: SKU.founderPack, owner_type: 2 }, 400, 50035],
      [{ sku_id: 'x', owner_id: dave, owner_type: 2 }, 400, 50035],
      [{ sku_id: '1234567890123456789', owner_id: dave, owner_type: 2 }, 404, 10027],
      [{ sku_id: SKU.founderPack, owner_id: '1234567890123456789', owner_type: 2 }, 404, 10013],
      [{ sku_id: SKU.founderPack, owner_id: '1234567890123456789', owner_type: 1 }, 404, 10004],
    ];
    for (const [body, status, code] of cases) {
      const reply = await api.post(entitlements, body, api.bot);
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const child = `Bot ${s.emu.childApplication.botToken}`;
    const foreign = await api.post(`/applications/${SEED.childApplicationId}/entitlements`, { sku_id: SKU.founderPack, owner_id: dave, owner_type: 2 }, child);
    expect(foreign.body.code).toBe(10027);
    expect((await api.post(entitlements, { sku_id: SKU.founderPack, owner_id: dave, owner_type: 2 }, bearer(api.token(dave)))).status).toBe(403);
    expect(s.emu.core.state.entitlements.size).toBe(count);
    expect(ofType('ENTITLEMENT_CREATE', from)).toEqual([]);
  });

  it('DELETE removes only test entitlements: ENTITLEMENT_DELETE reaches the bot; a purchase is refused and kept', async () => {
    const bot = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
    try {
      await bot.identifyBot(s.emu.application.botToken, 1);
      const test = (await api.post(entitlements, { sku_id: SKU.gems, owner_id: bob, owner_type: 2 }, api.bot)).body;
      const from = bot.mark();
      const busFrom = events.length;
      expect((await api.delete(`${entitlements}/${test.id}`, api.bot)).status).toBe(204);
      const deleted = (await bot.waitFor(dispatchOf('ENTITLEMENT_DELETE', (d) => d.id === test.id), { from })).d;
      expect(deleted).toMatchObject({ id: test.id, deleted: true, type: TEST_MODE_PURCHASE });
      expect(ofType('ENTITLEMENT_DELETE', busFrom).map((e) => e.userIds)).toEqual([[bob]]);
      expect((await api.get(`${entitlements}/${test.id}`, api.bot)).body.deleted).toBe(true);
      expect((await api.delete(`${entitlements}/${test.id}`, api.bot)).body.code).toBe(10029);

      const purchase = s.emu.control.grantEntitlement(bob, SKU.founderPack);
      const refused = await api.delete(`${entitlements}/${purchase.id}`, api.bot);
      expect([refused.status, refused.body.code]).toEqual([403, 50001]);
      expect((await api.get(`${entitlements}/${purchase.id}`, api.bot)).body.deleted).toBe(false);
      expect(ofType('ENTITLEMENT_DELETE', busFrom)).toHaveLength(1);
    } finally {
      bot.close();
    }
  });
});

describe('Consume', () => {
  it('marks a consumable one-time purchase consumed (204), once; no entitlement event', async () => {
    const gems = s.emu.control.grantEntitlement(bob, SKU.gems);
    const from = events.length;
    const path = `${entitlements}/${gems.id}/consume`;
    const reply = await api.call('POST', path, { auth: api.bot });
    expect(reply.status).toBe(204);
    expect((await api.get(`${entitlements}/${gems.id}`, api.bot)).body.consumed).toBe(true);
    expect(events.slice(from).filter((e) => e.type.startsWith('ENTITLEMENT_'))).toEqual([]);
    expect((await api.call('POST', path, { auth: api.bot })).status).toBe(400);
  });

  it('refuses a durable purchase and a subscription entitlement, which stay unconsumed', async () => {
    const founder = s.emu.control.grantEntitlement(bob, SKU.founderPack);
    const subscription = s.emu.control.createSubscription(bob, SKU.seasonPass) as any;
    for (const id of [founder.id as string, subscription.entitlement_ids[0] as string]) {
      expect((await api.call('POST', `${entitlements}/${id}/consume`, { auth: api.bot })).status).toBe(400);
      expect((await api.get(`${entitlements}/${id}`, api.bot)).body.consumed).toBe(false);
    }
    expect((await api.call('POST', `${entitlements}/1234567890123456789/consume`, { auth: api.bot })).body.code).toBe(10029);
  });
});

describe('subscriptions of a SKU', () => {
  const subs = `/skus/${SKU.seasonPass}/subscriptions`;
  const made: any[] = [];
  beforeAll(() => {
    for (let i = 0; i < 3; i++) made.push(s.emu.control.createSubscription(dave, SKU.seasonPass));
  });

  it('lists a user\'s subscriptions with renewal_sku_ids and canceled_at; a running one is status 0', async () => {
    const reply = await api.get(`${subs}?user_id=${dave}`, api.bot);
    expect(reply.status).toBe(200);
    expect(reply.body.map((x: any) => x.id)).toEqual(made.map((x) => x.id));
    expect(reply.body[0]).toMatchObject({ user_id: dave, sku_ids: [SKU.seasonPass], renewal_sku_ids: [SKU.seasonPass], status: ACTIVE, canceled_at: null });
    expect(reply.body[0].entitlement_ids).toHaveLength(1);
  });

  it('needs user_id with the bot token; a user\'s token lists its own and no one else\'s', async () => {
    const missing = await api.get(subs, api.bot);
    expect([missing.status, missing.body.code]).toEqual([400, 50035]);
    expect(missing.body.errors.user_id).toBeDefined();
    const own = await api.get(subs, bearer(api.token(dave)));
    expect(own.body.map((x: any) => x.id)).toEqual(made.map((x) => x.id));
    expect((await api.get(`${subs}?user_id=${alice}`, bearer(api.token(dave)))).status).toBe(403);
    expect((await api.get(`${subs}?user_id=${nelly}`, api.bot)).body).toEqual([]);
  });

  it('pages with before / after / limit', async () => {
    const ids = made.map((x) => x.id);
    expect((await api.get(`${subs}?user_id=${dave}&limit=1`, api.bot)).body.map((x: any) => x.id)).toEqual([ids[0]]);
    expect((await api.get(`${subs}?user_id=${dave}&after=${ids[0]}`, api.bot)).body.map((x: any) => x.id)).toEqual([ids[1], ids[2]]);
    expect((await api.get(`${subs}?user_id=${dave}&before=${ids[2]}&limit=1`, api.bot)).body.map((x: any) => x.id)).toEqual([ids[1]]);
    expect((await api.get(`${subs}?user_id=${dave}&limit=101`, api.bot)).status).toBe(400);
  });

  it('one by id; an unknown id, another SKU, or another user\'s (with a user token) is 10047; an unknown SKU 10027', async () => {
    const one = await api.get(`${subs}/${made[0].id}`, api.bot);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(made[0]);
    expect((await api.get(`${subs}/1234567890123456789`, api.bot)).body.code).toBe(10047);
    expect((await api.get(`/skus/${SKU.founderPack}/subscriptions/${made[0].id}`, api.bot)).body.code).toBe(10047);
    expect((await api.get(`${subs}/${made[0].id}`, bearer(api.token(alice)))).body.code).toBe(10047);
    expect((await api.get(`/skus/1234567890123456789/subscriptions?user_id=${dave}`, api.bot)).body.code).toBe(10027);
  });

  it('a cancellation is a SUBSCRIPTION_UPDATE with renewal_sku_ids [] and canceled_at, status ENDING (2), then INACTIVE (1)', async () => {
    const from = events.length;
    s.emu.control.endSubscription(made[1].id, false);
    const update = ofType('SUBSCRIPTION_UPDATE', from).map((e) => e.data);
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({ id: made[1].id, status: ENDING, renewal_sku_ids: [] });
    expect(Math.abs(Date.parse(update[0].canceled_at as string) - s.emu.control.now())).toBeLessThan(5000);
    const read = (await api.get(`${subs}/${made[1].id}`, api.bot)).body;
    expect(read).toMatchObject({ status: ENDING, renewal_sku_ids: [], canceled_at: update[0].canceled_at });
    s.emu.control.endSubscription(made[1].id, true);
    expect((await api.get(`${subs}/${made[1].id}`, api.bot)).body.status).toBe(INACTIVE);
    // The subscription entitlement is PURCHASE and got its ends_at when it ended.
    const entitlement = (await api.get(`${entitlements}/${made[1].entitlement_ids[0]}`, api.bot)).body;
    expect(entitlement.type).toBe(PURCHASE);
    expect(entitlement.ends_at).not.toBeNull();
  });
});
