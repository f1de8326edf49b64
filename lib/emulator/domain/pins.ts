// Pinned messages of guild text channels and bot DMs: the paginated Get Channel Pins (items
// {pinned_at, message}, newest pin first, `before` a timestamp, limit 1..50, has_more), Pin and
// Unpin (spec: new routes; the deprecated ones work the same), at most 250 pins per channel
// (public API 30003). Who may pin follows the spec's permission split: from 2026-02-23 on the
// emulator clock PIN_MESSAGES is required, before it MANAGE_MESSAGES also suffices. Each change
// is a CHANNEL_PINS_UPDATE {guild_id?, channel_id, last_pin_timestamp} (GUILDS intent in a guild,
// DIRECT_MESSAGES in a DM) and, in a guild, an audit entry (74 MESSAGE_PIN / 75 MESSAGE_UNPIN).
import type { APIMessage } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { ChannelMessage } from '../model/types';
import { AuditLogAction, recordAuditEntry } from './audit_log';
import { getChannelMessage } from './channel_messages';
import { canSeeChannel, findMessageChannel, guildIdOf, hasChannelPermission, requireChannelAccess, type MessageChannel } from './message_channels';
import { channelMessageJson, type MessageReader } from './message_view';
import { Permission } from './permissions';

export const MAX_PINS_PER_CHANNEL = 250;
export const PINS_PAGE_MAX = 50;
/** Spec: "Permission splits effective 23 February 2026: PIN_MESSAGES is required to pin". */
export const PIN_PERMISSION_SPLIT_AT = Date.UTC(2026, 1, 23);

function pinnedOf(emu: Emulator, channelId: string): ChannelMessage[] {
  return (emu.state.textChannelMessages.get(channelId) ?? [])
    .filter((m) => m.pinnedAt != null)
    .sort((a, b) => b.pinnedAt! - a.pinnedAt! || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
}

/** PIN_MESSAGES (or, before the split date, MANAGE_MESSAGES) in a guild channel; a DM's participants may pin. */
function requirePinAllowed(emu: Emulator, target: MessageChannel, userId: string): void {
  requireChannelAccess(target, userId, 'view');
  if (target.kind === 'dm') return;
  if (hasChannelPermission(target, userId, Permission.PIN_MESSAGES)) return;
  if (emu.now() < PIN_PERMISSION_SPLIT_AT && hasChannelPermission(target, userId, Permission.MANAGE_MESSAGES)) return;
  throw Errors.missingPermissions();
}

function publishPins(emu: Emulator, target: MessageChannel): void {
  const last = pinnedOf(emu, target.id)[0];
  const data: Record<string, unknown> = { channel_id: target.id, last_pin_timestamp: last ? emu.iso(last.pinnedAt!) : null };
  const guildId = guildIdOf(target);
  if (guildId) data.guild_id = guildId;
  emu.bus.publish({
    type: 'CHANNEL_PINS_UPDATE',
    data,
    userIds: [],
    guildId: guildId ?? undefined,
    channelMessage: {
      dm: target.kind === 'dm',
      guildsIntent: true,
      reaches: (botUserId) => (target.kind === 'dm' || target.guild.members.some((m) => m.userId === botUserId)) && canSeeChannel(target, botUserId),
      view: () => data,
    },
  });
}

/** Pins a message of the channel (204); pinning a pinned message changes nothing. */
export function pinMessage(emu: Emulator, channelId: string, messageId: string, userId: string, reason: string | null): void {
  const target = findMessageChannel(emu, channelId);
  requirePinAllowed(emu, target, userId);
  const message = getChannelMessage(emu, target.id, messageId);
  if (message.pinnedAt != null) return;
  if (pinnedOf(emu, target.id).length >= MAX_PINS_PER_CHANNEL) throw new ApiError(400, 30003, `Maximum number of pins reached (${MAX_PINS_PER_CHANNEL})`);
  message.pinnedAt = emu.now();
  if (target.kind === 'guild') {
    recordAuditEntry(emu, target.guild.id, { userId, targetId: message.authorId, actionType: AuditLogAction.MESSAGE_PIN, options: { channel_id: target.id, message_id: message.id }, reason });
  }
  emu.changed();
  publishPins(emu, target);
}

/** Unpins a message (204); unpinning a message that is not pinned changes nothing. */
export function unpinMessage(emu: Emulator, channelId: string, messageId: string, userId: string, reason: string | null): void {
  const target = findMessageChannel(emu, channelId);
  requirePinAllowed(emu, target, userId);
  const message = getChannelMessage(emu, target.id, messageId);
  if (message.pinnedAt == null) return;
  message.pinnedAt = null;
  if (target.kind === 'guild') {
    recordAuditEntry(emu, target.guild.id, { userId, targetId: message.authorId, actionType: AuditLogAction.MESSAGE_UNPIN, options: { channel_id: target.id, message_id: message.id }, reason });
  }
  emu.changed();
  publishPins(emu, target);
}

/** Get Channel Pins: newest pin first, pinned strictly before `before` (ms), `limit` of them. */
export function listPins(emu: Emulator, channelId: string, userId: string, reader: MessageReader, page: { before?: number; limit: number }): { items: Array<{ pinned_at: string; message: APIMessage }>; has_more: boolean } {
  const target = findMessageChannel(emu, channelId);
  requireChannelAccess(target, userId, 'read');
  const pins = pinnedOf(emu, target.id).filter((m) => page.before === undefined || m.pinnedAt! < page.before);
  return {
    items: pins.slice(0, page.limit).map((m) => ({ pinned_at: emu.iso(m.pinnedAt!)!, message: channelMessageJson(emu, m, reader) as unknown as APIMessage })),
    has_more: pins.length > page.limit,
  };
}

/** The deprecated Get Pinned Messages: the newest 50 pinned messages, as messages. */
export function legacyPins(emu: Emulator, channelId: string, userId: string, reader: MessageReader): Record<string, unknown>[] {
  const target = findMessageChannel(emu, channelId);
  requireChannelAccess(target, userId, 'read');
  return pinnedOf(emu, target.id).slice(0, PINS_PAGE_MAX).map((m) => channelMessageJson(emu, m, reader));
}
