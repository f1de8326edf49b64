// Guild channel invites (the lobby's single-use channel invites stay in domain/lobbies): create
// (CREATE_INSTANT_INVITE; max_age, max_uses, temporary, unique, target_type, the spec's
// target_users_file and role_ids), read one, list a channel's (MANAGE_CHANNELS, roles as partial
// roles), the target users as CSV, delete, and accept — only target users may, role_ids are
// given on joining, max_uses and max_age run on the emulator clock. INVITE_CREATE/INVITE_DELETE
// go to the guild's bots (intent GUILD_INVITES), and both are audit log entries.
import { randomBytes } from 'node:crypto';
import type { APIExtendedInvite, APIInvite, APIInviteRole, APIUser, ChannelType, GuildFeature, InviteTargetType, InviteType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Guild, GuildInvite, Role } from '../model/types';
import { userOrIdJson } from './accounts';
import { AuditLogAction, recordAuditEntry } from './audit_log';
import { findChannel } from './channels';
import { addGuildMembers, roleColorsJson } from './guilds';
import { acceptChannelInvite } from './lobbies';
import { basePermissions, canView, channelPermissions, Permission } from './permissions';

/** The public API's bounds: max_age 0..604800 s (default 86400, 0 = never), max_uses 0..100 (0 = unlimited). */
export const InviteLimits = {
  MAX_AGE_MAX: 604_800,
  MAX_AGE_DEFAULT: 86_400,
  MAX_USES_MAX: 100,
  /** Ids in one target_users_file (the emulator's bound; the public API's is not shown). */
  TARGET_USERS_MAX: 10_000,
} as const;

export const TargetType = { STREAM: 1, EMBEDDED_APPLICATION: 2 } as const;

const CATEGORY = 4;
const VOICE_TYPES = new Set([2, 13]);

export const unknownInvite = () => new ApiError(404, 10006, 'Unknown Invite');

export interface NewInvite {
  maxAge?: number;
  maxUses?: number;
  temporary?: boolean;
  unique?: boolean;
  targetType?: number;
  targetUserId?: string;
  targetApplicationId?: string;
  /** Parsed target_users_file, or undefined when none was sent. */
  targetUserIds?: string[];
  roleIds?: string[];
}

function fieldError(path: string, code: string, message: string): ApiError {
  return Errors.invalidForm({ [path]: [{ code, message }] });
}

/**
 * A target_users_file: CSV of user ids, one per line; the first line may be a header (public
 * API: optional), a column named user_id; extra columns are ignored. Anything else is 50035
 * naming the line.
 */
export function parseTargetUsersCsv(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const ids: string[] = [];
  let column = 0;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (index === 0 && !/^\d+$/.test(cells[0])) {
      column = cells.indexOf('user_id');
      if (column < 0) throw fieldError('target_users_file', 'INVITE_TARGET_USERS_FILE_INVALID', 'The header line must name a user_id column.');
      return;
    }
    const id = cells[column];
    if (id === undefined || !/^\d{1,20}$/.test(id) || BigInt(id) >= 1n << 64n) {
      throw fieldError('target_users_file', 'INVITE_TARGET_USERS_FILE_INVALID', `Line ${index + 1} is not a user id.`);
    }
    ids.push(id);
  });
  if (ids.length === 0) throw fieldError('target_users_file', 'INVITE_TARGET_USERS_FILE_INVALID', 'The file names no user.');
  if (ids.length > InviteLimits.TARGET_USERS_MAX) throw fieldError('target_users_file', 'INVITE_TARGET_USERS_FILE_INVALID', `At most ${InviteLimits.TARGET_USERS_MAX} users.`);
  return [...new Set(ids)];
}

/** The highest position among the member's roles (@everyone is 0); the owner is above all. */
function topPosition(guild: Guild, userId: string): number {
  if (guild.ownerId === userId) return Infinity;
  const member = guild.members.find((m) => m.userId === userId);
  let top = 0;
  for (const id of member?.roles ?? []) top = Math.max(top, guild.roles.find((r) => r.id === id)?.position ?? 0);
  return top;
}

function live(emu: Emulator, invite: GuildInvite): boolean {
  if (invite.maxAge > 0 && invite.createdAt + invite.maxAge * 1000 <= emu.now()) return false;
  return invite.maxUses === 0 || invite.uses < invite.maxUses;
}

