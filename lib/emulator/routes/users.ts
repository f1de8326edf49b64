// Users (docs/protocols/http.md, spec "User"): the current user, other users, guilds with their
// permissions, connections, and the provisional display name. Rules in domain/accounts and
// domain/guilds.
import { applicationProfilesJson, connectionsJson, renameProvisional, userJson } from '../domain/accounts';
import { guildsOf } from '../domain/guilds';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { Limits } from '../domain/limits';
import { isSnowflake } from '../snowflake';

function currentUser(ctx: RequestContext) {
  const caller = ctx.anyCaller();
  if (!caller.user) throw Errors.unauthorized();
  return { ...userJson(caller.user, caller.app), application_profiles: applicationProfilesJson(caller.user, caller.app) };
}

export function registerUsers(api: Router): void {
  api.get('/users/@me', currentUser);

  api.patch('/users/@me', async (ctx) => {
    const { user, app } = ctx.bearer();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = v.string('global_name', body.global_name, { min: 1, max: Limits.MaxDisplayNameCodePoints });
    for (const key of Object.keys(body)) if (key !== 'global_name') v.fail(key, 'UNKNOWN_FIELD', 'This field cannot be changed here.');
    v.check();
    return renameProvisional(ctx.emu, user, app, name!);
  });

  api.get('/users/:user_id', (ctx) => {
    const caller = ctx.anyCaller();
    if (!isSnowflake(ctx.params.user_id)) throw Errors.unknownUser();
    const user = ctx.emu.user(ctx.params.user_id);
    if (!user || user.mergedInto) throw Errors.unknownUser();
    return userJson(user, caller.app);
  });

  api.get('/users/@me/guilds', (ctx) => {
    const caller = ctx.caller();
    const userId = caller?.kind === 'bot' ? caller.user.id : ctx.bearer('guilds').user.id;
    return guildsOf(ctx.emu, userId);
  });

  api.get('/users/@me/connections', (ctx) => {
    const { user } = ctx.bearer();
    return connectionsJson(user, ctx.emu.now());
  });
}
