// Entitlements as the app's bot reads and manages them: the list with the public API's filters
// (user_id, sku_ids, guild_id, before/after/limit, exclude_ended, exclude_deleted — deleted ones
// are left out unless asked for), one by id, test entitlements (TEST_MODE_PURCHASE 4, owned by a
// user or a guild, no starts/ends; only those can be deleted: ENTITLEMENT_DELETE), and Consume
// (a consumable one-time purchase, once; no event: ENTITLEMENT_UPDATE is only for subscriptions
// that end, spec).
import type { Emulator } from '../emulator';
import { ApiError, Errors, type FieldError } from './errors';
import { Validator } from './validate';
import type { Application, Entitlement } from '../model/types';
import { announce, entitlementJson, EntitlementKind, SkuKind, unknownSku } from './monetization';
import { applyPage, failOn, pageQuery, snowflakeParam } from './paging';

/** The public API's page size for entitlements. */
export const MAX_ENTITLEMENTS_PAGE = 100;
/** Test entitlements' owner_type. */
export const OwnerType = { GUILD: 1, USER: 2 } as const;

export const unknownEntitlement = () => new ApiError(404, 10029, 'Unknown Entitlement');

const truthy = (value: string | null, fallback: boolean) => (value === null ? fallback : value === 'true' || value === '1');

export function listEntitlements(emu: Emulator, app: Application, query: URLSearchParams): Array<Record<string, unknown>> {
  const errors: Record<string, FieldError[]> = {};
  const userId = snowflakeParam(query, 'user_id', errors);
  const guildId = snowflakeParam(query, 'guild_id', errors);
  const skuText = query.get('sku_ids');
  const skuIds = skuText === null ? null : skuText.split(',').filter(Boolean);
  if (skuIds?.some((id) => !/^\d{1,20}$/.test(id))) errors.sku_ids = [{ code: 'NUMBER_TYPE_COERCE', message: 'A comma-separated list of snowflakes.' }];
  const page = pageQuery(query, MAX_ENTITLEMENTS_PAGE, MAX_ENTITLEMENTS_PAGE, errors);
  failOn(errors);
  const excludeEnded = truthy(query.get('exclude_ended'), false);
  const excludeDeleted = truthy(query.get('exclude_deleted'), true);
  const now = emu.now();
  const matching = [...emu.state.entitlements.values()].filter(
    (e) =>
      e.applicationId === app.id &&
      (userId === null || e.userId === userId) &&
      (guildId === null || e.guildId === guildId) &&
      (skuIds === null || skuIds.includes(e.skuId)) &&
      !(excludeEnded && e.endsAt !== null && e.endsAt <= now) &&
      !(excludeDeleted && e.deleted),
  );
  return applyPage(matching, page).map((e) => entitlementJson(emu, e));
}

/**
 * An interaction's `entitlements`: the invoking user's live ones for the app (not deleted, not
 * ended), as the public API puts them in every interaction of a monetized app.
 */
export function activeEntitlementsOf(emu: Emulator, applicationId: string, userId: string): Array<Record<string, unknown>> {
  const now = emu.now();
  return [...emu.state.entitlements.values()]
    .filter((e) => e.applicationId === applicationId && e.userId === userId && !e.deleted && !(e.endsAt !== null && e.endsAt <= now))
    .map((e) => entitlementJson(emu, e));
}

export function findEntitlement(emu: Emulator, app: Application, entitlementId: string): Entitlement {
  const entitlement = emu.state.entitlements.get(entitlementId);
  if (!entitlement || entitlement.applicationId !== app.id) throw unknownEntitlement();
  return entitlement;
}

/** POST /applications/{app}/entitlements {sku_id, owner_id, owner_type}: ENTITLEMENT_CREATE. */
export function createTestEntitlement(emu: Emulator, app: Application, body: Record<string, unknown>): Entitlement {
  const v = new Validator();
  const skuId = v.snowflake('sku_id', body.sku_id);
  const ownerId = v.snowflake('owner_id', body.owner_id);
  const ownerType = v.int('owner_type', body.owner_type, { min: OwnerType.GUILD, max: OwnerType.USER });
  v.check();
  const sku = emu.state.skus.get(skuId!);
  if (!sku || sku.applicationId !== app.id) throw unknownSku();
  if (ownerType === OwnerType.USER && !emu.user(ownerId!)) throw Errors.unknownUser();
  if (ownerType === OwnerType.GUILD && !emu.state.guilds.has(ownerId!)) throw Errors.unknownGuild();
  const entitlement: Entitlement = {
    id: emu.ids.next(),
    skuId: sku.id,
    applicationId: app.id,
    userId: ownerType === OwnerType.USER ? ownerId! : null,
    guildId: ownerType === OwnerType.GUILD ? ownerId! : null,
    type: EntitlementKind.TEST_MODE_PURCHASE,
    deleted: false,
    startsAt: null,
    endsAt: null,
    consumed: false,
    subscriptionId: null,
  };
  emu.state.entitlements.set(entitlement.id, entitlement);
  emu.changed();
  announce(emu, app.id, entitlement.userId, 'ENTITLEMENT_CREATE', entitlementJson(emu, entitlement), true);
  return entitlement;
}

/** Only a live test entitlement can be deleted: ENTITLEMENT_DELETE. */
export function deleteTestEntitlement(emu: Emulator, app: Application, entitlementId: string): void {
  const entitlement = findEntitlement(emu, app, entitlementId);
  if (entitlement.deleted) throw unknownEntitlement();
  if (entitlement.type !== EntitlementKind.TEST_MODE_PURCHASE) throw new ApiError(403, 50001, 'Missing Access: only test entitlements can be deleted');
  entitlement.deleted = true;
  emu.changed();
  announce(emu, app.id, entitlement.userId, 'ENTITLEMENT_DELETE', entitlementJson(emu, entitlement), false);
}

/** Marks a consumable one-time purchase consumed (once). */
export function consumeEntitlement(emu: Emulator, app: Application, entitlementId: string): void {
  const entitlement = findEntitlement(emu, app, entitlementId);
  if (entitlement.deleted) throw unknownEntitlement();
  const sku = emu.state.skus.get(entitlement.skuId);
  if (sku?.type !== SkuKind.CONSUMABLE || entitlement.subscriptionId !== null) {
    throw new ApiError(400, 0, 'Only a one-time purchase of a consumable SKU can be consumed');
  }
  if (entitlement.consumed) throw new ApiError(400, 0, 'The entitlement was already consumed');
  entitlement.consumed = true;
  emu.changed();
}
