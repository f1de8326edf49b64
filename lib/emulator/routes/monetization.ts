// Monetization for the application's bot (what a game backend checks and manages): SKUs,
// entitlements (filters, one by id, test entitlements, Consume) and a SKU's subscriptions.
import { ownApplication } from '../domain/applications';
import { consumeEntitlement, createTestEntitlement, deleteTestEntitlement, findEntitlement, listEntitlements } from '../domain/entitlements';
import { entitlementJson, skuJson, skusOf, subscriptionJson } from '../domain/monetization';
import { findSubscription, listSubscriptions } from '../domain/subscription_listing';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';

/** The bot of the application named in the path. */
function botOf(ctx: RequestContext) {
  const { app } = ctx.bot();
  ownApplication(app, ctx.params.application_id);
  return app;
}

/** A bot, or a user's token of the app (which sees only its own subscriptions). */
function subscriptionReader(ctx: RequestContext) {
  const caller = ctx.anyCaller();
  return { app: caller.app, forUser: caller.kind === 'bot' ? null : ctx.bearer().user.id };
}

export function registerMonetization(api: Router): void {
  api.get('/applications/:application_id/entitlements', (ctx) => {
    const { app } = ctx.bot();
    // Another application's entitlements: none (the bot sees only its own).
    if (ctx.params.application_id !== app.id) return [];
    return listEntitlements(ctx.emu, app, ctx.query);
  });
  api.get('/applications/:application_id/entitlements/:entitlement_id', (ctx) => {
    return entitlementJson(ctx.emu, findEntitlement(ctx.emu, botOf(ctx), ctx.params.entitlement_id));
  });
  api.post('/applications/:application_id/entitlements', async (ctx) => {
    const app = botOf(ctx);
    return entitlementJson(ctx.emu, createTestEntitlement(ctx.emu, app, await ctx.jsonObject()));
  });
  api.delete('/applications/:application_id/entitlements/:entitlement_id', (ctx) => {
    deleteTestEntitlement(ctx.emu, botOf(ctx), ctx.params.entitlement_id);
  });
  api.post('/applications/:application_id/entitlements/:entitlement_id/consume', (ctx) => {
    consumeEntitlement(ctx.emu, botOf(ctx), ctx.params.entitlement_id);
  });
  // Like the entitlements: a bot sees only its own application's.
  api.get('/applications/:application_id/skus', (ctx) => {
    const { app } = ctx.bot();
    if (ctx.params.application_id !== app.id) return [];
    return skusOf(ctx.emu, app.id).map(skuJson);
  });
  api.get('/skus/:sku_id/subscriptions', (ctx) => {
    const { app, forUser } = subscriptionReader(ctx);
    return listSubscriptions(ctx.emu, app, ctx.params.sku_id, ctx.query, forUser);
  });
  api.get('/skus/:sku_id/subscriptions/:subscription_id', (ctx) => {
    const { app, forUser } = subscriptionReader(ctx);
    return subscriptionJson(ctx.emu, findSubscription(ctx.emu, app, ctx.params.sku_id, ctx.params.subscription_id, forUser));
  });
}
