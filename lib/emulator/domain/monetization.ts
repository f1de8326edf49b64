// Entitlements and subscriptions with the spec's semantics: a subscription entitlement is
// PURCHASE (1) with ends_at null while the subscription runs; ENTITLEMENT_UPDATE happens only
// when it ends (ends_at = the end time); no entitlement event at each billing period. The
// subscription events carry renewals and cancellation: at each period end an active
// subscription renews (SUBSCRIPTION_UPDATE with the next period) and one cancelled to run to
// the period end ends (ENTITLEMENT_UPDATE with ends_at = the period end, SUBSCRIPTION_UPDATE).
import type { APIEntitlement, APISKU, APISubscription, EntitlementType, SKUFlags, SKUType, SubscriptionStatus } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import type { BusEventType } from '../events';
import { ApiError } from './errors';
import type { Entitlement, Sku, Subscription } from '../model/types';

export const PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
// Subscription.status: the spec names INACTIVE (1) and ENDING (2) and no other value (not
// shown); a running subscription is 0, ACTIVE, as in the public API's types.
export const ACTIVE = 0;
export const INACTIVE = 1;
export const ENDING = 2;

/** Entitlement.type values the rules name (docs/protocols/http.md). */
export const EntitlementKind = { PURCHASE: 1, TEST_MODE_PURCHASE: 4, APPLICATION_SUBSCRIPTION: 8 } as const;
/** SKU.type values (docs/protocols/http.md). */
export const SkuKind = { DURABLE: 2, CONSUMABLE: 3, SUBSCRIPTION: 5, SUBSCRIPTION_GROUP: 6 } as const;

export const unknownSku = () => new ApiError(404, 10027, 'Unknown SKU');

/**
 * An entitlement as the public API types it (APIEntitlement): `user_id` / `guild_id` are left
 * out, not null, when it has none; `subscription_id` is the spec's addition.
 */
export function entitlementJson(emu: Emulator, e: Entitlement): Record<string, unknown> {
  const json: APIEntitlement = {
    id: e.id,
    sku_id: e.skuId,
    application_id: e.applicationId,
    ...(e.userId !== null ? { user_id: e.userId } : {}),
    ...(e.guildId !== null ? { guild_id: e.guildId } : {}),
    type: e.type as EntitlementType,
    deleted: e.deleted,
    starts_at: emu.iso(e.startsAt),
    ends_at: emu.iso(e.endsAt),
    consumed: e.consumed,
  };
  return { ...json, subscription_id: e.subscriptionId };
}

/** A SKU as the public API types it (APISKU, snake_case). */
export function skuJson(sku: Sku): Record<string, unknown> {
  return { id: sku.id, type: sku.type as SKUType, application_id: sku.applicationId, name: sku.name, slug: sku.slug, flags: sku.flags as SKUFlags } satisfies APISKU;
}

/** A subscription as the public API types it (APISubscription). */
export function subscriptionJson(emu: Emulator, s: Subscription): Record<string, unknown> {
  return {
    id: s.id,
    user_id: s.userId,
    sku_ids: s.skuIds,
    entitlement_ids: s.entitlementIds,
    renewal_sku_ids: s.renewalSkuIds,
    current_period_start: emu.iso(s.currentPeriodStart)!,
    current_period_end: emu.iso(s.currentPeriodEnd)!,
    status: s.status as SubscriptionStatus,
    canceled_at: emu.iso(s.canceledAt),
  } satisfies APISubscription;
}

/** A monetization event to the app's bot (and the user concerned, if any); webhooks only for ENTITLEMENT_CREATE. */
export function announce(emu: Emulator, applicationId: string, userId: string | null, type: BusEventType, data: Record<string, unknown>, webhook: boolean) {
  emu.bus.publish({ type, data, userIds: userId ? [userId] : [], applicationId });
  const app = emu.app(applicationId);
  // ENTITLEMENT_CREATE is the only monetization event available as a webhook (spec).
  if (app && webhook && type === 'ENTITLEMENT_CREATE') emu.webhooks.send(app, type, data);
}

