// Guild channels: their JSON, who may view them (and which bots' view a change alters), the
// channel list a caller gets, permission overwrites, and voice channels (who is in them, the
// call's start time, the status text and who may set it).
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Channel, Guild } from '../model/types';
import { AuditLogAction, recordAuditEntry } from './audit_log';
import { Limits } from './limits';
import { canView, channelPermissions, Permission } from './permissions';

export const VOICE_STATUS_MAX = Limits.MaxVoiceChannelStatusCodePoints;
const TEXT_TYPES = new Set([0, 5]);
const VOICE_TYPES = new Set([2, 13]);

/** channel id -> bot user id -> can view. */
export type Visibility = Map<string, Map<string, boolean>>;

/**
 * Who hears about a channel whose visibility may have changed, or a guild a bot joined: the
 * gateway implements it (CHANNEL_UPDATE, GUILD_CREATE to bots); the domain only says when.
 */
export interface GuildObserver {
  /**
   * @internal CHANNEL_UPDATE to the bots whose view of the channel may have changed
   * (`visibleBefore`: bot user id -> could view it before; with `visibilityOnly`, a role change,
   * only obfuscated bots whose view changed hear of it).
   */
  channelChanged(guildId: string, channelId: string, visibleBefore: Map<string, boolean>, options?: { visibilityOnly?: boolean }): void;
  /** @internal GUILD_CREATE to the guild's bots, or only to `botUserId` (a bot that just joined). */
  guildAvailable(guildId: string, botUserId?: string): void;
}

export function findChannel(emu: Emulator, channelId: string): { guild: Guild; channel: Channel } | undefined {
  for (const guild of emu.state.guilds.values()) {
    const channel = guild.channels.find((c) => c.id === channelId);
    if (channel) return { guild, channel };
  }
  return undefined;
}

export function overwriteJson(o: Channel['overwrites'][number]) {
  return {
    id: o.id,
    type: o.type,
    // The full 64-bit value as a decimal string, as API v10 has it: bot libraries read
    // allow/deny (not the _new companions), and a 31-bit number hid bits 43-52 from them.
    allow: o.allow.toString(),
    deny: o.deny.toString(),
    allow_new: o.allow.toString(),
    deny_new: o.deny.toString(),
  };
}

export function channelJson(emu: Emulator, guild: Guild, channel: Channel): Record<string, unknown> {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: guild.id,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parentId,
    topic: channel.topic,
    nsfw: channel.nsfw,
    flags: 0,
    permission_overwrites: channel.overwrites.map(overwriteJson),
    rate_limit_per_user: TEXT_TYPES.has(channel.type) ? (channel.rateLimitPerUser ?? 0) : undefined,
    linked_lobby: channel.linkedLobbyId
      ? { application_id: emu.state.lobbies.get(channel.linkedLobbyId)?.applicationId ?? null, lobby_id: channel.linkedLobbyId }
      : undefined,
  };
}

/** A text channel a lobby may link to. */
export function isLinkableType(channel: Channel): boolean {
  return TEXT_TYPES.has(channel.type);
}

/** From then on (emulator clock) a bot's GET /guilds/{id}/channels omits what it cannot view (spec; no early opt-in). */
export const BOT_CHANNEL_OMISSION_AT = Date.UTC(2026, 10, 16);

/**
 * The guild's channels as `userId` lists them: without those it cannot view (for a bot, from 16
 * November 2026: before, a bot gets them all); a user (not a bot) also learns whether everyone
 * can read and write each and whether it could link it to a lobby.
 */
export function channelList(emu: Emulator, guild: Guild, userId: string, asBot: boolean): Array<Record<string, unknown>> {
  if (!guild.members.some((m) => m.userId === userId)) throw Errors.missingAccess();
  const omitHidden = !asBot || emu.now() >= BOT_CHANNEL_OMISSION_AT;
  return guild.channels
    .filter((channel) => !omitHidden || canView(guild, channel, userId))
    .map((channel) => {
      const json = channelJson(emu, guild, channel);
      if (!asBot) {
        json.is_viewable_and_writeable_by_all_members = guild.members.every((m) => {
          const p = channelPermissions(guild, channel, m.userId);
          return (p & Permission.VIEW_CHANNEL) !== 0n && (p & Permission.SEND_MESSAGES) !== 0n;
        });
        json.is_linkable = isLinkableType(channel) && !channel.linkedLobbyId &&
          (channelPermissions(guild, channel, userId) & Permission.MANAGE_CHANNELS) !== 0n;
      }
      return json;
    });
}

/** Which of the guild's bots can view each channel, to compare before and after a change. */
export function visibility(emu: Emulator, guild: Guild): Visibility {
  const bots = guild.members.filter((m) => emu.user(m.userId)?.bot).map((m) => m.userId);
  const map: Visibility = new Map();
  for (const channel of guild.channels) map.set(channel.id, new Map(bots.map((b) => [b, canView(guild, channel, b)])));
  return map;
}

/** Tells the observer about every channel whose visibility to some bot changed since `before`. */
export function announceVisibility(emu: Emulator, guild: Guild, before: Visibility, observer: GuildObserver | null, options: { visibilityOnly: boolean }): void {
  const after = visibility(emu, guild);
  for (const [channelId, bots] of after) {
    const earlier = before.get(channelId);
    if ([...bots].some(([bot, view]) => earlier?.get(bot) !== view)) observer?.channelChanged(guild.id, channelId, earlier ?? new Map(), options);
  }
}

