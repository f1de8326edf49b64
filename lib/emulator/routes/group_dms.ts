// Create Group DM over HTTP: POST /users/@me/channels {access_tokens, nicks} with a bot token or
// a user's bearer token (public API). The same path with {recipient_id} opens a 1:1 DM, which is
// h16-messages' route: when both are merged, one handler must pick by the body (access_tokens
// here, recipient_id there) — until then a body without access_tokens is a 50035 naming it.
import { createGroupDm, groupDmJson } from '../domain/group_dms';
import { Errors } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';

export function registerGroupDms(api: Router): void {
  api.post('/users/@me/channels', async (ctx) => {
    const caller = ctx.anyCaller();
    if (!caller.user) throw Errors.unauthorized();
    const body = await ctx.jsonObject();
    const v = new Validator();
    let tokens: string[] = [];
    if (!Array.isArray(body.access_tokens)) v.fail('access_tokens', 'BASE_TYPE_REQUIRED', 'A list of access tokens is required.');
    else tokens = body.access_tokens.map((t, i) => v.string(`access_tokens.${i}`, t, { min: 1, max: 256 }) ?? '');
    const nicks = v.dict('nicks', body.nicks, { maxKeys: 10, maxTotal: 10 * 64 }) ?? {};
    v.check();
    return groupDmJson(ctx.emu, createGroupDm(ctx.emu, caller.app.id, caller.user.id, tokens, nicks));
  });
}
