// Guild roles: who may act on whom (the role hierarchy, public API "Permission Hierarchy"),
// listing roles and their member counts, and creating, changing and deleting them with
// MANAGE_ROLES — gradient colors only in guilds with ENHANCED_ROLE_COLORS, the deprecated
// `color` kept equal to colors.primary_color (spec "Role"). GUILD_ROLE_* go to the guild's bots.
import type { Emulator } from '../emulator';
import { ApiError, Errors, fieldError } from './errors';
import type { Guild, GuildMember, Role } from '../model/types';
import { announceVisibility, visibility, type GuildObserver } from './channels';
import { roleJson } from './guilds';
import { basePermissions, Permission } from './permissions';

export const ENHANCED_ROLE_COLORS = 'ENHANCED_ROLE_COLORS';
/** Roles per guild (public API; the spec does not show it). */
export const MAX_GUILD_ROLES = 250;
export const ROLE_NAME_MAX = 100;
export const MAX_ROLE_COLOR = 0xffffff;
export const DEFAULT_ROLE_NAME = 'new role';

export interface RoleColors {
  primary: number;
  secondary: number | null;
  tertiary: number | null;
}

/** A create or modify request, parsed by the route: `colors` wins over the deprecated `color`. */
export interface RoleChanges {
  name?: string;
  permissions?: bigint;
  color?: number;
  colors?: RoleColors;
  hoist?: boolean;
  mentionable?: boolean;
}

/** The caller's membership: a bot outside the guild gets 50001. */
export function requireMember(guild: Guild, userId: string): GuildMember {
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) throw Errors.missingAccess();
  return member;
}

export function hasPermissions(guild: Guild, userId: string, needed: bigint): boolean {
  return (basePermissions(guild, userId) & needed) === needed;
}

export function requirePermissions(guild: Guild, userId: string, needed: bigint): void {
  if (!hasPermissions(guild, userId, needed)) throw Errors.missingPermissions();
}

/** The position of the member's highest role (0: @everyone only); the owner is above all. */
export function highestPosition(guild: Guild, userId: string): number {
  if (guild.ownerId === userId) return Infinity;
  const member = guild.members.find((m) => m.userId === userId);
  let highest = 0;
  for (const roleId of member?.roles ?? []) highest = Math.max(highest, guild.roles.find((r) => r.id === roleId)?.position ?? 0);
  return highest;
}

/** Whether `actorId` is above `targetId` in the hierarchy (never over the owner). */
export function outranks(guild: Guild, actorId: string, targetId: string): boolean {
  if (guild.ownerId === targetId) return actorId === targetId;
  return highestPosition(guild, actorId) > highestPosition(guild, targetId);
}

/** A role the actor may manage: strictly below its highest role. */
export function canManageRole(guild: Guild, actorId: string, role: Role): boolean {
  return role.position < highestPosition(guild, actorId);
}

export function findRole(guild: Guild, roleId: string): Role {
  const role = guild.roles.find((r) => r.id === roleId);
  if (!role) throw new ApiError(404, 10011, 'Unknown Role');
  return role;
}

export function sortedRoles(guild: Guild): Role[] {
  return [...guild.roles].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

/** Get Guild Role Member Counts: {roleId: members with it}, @everyone left out (everyone has it). */
export function roleMemberCounts(guild: Guild): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const role of guild.roles) if (role.id !== guild.id) counts[role.id] = 0;
  for (const member of guild.members) for (const roleId of member.roles) if (roleId in counts) counts[roleId]++;
  return counts;
}

/** The rules every create and modify share: gradient only with the feature, no permission the actor lacks. */
function checkChanges(guild: Guild, actorId: string, changes: RoleChanges, before: bigint): void {
  const gradient = changes.colors && (changes.colors.secondary !== null || changes.colors.tertiary !== null);
  if (gradient && !guild.features.includes(ENHANCED_ROLE_COLORS)) {
    throw fieldError(changes.colors!.secondary !== null ? 'colors.secondary_color' : 'colors.tertiary_color', 'ROLE_COLORS_GRADIENT_UNAVAILABLE', 'Gradient role colors need the guild feature ENHANCED_ROLE_COLORS.');
  }
  if (changes.permissions !== undefined) {
    const granted = changes.permissions & ~before;
    if ((granted & ~basePermissions(guild, actorId)) !== 0n) throw Errors.missingPermissions();
  }
}

