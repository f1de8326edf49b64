// Users (protocols.md §5, spec "User"): the current user, other users, guilds with banners,
// connections without legacy game connections, and the provisional display name.
import type { RequestContext } from '../http/context';
import { ApiError, Errors } from '../http/errors';
import type { Router } from '../http/router';
import { Validator } from '../http/validate';
import { basePermissions, serializePermissions } from '../permissions';
import { isSnowflake } from '../snowflake';

function currentUser(ctx: RequestContext) {
  const caller = ctx.anyCaller();
  if (!caller.user) throw Errors.unauthorized();
  return { ...ctx.emu.userJson(caller.user, caller.app), application_profiles: ctx.emu.applicationProfilesJson(caller.user, caller.app) };
}

export function registerUsers(api: Router): void {
  api.get('/users/@me', currentUser);

  api.patch('/users/@me', async (ctx) => {
    const { user, app } = ctx.bearer();
    const body = await ctx.jsonObject();
    const v = new Validator();
    const name = v.string('global_name', body.global_name, { min: 1, max: 32 });
    for (const key of Object.keys(body)) if (key !== 'global_name') v.fail(key, 'UNKNOWN_FIELD', 'This field cannot be changed here.');
    v.check();
    if (!user.provisional) throw new ApiError(403, 50001, 'Missing Access: only provisional accounts change their name here');
    user.globalName = name!;
    ctx.emu.changed();
    ctx.emu.bus.publish({ type: 'USER_UPDATE', data: ctx.emu.userJson(user, app), userIds: [user.id] });
    return ctx.emu.userJson(user, app);
  });

  api.get('/users/:user_id', (ctx) => {
    const caller = ctx.anyCaller();
    if (!isSnowflake(ctx.params.user_id)) throw Errors.unknownUser();
    const user = ctx.emu.user(ctx.params.user_id);
    if (!user || user.mergedInto) throw Errors.unknownUser();
    return ctx.emu.userJson(user, caller.app);
  });

  api.get('/users/@me/guilds', (ctx) => {
    const caller = ctx.caller();
    let userId: string;
    if (caller?.kind === 'bot') {
      userId = caller.user.id;
    } else {
      userId = ctx.bearer('guilds').user.id;
    }
    const guilds = [];
    for (const guild of ctx.emu.state.guilds.values()) {
      if (!guild.members.some((m) => m.userId === userId)) continue;
      guilds.push({
        id: guild.id,
        name: guild.name,
        icon: guild.icon,
        banner: guild.banner,
        owner: guild.ownerId === userId,
        features: guild.features,
        ...serializePermissions(basePermissions(guild, userId)),
      });
    }
    return guilds;
  });

  api.get('/users/@me/connections', (ctx) => {
    const { user } = ctx.bearer();
    // Legacy third-party game connections are no longer returned (spec, from 10 July 2026).
    return user.connections
      .filter((c) => !c.legacyGameConnection)
      .map((c) => ({ type: c.type, id: c.id, name: c.name, verified: true, visibility: 1 }));
  });
}