/** A purchase (PURCHASE 1 unless told): ENTITLEMENT_CREATE. */
export function grantEntitlement(emu: Emulator, userId: string, skuId: string, type: number = EntitlementKind.PURCHASE, subscriptionId: string | null = null): Entitlement {
  const sku = emu.state.skus.get(skuId);
  if (!sku) throw unknownSku();
  if (!emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
  return addEntitlement(emu, sku, userId, { type, startsAt: emu.now(), endsAt: null, subscriptionId });
}

/**
 * Stores a new entitlement of `sku` for `userId` (checked by the caller) and announces it:
 * ENTITLEMENT_CREATE on the bus and as a webhook. Purchases and old-behaviour subscription
 * entitlements (entitlement_migration.ts) are both made here.
 */
export function addEntitlement(
  emu: Emulator,
  sku: Sku,
  userId: string,
  fields: Pick<Entitlement, 'type' | 'startsAt' | 'endsAt' | 'subscriptionId' | 'legacyRenewal'>,
): Entitlement {
  const entitlement: Entitlement = {
    id: emu.ids.next(),
    skuId: sku.id,
    applicationId: sku.applicationId,
    userId,
    guildId: null,
    type: fields.type,
    deleted: false,
    startsAt: fields.startsAt,
    endsAt: fields.endsAt,
    consumed: false,
    subscriptionId: fields.subscriptionId,
    ...(fields.legacyRenewal === undefined ? {} : { legacyRenewal: fields.legacyRenewal }),
  };
  emu.state.entitlements.set(entitlement.id, entitlement);
  emu.changed();
  announce(emu, sku.applicationId, userId, 'ENTITLEMENT_CREATE', entitlementJson(emu, entitlement), true);
  return entitlement;
}

export function createSubscription(emu: Emulator, userId: string, skuId: string): Subscription {
  const sku = emu.state.skus.get(skuId);
  if (!sku || sku.type !== SkuKind.SUBSCRIPTION) throw new ApiError(404, 10027, 'Unknown SKU (a subscription SKU is needed)');
  // The subscription's id first, so ENTITLEMENT_CREATE already names it.
  const subscriptionId = emu.ids.next();
  const entitlement = grantEntitlement(emu, userId, skuId, EntitlementKind.PURCHASE, subscriptionId); // ends_at null
  const now = emu.now();
  const subscription: Subscription = {
    id: subscriptionId,
    userId,
    skuIds: [skuId],
    entitlementIds: [entitlement.id],
    // The SKUs held at renewal (spec): the same ones until the subscription is cancelled.
    renewalSkuIds: [skuId],
    currentPeriodStart: now,
    currentPeriodEnd: now + PERIOD_MS,
    status: ACTIVE,
    canceledAt: null,
  };
  emu.state.subscriptions.set(subscription.id, subscription);
  emu.changed();
  announce(emu, sku.applicationId, userId, 'SUBSCRIPTION_CREATE', subscriptionJson(emu, subscription), false);
  armPeriodEnd(emu, subscription);
  return subscription;
}

/** Restore hook: period ends live on the clock's scheduler, which a restart starts empty. */
export function rearmPeriodEnds(emu: Emulator): void {
  for (const subscription of emu.state.subscriptions.values()) armPeriodEnd(emu, subscription);
}

/**
 * Schedules what happens when the current period ends, on the emulator clock (so
 * advanceClock drives it). Called at creation, after each renewal, and for every subscription
 * when a saved state is restored (the scheduler starts empty).
 */
function armPeriodEnd(emu: Emulator, subscription: Subscription): void {
  if (subscription.status === INACTIVE) return;
  emu.clock.at(subscription.currentPeriodEnd, () => {
    const current = emu.state.subscriptions.get(subscription.id);
    // Ended, replaced by a restore, or moved by a renewal in the meantime: nothing to do.
    if (current !== subscription || current.status === INACTIVE || current.currentPeriodEnd > emu.now()) return;
    const applicationId = emu.state.skus.get(current.skuIds[0])?.applicationId ?? '';
    if (current.status === ENDING) {
      finish(emu, current, applicationId, current.currentPeriodEnd);
    } else {
      current.currentPeriodStart = current.currentPeriodEnd;
      current.currentPeriodEnd += PERIOD_MS;
      if (current.renewalSkuIds && current.renewalSkuIds.length > 0) current.skuIds = [...current.renewalSkuIds];
      emu.changed();
      announce(emu, applicationId, current.userId, 'SUBSCRIPTION_UPDATE', subscriptionJson(emu, current), false);
      armPeriodEnd(emu, current);
    }
  });
}

/** INACTIVE at `endsAt`: each ongoing entitlement gets ends_at and one ENTITLEMENT_UPDATE. */
function finish(emu: Emulator, subscription: Subscription, applicationId: string, endsAt: number): void {
  subscription.status = INACTIVE;
  subscription.currentPeriodEnd = Math.min(subscription.currentPeriodEnd, endsAt);
  for (const id of subscription.entitlementIds) {
    const entitlement = emu.state.entitlements.get(id);
    if (!entitlement || entitlement.endsAt !== null) continue;
    entitlement.endsAt = endsAt;
    announce(emu, applicationId, subscription.userId, 'ENTITLEMENT_UPDATE', entitlementJson(emu, entitlement), false);
  }
  emu.changed();
  announce(emu, applicationId, subscription.userId, 'SUBSCRIPTION_UPDATE', subscriptionJson(emu, subscription), false);
}

/** Cancels now (status ENDING) or ends now (INACTIVE, entitlement ends_at = now). */
export function endSubscription(emu: Emulator, subscriptionId: string, immediately = true): Subscription {
  const subscription = emu.state.subscriptions.get(subscriptionId);
  if (!subscription) throw new ApiError(404, 10047, 'Unknown Subscription');
  const sku = emu.state.skus.get(subscription.skuIds[0]);
  const applicationId = sku?.applicationId ?? '';
  if (subscription.status === INACTIVE) return subscription; // already over: no event
  subscription.canceledAt ??= emu.now();
  subscription.renewalSkuIds = [];
  if (immediately) {
    finish(emu, subscription, applicationId, emu.now());
    return subscription;
  }
  if (subscription.status === ENDING) return subscription; // already cancelled
  subscription.status = ENDING; // runs until the period ends, then armPeriodEnd ends it
  emu.changed();
  announce(emu, applicationId, subscription.userId, 'SUBSCRIPTION_UPDATE', subscriptionJson(emu, subscription), false);
  return subscription;
}

export function skusOf(emu: Emulator, applicationId: string): Sku[] {
  return [...emu.state.skus.values()].filter((s) => s.applicationId === applicationId);
}
