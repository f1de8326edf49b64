// Issue 16, part 5: the entitlement migration window 2024-10-01T00:00:00Z .. 2024-11-01T00:00:00Z
// on the emulator clock (spec, "States and transitions"). Old-behaviour entitlements
// (APPLICATION_SUBSCRIPTION 8 with a period ends_at) are made with the control API on a clock
// started 2024-09-20, with period ends just before, at and inside the window's edges; then the
// clock moves through the window and each entitlement's events are checked:
// - set to renew, renewal inside the window: ENTITLEMENT_CREATE for the same id, PURCHASE,
//   ends_at null; before the window: the old behaviour (ENTITLEMENT_UPDATE, next period); at or
//   after its end: the current rules (new behaviour, no entitlement event);
// - set to end, expiring inside the window: no entitlement event; outside it: ENTITLEMENT_UPDATE.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../../lib/emulator/index';
import { Api, Receiver, SEED, start, until, type Started } from './helpers';
import { dispatchOf, GatewayClient } from './helpers/gateway_client';

const WINDOW_START = Date.parse('2024-10-01T00:00:00Z');
const WINDOW_END = Date.parse('2024-11-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const PERIOD = 30 * DAY;
const PURCHASE = 1;
const APPLICATION_SUBSCRIPTION = 8;
const SEASON_PASS = (BigInt(SEED.guildId) + 100n).toString();
const FOUNDER_PACK = (BigInt(SEED.guildId) + 101n).toString();
const { nelly, alice, bob, carol, dave, erin } = SEED.users;

let s: Started;
let api: Api;
let bot: GatewayClient;
const events: BusEvent[] = [];
const iso = (ms: number) => new Date(ms).toISOString();
/** The entitlement events of one entitlement, as [type, type-of-entitlement, ends_at]. */
const history = (id: string) => events.filter((e) => e.type.startsWith('ENTITLEMENT_') && e.data.id === id).map((e) => [e.type, e.data.type, e.data.ends_at]);
const advanceTo = (time: number) => s.emu.control.advanceClock(Math.max(0, time - s.emu.control.now()));

// Each old-behaviour entitlement's period end, and whether it renews.
const PLAN = {
  renewBefore: { renews: true, endsAt: WINDOW_START - 1 },
  renewAtStart: { renews: true, endsAt: WINDOW_START },
  renewInside: { renews: true, endsAt: Date.parse('2024-10-20T00:00:00Z') },
  renewLastInstant: { renews: true, endsAt: WINDOW_END - 1 },
  renewAtEnd: { renews: true, endsAt: WINDOW_END },
  endBefore: { renews: false, endsAt: WINDOW_START - 1 },
  endInside: { renews: false, endsAt: Date.parse('2024-10-15T00:00:00Z') },
  endLastInstant: { renews: false, endsAt: WINDOW_END - 1 },
  endAtEnd: { renews: false, endsAt: WINDOW_END },
} as const;
type Name = keyof typeof PLAN;
const ids = {} as Record<Name, string>;
const users = [nelly, alice, bob, carol, dave, erin];

beforeAll(async () => {
  s = await start({ startTime: Date.parse('2024-09-20T00:00:00Z') });
  api = s.api;
  s.emu.core.bus.subscribe((e) => events.push(e));
  bot = await GatewayClient.connect(`${s.emu.gatewayUrl}?v=10&encoding=json`);
  await bot.identifyBot(s.emu.application.botToken, 1);
  (Object.keys(PLAN) as Name[]).forEach((name, i) => {
    const { renews, endsAt } = PLAN[name];
    ids[name] = s.emu.control.createLegacyEntitlement(users[i % users.length], SEASON_PASS, renews, endsAt).id as string;
  });
});
afterAll(async () => {
  bot.close();
  await s.emu.close();
});

describe('old-behaviour entitlements and the migration window', () => {
  it('are made as APPLICATION_SUBSCRIPTION (8) with the period ends_at, announced by ENTITLEMENT_CREATE', async () => {
    for (const name of Object.keys(PLAN) as Name[]) {
      expect(history(ids[name]), name).toEqual([['ENTITLEMENT_CREATE', APPLICATION_SUBSCRIPTION, iso(PLAN[name].endsAt)]]);
    }
    const listed = (await api.get(`/applications/${SEED.applicationId}/entitlements/${ids.renewInside}`, api.bot)).body;
    expect(listed).toMatchObject({ type: APPLICATION_SUBSCRIPTION, ends_at: iso(PLAN.renewInside.endsAt), deleted: false });
  });

  it('just before the window: a renewal is the old behaviour (ENTITLEMENT_UPDATE, next period); an expiry is an ENTITLEMENT_UPDATE', () => {
    advanceTo(WINDOW_START - 1);
    expect(history(ids.renewBefore).slice(1)).toEqual([['ENTITLEMENT_UPDATE', APPLICATION_SUBSCRIPTION, iso(WINDOW_START - 1 + PERIOD)]]);
    expect(history(ids.endBefore).slice(1)).toEqual([['ENTITLEMENT_UPDATE', APPLICATION_SUBSCRIPTION, iso(WINDOW_START - 1)]]);
    // (renewAtStart is due 1 ms later: real time may already have reached it; each rule reads the
    // period end, not when the clock got there, so its own test below holds either way.)
    for (const name of ['renewInside', 'endInside', 'renewLastInstant', 'endLastInstant', 'renewAtEnd', 'endAtEnd'] as const) {
      expect(history(ids[name]).slice(1), name).toEqual([]);
    }
  });

  it('at the window\'s first instant a renewal makes it new-behaviour: ENTITLEMENT_CREATE for the same id, PURCHASE, ends_at null', async () => {
    const from = bot.mark();
    advanceTo(WINDOW_START);
    expect(history(ids.renewAtStart).slice(1)).toEqual([['ENTITLEMENT_CREATE', PURCHASE, null]]);
    const dispatched = (await bot.waitFor(dispatchOf('ENTITLEMENT_CREATE', (d) => d.id === ids.renewAtStart), { from })).d;
    expect(dispatched).toMatchObject({ id: ids.renewAtStart, type: PURCHASE, ends_at: null, sku_id: SEASON_PASS });
    const read = (await api.get(`/applications/${SEED.applicationId}/entitlements/${ids.renewAtStart}`, api.bot)).body;
    expect(read).toMatchObject({ id: ids.renewAtStart, type: PURCHASE, ends_at: null });
    // Not a new entitlement: the app still has exactly one with this id, and no other was made.
    expect(s.emu.core.state.entitlements.size).toBe(Object.keys(PLAN).length);
  });

  it('inside the window: renewals migrate (also the one renewed just before it, at its next period); an expiry sends no entitlement event', () => {
    advanceTo(WINDOW_END - 2);
    expect(history(ids.renewInside).slice(1)).toEqual([['ENTITLEMENT_CREATE', PURCHASE, null]]);
    expect(history(ids.renewBefore).slice(1)).toEqual([
      ['ENTITLEMENT_UPDATE', APPLICATION_SUBSCRIPTION, iso(WINDOW_START - 1 + PERIOD)],
      ['ENTITLEMENT_CREATE', PURCHASE, null],
    ]);
    expect(history(ids.endInside).slice(1)).toEqual([]);
    const expired = s.emu.core.state.entitlements.get(ids.endInside)!;
    expect(expired.endsAt).toBe(PLAN.endInside.endsAt);
    expect(expired.legacyRenewal).toBeUndefined();
  });

  it('at the window\'s last instant the window rules still hold', () => {
    advanceTo(WINDOW_END - 1);
    expect(history(ids.renewLastInstant).slice(1)).toEqual([['ENTITLEMENT_CREATE', PURCHASE, null]]);
    expect(history(ids.endLastInstant).slice(1)).toEqual([]);
  });

  it('at 2024-11-01T00:00:00Z and after, the current rules: a renewal becomes new-behaviour without an event; an expiry is ENTITLEMENT_UPDATE', () => {
    advanceTo(WINDOW_END);
    expect(history(ids.renewAtEnd).slice(1)).toEqual([]);
    const renewed = s.emu.core.state.entitlements.get(ids.renewAtEnd)!;
    expect([renewed.type, renewed.endsAt]).toEqual([PURCHASE, null]);
    expect(history(ids.endAtEnd).slice(1)).toEqual([['ENTITLEMENT_UPDATE', APPLICATION_SUBSCRIPTION, iso(WINDOW_END)]]);
    // Nothing more happens to any of them later.
    const count = events.length;
    s.emu.control.advanceClock(3 * PERIOD);
    expect(events.slice(count).filter((e) => e.type.startsWith('ENTITLEMENT_'))).toEqual([]);
  });
});

describe('createLegacyEntitlement', () => {
  it('over HTTP; refuses a SKU that is not a subscription, an unknown user and a period end not in the future', async () => {
    const made = await api.control('createLegacyEntitlement', { userId: nelly, skuId: SEASON_PASS, renews: false });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ type: APPLICATION_SUBSCRIPTION, user_id: nelly });
    expect(Date.parse(made.body.ends_at) - Date.parse(made.body.starts_at)).toBe(PERIOD);
    const count = s.emu.core.state.entitlements.size;
    expect((await api.control('createLegacyEntitlement', { userId: nelly, skuId: FOUNDER_PACK })).status).toBe(404);
    expect((await api.control('createLegacyEntitlement', { userId: '1234567890123456789', skuId: SEASON_PASS })).status).toBe(404);
    expect((await api.control('createLegacyEntitlement', { userId: nelly, skuId: SEASON_PASS, endsAt: s.emu.control.now() - 1 })).status).toBe(400);
    expect((await api.control('createLegacyEntitlement', { userId: nelly, skuId: SEASON_PASS, endsAt: 'x' })).status).toBe(400);
    expect(s.emu.core.state.entitlements.size).toBe(count);
  });
});

