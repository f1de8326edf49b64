// Lobby messages and game direct messages: creation with events and webhooks, edits, deletes,
// moderation metadata, and the history windows (200 messages, 72 hours).
import type { Emulator } from './emulator';
import { HISTORY_LIMIT_MAX, HISTORY_WINDOW_MS, memberIds, touch } from './lobbies';
import type { ActivityInvite, DmChannel, Lobby, Message } from './model/types';

const MAX_STORED_PER_CHANNEL = 1000;

function store(emu: Emulator, channelId: string, message: Message): void {
  const list = emu.state.channelMessages(channelId);
  list.push(message);
  if (list.length > MAX_STORED_PER_CHANNEL) list.splice(0, list.length - MAX_STORED_PER_CHANNEL);
  emu.changed();
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
  store(emu, lobby.id, message);
  touch(emu, lobby);
  const data = emu.messageJson(message);
  emu.bus.publish({ type: 'LOBBY_MESSAGE_CREATE', data, userIds: memberIds(lobby), applicationId: lobby.applicationId });
  const app = emu.app(lobby.applicationId);
  if (app) emu.webhooks.send(app, 'LOBBY_MESSAGE_CREATE', data);
  return message;
}

export function lobbyHistory(emu: Emulator, lobby: Lobby, limit: number): Message[] {
  const since = emu.now() - HISTORY_WINDOW_MS;
  const list = emu.state.messages.get(lobby.id) ?? [];
  const recent = list.filter((m) => m.timestamp >= since);
  return recent.slice(-Math.min(limit, HISTORY_LIMIT_MAX)).reverse(); // newest first
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
  const data = emu.messageJson(message);
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
  const data = emu.messageJson(message);
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
  } else {
    const data = { id: message.id, channel_id: message.channelId, recipient_id: message.recipientId, author_id: message.authorId };
    emu.bus.publish({ type: 'MESSAGE_DELETE', data, userIds: [message.authorId, message.recipientId!], applicationId: message.applicationId });
    if (app) emu.webhooks.send(app, 'GAME_DIRECT_MESSAGE_DELETE', data);
  }
}