/** A live invite by code; an expired one is forgotten (the public API deletes it). */
export function findInvite(emu: Emulator, code: string): GuildInvite {
  const invite = emu.state.guildInvites.get(code);
  if (!invite) throw unknownInvite();
  if (!live(emu, invite)) {
    emu.state.guildInvites.delete(code);
    emu.changed();
    throw unknownInvite();
  }
  return invite;
}

/** A role as an invite shows it: only id, name, position, color, colors, icon, unicode_emoji (spec). */
export function partialRoleJson(role: Role): APIInviteRole {
  return {
    id: role.id,
    name: role.name,
    position: role.position,
    color: role.color,
    colors: roleColorsJson(role), // the gradient too, as every other role object carries it
    icon: null,
    unicode_emoji: null,
  } satisfies APIInviteRole;
}

export function inviteJson(emu: Emulator, invite: GuildInvite, options: { metadata?: boolean; counts?: boolean } = {}): Record<string, unknown> {
  const found = findChannel(emu, invite.channelId);
  const guild = found?.guild ?? emu.state.guilds.get(invite.guildId);
  const json: APIInvite = {
    type: 0 as InviteType,
    code: invite.code,
    guild: guild
      ? { id: guild.id, name: guild.name, icon: guild.icon, banner: guild.banner, splash: null, description: null, features: guild.features as GuildFeature[], verification_level: 0, vanity_url_code: null, nsfw_level: 0, premium_subscription_count: 0 }
      : undefined,
    channel: found ? { id: found.channel.id, name: found.channel.name, type: found.channel.type as ChannelType.GuildText } : null,
    inviter: userOrIdJson(emu, invite.inviterId) as unknown as APIUser,
    expires_at: invite.maxAge === 0 ? null : emu.iso(invite.createdAt + invite.maxAge * 1000),
    roles: invite.roleIds.map((id) => guild?.roles.find((r) => r.id === id)).filter((r): r is Role => r !== undefined).map(partialRoleJson),
  };
  if (invite.targetType !== null) json.target_type = invite.targetType as InviteTargetType;
  if (invite.targetUserId) json.target_user = userOrIdJson(emu, invite.targetUserId) as unknown as APIUser;
  if (invite.targetApplicationId) json.target_application = { id: invite.targetApplicationId, name: emu.app(invite.targetApplicationId)?.name ?? '' };
  if (options.counts && guild) {
    json.approximate_member_count = guild.members.length;
    json.approximate_presence_count = guild.members.filter((m) => {
      const status = emu.state.presences.get(m.userId)?.status;
      return status !== undefined && status !== 'offline' && status !== 'invisible';
    }).length;
  }
  if (!options.metadata) return json as unknown as Record<string, unknown>;
  return {
    ...json,
    uses: invite.uses,
    max_uses: invite.maxUses,
    max_age: invite.maxAge,
    temporary: invite.temporary,
    created_at: emu.iso(invite.createdAt)!,
  } satisfies APIExtendedInvite as unknown as Record<string, unknown>;
}

function newCode(emu: Emulator): string {
  for (;;) {
    const code = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
    if (!emu.state.guildInvites.has(code) && !emu.state.lobbyInvites.has(code)) return code;
  }
}

/**
 * Creates an invite to a channel as `callerId` (CREATE_INSTANT_INVITE there). Without `unique`,
 * an existing live invite of the same creator with the same settings is returned instead (public
 * API). role_ids need MANAGE_ROLES and roles below the creator's highest role.
 */
