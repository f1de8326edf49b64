// Guild members as bots see and manage them (public API "Guild Member" routes): get, list (with
// the GUILD_MEMBERS privileged intent switched on), search, modify — each field behind its
// permission and the role hierarchy — the bot's own guild profile (nick, avatar, banner, bio),
// kicking, and the last-activity time prune reads.
import type { Emulator } from '../emulator';
import { ApiError, Errors, fieldError } from './errors';
import type { Application, Guild, GuildMember } from '../model/types';
import { announceVisibility, setVoiceChannel, visibility, type GuildObserver } from './channels';
import { memberJson, removeGuildMember } from './guilds';
import { basePermissions, Permission } from './permissions';
import { hasPrivilegedIntent, PrivilegedIntent } from './privileged_intents';
import { canManageRole, hasPermissions, outranks, requireMember, requirePermissions } from './roles';

/** List Guild Members and Search Guild Members: 1 to 1000 per page (public API). */
export const MEMBER_PAGE_MAX = 1000;
export const NICK_MAX = 32;
/** A member bio (public API's 190 characters; the spec shows no number). */
export const MEMBER_BIO_MAX = 190;
/** A timeout ends at most 28 days ahead (public API). */
export const MAX_TIMEOUT_MS = 28 * 24 * 60 * 60 * 1000;
export const MemberFlag = { BYPASSES_VERIFICATION: 1 << 2 } as const;
/** The only member flag a bot may change (public API); the others are the service's. */
export const EDITABLE_MEMBER_FLAGS = MemberFlag.BYPASSES_VERIFICATION;
const VOICE_CHANNEL_TYPES = new Set([2, 13]);

export function findMember(guild: Guild, userId: string): GuildMember {
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) throw new ApiError(404, 10007, 'Unknown Member');
  return member;
}

/** A user did something in the guilds (a gateway connection): what prune calls activity. */
export function recordActivity(emu: Emulator, userId: string): void {
  let changed = false;
  for (const guild of emu.state.guilds.values()) {
    const member = guild.members.find((m) => m.userId === userId);
    if (member) {
      member.lastActivityAt = emu.now();
      changed = true;
    }
  }
  if (changed) emu.changed();
}

export function lastActivity(member: GuildMember): number {
  return member.lastActivityAt ?? member.joinedAt;
}

export function getMember(emu: Emulator, guild: Guild, actorId: string, userId: string): Record<string, unknown> {
  requireMember(guild, actorId);
  return memberJson(emu, guild, findMember(guild, userId));
}

/** List Guild Members: by user id after `after`, needs the app's GUILD_MEMBERS intent (else 50001). */
export function listMembers(emu: Emulator, app: Application, guild: Guild, limit: number, after: string): Array<Record<string, unknown>> {
  requireMember(guild, app.botUserId);
  if (!hasPrivilegedIntent(emu, app.id, PrivilegedIntent.GUILD_MEMBERS)) {
    throw new ApiError(403, 50001, 'Missing Access: the GUILD_MEMBERS privileged intent is off for this application');
  }
  const floor = BigInt(after);
  return guild.members
    .filter((m) => BigInt(m.userId) > floor)
    .sort((a, b) => (BigInt(a.userId) < BigInt(b.userId) ? -1 : 1))
    .slice(0, limit)
    .map((m) => memberJson(emu, guild, m));
}

/** Search Guild Members: username or nick starting with `query` (case-insensitive). */
export function searchMembers(emu: Emulator, guild: Guild, actorId: string, query: string, limit: number): Array<Record<string, unknown>> {
  requireMember(guild, actorId);
  const prefix = query.toLowerCase();
  const matches = (m: GuildMember) => {
    const user = emu.user(m.userId);
    return [user?.username, user?.globalName, m.nick].some((name) => typeof name === 'string' && name.toLowerCase().startsWith(prefix));
  };
  return guild.members.filter(matches).slice(0, limit).map((m) => memberJson(emu, guild, m));
}