/** colors.primary_color and the deprecated color are one value; `color` alone makes a solid role. */
function applyChanges(role: Role, changes: RoleChanges): void {
  if (changes.name !== undefined) role.name = changes.name;
  if (changes.permissions !== undefined) role.permissions = changes.permissions;
  if (changes.colors !== undefined) {
    role.color = changes.colors.primary;
    role.secondaryColor = changes.colors.secondary;
    role.tertiaryColor = changes.colors.tertiary;
  } else if (changes.color !== undefined) {
    role.color = changes.color;
    role.secondaryColor = null;
    role.tertiaryColor = null;
  }
  if (changes.hoist !== undefined) role.hoist = changes.hoist;
  if (changes.mentionable !== undefined) role.mentionable = changes.mentionable;
}

function publishRole(emu: Emulator, guild: Guild, type: 'GUILD_ROLE_CREATE' | 'GUILD_ROLE_UPDATE', role: Role): void {
  emu.bus.publish({ type, data: { guild_id: guild.id, role: roleJson(role) }, userIds: [], guildId: guild.id });
}

/** Create Guild Role: MANAGE_ROLES; the new role sits just above @everyone. */
export function createRole(emu: Emulator, guild: Guild, actorId: string, changes: RoleChanges): Role {
  requireMember(guild, actorId);
  requirePermissions(guild, actorId, Permission.MANAGE_ROLES);
  if (guild.roles.length >= MAX_GUILD_ROLES) throw new ApiError(400, 30005, `Maximum number of guild roles reached (${MAX_GUILD_ROLES})`);
  checkChanges(guild, actorId, changes, 0n);
  for (const other of guild.roles) if (other.position >= 1) other.position++;
  const role: Role = { id: emu.ids.next(), name: DEFAULT_ROLE_NAME, permissions: 0n, position: 1, color: 0 };
  applyChanges(role, changes);
  guild.roles.push(role);
  emu.changed();
  publishRole(emu, guild, 'GUILD_ROLE_CREATE', role);
  return role;
}

/** Modify Guild Role: MANAGE_ROLES and the role below the actor's highest; bots whose view changes hear of it. */
export function modifyRole(emu: Emulator, guild: Guild, actorId: string, roleId: string, changes: RoleChanges, observer: GuildObserver | null): Role {
  requireMember(guild, actorId);
  const role = findRole(guild, roleId);
  requirePermissions(guild, actorId, Permission.MANAGE_ROLES);
  if (role.id !== guild.id && !canManageRole(guild, actorId, role)) throw Errors.missingPermissions();
  if (role.id === guild.id && changes.name !== undefined && changes.name !== role.name) throw fieldError('name', 'INVALID_ROLE', 'The @everyone role cannot be renamed.');
  checkChanges(guild, actorId, changes, role.permissions);
  const before = visibility(emu, guild);
  applyChanges(role, changes);
  emu.changed();
  publishRole(emu, guild, 'GUILD_ROLE_UPDATE', role);
  announceVisibility(emu, guild, before, observer, { visibilityOnly: true });
  return role;
}

/** Delete Guild Role: MANAGE_ROLES, below the actor's highest; @everyone stays (50028). Members lose it. */
export function deleteRole(emu: Emulator, guild: Guild, actorId: string, roleId: string, observer: GuildObserver | null): void {
  requireMember(guild, actorId);
  const role = findRole(guild, roleId);
  requirePermissions(guild, actorId, Permission.MANAGE_ROLES);
  if (role.id === guild.id) throw new ApiError(400, 50028, 'Invalid Role');
  if (!canManageRole(guild, actorId, role)) throw Errors.missingPermissions();
  const before = visibility(emu, guild);
  guild.roles = guild.roles.filter((r) => r.id !== role.id);
  for (const other of guild.roles) if (other.position > role.position) other.position--;
  for (const member of guild.members) member.roles = member.roles.filter((r) => r !== role.id);
  emu.changed();
  emu.bus.publish({ type: 'GUILD_ROLE_DELETE', data: { guild_id: guild.id, role_id: role.id }, userIds: [], guildId: guild.id });
  announceVisibility(emu, guild, before, observer, { visibilityOnly: true });
}
