// Linked channels: a lobby linked to a guild text channel is one conversation seen from the game
// and from the guild. A message written on one side is shown on the other under the same id —
// a lobby message in the channel (MESSAGE_CREATE to the guild's bots, by their intents and the
// MESSAGE_CONTENT rule), a channel message in the lobby (LOBBY_MESSAGE_CREATE to its members) —
// and its edits and deletion follow it. Only while the two are linked: after an unlink nothing
// crosses, and what crossed before stays on both sides. The wire form is in docs/emulator.md.
import type { Emulator } from '../emulator';
import type { ChannelMessage, Lobby, Message } from '../model/types';
import { deleteChannelMessage, insertLobbyMessageCopy, observeChannelMessages } from './channel_messages';
import { findChannel } from './channels';
import { deleteMessage, editMessage, findMessage, insertChannelMessageCopy, observeLobbyMessages } from './messages';

/**
 * The channel's conversation: what people and bots write (DEFAULT 0, REPLY 19). The service's
 * own notices in the channel (auto moderation alerts, interaction responses, ...) stay there.
 */
const CONVERSATION_TYPES = new Set([0, 19]);

/** The lobby the message's channel is linked to now, if any. */
function linkedLobbyOf(emu: Emulator, message: ChannelMessage): Lobby | undefined {
  const lobbyId = findChannel(emu, message.channelId)?.channel.linkedLobbyId;
  return lobbyId ? emu.state.lobbies.get(lobbyId) : undefined;
}

/** The same message in the lobby's linked channel, while the lobby is linked. */
function channelView(emu: Emulator, lobby: Lobby, messageId: string): ChannelMessage | undefined {
  if (!lobby.linkedChannelId) return undefined;
  return emu.state.textChannelMessages.get(lobby.linkedChannelId)?.find((m) => m.id === messageId);
}

/** The same message in the channel's linked lobby, while the channel is linked. */
function lobbyView(emu: Emulator, message: ChannelMessage): Message | undefined {
  const lobby = linkedLobbyOf(emu, message);
  return lobby ? findMessage(emu, lobby.id, message.id) : undefined;
}

function lobbyMessageWritten(emu: Emulator, lobby: Lobby, message: Message): void {
  // A lobby whose channel is gone (no longer in any guild) has nowhere to show it.
  if (!lobby.linkedChannelId || !findChannel(emu, lobby.linkedChannelId)) return;
  insertLobbyMessageCopy(emu, {
    id: message.id,
    channelId: lobby.linkedChannelId,
    lobbyId: lobby.id,
    authorId: message.authorId,
    content: message.content,
    timestamp: message.timestamp,
    applicationId: lobby.applicationId,
  });
}

function channelMessageWritten(emu: Emulator, message: ChannelMessage): void {
  if (!CONVERSATION_TYPES.has(message.type)) return;
  const lobby = linkedLobbyOf(emu, message);
  if (!lobby) return;
  insertChannelMessageCopy(emu, lobby, {
    id: message.id,
    channelId: message.channelId,
    authorId: message.authorId,
    content: message.content,
    timestamp: message.timestamp,
  });
}

/**
 * Installs the crossing (domain/index.ts): each side's observer shows the other side the change.
 * A deletion that crossed finds its counterpart gone when it is told back, so it stops there.
 */
export function installLinkedChannels(emu: Emulator): void {
  observeLobbyMessages(emu, {
    created: lobbyMessageWritten,
    deleted(emu, lobby, message) {
      const copy = channelView(emu, lobby, message.id);
      if (copy) deleteChannelMessage(emu, copy);
    },
  });
  observeChannelMessages(emu, {
    created: channelMessageWritten,
    edited(emu, message) {
      const copy = lobbyView(emu, message);
      if (copy && copy.content !== message.content) editMessage(emu, copy, { content: message.content });
    },
    deleted(emu, message) {
      const copy = lobbyView(emu, message);
      if (copy) deleteMessage(emu, copy);
    },
  });
}
