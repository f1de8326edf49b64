// Auto moderation rules over HTTP (Bot, MANAGE_GUILD): list, create, get, modify, delete.
// Rules, limits and events in domain/automod.
import { createRule, deleteRule, getRule, listRules, modifyRule } from '../domain/automod';
import type { RequestContext } from '../http/context';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';


function ruleId(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.rule_id)) throw Errors.invalidForm({ rule_id: [{ code: 'NUMBER_TYPE_COERCE', message: 'Not a snowflake.' }] });
  return ctx.params.rule_id;
}

export function registerAutoModeration(api: Router): void {
  const base = '/guilds/:guild_id/auto-moderation/rules';
  api.get(base, (ctx) => listRules(ctx.emu, ctx.params.guild_id, ctx.bot().user.id));
  api.post(base, async (ctx) => {
    const { user } = ctx.bot();
    return createRule(ctx.emu, ctx.params.guild_id, user.id, await ctx.jsonObject(), ctx.auditLogReason());
  });
  api.get(`${base}/:rule_id`, (ctx) => getRule(ctx.emu, ctx.params.guild_id, ruleId(ctx), ctx.bot().user.id));
  api.patch(`${base}/:rule_id`, async (ctx) => {
    const { user } = ctx.bot();
    const id = ruleId(ctx);
    return modifyRule(ctx.emu, ctx.params.guild_id, id, user.id, await ctx.jsonObject(), ctx.auditLogReason());
  });
  api.delete(`${base}/:rule_id`, (ctx) => {
    const { user } = ctx.bot();
    deleteRule(ctx.emu, ctx.params.guild_id, ruleId(ctx), user.id, ctx.auditLogReason());
    return null;
  });
}
