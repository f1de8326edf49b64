// The entitlement rules at their edges (lib/emulator/domain/entitlements.ts), through the API
// and the control API:
// - "ended" is ends_at <= now: an entitlement whose ends_at is still ahead is listed with
//   exclude_ended and is in an interaction's `entitlements`; from its ends_at's very millisecond
//   it is neither (a stopped clock: Date faked, timers and sockets stay real). exclude_ended
//   takes `true` and `1`;
// - an application sees only its own entitlements, in the list and in its interactions, and an
//   interaction leaves out deleted ones;
// - sku_ids ignores empty items (a trailing or doubled comma);
// - a test entitlement starts unconsumed and its ENTITLEMENT_CREATE is also a webhook; a deleted
//   one cannot be consumed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Receiver, SEED, start, until, type Started } from './helpers';

const APP = SEED.applicationId;
const at = (n: number) => (BigInt(SEED.guildId) + BigInt(n)).toString();
const SKU = { seasonPass: at(100), founderPack: at(101), gems: at(102) };
const GENERAL = at(12);
const { bob, carol, dave } = SEED.users;
const entitlements = `/applications/${APP}/entitlements`;
const USER_OWNER = 2;

/** Registers a global `ping` command for the seeded application. */
async function registerPing(t: Started): Promise<void> {
  const reply = await t.api.post(`/applications/${APP}/commands`, { name: 'ping', description: 'ping' }, t.api.bot);
  expect(reply.status).toBe(201);
}

/** The ids in the `entitlements` of an interaction `userId` starts (INTERACTION_CREATE on the bus). */
async function interactionEntitlements(t: Started, seen: BusEvent[], userId: string): Promise<string[]> {
  const { id } = await t.emu.control.invokeCommand({ userId, channelId: GENERAL, name: 'ping' });
  const created = seen.find((e) => e.type === 'INTERACTION_CREATE' && e.data.id === id);
  expect(created, 'INTERACTION_CREATE').toBeDefined();
  return (created!.data.entitlements as Array<{ id: string }>).map((e) => e.id);
}

describe('ended is ends_at <= now, on a stopped clock', () => {
  const START = Date.UTC(2025, 5, 1);
  let t: Started;
  const seen: BusEvent[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await t?.emu.close();
  });

  it('an ends_at still ahead is live (listed with exclude_ended, in interactions); from its very millisecond it is ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await start({ startTime: START });
    t.emu.core.bus.subscribe((e) => seen.push(e));
    await registerPing(t);
    // An old-behaviour subscription entitlement set to end: its ends_at is the period end.
    const ending = t.emu.control.createLegacyEntitlement(bob, SKU.seasonPass, false, START + 1000).id as string;
    const list = async (query: string) => {
      const reply = await t.api.get(`${entitlements}?user_id=${bob}&${query}`, t.api.bot);
      expect(reply.status, query).toBe(200);
      return reply.body.map((e: { id: string }) => e.id);
    };

    t.emu.control.advanceClock(999);
    for (const query of ['exclude_ended=true', 'exclude_ended=1', 'exclude_ended=false']) expect(await list(query), query).toEqual([ending]);
    expect(await interactionEntitlements(t, seen, bob)).toEqual([ending]);

    t.emu.control.advanceClock(1);
    expect(t.emu.control.now()).toBe(START + 1000);
    expect((await t.api.get(`${entitlements}/${ending}`, t.api.bot)).body.ends_at).toBe(new Date(START + 1000).toISOString());
    const cases: Array<[string, string[]]> = [
      ['exclude_ended=true', []],
      ['exclude_ended=1', []],
      ['exclude_ended=false', [ending]],
      ['exclude_ended=0', [ending]],
      ['exclude_ended=yes', [ending]], // only `true` and `1` are true
    ];
    for (const [query, expected] of cases) expect(await list(query), query).toEqual(expected);
    expect(await interactionEntitlements(t, seen, bob)).toEqual([]);
  });
});

