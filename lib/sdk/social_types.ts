// Types of the social layer's callbacks and plain shapes; the handle classes themselves are
// declared in social.ts (next to their constructors) and re-exported here as types for the
// files that only need types.
import type { ActivityInvite, ClientResult } from './values';
import type * as Enums from './enums.generated';
import type { GuildChannel, GuildMinimal, UserHandle, UserMessageSummary } from './social';

export type {
  ChannelHandle,
  GuildChannel,
  GuildMinimal,
  LinkedChannel,
  LinkedLobby,
  LobbyHandle,
  LobbyMemberHandle,
  RelationshipHandle,
  StringMap,
  UserApplicationProfileHandle,
  UserHandle,
  UserMessageSummary,
} from './social';


/** What the addon hands out; message_handle.ts turns it into an AdditionalContent. */
export interface AdditionalContentInfo {
  Type: Enums.AdditionalContentType;
  Title: string | undefined;
  Count: number;
}

/** {@link Client.CreateOrJoinLobby}'s answer: the lobby's id (`0n` on failure). */
export type CreateOrJoinLobbyCallback = (result: ClientResult, lobbyId: bigint) => void;
/** A sent message's answer (SendLobbyMessage, SendUserMessage and their WithMetadata forms): the new message's id (`0n` on failure). */
export type SendUserMessageCallback = (result: ClientResult, messageId: bigint) => void;
/** The addon's form: message ids; the façade makes the MessageHandle objects. */
export type NativeMessagesCallback = (result: ClientResult, messageIds: BigUint64Array) => void;
/** {@link Client.GetUserMessageSummaries}'s answer: one summary per DM conversation. */
export type UserMessageSummariesCallback = (result: ClientResult, summaries: UserMessageSummary[]) => void;
/** {@link Client.GetUserGuilds}'s answer: the guilds the current user is in. */
export type GetUserGuildsCallback = (result: ClientResult, guilds: GuildMinimal[]) => void;
/** {@link Client.GetGuildChannels}'s answer: the guild's channels, sorted as the chat client shows them. */
export type GetGuildChannelsCallback = (result: ClientResult, guildChannels: GuildChannel[]) => void;
/** {@link Client.JoinLinkedLobbyGuild}'s answer: a single-use invite URL to the linked channel's guild ('' on failure). */
export type JoinLinkedLobbyGuildCallback = (result: ClientResult, inviteUrl: string) => void;
/** The answer of an operation that has only an outcome (the C++ `ResultCallback`). */
export type ResultOnlyCallback = (result: ClientResult) => void;
// The reference's callback names, as aliases of the shapes above.
/** The current user joined a lobby, or a lobby they are in appeared ({@link Client.SetLobbyCreatedCallback}). */
export type LobbyCreatedCallback = (lobbyId: bigint) => void;
/** The current user left a lobby, or it was deleted ({@link Client.SetLobbyDeletedCallback}). */
export type LobbyDeletedCallback = LobbyCreatedCallback;
/** A lobby's metadata or linked channel changed ({@link Client.SetLobbyUpdatedCallback}). */
export type LobbyUpdatedCallback = LobbyCreatedCallback;
/** A member joined a lobby ({@link Client.SetLobbyMemberAddedCallback}): the lobby and the member's user id. */
export type LobbyMemberAddedCallback = (lobbyId: bigint, memberId: bigint) => void;
/** A member left a lobby ({@link Client.SetLobbyMemberRemovedCallback}). */
export type LobbyMemberRemovedCallback = LobbyMemberAddedCallback;
/** A member's metadata or connection changed ({@link Client.SetLobbyMemberUpdatedCallback}). */
export type LobbyMemberUpdatedCallback = LobbyMemberAddedCallback;
/** A message arrived or was sent, once per message ({@link Client.SetMessageCreatedCallback}); read it with {@link Client.GetMessageHandle}. */
export type MessageCreatedCallback = (messageId: bigint) => void;
/** A message was edited ({@link Client.SetMessageUpdatedCallback}). */
export type MessageUpdatedCallback = MessageCreatedCallback;
/** A message was deleted ({@link Client.SetMessageDeletedCallback}): its id and its channel's. */
export type MessageDeletedCallback = (messageId: bigint, channelId: bigint) => void;
/** A user's name, avatar, status or activity changed ({@link Client.SetUserUpdatedCallback}). */
export type UserUpdatedCallback = (userId: bigint) => void;
/**
 * A relationship began or changed type ({@link Client.SetRelationshipCreatedCallback}): the
 * other user, and whether the change is on the service (true) or in the game (false).
 */
export type RelationshipCreatedCallback = (userId: bigint, isServiceRelationshipUpdate: boolean) => void;
/** A relationship ended ({@link Client.SetRelationshipDeletedCallback}); same arguments as RelationshipCreatedCallback. */
export type RelationshipDeletedCallback = RelationshipCreatedCallback;
/** A friend moved between {@link RelationshipGroupType} groups ({@link Client.SetRelationshipGroupsUpdatedCallback}). */
export type RelationshipGroupsUpdatedCallback = (userId: bigint) => void;
/** {@link Client.GetServiceClientConnectedUser}'s answer: the local chat client's user, or undefined (with an RPCError result) when none. */
export type GetServiceClientConnectedUserCallback = (result: ClientResult, user: UserHandle | undefined) => void;

/** {@link Client.AcceptActivityInvite}'s answer: the party's join secret ('' on failure). */
export type AcceptActivityInviteCallback = (result: ClientResult, joinSecret: string) => void;
/** An activity invite or join request arrived or changed ({@link Client.SetActivityInviteCreatedCallback}). */
export type ActivityInviteCallback = (invite: ActivityInvite) => void;
/** The player accepted an invite in the chat client: join the party of this secret ({@link Client.SetActivityJoinCallback}). */
export type ActivityJoinCallback = (joinSecret: string) => void;
/** As ActivityJoinCallback, with the application the invite was for ({@link Client.SetActivityJoinWithApplicationCallback}). */
export type ActivityJoinWithApplicationCallback = (applicationId: bigint, joinSecret: string) => void;
/** {@link Client.IsServiceAppInstalled}'s answer: whether the local chat client answers over IPC. */
export type IsServiceAppInstalledCallback = (installed: boolean) => void;
