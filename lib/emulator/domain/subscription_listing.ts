// A SKU's subscriptions as the public API lists them: GET /skus/{sku}/subscriptions (user_id is
// required with the bot token; a user's token lists that user's own) with before/after/limit,
// and one by id.
import type { Emulator } from '../emulator';
import { ApiError, type FieldError } from './errors';
import type { Application, Sku, Subscription } from '../model/types';
import { subscriptionJson, unknownSku } from './monetization';
import { applyPage, failOn, pageQuery, snowflakeParam } from './paging';

/** The public API's page size for subscriptions. */
export const MAX_SUBSCRIPTIONS_PAGE = 100;
const DEFAULT_SUBSCRIPTIONS_PAGE = 50;

export const unknownSubscription = () => new ApiError(404, 10047, 'Unknown Subscription');

export function skuOf(emu: Emulator, app: Application, skuId: string): Sku {
  const sku = emu.state.skus.get(skuId);
  if (!sku || sku.applicationId !== app.id) throw unknownSku();
  return sku;
}

/** `forUser`: the caller's user with a bearer token (it may only list its own), else null (the bot). */
export function listSubscriptions(emu: Emulator, app: Application, skuId: string, query: URLSearchParams, forUser: string | null): Array<Record<string, unknown>> {
  const sku = skuOf(emu, app, skuId);
  const errors: Record<string, FieldError[]> = {};
  let userId = snowflakeParam(query, 'user_id', errors);
  const page = pageQuery(query, MAX_SUBSCRIPTIONS_PAGE, DEFAULT_SUBSCRIPTIONS_PAGE, errors);
  if (forUser === null && userId === null && !errors.user_id) errors.user_id = [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }];
  failOn(errors);
  if (forUser !== null) {
    if (userId !== null && userId !== forUser) throw new ApiError(403, 50001, 'Missing Access');
    userId = forUser;
  }
  const matching = [...emu.state.subscriptions.values()].filter((s) => s.userId === userId && s.skuIds.includes(sku.id));
  return applyPage(matching, page).map((s) => subscriptionJson(emu, s));
}

export function findSubscription(emu: Emulator, app: Application, skuId: string, subscriptionId: string, forUser: string | null): Subscription {
  const sku = skuOf(emu, app, skuId);
  const subscription = emu.state.subscriptions.get(subscriptionId);
  if (!subscription || !subscription.skuIds.includes(sku.id) || (forUser !== null && subscription.userId !== forUser)) throw unknownSubscription();
  return subscription;
}
