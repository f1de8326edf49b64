// The Application object for its bot: GET/PATCH /applications/@me and GET
// /oauth2/applications/@me (a bearer token reads the application it was issued for).
import { applicationJson, updateApplication } from '../domain/application_object';
import type { Router } from '../http/router';

export function registerApplications(api: Router): void {
  api.get('/applications/@me', (ctx) => applicationJson(ctx.emu, ctx.bot().app));
  api.patch('/applications/@me', async (ctx) => {
    const { app } = ctx.bot();
    return updateApplication(ctx.emu, app, await ctx.jsonObject());
  });
  api.get('/oauth2/applications/@me', (ctx) => applicationJson(ctx.emu, ctx.anyCaller().app));
}