/**
 * Sets (or, with allow and deny null, removes) a channel's permission overwrite for a role
 * (type 0) or member (type 1); bots get CHANNEL_UPDATE (full once they can view it).
 * Permissions are decimal strings (64-bit).
 */
export function setChannelOverwrite(emu: Emulator, channelId: string, targetId: string, type: 0 | 1, allow: string | null, deny: string | null, observer: GuildObserver | null): void {
  const found = findChannel(emu, channelId);
  if (!found) throw new ApiError(404, 10003, 'Unknown Channel');
  const { guild, channel } = found;
  if (type !== 0 && type !== 1) throw new ApiError(400, 50035, 'type: 0 (role) or 1 (member)');
  const parse = (value: string | null) => {
    if (value === null) return 0n;
    if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) throw new ApiError(400, 50035, 'allow/deny: a decimal permission string');
    return BigInt(value);
  };
  const before = visibility(emu, guild);
  channel.overwrites = channel.overwrites.filter((o) => o.id !== targetId);
  if (allow !== null || deny !== null) channel.overwrites.push({ id: targetId, type, allow: parse(allow), deny: parse(deny) });
  emu.changed();
  observer?.channelChanged(guild.id, channel.id, before.get(channel.id) ?? new Map());
}

/**
 * A bot sets a voice channel's status: SET_VOICE_CHANNEL_STATUS in the channel, plus
 * MANAGE_CHANNELS from outside it; an empty status clears it. VOICE_CHANNEL_STATUS_UPDATE when
 * it changes.
 */
export function setVoiceStatus(emu: Emulator, botUserId: string, channelId: string, status: string | undefined): void {
  const found = findChannel(emu, channelId);
  if (!found) throw Errors.unknownChannel();
  const { guild, channel } = found;
  if (!VOICE_TYPES.has(channel.type)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
  const member = guild.members.find((m) => m.userId === botUserId);
  if (!member) throw Errors.missingAccess();
  const permissions = channelPermissions(guild, channel, botUserId);
  const required = member.voiceChannelId === channel.id
    ? Permission.SET_VOICE_CHANNEL_STATUS
    : Permission.SET_VOICE_CHANNEL_STATUS | Permission.MANAGE_CHANNELS;
  if ((permissions & required) !== required) throw Errors.missingPermissions();
  const next = status === undefined || status === '' ? null : status;
  if (next === channel.voiceStatus) return;
  channel.voiceStatus = next;
  recordAuditEntry(emu, guild.id, next === null
    ? { userId: botUserId, targetId: channel.id, actionType: AuditLogAction.VOICE_CHANNEL_STATUS_DELETE, options: { channel_id: channel.id } }
    : { userId: botUserId, targetId: channel.id, actionType: AuditLogAction.VOICE_CHANNEL_STATUS_UPDATE, options: { channel_id: channel.id, status: next } });
  emu.changed();
  emu.bus.publish({ type: 'VOICE_CHANNEL_STATUS_UPDATE', data: { id: channel.id, guild_id: guild.id, status: next }, userIds: [], guildId: guild.id });
}

/**
 * Puts a guild member into a voice channel, or out (null). The first one in starts the call
 * (voice_start_time), the last one out ends it; each is a VOICE_CHANNEL_START_TIME_UPDATE.
 * `self` is the member's own mute and deafen in the call (op 4; none when put there by the
 * control API); leaving clears them.
 */
export function setVoiceChannel(emu: Emulator, userId: string, channelId: string | null, self?: { selfMute: boolean; selfDeaf: boolean }): void {
  for (const guild of emu.state.guilds.values()) {
    const member = guild.members.find((m) => m.userId === userId);
    if (!member) continue;
    const previous = member.voiceChannelId;
    if (channelId === null || guild.channels.some((c) => c.id === channelId)) member.voiceChannelId = null;
    const left = previous !== null && previous !== channelId ? guild.channels.find((c) => c.id === previous) : undefined;
    if (left && left.voiceStartTime !== null && !guild.members.some((m) => m.voiceChannelId === left.id)) {
      left.voiceStartTime = null;
      emu.bus.publish({ type: 'VOICE_CHANNEL_START_TIME_UPDATE', data: { id: left.id, guild_id: guild.id, voice_start_time: null }, userIds: [], guildId: guild.id });
    }
    if (channelId === null) {
      member.voiceChannelId = null;
      delete member.selfMute;
      delete member.selfDeaf;
    } else if (guild.channels.some((c) => c.id === channelId)) {
      member.voiceChannelId = channelId;
      member.selfMute = self?.selfMute ?? false;
      member.selfDeaf = self?.selfDeaf ?? false;
      const channel = guild.channels.find((c) => c.id === channelId)!;
      if (channel.voiceStartTime === null) {
        channel.voiceStartTime = emu.now();
        emu.bus.publish({ type: 'VOICE_CHANNEL_START_TIME_UPDATE', data: { id: channel.id, guild_id: guild.id, voice_start_time: voiceStartTimeJson(channel.voiceStartTime) }, userIds: [], guildId: guild.id });
      }
    }
  }
  emu.changed();
}

/** voice_start_time as the public API types it: Unix time in seconds, null when no call runs. */
export function voiceStartTimeJson(startMs: number | null): number | null {
  return startMs === null ? null : Math.floor(startMs / 1000);
}
