// 64-bit permissions (bigint), as the service computes them: @everyone, then roles, then
// channel overwrites (everyone, roles, member). Bits beyond 32 are the reason for the
// string-serialized `permissions_new`/`allow_new`/`deny_new` companions.
import type { Channel, Guild } from '../model/types';

export const Permission = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  CREATE_EVENTS: 1n << 44n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
  VIEW_AUDIT_LOG: 1n << 7n,
  // Members, roles, expressions and events (issue 16, guild surface).
  BAN_MEMBERS: 1n << 2n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  MANAGE_EVENTS: 1n << 33n,
  MODERATE_MEMBERS: 1n << 40n,
} as const;

export const ALL_PERMISSIONS = (1n << 53n) - 1n;

export function basePermissions(guild: Guild, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) return 0n;
  let permissions = guild.roles.find((r) => r.id === guild.id)?.permissions ?? 0n;
  for (const roleId of member.roles) permissions |= guild.roles.find((r) => r.id === roleId)?.permissions ?? 0n;
  if (permissions & Permission.ADMINISTRATOR) return ALL_PERMISSIONS;
  return permissions;
}

export function channelPermissions(guild: Guild, channel: Channel, userId: string): bigint {
  let permissions = basePermissions(guild, userId);
  if (permissions === ALL_PERMISSIONS) return permissions;
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) return 0n;
  const everyone = channel.overwrites.find((o) => o.id === guild.id);
  if (everyone) permissions = (permissions & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of channel.overwrites) {
    if (overwrite.type === 0 && member.roles.includes(overwrite.id)) {
      allow |= overwrite.allow;
      deny |= overwrite.deny;
    }
  }
  permissions = (permissions & ~deny) | allow;
  const own = channel.overwrites.find((o) => o.type === 1 && o.id === userId);
  if (own) permissions = (permissions & ~own.deny) | own.allow;
  return permissions;
}

export function canView(guild: Guild, channel: Channel, userId: string): boolean {
  return (channelPermissions(guild, channel, userId) & Permission.VIEW_CHANNEL) !== 0n;
}

/**
 * A permission set on the wire: `permissions` is the full bit set as a decimal string (the public
 * API types it a string, like every permission field), `permissions_new` the spec's string companion.
 */
export function serializePermissions(value: bigint): { permissions: string; permissions_new: string } {
  return { permissions: value.toString(), permissions_new: value.toString() };
}
