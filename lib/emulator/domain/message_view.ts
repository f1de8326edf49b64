// A bot-side message as a reader gets it (APIMessage). The MESSAGE_CONTENT rule of the public
// API: an app without the (privileged) intent gets empty content, embeds, attachments,
// components and snapshots — except in its own messages, in DMs with it and in messages that
// mention it. `reader` undefined means an unrestricted view (people, the control API).
import type { APIMessage, APIMessageSnapshot, APIUser, MessageFlags, MessageType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import type { Application, ChannelMessage } from '../model/types';
import { userOrIdJson } from './accounts';
import { attachmentJson } from './attachments';
import { cachedJson, jsonArrayText, type JsonText } from '../json';
import { appPrivilegedIntents, PrivilegedIntent } from './privileged_intents';

export interface MessageReader {
  userId: string;
  /** The reader has MESSAGE_CONTENT (a gateway session's intent, an app's portal setting over HTTP). */
  messageContent: boolean;
}

/** An application's bot reading over HTTP: MESSAGE_CONTENT as its application flags say. */
export function botReader(app: Application): MessageReader {
  return { userId: app.botUserId, messageContent: (appPrivilegedIntents(app) & PrivilegedIntent.MESSAGE_CONTENT) !== 0 };
}

/** Whether `reader` may read the message's content (the public API's MESSAGE_CONTENT rule). */
export function contentVisible(message: ChannelMessage, reader: MessageReader | undefined): boolean {
  if (!reader || reader.messageContent) return true;
  return message.authorId === reader.userId || message.guildId === null || message.mentionIds.includes(reader.userId);
}

function contentFields(emu: Emulator, message: ChannelMessage, visible: boolean) {
  return {
    content: visible ? message.content : '',
    embeds: visible ? (message.embeds as unknown as APIMessage['embeds']) : [],
    attachments: visible ? message.attachments.map((a) => attachmentJson(emu, message.channelId, a)) : [],
    components: visible ? (message.components as unknown as APIMessage['components']) : [],
  };
}

/** The snapshot a forward carries: the public API's minimal message, without a guild field. */
export function snapshotOf(emu: Emulator, source: ChannelMessage): Record<string, unknown> {
  const snapshot = {
    message: {
      type: source.type as MessageType,
      ...contentFields(emu, source, true),
      timestamp: emu.iso(source.timestamp)!,
      edited_timestamp: emu.iso(source.editedTimestamp),
      flags: source.flags as MessageFlags,
      mentions: source.mentionIds.map((id) => userOrIdJson(emu, id) as unknown as APIUser),
      mention_roles: source.mentionRoleIds,
      sticker_items: [],
    },
  } satisfies APIMessageSnapshot;
  return snapshot;
}

function hideSnapshot(snapshot: Record<string, unknown>): Record<string, unknown> {
  const message = snapshot.message as Record<string, unknown>;
  return { message: { ...message, content: '', embeds: [], attachments: [], components: [] } };
}

/** The message as `reader` reads it (replies carry the message they reply to, one level deep). */
export function channelMessageJson(emu: Emulator, message: ChannelMessage, reader?: MessageReader, depth = 0): Record<string, unknown> {
  const visible = contentVisible(message, reader);
  const json = {
    id: message.id,
    type: message.type as MessageType,
    channel_id: message.channelId,
    author: userOrIdJson(emu, message.authorId) as unknown as APIUser,
    ...contentFields(emu, message, visible),
    timestamp: emu.iso(message.timestamp)!,
    edited_timestamp: emu.iso(message.editedTimestamp),
    tts: message.tts,
    mention_everyone: false,
    mentions: message.mentionIds.map((id) => userOrIdJson(emu, id) as unknown as APIUser),
    mention_roles: message.mentionRoleIds,
    pinned: message.pinnedAt != null,
    flags: message.flags as MessageFlags,
    nonce: message.nonce ?? undefined,
    application_id: message.applicationId ?? undefined,
    webhook_id: message.webhookId ?? undefined,
    message_reference: message.reference
      ? { type: message.reference.type, channel_id: message.reference.channelId, message_id: message.reference.messageId, guild_id: message.reference.guildId ?? undefined }
      : undefined,
    message_snapshots: message.snapshots.length > 0 ? (message.snapshots.map((s) => (visible ? s : hideSnapshot(s))) as unknown as APIMessageSnapshot[]) : undefined,
  } satisfies APIMessage;
  const out: Record<string, unknown> = json;
  if (message.interactionMetadata) out.interaction_metadata = message.interactionMetadata;
  // Written in a linked lobby (the emulator's wire form, docs/emulator.md): which lobby.
  if (message.lobbyId) out.lobby_id = message.lobbyId;
  if (message.reference?.type === 0 && depth === 0) {
    const referenced = (emu.state.textChannelMessages.get(message.reference.channelId) ?? []).find((m) => m.id === message.reference!.messageId);
    out.referenced_message = referenced ? channelMessageJson(emu, referenced, reader, depth + 1) : null;
  }
  return out;
}

/** A page of messages as JSON text for `reader` (each message's text cached until the state changes). */
export function channelMessagePageJson(emu: Emulator, messages: ChannelMessage[], reader: MessageReader): JsonText {
  const readerKey = `${reader.userId}:${reader.messageContent}`;
  return jsonArrayText(messages.map((m) => cachedJson(m, emu.generation, readerKey, () => channelMessageJson(emu, m, reader))));
}