describe('whose entitlements, and test entitlements', () => {
  let t: Started;
  let receiver: Receiver;
  const seen: BusEvent[] = [];
  const OTHER_SKU = at(190);
  beforeAll(async () => {
    receiver = await new Receiver().listen();
    t = await start({ webhookUrl: receiver.url });
    t.emu.core.bus.subscribe((e) => seen.push(e));
    t.emu.control.setRateLimits(false);
    await registerPing(t);
    // A SKU of the child application (the seed has none).
    t.emu.core.state.skus.set(OTHER_SKU, { id: OTHER_SKU, applicationId: SEED.childApplicationId, type: 2, name: 'Other', slug: 'other', flags: 1 << 2 });
  });
  afterAll(async () => {
    await t.emu.close();
    await receiver.close();
  });

  it("an application lists only its own; its interactions carry only its own live ones (no other application's, no deleted one)", async () => {
    const own = t.emu.control.grantEntitlement(carol, SKU.founderPack).id as string;
    const other = t.emu.control.grantEntitlement(carol, OTHER_SKU).id as string;
    const test = await t.api.post(entitlements, { sku_id: SKU.gems, owner_id: carol, owner_type: USER_OWNER }, t.api.bot);
    expect((await t.api.delete(`${entitlements}/${test.body.id}`, t.api.bot)).status).toBe(204);

    const ids = (reply: { status: number; body: Array<{ id: string }> }) => (expect(reply.status).toBe(200), reply.body.map((e) => e.id));
    expect(ids(await t.api.get(`${entitlements}?user_id=${carol}`, t.api.bot))).toEqual([own]);
    const child = `Bot ${t.emu.childApplication.botToken}`;
    expect(ids(await t.api.get(`/applications/${SEED.childApplicationId}/entitlements?user_id=${carol}`, child))).toEqual([other]);
    expect(await interactionEntitlements(t, seen, carol)).toEqual([own]);
  });

  it('sku_ids ignores empty items: a trailing or doubled comma', async () => {
    const founder = t.emu.control.grantEntitlement(dave, SKU.founderPack).id as string;
    const gems = t.emu.control.grantEntitlement(dave, SKU.gems).id as string;
    for (const skuIds of [`${SKU.gems},`, `,${SKU.gems}`, `${SKU.founderPack},,${SKU.gems}`]) {
      const reply = await t.api.get(`${entitlements}?user_id=${dave}&sku_ids=${skuIds}`, t.api.bot);
      expect(reply.status, skuIds).toBe(200);
      expect(reply.body.map((e: { id: string }) => e.id), skuIds).toEqual(skuIds.includes(SKU.founderPack) ? [founder, gems] : [gems]);
    }
  });

  it('a test entitlement starts unconsumed (a consumable one can be consumed) and its ENTITLEMENT_CREATE is also a webhook', async () => {
    const created = await t.api.post(entitlements, { sku_id: SKU.gems, owner_id: bob, owner_type: USER_OWNER }, t.api.bot);
    expect(created.status).toBe(200);
    expect(created.body.consumed).toBe(false);
    expect((await t.api.get(`${entitlements}/${created.body.id}`, t.api.bot)).body.consumed).toBe(false);
    const delivered = await until(() => receiver.events('ENTITLEMENT_CREATE').find((r) => r.body.event.data.id === created.body.id), 5000, 'the test entitlement\'s webhook');
    expect(delivered.body.event.data).toMatchObject({ id: created.body.id, user_id: bob, type: 4, consumed: false });
    expect((await t.api.call('POST', `${entitlements}/${created.body.id}/consume`, { auth: t.api.bot })).status).toBe(204);
  });

  it('a deleted test entitlement cannot be consumed (10029) and stays unconsumed', async () => {
    const created = (await t.api.post(entitlements, { sku_id: SKU.gems, owner_id: bob, owner_type: USER_OWNER }, t.api.bot)).body;
    expect((await t.api.delete(`${entitlements}/${created.id}`, t.api.bot)).status).toBe(204);
    const refused = await t.api.call('POST', `${entitlements}/${created.id}/consume`, { auth: t.api.bot });
    expect([refused.status, refused.body.code]).toEqual([404, 10029]);
    const read = (await t.api.get(`${entitlements}/${created.id}?exclude_deleted=false`, t.api.bot)).body;
    expect(read).toMatchObject({ deleted: true, consumed: false });
  });
});
