// The application's store (spec: premium app monetization has "one-time purchases, and a store";
// the purchase flow is not shown): the SKUs an application has published — available durable and
// consumable one-time purchases, and subscriptions — and a person buying one. A purchase is what
// a grant through the control API is (an entitlement of type PURCHASE, ENTITLEMENT_CREATE on the
// gateway and as a webhook), with the buyer's checks the service makes at checkout: a durable
// item is bought once, a consumable again only once the last one was consumed, a subscription
// while none of it is running. There is no payment in the emulator.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Entitlement, Sku, Subscription } from '../model/types';
import { createSubscription, grantEntitlement, INACTIVE, SkuKind, skusOf, unknownSku } from './monetization';

/** SKU.flags AVAILABLE (public API): the SKU is published and can be bought. */
export const SKU_AVAILABLE = 1 << 2;

const PURCHASABLE_KINDS: ReadonlySet<number> = new Set([SkuKind.DURABLE, SkuKind.CONSUMABLE, SkuKind.SUBSCRIPTION]);

/** The SKUs the application's store shows, one-time purchases first, then subscriptions, each by name. */
export function storeSkus(emu: Emulator, applicationId: string): Sku[] {
  const order = (s: Sku) => (s.type === SkuKind.SUBSCRIPTION ? 1 : 0);
  return skusOf(emu, applicationId)
    .filter((s) => PURCHASABLE_KINDS.has(s.type) && (s.flags & SKU_AVAILABLE) !== 0)
    .sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

/** What a purchase made: the entitlement, and for a subscription SKU the subscription. */
export interface Purchase {
  entitlement: Entitlement;
  subscription: Subscription | null;
}

/** Why a purchase is refused: 400 with the public API's generic code 0 and a reason a person reads. */
const refused = (reason: string) => new ApiError(400, 0, reason);

/** The buyer's live entitlements of `sku` (not deleted, not ended). */
function heldOf(emu: Emulator, sku: Sku, userId: string): Entitlement[] {
  const now = emu.now();
  return [...emu.state.entitlements.values()].filter((e) => e.skuId === sku.id && e.userId === userId && !e.deleted && (e.endsAt === null || e.endsAt > now));
}

/**
 * `userId` buys `skuId` in the store of `applicationId`. Refused (nothing changes) for an SKU
 * of another application or not in the store (10027), an unknown user (10013), a bot or a
 * provisional account (50001: the store needs a full account), a durable item already owned, a
 * consumable not yet consumed, a subscription already running (400, code 0).
 */
export function purchase(emu: Emulator, applicationId: string, userId: string, skuId: string): Purchase {
  const sku = emu.state.skus.get(skuId);
  if (!sku || sku.applicationId !== applicationId || !storeSkus(emu, applicationId).includes(sku)) throw unknownSku();
  const buyer = emu.user(userId);
  if (!buyer) throw Errors.unknownUser();
  if (buyer.bot || buyer.provisional) throw new ApiError(403, 50001, 'Missing Access: buying in the store needs a full account');
  const held = heldOf(emu, sku, userId);
  if (sku.type === SkuKind.DURABLE && held.length > 0) throw refused(`${sku.name} is already owned`);
  if (sku.type === SkuKind.CONSUMABLE && held.some((e) => !e.consumed)) throw refused(`${sku.name} is owned and not consumed yet`);
  if (sku.type === SkuKind.SUBSCRIPTION) {
    const running = [...emu.state.subscriptions.values()].some((s) => s.userId === userId && s.skuIds.includes(sku.id) && s.status !== INACTIVE);
    if (running) throw refused(`${sku.name} is already subscribed to`);
    const subscription = createSubscription(emu, userId, sku.id);
    return { entitlement: emu.state.entitlements.get(subscription.entitlementIds[0])!, subscription };
  }
  return { entitlement: grantEntitlement(emu, userId, sku.id), subscription: null };
}