export function createInvite(emu: Emulator, channelId: string, callerId: string, input: NewInvite, reason: string | null): Record<string, unknown> {
  const found = findChannel(emu, channelId);
  if (!found) throw Errors.unknownChannel();
  const { guild, channel } = found;
  if (!guild.members.some((m) => m.userId === callerId) || !canView(guild, channel, callerId)) throw Errors.missingAccess();
  if (channel.type === CATEGORY) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
  if ((channelPermissions(guild, channel, callerId) & Permission.CREATE_INSTANT_INVITE) === 0n) throw Errors.missingPermissions();
  const targetType = input.targetType ?? null;
  if (targetType !== null) {
    if (!VOICE_TYPES.has(channel.type)) throw fieldError('target_type', 'INVITE_TARGET_TYPE_INVALID', 'Targets are for voice channels.');
    if (targetType === TargetType.STREAM) {
      const streamer = input.targetUserId && guild.members.find((m) => m.userId === input.targetUserId);
      if (!streamer) throw fieldError('target_user_id', 'BASE_TYPE_REQUIRED', 'A member of this guild is required for a stream invite.');
      if (streamer.voiceChannelId !== channel.id) throw new ApiError(400, 40032, 'Target user is not connected to voice.');
    } else if (targetType === TargetType.EMBEDDED_APPLICATION) {
      if (!input.targetApplicationId || !emu.app(input.targetApplicationId)) throw fieldError('target_application_id', 'BASE_TYPE_REQUIRED', 'A known application is required for an embedded application invite.');
    }
  }
  const roleIds = [...new Set(input.roleIds ?? [])];
  roleIds.forEach((id, i) => {
    if (id === guild.id || !guild.roles.some((r) => r.id === id)) throw fieldError(`role_ids.${i}`, 'INVALID_ROLE', 'Unknown role in this guild.');
  });
  if (roleIds.length > 0) {
    if ((basePermissions(guild, callerId) & Permission.MANAGE_ROLES) === 0n) throw Errors.missingPermissions();
    const top = topPosition(guild, callerId);
    if (roleIds.some((id) => guild.roles.find((r) => r.id === id)!.position >= top)) throw Errors.missingPermissions();
  }
  const settings = {
    maxAge: input.maxAge ?? InviteLimits.MAX_AGE_DEFAULT,
    maxUses: input.maxUses ?? 0,
    temporary: input.temporary ?? false,
  };
  if (!input.unique && targetType === null && input.targetUserIds === undefined && roleIds.length === 0) {
    for (const existing of emu.state.guildInvites.values()) {
      if (existing.channelId === channel.id && existing.inviterId === callerId && existing.maxAge === settings.maxAge && existing.maxUses === settings.maxUses &&
        existing.temporary === settings.temporary && existing.targetType === null && existing.targetUserIds === null && existing.roleIds.length === 0 && live(emu, existing)) {
        return inviteJson(emu, existing, { metadata: true });
      }
    }
  }
  const invite: GuildInvite = {
    code: newCode(emu),
    guildId: guild.id,
    channelId: channel.id,
    inviterId: callerId,
    createdAt: emu.now(),
    ...settings,
    uses: 0,
    targetType,
    targetUserId: targetType === TargetType.STREAM ? input.targetUserId! : null,
    targetApplicationId: targetType === TargetType.EMBEDDED_APPLICATION ? input.targetApplicationId! : null,
    targetUserIds: input.targetUserIds ?? null,
    roleIds,
  };
  emu.state.guildInvites.set(invite.code, invite);
  recordAuditEntry(emu, guild.id, {
    userId: callerId,
    targetId: null,
    actionType: AuditLogAction.INVITE_CREATE,
    changes: [
      { key: 'code', new_value: invite.code },
      { key: 'channel_id', new_value: channel.id },
      { key: 'inviter_id', new_value: callerId },
      { key: 'uses', new_value: 0 },
      { key: 'max_uses', new_value: invite.maxUses },
      { key: 'max_age', new_value: invite.maxAge },
      { key: 'temporary', new_value: invite.temporary },
    ],
    reason,
  });
  emu.changed();
  const json = inviteJson(emu, invite, { metadata: true });
  emu.bus.publish({
    type: 'INVITE_CREATE',
    data: {
      channel_id: channel.id, guild_id: guild.id, code: invite.code, created_at: json.created_at, expires_at: json.expires_at,
      inviter: json.inviter, max_age: invite.maxAge, max_uses: invite.maxUses, temporary: invite.temporary, uses: 0,
      ...(json.target_type !== undefined ? { target_type: json.target_type } : {}),
      ...(json.target_user !== undefined ? { target_user: json.target_user } : {}),
      ...(json.target_application !== undefined ? { target_application: json.target_application } : {}),
    },
    userIds: [],
    guildId: guild.id,
  });
  return json;
}

