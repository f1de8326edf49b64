// The guild audit log over HTTP: GET /guilds/{id}/audit-logs (Bot, VIEW_AUDIT_LOG) with the
// public API's filters user_id, action_type, before, after and limit (1..100, default 50).
import { AUDIT_LOG_LIMIT_DEFAULT, AUDIT_LOG_LIMIT_MAX, readAuditLog } from '../domain/audit_log';
import { rulesJson } from '../domain/automod';
import { findGuild } from '../domain/guilds';
import { Errors } from '../domain/errors';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';

export function registerAuditLog(api: Router): void {
  api.get('/guilds/:guild_id/audit-logs', (ctx) => {
    const { user } = ctx.bot();
    const guild = findGuild(ctx.emu, ctx.params.guild_id);
    const q = ctx.query;
    const bad: Record<string, Array<{ code: string; message: string }>> = {};
    const snowflake = (name: string) => {
      const value = q.get(name);
      if (value === null) return undefined;
      if (!isSnowflake(value)) bad[name] = [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${String(value).slice(0, 32)}" is not snowflake.` }];
      return value;
    };
    const userId = snowflake('user_id');
    const before = snowflake('before');
    const after = snowflake('after');
    const rawType = q.get('action_type');
    const actionType = rawType === null ? undefined : Number(rawType);
    if (actionType !== undefined && (!/^\d{1,4}$/.test(rawType!))) bad.action_type = [{ code: 'NUMBER_TYPE_COERCE', message: 'Must be an integer.' }];
    const rawLimit = q.get('limit');
    const limit = rawLimit === null ? AUDIT_LOG_LIMIT_DEFAULT : Number(rawLimit);
    if (!/^\d{1,3}$/.test(rawLimit ?? '50') || limit < 1 || limit > AUDIT_LOG_LIMIT_MAX) {
      bad.limit = [{ code: 'NUMBER_TYPE_MAX', message: `Must be between 1 and ${AUDIT_LOG_LIMIT_MAX}.` }];
    }
    if (Object.keys(bad).length > 0) throw Errors.invalidForm(bad);
    return readAuditLog(ctx.emu, guild, user.id, { userId, actionType, before, after, limit }, (ids) => rulesJson(ctx.emu, guild.id, ids));
  });
}
