// Guild roles over HTTP (bot token): Get Guild Roles, Get Guild Role (10011), Get Guild Role
// Member Counts, Create / Modify / Delete Guild Role. Bodies are checked here (50035 with field
// paths), rules (MANAGE_ROLES, hierarchy, gradient colors) in domain/roles.
import type { GuildObserver } from '../domain/channels';
import { roleJson } from '../domain/guilds';
import {
  createRole,
  deleteRole,
  findRole,
  MAX_ROLE_COLOR,
  modifyRole,
  requireMember,
  ROLE_NAME_MAX,
  roleMemberCounts,
  sortedRoles,
  type RoleChanges,
} from '../domain/roles';
import { ApiError } from '../domain/errors';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';
import { Validator } from '../domain/validate';
import { isSnowflake } from '../snowflake';
import { pathGuild } from '../http/guild_params';

const PERMISSIONS_PATTERN = /^\d{1,20}$/;

function pathRole(ctx: RequestContext): string {
  if (!isSnowflake(ctx.params.role_id)) throw new ApiError(404, 10011, 'Unknown Role');
  return ctx.params.role_id;
}

function colorField(v: Validator, path: string, value: unknown, nullable: boolean): number | null | undefined {
  if (value === null && nullable) return null;
  return v.int(path, value, { min: 0, max: MAX_ROLE_COLOR });
}

/** A role body; `colors` (with primary_color) wins over the deprecated `color` when both come. */
function roleChanges(body: Record<string, unknown>): RoleChanges {
  const v = new Validator();
  const changes: RoleChanges = {};
  if ('name' in body && body.name !== null) changes.name = v.string('name', body.name, { min: 1, max: ROLE_NAME_MAX });
  if ('permissions' in body && body.permissions !== null) {
    if (typeof body.permissions !== 'string' || !PERMISSIONS_PATTERN.test(body.permissions) || BigInt(body.permissions) >= 1n << 64n) {
      v.fail('permissions', 'NUMBER_TYPE_COERCE', 'Must be a permission bit set as a decimal string.');
    } else {
      changes.permissions = BigInt(body.permissions);
    }
  }
  if ('color' in body && body.color !== null) changes.color = colorField(v, 'color', body.color, false) ?? undefined;
  if ('colors' in body && body.colors !== null) {
    const colors = v.object('colors', body.colors);
    if (colors) {
      const primary = colorField(v, 'colors.primary_color', colors.primary_color, false);
      const secondary = colorField(v, 'colors.secondary_color', colors.secondary_color ?? null, true);
      const tertiary = colorField(v, 'colors.tertiary_color', colors.tertiary_color ?? null, true);
      if (typeof primary === 'number' && secondary !== undefined && tertiary !== undefined) changes.colors = { primary, secondary, tertiary };
    }
  }
  changes.hoist = v.bool('hoist', body.hoist, { optional: true });
  changes.mentionable = v.bool('mentionable', body.mentionable, { optional: true });
  v.check();
  for (const key of Object.keys(changes) as Array<keyof RoleChanges>) if (changes[key] === undefined) delete changes[key];
  return changes;
}

/** `observer`: the gateway once it runs (bots hear of channels a role change lets them view). */
export function registerRoles(api: Router, observer: () => GuildObserver | null): void {
  api.get('/guilds/:guild_id/roles', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    requireMember(guild, user.id);
    return sortedRoles(guild).map(roleJson);
  });

  // Before /roles/:role_id, which would take "member-counts" for a role id.
  api.get('/guilds/:guild_id/roles/member-counts', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    requireMember(guild, user.id);
    return roleMemberCounts(guild);
  });

  api.get('/guilds/:guild_id/roles/:role_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    requireMember(guild, user.id);
    return roleJson(findRole(guild, pathRole(ctx)));
  });

  api.post('/guilds/:guild_id/roles', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    return roleJson(createRole(ctx.emu, guild, user.id, roleChanges(await ctx.jsonObject())));
  });

  api.patch('/guilds/:guild_id/roles/:role_id', async (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    const roleId = pathRole(ctx);
    return roleJson(modifyRole(ctx.emu, guild, user.id, roleId, roleChanges(await ctx.jsonObject()), observer()));
  });

  api.delete('/guilds/:guild_id/roles/:role_id', (ctx) => {
    const { user } = ctx.bot();
    const guild = pathGuild(ctx);
    deleteRole(ctx.emu, guild, user.id, pathRole(ctx), observer());
    return null;
  });
}