/** Modify Guild Member's fields, parsed by the route (absent: unchanged). */
export interface MemberChanges {
  nick?: string | null;
  roles?: string[];
  mute?: boolean;
  deaf?: boolean;
  channelId?: string | null;
  communicationDisabledUntil?: number | null;
  flags?: number;
}

/**
 * Who may change `flags` (the spec: "the permissions needed were updated"; public API): MANAGE_GUILD,
 * or MANAGE_ROLES, or MODERATE_MEMBERS with KICK_MEMBERS and BAN_MEMBERS together.
 */
export function canChangeMemberFlags(guild: Guild, actorId: string): boolean {
  return hasPermissions(guild, actorId, Permission.MANAGE_GUILD) ||
    hasPermissions(guild, actorId, Permission.MANAGE_ROLES) ||
    hasPermissions(guild, actorId, Permission.MODERATE_MEMBERS | Permission.KICK_MEMBERS | Permission.BAN_MEMBERS);
}

/** Every check of a Modify Guild Member before anything changes, so a refused request changes nothing. */
function checkMemberChanges(emu: Emulator, guild: Guild, actorId: string, target: GuildMember, changes: MemberChanges): void {
  const self = target.userId === actorId;
  const above = self || outranks(guild, actorId, target.userId);
  if (changes.nick !== undefined) {
    const allowed = self ? hasPermissions(guild, actorId, Permission.CHANGE_NICKNAME) || hasPermissions(guild, actorId, Permission.MANAGE_NICKNAMES) : hasPermissions(guild, actorId, Permission.MANAGE_NICKNAMES) && above;
    if (!allowed) throw Errors.missingPermissions();
  }
  if (changes.roles !== undefined) {
    requirePermissions(guild, actorId, Permission.MANAGE_ROLES);
    for (const roleId of changes.roles) if (!guild.roles.some((r) => r.id === roleId)) throw fieldError('roles', 'UNKNOWN_ROLE', `Unknown role ${roleId}.`);
    const next = new Set(changes.roles.filter((r) => r !== guild.id));
    const touched = [...next].filter((r) => !target.roles.includes(r)).concat(target.roles.filter((r) => !next.has(r)));
    for (const roleId of touched) if (!canManageRole(guild, actorId, guild.roles.find((r) => r.id === roleId)!)) throw Errors.missingPermissions();
  }
  if (changes.mute !== undefined) requirePermissions(guild, actorId, Permission.MUTE_MEMBERS);
  if (changes.deaf !== undefined) requirePermissions(guild, actorId, Permission.DEAFEN_MEMBERS);
  if (changes.channelId !== undefined) requirePermissions(guild, actorId, Permission.MOVE_MEMBERS);
  if ((changes.mute !== undefined || changes.deaf !== undefined || changes.channelId !== undefined) && target.voiceChannelId === null) {
    throw new ApiError(400, 40032, 'Target user is not connected to voice.');
  }
  if (changes.channelId) {
    const channel = guild.channels.find((c) => c.id === changes.channelId);
    if (!channel || !VOICE_CHANNEL_TYPES.has(channel.type)) throw fieldError('channel_id', 'CHANNEL_TYPE_INVALID', 'Must be a voice channel of this guild.');
  }
  if (changes.communicationDisabledUntil !== undefined) {
    requirePermissions(guild, actorId, Permission.MODERATE_MEMBERS);
    // Nobody times out the owner, an administrator, or someone not below them.
    if (self || !above || (basePermissions(guild, target.userId) & Permission.ADMINISTRATOR) !== 0n || guild.ownerId === target.userId) throw Errors.missingPermissions();
    const until = changes.communicationDisabledUntil;
    if (until !== null && until > emu.now() + MAX_TIMEOUT_MS) throw fieldError('communication_disabled_until', 'BASE_TYPE_BAD_TIME', 'Must be at most 28 days in the future.');
  }
  if (changes.flags !== undefined) {
    if (!canChangeMemberFlags(guild, actorId)) throw Errors.missingPermissions();
    if ((changes.flags & ~EDITABLE_MEMBER_FLAGS) !== ((target.flags ?? 0) & ~EDITABLE_MEMBER_FLAGS)) {
      throw fieldError('flags', 'MEMBER_FLAGS_NOT_EDITABLE', 'Only BYPASSES_VERIFICATION can be changed.');
    }
  }
}

