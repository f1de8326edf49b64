// The application's store (spec: "one-time purchases, and a store"; the purchase flow is not
// shown): the page lists the published SKUs, a person signed in on it buys, and a purchase is an
// entitlement (with ENTITLEMENT_CREATE on the gateway and as a webhook; a subscription SKU makes
// the subscription too), under checkout's rules: a durable item once, a consumable again only
// once consumed (and consumed once), a subscription while none runs, full accounts only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, SEED, start, type Started } from './helpers';

// The seed's SKUs, found by slug.
let SKU: { seasonPass: string; founderPack: string; gemBundle: string; seasonGroup: string };

let s: Started;
let api: Api;
let events: BusEvent[] = [];
let webhooks: string[] = [];
const buyer = SEED.users.dave;
const store = () => `/store/${SEED.applicationId}`;
const buy = (skuId: string, userId = buyer) => api.web('POST', `${store()}/purchase`, { form: { sku_id: skuId, user_id: userId } });
const held = (skuId: string, userId = buyer) => [...s.emu.core.state.entitlements.values()].filter((e) => e.skuId === skuId && e.userId === userId);

beforeAll(async () => {
  s = await start();
  api = s.api;
  s.emu.control.setRateLimits(false);
  s.emu.core.bus.subscribe((e) => events.push(e));
  const byName = (slug: string) => [...s.emu.core.state.skus.values()].find((k) => k.slug === slug)!.id;
  SKU = { seasonPass: byName('season-pass'), founderPack: byName('founder-pack'), gemBundle: byName('gem-bundle'), seasonGroup: byName('season-pass-group') };
  const webhooksOf = s.emu.core.webhooks;
  const send = webhooksOf.send.bind(webhooksOf);
  webhooksOf.send = ((app, type, data) => {
    webhooks.push(type);
    return send(app, type, data);
  }) as typeof webhooksOf.send;
});
afterAll(async () => s.emu.close());
beforeEach(() => {
  events = [];
  webhooks = [];
});

describe('the store page', () => {
  it('lists the available one-time purchases, then the subscriptions; not a subscription group or an unavailable SKU', async () => {
    const hidden = { id: '1349146942634069990', applicationId: SEED.applicationId, type: 2, name: 'Unreleased Skin', slug: 'unreleased', flags: 0 };
    s.emu.core.state.skus.set(hidden.id, hidden);
    const page = await api.web('GET', store());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const order = ['Founder Pack', 'Gem Bundle', 'Season Pass'].map((name) => page.text.indexOf(name));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(page.text).toContain(`value="${SKU.founderPack}"`);
    expect(page.text).not.toContain(`value="${SKU.seasonGroup}"`);
    expect(page.text).not.toContain('Unreleased Skin');
    expect(page.text).toContain(`value="${buyer}"`); // the people one signs in as
    expect(page.text).not.toContain(`value="${SEED.botUserId}"`);
    s.emu.core.state.skus.delete(hidden.id);
  });

  it("escapes the SKU's name; an unknown application is a 404 page", async () => {
    const sku = s.emu.core.state.skus.get(SKU.founderPack)!;
    const name = sku.name;
    sku.name = '<script>alert(1)</script>';
    const page = await api.web('GET', store());
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&#60;script&#62;');
    sku.name = name;
    expect((await api.web('GET', '/store/1349146942634069991')).status).toBe(404);
  });
});

