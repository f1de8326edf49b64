// Lobby messages and game direct messages: their JSON, creation with events and webhooks, who
// may send to whom, edits, deletes, moderation metadata (an application's bot), and the history
// windows (200 messages; lobbies also 72 hours).
import type { APIMessage, MessageFlags, MessageType } from 'discord-api-types/v10';
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import { cachedJson, jsonArrayText, type JsonText } from '../json';
import type { ActivityInvite, DmChannel, Lobby, Message, User } from '../model/types';
import { findPerson, userOrIdJson } from './accounts';
import { Limits } from './limits';
import { memberIds, touch } from './lobbies';
import { RelationshipType } from './relationships';
import { Validator } from './validate';

const MAX_STORED_PER_CHANNEL = 1000;

/** What the public API's message JSON is built in: its plain fields checked against APIMessage
 * by name; the nested objects (author, metadata, components, ...) as the emulator builds them. */
export type MessageWireJson = Record<string, unknown> & Partial<Pick<APIMessage, WirePlainField>>;
type WirePlainField =
  | 'id' | 'type' | 'content' | 'channel_id' | 'timestamp' | 'edited_timestamp' | 'tts' | 'mention_everyone'
  | 'mentions' | 'mention_roles' | 'attachments' | 'embeds' | 'pinned' | 'flags' | 'application_id' | 'webhook_id';

/**
 * The public API's leading message fields (APIMessage), in wire order, as one fresh object
 * literal; each kind of message assigns its own fields after them. Assigning keeps V8's fast
 * object: spreading a `common` object into another and then adding keys gave V8 a slow object
 * per message, and building and collecting those was most of a 200-message history page's CPU
 * time. Mentions are none: the emulator's messages mention nobody (yet), as sent empty.
 */
export function messageHeadJson(
  emu: Emulator,
  message: Pick<Message, 'id' | 'content' | 'channelId' | 'timestamp' | 'editedTimestamp'>,
  type: MessageType,
): MessageWireJson {
  return {
    id: message.id,
    type,
    content: message.content,
    channel_id: message.channelId,
    timestamp: emu.iso(message.timestamp)!,
    edited_timestamp: emu.iso(message.editedTimestamp),
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
  } satisfies Partial<APIMessage>;
}

export function messageJson(emu: Emulator, message: Message): Record<string, unknown> {
  // The emulator's lobby and DM messages have no attachments, embeds or pins (yet), so those are
  // empty as the service sends them.
  const json = messageHeadJson(emu, message, 0 as MessageType);
  json.attachments = [];
  json.embeds = [];
  json.pinned = false;
  json.flags = message.flags as MessageFlags;
  json.application_id = message.applicationId;
  json.author = userOrIdJson(emu, message.authorId);
  json.metadata = message.metadata ?? undefined;
  json.moderation_metadata = message.moderationMetadata ?? undefined;
  if (message.lobbyId) {
    json.lobby_id = message.lobbyId;
    const lobby = emu.state.lobbies.get(message.lobbyId);
    const member = lobby?.members.find((m) => m.id === message.authorId);
    if (member?.additionalName) json.lobby_member = { additional_name: member.additionalName };
    // Written in the linked guild channel (the emulator's wire form, docs/emulator.md): which channel.
    if (message.linkedChannelId) json.linked_channel_id = message.linkedChannelId;
  }
  if (message.recipientId) json.recipient_id = message.recipientId;
  if (message.activityInvite) {
    const invite = message.activityInvite;
    json.activity_invite = {
      type: invite.type,
      party_id: invite.partyId,
      session_id: invite.sessionId,
      application_id: invite.applicationId,
      is_valid: invite.valid,
    };
  }
  return json;
}

/** A lobby or DM history page as JSON text (each message's text cached until the state changes). */
export function messagePageJson(emu: Emulator, messages: Message[]): JsonText {
  return jsonArrayText(messages.map((m) => cachedJson(m, emu.generation, '', () => messageJson(emu, m))));
}

function store(emu: Emulator, channelId: string, message: Message): void {
  const list = emu.state.channelMessages(channelId);
  list.push(message);
  if (list.length > MAX_STORED_PER_CHANNEL) list.splice(0, list.length - MAX_STORED_PER_CHANNEL);
  emu.changed();
}

/**
 * Who else hears of a lobby message's creation or deletion, after the lobby's own event went
 * out (domain/linked_channels shows it in the lobby's linked guild channel). Lobby messages are
 * not edited from the game, so there is no edit to observe. Registered once by domain/index.ts.
 */
export interface LobbyMessageObserver {
  created(emu: Emulator, lobby: Lobby, message: Message): void;
  deleted(emu: Emulator, lobby: Lobby, message: Message): void;
}

const observers = new WeakMap<Emulator, LobbyMessageObserver[]>();

/** Adds an observer of every lobby message's creation and deletion. */
export function observeLobbyMessages(emu: Emulator, observer: LobbyMessageObserver): void {
  const list = observers.get(emu) ?? [];
  list.push(observer);
  observers.set(emu, list);
}

