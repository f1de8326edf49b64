// What the Promise forms of the Client's methods resolve with when the callback has more than the
// ClientResult: the callback's values by name. Named interfaces (not inline object types) so
// that each field carries its doc comment into the API reference and the editor.
import type { MessageHandle } from './message_handle';
import type { GuildChannel, GuildMinimal, UserHandle, UserMessageSummary } from './social';
import type { ClientResult } from './values';

/** What {@link Client.CreateOrJoinLobby} and {@link Client.CreateOrJoinLobbyWithMetadata} resolve with. */
export interface JoinedLobby {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The lobby's id. */
  lobbyId: bigint;
}

/** What the message-sending methods (SendLobbyMessage, SendUserMessage and their WithMetadata forms) resolve with. */
export interface SentMessage {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The new message's id. */
  messageId: bigint;
}

/** What {@link Client.GetLobbyMessagesWithLimit} and {@link Client.GetUserMessagesWithLimit} resolve with. */
export interface MessageHistory {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The messages, newest first. */
  messages: MessageHandle[];
}

/** What {@link Client.GetUserMessageSummaries} resolves with. */
export interface MessageSummaries {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** One summary per direct conversation. */
  summaries: UserMessageSummary[];
}

/** What {@link Client.GetUserGuilds} resolves with. */
export interface UserGuilds {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The guilds the current user is in. */
  guilds: GuildMinimal[];
}

/** What {@link Client.GetGuildChannels} resolves with. */
export interface GuildChannels {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The channels, sorted as the chat client shows them. */
  guildChannels: GuildChannel[];
}

/** What {@link Client.GetServiceClientConnectedUser} resolves with. */
export interface ServiceClientUser {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The user the local chat client is logged in as. */
  user: UserHandle | undefined;
}

/** What {@link Client.JoinLinkedLobbyGuild} resolves with. */
export interface LinkedGuildInvite {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The single-use invite URL (valid one hour). */
  inviteUrl: string;
}

/** What {@link Client.AcceptActivityInvite} resolves with. */
export interface AcceptedActivityInvite {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The party's join secret: join the game's session with it. A secret. */
  joinSecret: string;
}
