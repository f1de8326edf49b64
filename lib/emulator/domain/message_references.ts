// message_reference on a new message: a reply (type DEFAULT 0, the message it answers in the same
// channel; message type REPLY) or a forward (type FORWARD 1: a message_snapshot of the source,
// a minimal message without a guild field; flag HAS_SNAPSHOT). A forward needs the sender to be
// able to read the source: VIEW_CHANNEL and READ_MESSAGE_HISTORY in its channel and, for an app
// without MESSAGE_CONTENT, content the public API would show it — else 160014 (spec).
import type { Emulator } from '../emulator';
import { ApiError, fieldError } from './errors';
import type { Validator } from './validate';
import type { ChannelMessage } from '../model/types';
import { canSeeChannel, findMessageChannel, guildIdOf, hasChannelPermission, type MessageChannel } from './message_channels';
import { contentVisible, snapshotOf, type MessageReader } from './message_view';
import { Permission } from './permissions';

export const MessageReferenceType = { Default: 0, Forward: 1 } as const;
export const MESSAGE_TYPE_DEFAULT = 0;
export const MESSAGE_TYPE_REPLY = 19;
export const MESSAGE_FLAG_HAS_SNAPSHOT = 1 << 14;
export const FORWARD_UNREADABLE_CODE = 160014;

export interface ReferenceRequest {
  type: number;
  messageId: string;
  channelId: string | undefined;
  failIfNotExists: boolean;
}

export function parseReference(v: Validator, value: unknown): ReferenceRequest | undefined {
  const ref = v.object('message_reference', value, true);
  if (!ref) return undefined;
  const type = v.int('message_reference.type', ref.type, { optional: true, min: 0, max: 1 }) ?? MessageReferenceType.Default;
  const messageId = v.snowflake('message_reference.message_id', ref.message_id);
  const channelId = v.snowflake('message_reference.channel_id', ref.channel_id, { optional: type === MessageReferenceType.Default });
  v.snowflake('message_reference.guild_id', ref.guild_id, { optional: true });
  const failIfNotExists = v.bool('message_reference.fail_if_not_exists', ref.fail_if_not_exists, { optional: true }) ?? true;
  if (messageId === undefined) return undefined;
  return { type, messageId, channelId, failIfNotExists };
}

export interface ResolvedReference {
  reference: ChannelMessage['reference'];
  snapshots: Record<string, unknown>[];
  type: number;
  flags: number;
}

function unknownReferenced(): ApiError {
  return fieldError('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
}

function findIn(emu: Emulator, channelId: string, messageId: string): ChannelMessage | undefined {
  return (emu.state.textChannelMessages.get(channelId) ?? []).find((m) => m.id === messageId);
}

/**
 * What the reference makes of the new message in `target` by `authorId` (`reader`: the sender
 * as an app reads, undefined for a person). `hasOwnContent`: a forward carries nothing of its own.
 */
export function resolveReference(emu: Emulator, target: MessageChannel, authorId: string, reader: MessageReader | undefined, request: ReferenceRequest | undefined, hasOwnContent: boolean): ResolvedReference | null {
  if (!request) return null;
  if (request.type === MessageReferenceType.Default) {
    if (request.channelId !== undefined && request.channelId !== target.id) throw unknownReferenced();
    const replied = findIn(emu, target.id, request.messageId);
    if (!replied) {
      if (request.failIfNotExists) throw unknownReferenced();
      return null;
    }
    return {
      reference: { type: 0, channelId: target.id, messageId: replied.id, guildId: guildIdOf(target) },
      snapshots: [],
      type: MESSAGE_TYPE_REPLY,
      flags: 0,
    };
  }
  // A forward: only the snapshot, nothing of its own (not shown by the spec; documented).
  if (hasOwnContent) throw fieldError('message_reference', 'MESSAGE_FORWARD_WITH_CONTENT', 'A forward cannot carry content, embeds, attachments or components of its own.');
  let source: MessageChannel;
  try {
    source = findMessageChannel(emu, request.channelId!);
  } catch {
    throw unknownReferenced();
  }
  const message = findIn(emu, source.id, request.messageId);
  if (!message) throw unknownReferenced();
  const readable = canSeeChannel(source, authorId) && hasChannelPermission(source, authorId, Permission.READ_MESSAGE_HISTORY) && contentVisible(message, reader);
  if (!readable) throw new ApiError(403, FORWARD_UNREADABLE_CODE, 'Cannot forward this message: its content cannot be read.');
  return {
    reference: { type: 1, channelId: source.id, messageId: message.id, guildId: guildIdOf(source) },
    snapshots: [snapshotOf(emu, message)],
    type: MESSAGE_TYPE_DEFAULT,
    flags: MESSAGE_FLAG_HAS_SNAPSHOT,
  };
}
