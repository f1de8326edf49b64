// Provisional accounts and child tokens over HTTP (docs/protocols/oauth2.md): the adapter parses and
// validates the bodies; the rules are in domain/provisional and domain/authorizations.
import { childToken } from '../domain/authorizations';
import { EXTERNAL_AUTH_TYPES, provisionalTokens, unmergeIdentity } from '../domain/provisional';
import type { RequestContext } from '../http/context';
import { ApiError } from '../domain/errors';
import { Limits } from '../domain/limits';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';

export function registerPartnerSdk(api: Router): void {
  api.post('/partner-sdk/token', async (ctx: RequestContext) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const clientId = v.snowflake('client_id', body.client_id);
    const type = v.string('external_auth_type', body.external_auth_type, { min: 1, max: 64 });
    const token = v.string('external_auth_token', body.external_auth_token, { min: 1, max: 8192 });
    v.string('client_secret', body.client_secret, { optional: true, max: 256 });
    if (type !== undefined && !EXTERNAL_AUTH_TYPES.has(type)) v.fail('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
    v.check();
    const app = ctx.emu.app(clientId!);
    if (!app) throw new ApiError(404, 10002, 'Unknown Application');
    if (body.client_secret !== undefined && body.client_secret !== app.clientSecret) throw new ApiError(401, 0, 'Invalid client_secret');
    return provisionalTokens(ctx.emu, app, type!, token!, null);
  });

  api.post('/partner-sdk/token/bot', async (ctx) => {
    const { app } = ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const externalId = v.string('external_user_id', body.external_user_id, { min: 1, max: 256 });
    const name = v.string('preferred_global_name', body.preferred_global_name, { optional: true, min: 1, max: Limits.MaxDisplayNameCodePoints });
    v.check();
    const tokens = provisionalTokens(ctx.emu, app, 'SERVICE_BOT_ISSUED_ACCESS_TOKEN', externalId!, name ?? null);
    return { access_token: tokens.access_token, id_token: `emu_idt_${externalId}`, token_type: 'Bearer', expires_in: tokens.expires_in, scope: 'sdk.social_layer' };
  });

  api.post('/partner-sdk/provisional-accounts/unmerge', async (ctx) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const clientId = v.snowflake('client_id', body.client_id);
    const type = v.string('external_auth_type', body.external_auth_type, { min: 1, max: 64 });
    const token = v.string('external_auth_token', body.external_auth_token, { min: 1, max: 8192 });
    if (type !== undefined && !EXTERNAL_AUTH_TYPES.has(type)) v.fail('external_auth_type', 'ENUM_TYPE_COERCE', 'Unknown external_auth_type');
    v.check();
    if (!ctx.emu.app(clientId!)) throw new ApiError(404, 10002, 'Unknown Application');
    unmergeIdentity(ctx.emu, type!, token!);
    return null;
  });

  api.post('/partner-sdk/provisional-accounts/unmerge/bot', async (ctx) => {
    ctx.bot();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const externalId = v.string('external_user_id', body.external_user_id, { min: 1, max: 256 });
    v.check();
    unmergeIdentity(ctx.emu, 'SERVICE_BOT_ISSUED_ACCESS_TOKEN', externalId!);
    return null;
  });

  api.post('/partner-sdk/child-token', async (ctx) => {
    const body = await ctx.jsonObject();
    const v = new Validator();
    const parentToken = v.string('parent_access_token', body.parent_access_token, { min: 1, max: 512 });
    const childId = v.snowflake('child_application_id', body.child_application_id);
    const parentSecret = v.string('parent_client_secret', body.parent_client_secret, { optional: true, max: 256 });
    v.check();
    return childToken(ctx.emu, parentToken!, childId!, parentSecret);
  });
}
