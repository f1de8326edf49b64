// Guild prune over HTTP (bot token): GET /guilds/{g}/prune?days=&include_roles=a,b (count) and
// POST /guilds/{g}/prune {days, compute_prune_count, include_roles}. Rules in domain/prune.
import { beginPrune, pruneCount, PRUNE_DAYS_DEFAULT, PRUNE_DAYS_MAX, PRUNE_DAYS_MIN } from '../domain/prune';
import { fieldError } from '../domain/errors';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';
import { pathGuild, queryInt } from '../http/guild_params';

export function registerPrune(api: Router): void {
  api.get('/guilds/:guild_id/prune', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const days = queryInt(ctx, 'days', PRUNE_DAYS_MIN, PRUNE_DAYS_MAX, PRUNE_DAYS_DEFAULT);
    const raw = ctx.query.get('include_roles');
    const includeRoles = raw === null || raw === '' ? [] : raw.split(',');
    if (!includeRoles.every(isSnowflake)) throw fieldError('include_roles', 'NUMBER_TYPE_COERCE', 'Must be comma-separated role ids.');
    return pruneCount(ctx.emu, guild, user.id, { days, includeRoles });
  });

  api.post('/guilds/:guild_id/prune', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const body = await ctx.jsonObject();
    const v = new Validator();
    const days = v.int('days', body.days, { optional: true, min: PRUNE_DAYS_MIN, max: PRUNE_DAYS_MAX }) ?? PRUNE_DAYS_DEFAULT;
    const compute = v.bool('compute_prune_count', body.compute_prune_count, { optional: true }) ?? true;
    let includeRoles: string[] = [];
    if (body.include_roles !== undefined && body.include_roles !== null) {
      if (!Array.isArray(body.include_roles)) v.fail('include_roles', 'LIST_TYPE_CONVERT', 'Must be a list of role ids.');
      else includeRoles = body.include_roles.map((r, i) => v.snowflake(`include_roles.${i}`, r)).filter((r): r is string => r !== undefined);
    }
    v.check();
    return beginPrune(ctx.emu, guild, user.id, { days, includeRoles }, compute);
  });
}