describe('a purchase', () => {
  it('of a durable item: a receipt, an entitlement of type PURCHASE, ENTITLEMENT_CREATE on the gateway and as a webhook; bought once', async () => {
    const reply = await buy(SKU.founderPack);
    expect(reply.status).toBe(200);
    const [entitlement] = held(SKU.founderPack);
    expect(entitlement).toMatchObject({ type: 1, consumed: false, deleted: false, endsAt: null, applicationId: SEED.applicationId });
    expect(reply.text).toContain(entitlement.id);
    const created = events.filter((e) => e.type === 'ENTITLEMENT_CREATE');
    expect(created).toHaveLength(1);
    expect(created[0].data.id).toBe(entitlement.id);
    expect(created[0].userIds).toEqual([buyer]);
    expect(webhooks).toEqual(['ENTITLEMENT_CREATE']);
    const again = await buy(SKU.founderPack);
    expect(again.status).toBe(400);
    expect(again.text).toContain('already owned');
    expect(held(SKU.founderPack)).toHaveLength(1);
  });

  it('of a consumable: again only once consumed, and consumed once', async () => {
    const user = SEED.users.erin;
    expect((await buy(SKU.gemBundle, user)).status).toBe(200);
    const [first] = held(SKU.gemBundle, user);
    expect((await buy(SKU.gemBundle, user)).status).toBe(400);
    const consume = `/applications/${SEED.applicationId}/entitlements/${first.id}/consume`;
    expect((await api.post(consume, {}, api.bot)).status).toBe(204);
    expect((await api.post(consume, {}, api.bot)).status).toBe(400);
    expect((await buy(SKU.gemBundle, user)).status).toBe(200);
    expect(held(SKU.gemBundle, user)).toHaveLength(2);
  });

  it('of a subscription: the subscription and its entitlement (ENTITLEMENT_CREATE, SUBSCRIPTION_CREATE); again only once it ended', async () => {
    const user = SEED.users.carol;
    const reply = await buy(SKU.seasonPass, user);
    expect(reply.status).toBe(200);
    const subscription = [...s.emu.core.state.subscriptions.values()].find((x) => x.userId === user)!;
    expect(subscription).toMatchObject({ status: 0, skuIds: [SKU.seasonPass] });
    expect(reply.text).toContain(subscription.id);
    expect(held(SKU.seasonPass, user).map((e) => e.subscriptionId)).toEqual([subscription.id]);
    expect(events.map((e) => e.type)).toEqual(['ENTITLEMENT_CREATE', 'SUBSCRIPTION_CREATE']);
    expect((await buy(SKU.seasonPass, user)).status).toBe(400);
    s.emu.control.endSubscription(subscription.id);
    expect((await buy(SKU.seasonPass, user)).status).toBe(200);
  });

  it('needs a full account, a known user and an SKU of this store; a refusal changes nothing', async () => {
    const before = s.emu.core.state.entitlements.size;
    expect((await buy(SKU.founderPack, SEED.botUserId)).status).toBe(403);
    const { id } = s.emu.control.createUser({ username: 'provi', globalName: 'Provi' }) as { id: string };
    s.emu.core.state.users.get(id)!.provisional = true;
    expect((await buy(SKU.founderPack, id)).status).toBe(403);
    expect((await buy(SKU.founderPack, '1349146942634069992')).status).toBe(404);
    expect((await buy(SKU.seasonGroup)).status).toBe(404); // a subscription group is not sold
    expect((await buy('not-a-sku')).status).toBe(404);
    expect((await api.web('POST', '/store/1349146942634069991/purchase', { form: { sku_id: SKU.founderPack, user_id: buyer } })).status).toBe(404);
    expect(s.emu.core.state.entitlements.size).toBe(before);
    expect(webhooks).toEqual([]);
  });

  it('a form another site posts (cross-site request forgery) buys nothing: 403', async () => {
    const before = s.emu.core.state.entitlements.size;
    const forged = await api.web('POST', `${store()}/purchase`, { form: { sku_id: SKU.founderPack, user_id: SEED.users.bob }, headers: { origin: 'http://evil.example' } });
    expect(forged.status).toBe(403);
    expect(s.emu.core.state.entitlements.size).toBe(before);
  });

  it('is also the control API\'s purchaseSku, with the same checks', async () => {
    const user = SEED.users.nelly;
    const made = await api.control('purchaseSku', { userId: user, skuId: SKU.founderPack });
    expect(made.status).toBe(200);
    expect(made.body.entitlement).toMatchObject({ sku_id: SKU.founderPack, user_id: user, type: 1 });
    expect(made.body.subscription).toBeNull();
    const again = await api.control('purchaseSku', { userId: user, skuId: SKU.founderPack });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('already owned');
  });
});