/** GET /channels/{id}/invites: the channel's live invites with metadata, for MANAGE_CHANNELS. */
export function channelInvites(emu: Emulator, channelId: string, callerId: string): Array<Record<string, unknown>> {
  const found = findChannel(emu, channelId);
  if (!found) throw Errors.unknownChannel();
  const { guild, channel } = found;
  if (!guild.members.some((m) => m.userId === callerId) || !canView(guild, channel, callerId)) throw Errors.missingAccess();
  if ((channelPermissions(guild, channel, callerId) & Permission.MANAGE_CHANNELS) === 0n) throw Errors.missingPermissions();
  const out: Array<Record<string, unknown>> = [];
  for (const invite of [...emu.state.guildInvites.values()]) {
    if (invite.channelId !== channel.id) continue;
    if (!live(emu, invite)) {
      emu.state.guildInvites.delete(invite.code);
      continue;
    }
    out.push(inviteJson(emu, invite, { metadata: true }));
  }
  return out;
}

/** GET /invites/{code}; any caller. */
export function getInvite(emu: Emulator, code: string, options: { counts: boolean }): Record<string, unknown> {
  return inviteJson(emu, findInvite(emu, code), { counts: options.counts });
}

/** Whether `callerId` may manage the invite: MANAGE_CHANNELS in its channel or MANAGE_GUILD. */
function canManage(emu: Emulator, invite: GuildInvite, callerId: string): boolean {
  const found = findChannel(emu, invite.channelId);
  if (!found || !found.guild.members.some((m) => m.userId === callerId)) return false;
  if ((basePermissions(found.guild, callerId) & Permission.MANAGE_GUILD) !== 0n) return true;
  return (channelPermissions(found.guild, found.channel, callerId) & Permission.MANAGE_CHANNELS) !== 0n;
}

function removeInvite(emu: Emulator, invite: GuildInvite): void {
  emu.state.guildInvites.delete(invite.code);
  emu.changed();
  emu.bus.publish({ type: 'INVITE_DELETE', data: { channel_id: invite.channelId, guild_id: invite.guildId, code: invite.code }, userIds: [], guildId: invite.guildId });
}

/** DELETE /invites/{code}: MANAGE_CHANNELS in its channel or MANAGE_GUILD; answers the invite. */
export function deleteInvite(emu: Emulator, code: string, callerId: string, reason: string | null): Record<string, unknown> {
  const invite = findInvite(emu, code);
  if (!canManage(emu, invite, callerId)) throw Errors.missingPermissions();
  const json = inviteJson(emu, invite);
  removeInvite(emu, invite);
  recordAuditEntry(emu, invite.guildId, { userId: callerId, targetId: null, actionType: AuditLogAction.INVITE_DELETE, changes: [{ key: 'code', old_value: invite.code }, { key: 'channel_id', old_value: invite.channelId }], reason });
  return json;
}

/**
 * GET /invites/{code}/target-users: the spec's CSV — the single header user_id and one id per
 * line — for the inviter or a member with MANAGE_GUILD; an invite without target users is
 * 10129 (public API).
 */
export function targetUsersCsv(emu: Emulator, code: string, callerId: string): string {
  const invite = findInvite(emu, code);
  const guild = emu.state.guilds.get(invite.guildId);
  const allowed = invite.inviterId === callerId || (guild !== undefined && (basePermissions(guild, callerId) & Permission.MANAGE_GUILD) !== 0n);
  if (!allowed) throw Errors.missingPermissions();
  if (invite.targetUserIds === null) throw new ApiError(404, 10129, 'Unknown Invite Target Users');
  return ['user_id', ...invite.targetUserIds].join('\n') + '\n';
}

/**
 * POST /invites/{code} (a user's bearer token): a lobby's channel invite (domain/lobbies), or a
 * guild invite — target users only, joins with the invite's roles, counts a use (the last use
 * deletes it: INVITE_DELETE). A member already in the guild spends no use.
 */
export function acceptInvite(emu: Emulator, code: string, userId: string, applicationId: string): Record<string, unknown> {
  if (emu.state.lobbyInvites.has(code)) return acceptChannelInvite(emu, code, userId, applicationId);
  const invite = findInvite(emu, code);
  if (invite.targetUserIds !== null && !invite.targetUserIds.includes(userId)) throw new ApiError(403, 50001, 'Missing Access: the invite is for other users');
  const guild = emu.state.guilds.get(invite.guildId);
  if (!guild) throw unknownInvite();
  if (!guild.members.some((m) => m.userId === userId)) {
    invite.uses++;
    addGuildMembers(emu, guild.id, [userId], invite.roleIds);
    if (invite.maxUses > 0 && invite.uses >= invite.maxUses) removeInvite(emu, invite);
    emu.changed();
  }
  return inviteJson(emu, invite);
}
