// Guilds: the guilds a user is in (with its permissions there), guilds made through the control
// API (the application's bot, @everyone, a text and a voice channel), members joining (also by a
// lobby's channel invite), changing roles or nick, and leaving — with the member events, and the
// channel updates bots get when a role change alters what they can view.
import type { Emulator } from '../emulator';
import { ApiError } from './errors';
import type { APIGuildMember, APIRole, APIRoleColors, APIUser, GuildMemberFlags, RoleFlags } from 'discord-api-types/v10';
import type { Guild, GuildMember, Role } from '../model/types';
import { userOrIdJson } from './accounts';
import { mainApplication } from './applications';
import { announceVisibility, visibility, type GuildObserver } from './channels';
import { codePoints } from './limits';
import { basePermissions, Permission, serializePermissions } from './permissions';

export function findGuild(emu: Emulator, guildId: string): Guild {
  const guild = emu.state.guilds.get(guildId);
  if (!guild) throw new ApiError(404, 10004, 'Unknown Guild');
  return guild;
}

/** GET /users/@me/guilds: each guild `userId` is in, with its base permissions there. */
export function guildsOf(emu: Emulator, userId: string): Array<Record<string, unknown>> {
  const guilds = [];
  for (const guild of emu.state.guilds.values()) {
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
}

/** A member as the public API types it (APIGuildMember), with its guild profile, voice mutes and timeout. */
export function memberFields(emu: Emulator, member: GuildMember): Record<string, unknown> {
  return {
    user: userOrIdJson(emu, member.userId) as unknown as APIUser,
    nick: member.nick,
    avatar: member.avatar ?? null,
    banner: member.banner ?? null,
    roles: member.roles,
    joined_at: emu.iso(member.joinedAt)!,
    premium_since: null,
    deaf: member.deaf ?? false,
    mute: member.mute ?? false,
    flags: (member.flags ?? 0) as GuildMemberFlags,
    pending: false,
    communication_disabled_until: emu.iso(member.communicationDisabledUntil ?? null),
  } satisfies APIGuildMember;
}

/** A member event's data (GUILD_MEMBER_ADD / UPDATE): the member with its guild's id. */
export function memberJson(emu: Emulator, guild: Guild, member: GuildMember): Record<string, unknown> {
  return { guild_id: guild.id, ...memberFields(emu, member) };
}

/** A role's colors (APIRoleColors): the gradient's second and third colors, null when unset. */
export function roleColorsJson(role: Role): APIRoleColors {
  return { primary_color: role.color, secondary_color: role.secondaryColor ?? null, tertiary_color: role.tertiaryColor ?? null };
}

/**
 * A role as the public API types it (APIRole); `permissions` is the bit set as a decimal string.
 * `color` is deprecated but still returned: it is colors.primary_color (spec).
 */
export function roleJson(role: Role): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: roleColorsJson(role),
    hoist: role.hoist ?? false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: false,
    mentionable: role.mentionable ?? false,
    flags: 0 as RoleFlags,
  } satisfies APIRole;
}

/**
 * What @everyone may do in a new guild. USE_EXTERNAL_APPS is on: the spec enables it by default
 * for servers (so user-installed apps answer publicly until a server turns it off).
 */
const NEW_GUILD_EVERYONE = Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES | Permission.READ_MESSAGE_HISTORY | Permission.CONNECT | Permission.SPEAK | Permission.USE_EXTERNAL_APPS;

/** The spec: guild creation by apps (POST /guilds) removed from 15 July 2025. */
export const GUILD_CREATION_REMOVED_AT = Date.UTC(2025, 6, 15);

/**
 * A guild with a bot (the seeded application's unless `botUserId` names another), an @everyone
 * role, a text and a voice channel.
 */
export function createGuild(emu: Emulator, name: string, memberIds: string[], observer: GuildObserver | null, botUserId = mainApplication(emu).botUserId): Guild {
  if (typeof name !== 'string' || codePoints(name) < 2 || codePoints(name) > 100) throw new ApiError(400, 50035, 'name: 2-100 characters');
  const ids = [...new Set([botUserId, ...memberIds])];
  for (const id of ids) if (!emu.user(id)) throw new ApiError(404, 10013, 'Unknown User');
  const now = emu.now();
  const id = emu.ids.next();
  const channel = (channelName: string, type: number, position: number) => ({
    id: emu.ids.next(), guildId: id, name: channelName, type, position, parentId: null, topic: null, nsfw: false,
    overwrites: [], voiceStatus: null, voiceStartTime: null, linkedLobbyId: null,
  });
  const guild: Guild = {
    id,
    name,
    banner: null,
    icon: null,
    ownerId: memberIds[0] ?? botUserId,
    features: [],
    roles: [{ id, name: '@everyone', position: 0, color: 0, permissions: NEW_GUILD_EVERYONE }],
    members: ids.map((userId) => ({ userId, roles: [], nick: null, joinedAt: now, voiceChannelId: null })),
    channels: [channel('general', 0, 0), channel('Voice', 2, 1)],
  };
  emu.state.guilds.set(id, guild);
  emu.changed();
  observer?.guildAvailable(id);
  return guild;
}