describe('a restart from the data file', () => {
  it('keeps an old-behaviour entitlement\'s period end: it still migrates inside the window', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdkpp-migration-'));
    const dataFile = join(dir, 'state.json');
    try {
      const first = await start({ dataFile, startTime: Date.parse('2024-09-25T00:00:00Z') });
      const made = first.emu.control.createLegacyEntitlement(alice, SEASON_PASS, true, Date.parse('2024-10-10T00:00:00Z'));
      await first.emu.close();
      const second = await start({ dataFile, startTime: Date.parse('2024-09-26T00:00:00Z') });
      try {
        const seen: BusEvent[] = [];
        second.emu.core.bus.subscribe((e) => seen.push(e));
        second.emu.control.advanceClock(20 * DAY);
        expect(seen.filter((e) => e.type === 'ENTITLEMENT_CREATE').map((e) => [e.data.id, e.data.type, e.data.ends_at])).toEqual([[made.id, PURCHASE, null]]);
      } finally {
        await second.emu.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The window's first instant and the period end's lower bound on a stopped clock (Date faked, so
// the emulator clock stands where the test puts it; timers and sockets stay real).
describe('the window\'s start edge, to the millisecond', () => {
  it('a period end at exactly 2024-10-01T00:00:00Z is inside the window: a renewal migrates (ENTITLEMENT_CREATE, also as a webhook), an expiry sends no event', async () => {
    const receiver = await new Receiver().listen();
    vi.useFakeTimers({ toFake: ['Date'] });
    let t: Started | undefined;
    try {
      t = await start({ startTime: WINDOW_START - 1 });
      expect(t.emu.control.now()).toBe(WINDOW_START - 1);
      t.emu.control.setWebhookUrl(receiver.url);
      const seen: BusEvent[] = [];
      t.emu.core.bus.subscribe((e) => seen.push(e));
      // A period end is later than the clock: now itself is refused.
      expect((await t.api.control('createLegacyEntitlement', { userId: nelly, skuId: SEASON_PASS, endsAt: WINDOW_START - 1 })).status).toBe(400);
      const renews = t.emu.control.createLegacyEntitlement(alice, SEASON_PASS, true, WINDOW_START).id as string;
      const ends = t.emu.control.createLegacyEntitlement(bob, SEASON_PASS, false, WINDOW_START).id as string;
      const after = (id: string) => seen.filter((e) => e.type.startsWith('ENTITLEMENT_') && e.data.id === id).slice(1).map((e) => [e.type, e.data.type, e.data.ends_at]);
      t.emu.control.advanceClock(1);
      expect(after(renews)).toEqual([['ENTITLEMENT_CREATE', PURCHASE, null]]);
      expect(after(ends)).toEqual([]);
      vi.useRealTimers();
      const delivered = await until(() => receiver.events('ENTITLEMENT_CREATE').find((r) => r.body.event.data.id === renews && r.body.event.data.type === PURCHASE), 5000, 'the migration\'s ENTITLEMENT_CREATE webhook');
      expect(delivered.body.event.data).toMatchObject({ id: renews, type: PURCHASE, ends_at: null });
    } finally {
      vi.useRealTimers();
      await t?.emu.close();
      await receiver.close();
    }
  });
});