/** Stores a new lobby message and tells the members (LOBBY_MESSAGE_CREATE) and the app's webhook. */
function addLobbyMessage(emu: Emulator, lobby: Lobby, message: Message): void {
  store(emu, lobby.id, message);
  touch(emu, lobby);
  const data = messageJson(emu, message);
  emu.bus.publish({ type: 'LOBBY_MESSAGE_CREATE', data, userIds: memberIds(lobby), applicationId: lobby.applicationId });
  const app = emu.app(lobby.applicationId);
  if (app) emu.webhooks.send(app, 'LOBBY_MESSAGE_CREATE', data);
}

export function postLobbyMessage(
  emu: Emulator,
  lobby: Lobby,
  authorId: string,
  content: string,
  metadata: Record<string, string> | null,
  flags: number,
): Message {
  const message: Message = {
    id: emu.ids.next(),
    channelId: lobby.id,
    lobbyId: lobby.id,
    recipientId: null,
    authorId,
    content,
    metadata,
    moderationMetadata: null,
    applicationId: lobby.applicationId,
    timestamp: emu.now(),
    editedTimestamp: null,
    flags,
    activityInvite: null,
  };
  addLobbyMessage(emu, lobby, message);
  for (const observer of observers.get(emu) ?? []) observer.created(emu, lobby, message);
  return message;
}

/**
 * A message written in the lobby's linked guild channel, shown in the lobby under the channel
 * message's id (domain/linked_channels): LOBBY_MESSAGE_CREATE to the members and the webhook as
 * for any lobby message, and no observer told, since it came from one.
 */
export function insertChannelMessageCopy(
  emu: Emulator,
  lobby: Lobby,
  copy: { id: string; channelId: string; authorId: string; content: string; timestamp: number },
): Message {
  const message: Message = {
    id: copy.id,
    channelId: lobby.id,
    lobbyId: lobby.id,
    recipientId: null,
    authorId: copy.authorId,
    content: copy.content,
    metadata: null,
    moderationMetadata: null,
    applicationId: lobby.applicationId,
    timestamp: copy.timestamp,
    editedTimestamp: null,
    flags: 0,
    activityInvite: null,
    linkedChannelId: copy.channelId,
  };
  addLobbyMessage(emu, lobby, message);
  return message;
}

export function lobbyHistory(emu: Emulator, lobby: Lobby, limit: number): Message[] {
  const since = emu.now() - Limits.MaxHistoryAgeMs;
  const list = emu.state.messages.get(lobby.id) ?? [];
  const recent = list.filter((m) => m.timestamp >= since);
  return recent.slice(-Math.min(limit, Limits.MaxHistoryMessagesCount)).reverse(); // newest first
}

export function dmChannel(emu: Emulator, a: string, b: string): DmChannel {
  let channel = emu.state.dmChannelBetween(a, b);
  if (!channel) {
    channel = { id: emu.ids.next(), userIds: [a, b] };
    emu.state.dmChannels.set(channel.id, channel);
    emu.changed();
  }
  return channel;
}

export function postDirectMessage(
  emu: Emulator,
  applicationId: string,
  authorId: string,
  recipientId: string,
  content: string,
  metadata: Record<string, string> | null,
  activityInvite: ActivityInvite | null = null,
): Message {
  const channel = dmChannel(emu, authorId, recipientId);
  const message: Message = {
    id: emu.ids.next(),
    channelId: channel.id,
    lobbyId: null,
    recipientId,
    authorId,
    content,
    metadata,
    moderationMetadata: null,
    applicationId,
    timestamp: emu.now(),
    editedTimestamp: null,
    flags: 0,
    activityInvite,
  };
  store(emu, channel.id, message);
  const data = messageJson(emu, message);
  emu.bus.publish({ type: 'MESSAGE_CREATE', data, userIds: [authorId, recipientId], applicationId });
  const app = emu.app(applicationId);
  if (app) emu.webhooks.send(app, 'GAME_DIRECT_MESSAGE_CREATE', data);
  return message;
}

export function findMessage(emu: Emulator, channelId: string, messageId: string): Message | undefined {
  return emu.state.messages.get(channelId)?.find((m) => m.id === messageId);
}

export function editMessage(emu: Emulator, message: Message, changes: { content?: string; moderationMetadata?: Record<string, string> }): void {
  if (changes.content !== undefined) {
    message.content = changes.content;
    message.editedTimestamp = emu.now();
  }
  if (changes.moderationMetadata !== undefined) message.moderationMetadata = changes.moderationMetadata;
  emu.changed();
  const data = messageJson(emu, message);
  const app = emu.app(message.applicationId);
  if (message.lobbyId) {
    const lobby = emu.state.lobbies.get(message.lobbyId);
    emu.bus.publish({ type: 'LOBBY_MESSAGE_UPDATE', data, userIds: lobby ? memberIds(lobby) : [], applicationId: message.applicationId });
    if (app) emu.webhooks.send(app, 'LOBBY_MESSAGE_UPDATE', data);
  } else {
    emu.bus.publish({ type: 'MESSAGE_UPDATE', data, userIds: [message.authorId, message.recipientId!], applicationId: message.applicationId });
    if (app) emu.webhooks.send(app, 'GAME_DIRECT_MESSAGE_UPDATE', data);
  }
}