/**
 * Adds users to a guild (GUILD_MEMBER_ADD each); returns how many were new. A bot that joins
 * gets the guild's GUILD_CREATE, as on the service: without it a bot library never learns of it.
 */
export function addGuildMembers(emu: Emulator, guildId: string, userIds: string[], roles: string[], observer: GuildObserver | null = null): number {
  const guild = findGuild(emu, guildId);
  for (const id of userIds) if (!emu.user(id)) throw new ApiError(404, 10013, 'Unknown User');
  let added = 0;
  const present = new Set(guild.members.map((m) => m.userId));
  for (const userId of userIds) {
    if (present.has(userId)) continue;
    present.add(userId);
    const member: GuildMember = { userId, roles: roles.filter((r) => guild.roles.some((x) => x.id === r)), nick: null, joinedAt: emu.now(), voiceChannelId: null };
    guild.members.push(member);
    added++;
    emu.bus.publish({ type: 'GUILD_MEMBER_ADD', data: memberJson(emu, guild, member), userIds: [userId], guildId: guild.id });
    if (emu.user(userId)?.bot) observer?.guildAvailable(guild.id, userId);
  }
  emu.changed();
  return added;
}

/** A user joins through a lobby's channel invite (no roles); nothing happens when already a member. */
export function joinGuild(emu: Emulator, guild: Guild, userId: string): void {
  if (guild.members.some((m) => m.userId === userId)) return;
  const member: GuildMember = { userId, roles: [], nick: null, joinedAt: emu.now(), voiceChannelId: null };
  guild.members.push(member);
  // The whole member (joined_at, deaf, mute, flags), as addGuildMembers sends it.
  emu.bus.publish({ type: 'GUILD_MEMBER_ADD', data: memberJson(emu, guild, member), userIds: [userId], guildId: guild.id });
}

/**
 * Changes a member's roles and/or nick: GUILD_MEMBER_UPDATE, and CHANNEL_UPDATE with the full
 * channel to an obfuscated bot that gains VIEW_CHANNEL through it.
 */
export function updateGuildMember(emu: Emulator, guildId: string, userId: string, changes: { roles?: string[]; nick?: string | null }, observer: GuildObserver | null): Record<string, unknown> {
  const guild = findGuild(emu, guildId);
  const member = guild.members.find((m) => m.userId === userId);
  if (!member) throw new ApiError(404, 10007, 'Unknown Member');
  if (changes.roles !== undefined && changes.roles.some((r) => !guild.roles.some((x) => x.id === r))) throw new ApiError(400, 50035, 'roles: unknown role');
  const before = visibility(emu, guild);
  if (changes.roles !== undefined) member.roles = [...new Set(changes.roles)].filter((r) => r !== guild.id);
  if (changes.nick !== undefined) member.nick = changes.nick;
  emu.changed();
  const json = memberJson(emu, guild, member);
  emu.bus.publish({ type: 'GUILD_MEMBER_UPDATE', data: json, userIds: [userId], guildId: guild.id });
  announceVisibility(emu, guild, before, observer, { visibilityOnly: true });
  return json;
}

/** Removes a member from a guild (GUILD_MEMBER_REMOVE). */
export function removeGuildMember(emu: Emulator, guildId: string, userId: string): void {
  const guild = findGuild(emu, guildId);
  const index = guild.members.findIndex((m) => m.userId === userId);
  if (index < 0) throw new ApiError(404, 10007, 'Unknown Member');
  guild.members.splice(index, 1);
  emu.changed();
  emu.bus.publish({ type: 'GUILD_MEMBER_REMOVE', data: { guild_id: guild.id, user: userOrIdJson(emu, userId) }, userIds: [userId], guildId: guild.id });
  // A bot taken out of a guild gets GUILD_DELETE without `unavailable` (it left; not an outage).
  const app = [...emu.state.applications.values()].find((a) => a.botUserId === userId);
  if (app) emu.bus.publish({ type: 'GUILD_DELETE', data: { id: guild.id }, userIds: [], applicationId: app.id });
}

const FEATURE_PATTERN = /^[A-Z0-9_]{1,64}$/;
const MAX_GUILD_FEATURES = 100;

/** Replaces a guild's features (e.g. ENHANCED_ROLE_COLORS, which gradient role colors need). */
export function setGuildFeatures(emu: Emulator, guildId: string, features: string[]): string[] {
  const guild = findGuild(emu, guildId);
  if (!Array.isArray(features) || features.length > MAX_GUILD_FEATURES || !features.every((f) => typeof f === 'string' && FEATURE_PATTERN.test(f))) {
    throw new ApiError(400, 50035, `features: up to ${MAX_GUILD_FEATURES} names of A-Z, 0-9 and _`);
  }
  guild.features = [...new Set(features)];
  emu.changed();
  return guild.features;
}
