// Entitlements and SKUs for the application's bot (what a game backend checks).
import { entitlementsOf, skuJson, skusOf } from '../domain/monetization';
import type { Router } from '../http/router';

export function registerMonetization(api: Router): void {
  api.get('/applications/:application_id/entitlements', (ctx) => {
    const { app } = ctx.bot();
    if (ctx.params.application_id !== app.id) return [];
    return entitlementsOf(ctx.emu, app.id, ctx.query.get('user_id'));
  });
  // Like the entitlements: a bot sees only its own application's.
  api.get('/applications/:application_id/skus', (ctx) => {
    const { app } = ctx.bot();
    if (ctx.params.application_id !== app.id) return [];
    return skusOf(ctx.emu, app.id).map(skuJson);
  });
}