export function deleteMessage(emu: Emulator, message: Message): void {
  const list = emu.state.messages.get(message.channelId);
  if (list) {
    const index = list.indexOf(message);
    if (index >= 0) list.splice(index, 1);
  }
  emu.changed();
  const app = emu.app(message.applicationId);
  if (message.lobbyId) {
    const lobby = emu.state.lobbies.get(message.lobbyId);
    const data = { id: message.id, lobby_id: message.lobbyId, channel_id: message.channelId };
    emu.bus.publish({ type: 'LOBBY_MESSAGE_DELETE', data, userIds: lobby ? memberIds(lobby) : [], applicationId: message.applicationId });
    if (app) emu.webhooks.send(app, 'LOBBY_MESSAGE_DELETE', data);
    if (lobby) for (const observer of observers.get(emu) ?? []) observer.deleted(emu, lobby, message);
  } else {
    const data = { id: message.id, channel_id: message.channelId, recipient_id: message.recipientId, author_id: message.authorId };
    emu.bus.publish({ type: 'MESSAGE_DELETE', data, userIds: [message.authorId, message.recipientId!], applicationId: message.applicationId });
    if (app) emu.webhooks.send(app, 'GAME_DIRECT_MESSAGE_DELETE', data);
  }
}

/** Someone `senderId` may send a game DM to: a person, and neither blocked the other (50007). */
export function dmRecipient(emu: Emulator, senderId: string, recipientId: string): User {
  const user = findPerson(emu, recipientId);
  if (!user) throw Errors.unknownUser();
  const blocked = emu.state.relationship(user.id, senderId)?.type === RelationshipType.Blocked ||
    emu.state.relationship(senderId, user.id)?.type === RelationshipType.Blocked;
  if (blocked) throw new ApiError(403, 50007, 'Cannot send messages to this user');
  return user;
}

/** A DM `authorId` sent to `recipientId`, for its author to edit or delete (50005 for others'). */
export function ownDirectMessage(emu: Emulator, authorId: string, recipientId: string, messageId: string): Message {
  const channel = emu.state.dmChannelBetween(authorId, recipientId);
  const message = channel ? findMessage(emu, channel.id, messageId) : undefined;
  if (!message) throw Errors.unknownMessage();
  if (message.authorId !== authorId) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
  return message;
}

/** The newest `limit` DMs between two users (before a message id, if given), newest first. */
export function directMessageHistory(emu: Emulator, userId: string, otherId: string, limit: number, before: string | null): Message[] {
  const channel = emu.state.dmChannelBetween(userId, otherId);
  let list = channel ? (emu.state.messages.get(channel.id) ?? []) : [];
  if (before !== null) list = list.filter((m) => BigInt(m.id) < BigInt(before));
  return list.slice(-limit).reverse();
}

/** One entry per DM conversation of `userId` that has messages: the other user and the last message. */
export function directMessageSummaries(emu: Emulator, userId: string): Array<{ user_id: string; last_message_id: string }> {
  const summaries = [];
  for (const channel of emu.state.dmChannels.values()) {
    if (!channel.userIds.includes(userId)) continue;
    const list = emu.state.messages.get(channel.id) ?? [];
    if (list.length === 0) continue;
    const other = channel.userIds[0] === userId ? channel.userIds[1] : channel.userIds[0];
    summaries.push({ user_id: other, last_message_id: list[list.length - 1].id });
  }
  return summaries;
}

/**
 * A DM between two users, by id, for `applicationId`'s moderation: messages are
 * application-scoped, so another application's DM (a parent's, for a child app) does not exist
 * for it.
 */
export function findDirectMessage(emu: Emulator, user1: string, user2: string, messageId: string, applicationId: string): Message {
  const channel = emu.state.dmChannelBetween(user1, user2);
  const message = channel ? findMessage(emu, channel.id, messageId) : undefined;
  if (!message || message.applicationId !== applicationId) throw Errors.unknownMessage();
  return message;
}

/** A lobby message, by id, for moderation (10008 when the lobby has no such message). */
export function findLobbyMessage(emu: Emulator, lobbyId: string, messageId: string): Message {
  const message = findMessage(emu, lobbyId, messageId);
  if (!message || message.lobbyId !== lobbyId) throw Errors.unknownMessage();
  return message;
}

/**
 * An application's bot replaces a message's moderation metadata with a request body (a DM's or a
 * lobby message's): a string map of at most MaxModerationMetadataKeysCount keys and
 * MaxMetadataCodePoints in all, else 50035 and the message unchanged.
 */
export function setModerationMetadata(emu: Emulator, message: Message, body: unknown): void {
  const v = new Validator();
  const metadata = v.dict('_root', body, { maxKeys: Limits.MaxModerationMetadataKeysCount, optional: false, maxTotal: Limits.MaxMetadataCodePoints });
  v.check();
  editMessage(emu, message, { moderationMetadata: metadata! });
}
