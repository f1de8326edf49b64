// Where bot-side messages live — guild text channels and bot DM channels — and who may send to
// or read them: guild members by VIEW_CHANNEL (50001 without), SEND_MESSAGES to send and
// READ_MESSAGE_HISTORY to read (50013 without); a DM's two participants only.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { BotDmChannel, Channel, Guild } from '../model/types';
import { findChannel } from './channels';
import { channelPermissions, Permission } from './permissions';

/** Channel types that hold messages: GUILD_TEXT and GUILD_ANNOUNCEMENT. */
const MESSAGE_CHANNEL_TYPES = new Set([0, 5]);

export type MessageChannel =
  | { kind: 'guild'; id: string; guild: Guild; channel: Channel }
  | { kind: 'dm'; id: string; dm: BotDmChannel };

/** The channel a message goes to (10003 when there is none). */
export function findMessageChannel(emu: Emulator, channelId: string): MessageChannel {
  const dm = emu.state.botDmChannels.get(channelId);
  if (dm) return { kind: 'dm', id: dm.id, dm };
  const found = findChannel(emu, channelId);
  if (!found) throw Errors.unknownChannel();
  return { kind: 'guild', id: found.channel.id, guild: found.guild, channel: found.channel };
}

export function guildIdOf(target: MessageChannel): string | null {
  return target.kind === 'guild' ? target.guild.id : null;
}

/** Whether `userId` can see the channel at all (a bot's view of a dispatch, a forward's source). */
export function canSeeChannel(target: MessageChannel, userId: string): boolean {
  if (target.kind === 'dm') return target.dm.botUserId === userId || target.dm.userId === userId;
  return (channelPermissions(target.guild, target.channel, userId) & Permission.VIEW_CHANNEL) !== 0n;
}

export function hasChannelPermission(target: MessageChannel, userId: string, permission: bigint): boolean {
  if (target.kind === 'dm') return canSeeChannel(target, userId);
  return (channelPermissions(target.guild, target.channel, userId) & permission) === permission;
}

/**
 * Refuses `userId` what it may not do in the channel: 'send' needs VIEW_CHANNEL and
 * SEND_MESSAGES, 'read' VIEW_CHANNEL and READ_MESSAGE_HISTORY; a channel without messages (voice,
 * category) is 50008.
 */
export function requireChannelAccess(target: MessageChannel, userId: string, need: 'send' | 'read' | 'view'): void {
  if (target.kind === 'dm') {
    if (!canSeeChannel(target, userId)) throw Errors.missingAccess();
    return;
  }
  if (!target.guild.members.some((m) => m.userId === userId) || !canSeeChannel(target, userId)) throw Errors.missingAccess();
  if (!MESSAGE_CHANNEL_TYPES.has(target.channel.type)) throw new ApiError(400, 50008, 'Cannot send messages in a non-text channel');
  if (need === 'send' && !hasChannelPermission(target, userId, Permission.SEND_MESSAGES)) throw Errors.missingPermissions();
  if (need === 'read' && !hasChannelPermission(target, userId, Permission.READ_MESSAGE_HISTORY)) throw Errors.missingPermissions();
}