/**
 * Modify Guild Member: all checks first, then the change and one GUILD_MEMBER_UPDATE; a role
 * change that alters what a bot can view tells the observer (CHANNEL_UPDATE to obfuscated bots).
 */
export function modifyMember(emu: Emulator, guild: Guild, actorId: string, userId: string, changes: MemberChanges, observer: GuildObserver | null): Record<string, unknown> {
  requireMember(guild, actorId);
  const target = findMember(guild, userId);
  checkMemberChanges(emu, guild, actorId, target, changes);
  const before = visibility(emu, guild);
  if (changes.nick !== undefined) target.nick = changes.nick === '' ? null : changes.nick;
  if (changes.roles !== undefined) target.roles = [...new Set(changes.roles)].filter((r) => r !== guild.id);
  if (changes.mute !== undefined) target.mute = changes.mute;
  if (changes.deaf !== undefined) target.deaf = changes.deaf;
  if (changes.communicationDisabledUntil !== undefined) {
    const until = changes.communicationDisabledUntil;
    target.communicationDisabledUntil = until !== null && until > emu.now() ? until : null;
  }
  if (changes.flags !== undefined) target.flags = changes.flags;
  if (changes.channelId !== undefined) setVoiceChannel(emu, target.userId, changes.channelId);
  emu.changed();
  const json = memberJson(emu, guild, target);
  emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: json, userIds: [target.userId], guildId: guild.id });
  if (changes.roles !== undefined) announceVisibility(emu, guild, before, observer, { visibilityOnly: true });
  return json;
}

/** Modify Current Member: the bot's nick (CHANGE_NICKNAME) and guild profile (avatar, banner, bio: spec). */
export interface CurrentMemberChanges {
  nick?: string | null;
  avatar?: string | null;
  banner?: string | null;
  bio?: string | null;
}

export function modifyCurrentMember(emu: Emulator, guild: Guild, actorId: string, changes: CurrentMemberChanges): Record<string, unknown> {
  const member = requireMember(guild, actorId);
  if (changes.nick !== undefined && !hasPermissions(guild, actorId, Permission.CHANGE_NICKNAME) && !hasPermissions(guild, actorId, Permission.MANAGE_NICKNAMES)) {
    throw Errors.missingPermissions();
  }
  if (changes.nick !== undefined) member.nick = changes.nick === '' ? null : changes.nick;
  if (changes.avatar !== undefined) member.avatar = changes.avatar;
  if (changes.banner !== undefined) member.banner = changes.banner;
  if (changes.bio !== undefined) member.bio = changes.bio === '' ? null : changes.bio;
  emu.changed();
  const json = memberJson(emu, guild, member);
  emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: json, userIds: [actorId], guildId: guild.id });
  // The member object of the public API types has no bio; the reply to this route echoes it.
  return { ...json, bio: member.bio ?? null };
}

/** Remove Guild Member: KICK_MEMBERS, and the target below the actor (never the owner). */
export function kickMember(emu: Emulator, guild: Guild, actorId: string, userId: string): void {
  requireMember(guild, actorId);
  findMember(guild, userId);
  requirePermissions(guild, actorId, Permission.KICK_MEMBERS);
  if (userId === actorId || !outranks(guild, actorId, userId)) throw Errors.missingPermissions();
  removeGuildMember(emu, guild.id, userId);
}
