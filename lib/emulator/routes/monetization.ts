// Entitlements for the application's bot (what a game backend checks).
import type { Router } from '../http/router';
import { entitlementJson } from '../monetization';

export function registerMonetization(api: Router): void {
  api.get('/applications/:application_id/entitlements', (ctx) => {
    const { app } = ctx.bot();
    if (ctx.params.application_id !== app.id) return [];
    const userId = ctx.query.get('user_id');
    return [...ctx.emu.state.entitlements.values()]
      .filter((e) => e.applicationId === app.id && (!userId || e.userId === userId))
      .map((e) => entitlementJson(ctx.emu, e));
  });
  api.get('/applications/:application_id/skus', (ctx) => {
    const { app } = ctx.bot();
    return [...ctx.emu.state.skus.values()].filter((s) => s.applicationId === app.id);
  });
}
