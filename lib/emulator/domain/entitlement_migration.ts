// The 2024 entitlement migration (spec, "States and transitions"), on the emulator clock. Before
// it, a subscription entitlement was APPLICATION_SUBSCRIPTION (8) with ends_at = its period end
// and an event at each period. During the window 2024-10-01T00:00:00Z .. 2024-11-01T00:00:00Z:
// - one set to renew that reaches its renewal date becomes a new-behaviour entitlement (PURCHASE,
//   ends_at null) and ENTITLEMENT_CREATE is dispatched for it (same id: not a new entitlement);
// - one set to end that expires naturally expires with no entitlement event.
// Outside the window the other rules apply: before it, the old behaviour (a renewal is a new
// period, ENTITLEMENT_UPDATE with the new ends_at); an expiry is an ending entitlement
// (ENTITLEMENT_UPDATE, as for any subscription that ends); a legacy entitlement still renewing
// at or after the window's end follows the current rules: it becomes new-behaviour with no
// entitlement event (there is none at a billing period).
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { Entitlement } from '../model/types';
import { addEntitlement, announce, entitlementJson, EntitlementKind, PERIOD_MS, SkuKind, unknownSku } from './monetization';

export const MIGRATION_WINDOW_START = Date.UTC(2024, 9, 1); // 2024-10-01T00:00:00Z
export const MIGRATION_WINDOW_END = Date.UTC(2024, 10, 1); // 2024-11-01T00:00:00Z, not included

export function inMigrationWindow(time: number): boolean {
  return time >= MIGRATION_WINDOW_START && time < MIGRATION_WINDOW_END;
}

/**
 * An old-behaviour subscription entitlement: APPLICATION_SUBSCRIPTION with the period's ends_at
 * (default: one period from now), set to renew or to end then. Its purchase is an
 * ENTITLEMENT_CREATE, as it was.
 */
export function createLegacyEntitlement(emu: Emulator, userId: string, skuId: string, renews: boolean, endsAt?: number): Entitlement {
  const sku = emu.state.skus.get(skuId);
  if (!sku || sku.type !== SkuKind.SUBSCRIPTION) throw unknownSku();
  if (!emu.user(userId)) throw new ApiError(404, 10013, 'Unknown User');
  const now = emu.now();
  const periodEnd = endsAt ?? now + PERIOD_MS;
  if (!Number.isFinite(periodEnd) || periodEnd <= now) throw fieldError('endsAt', 'NUMBER_TYPE_MIN', 'Must be later than the emulator clock.');
  const entitlement = addEntitlement(emu, sku, userId, {
    type: EntitlementKind.APPLICATION_SUBSCRIPTION,
    startsAt: now,
    endsAt: periodEnd,
    subscriptionId: null,
    legacyRenewal: renews ? 'renew' : 'end',
  });
  armPeriodEnd(emu, entitlement);
  return entitlement;
}

/** Restore hook: legacy period ends live on the clock's scheduler, which a restart starts empty. */
export function rearmLegacyEntitlements(emu: Emulator): void {
  for (const entitlement of emu.state.entitlements.values()) armPeriodEnd(emu, entitlement);
}

function armPeriodEnd(emu: Emulator, entitlement: Entitlement): void {
  if (!entitlement.legacyRenewal || entitlement.endsAt === null) return;
  const due = entitlement.endsAt;
  emu.clock.at(due, () => periodEnd(emu, entitlement.id, due));
}

/** What happens at the legacy period end `due` (the rule reads `due`, not when the clock got there). */
function periodEnd(emu: Emulator, entitlementId: string, due: number): void {
  const entitlement = emu.state.entitlements.get(entitlementId);
  // Replaced by a restore, deleted, or already moved on: nothing to do.
  if (!entitlement || entitlement.deleted || !entitlement.legacyRenewal || entitlement.endsAt !== due) return;
  const { applicationId, userId } = entitlement;
  if (entitlement.legacyRenewal === 'renew') {
    if (due < MIGRATION_WINDOW_START) {
      entitlement.endsAt = due + PERIOD_MS; // the old behaviour: the next period
      emu.changed();
      announce(emu, applicationId, userId, 'ENTITLEMENT_UPDATE', entitlementJson(emu, entitlement), false);
      armPeriodEnd(emu, entitlement);
      return;
    }
    entitlement.type = EntitlementKind.PURCHASE;
    entitlement.endsAt = null;
    delete entitlement.legacyRenewal;
    emu.changed();
    if (inMigrationWindow(due)) announce(emu, applicationId, userId, 'ENTITLEMENT_CREATE', entitlementJson(emu, entitlement), true);
    return;
  }
  // Set to end: it expires at `due` (ends_at stays the expiry).
  delete entitlement.legacyRenewal;
  emu.changed();
  if (!inMigrationWindow(due)) announce(emu, applicationId, userId, 'ENTITLEMENT_UPDATE', entitlementJson(emu, entitlement), false);
}
