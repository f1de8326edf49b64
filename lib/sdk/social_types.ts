// Types of the social layer's handles, values and callbacks (the addon's classes), and the
// native methods behind Client's lobby, message, guild, user and relationship calls.
import type { Activity, ActivityInvite, ClientResult } from './binding';
import type * as Enums from './enums.generated';

export type StringMap = Record<string, string>;

export interface UserApplicationProfileHandle {
  AvatarHash(): string;
  Metadata(): string;
  ProviderId(): string | undefined;
  ProviderIssuedUserId(): string;
  ProviderType(): Enums.ExternalIdentityProviderType;
  Username(): string;
  readonly valid: boolean;
}

/** A live view of a user: each getter reads the SDK's current state. */
export interface UserHandle {
  Id(): bigint;
  Username(): string;
  GlobalName(): string | undefined;
  DisplayName(): string;
  Avatar(): string | undefined;
  AvatarUrl(animatedType: Enums.UserHandleAvatarType, staticType: Enums.UserHandleAvatarType): string;
  IsProvisional(): boolean;
  Status(): Enums.StatusType;
  /** The user's current activity in this game (or a sibling application), if any. */
  GameActivity(): Activity | undefined;
  Relationship(): RelationshipHandle;
  UserApplicationProfiles(): UserApplicationProfileHandle[];
  readonly valid: boolean;
}

export interface RelationshipHandle {
  Id(): bigint;
  ServiceRelationshipType(): Enums.RelationshipType;
  GameRelationshipType(): Enums.RelationshipType;
  IsSpamRequest(): boolean;
  User(): UserHandle | undefined;
  readonly valid: boolean;
}

export interface LinkedChannel {
  Id(): bigint;
  Name(): string;
  GuildId(): bigint;
  readonly valid: boolean;
}

export interface LinkedLobby {
  ApplicationId(): bigint;
  SetApplicationId(id: bigint | string): void;
  LobbyId(): bigint;
  SetLobbyId(id: bigint | string): void;
  readonly valid: boolean;
}

export interface LobbyMemberHandle {
  Id(): bigint;
  Connected(): boolean;
  CanLinkLobby(): boolean;
  Metadata(): StringMap;
  User(): UserHandle | undefined;
  readonly valid: boolean;
}

export interface LobbyHandle {
  Id(): bigint;
  LobbyMemberIds(): bigint[];
  LobbyMembers(): LobbyMemberHandle[];
  GetLobbyMemberHandle(memberId: bigint | string): LobbyMemberHandle | undefined;
  Metadata(): StringMap;
  LinkedChannel(): LinkedChannel | undefined;
  /** Voice calls are not part of this build: always undefined. */
  GetCallInfoHandle(): undefined;
  readonly valid: boolean;
}

export interface ChannelHandle {
  Id(): bigint;
  Name(): string;
  Recipients(): bigint[];
  Type(): Enums.ChannelType;
  readonly valid: boolean;
}

/** What the addon hands out; handles.ts turns it into an AdditionalContent. */
export interface AdditionalContentInfo {
  Type: Enums.AdditionalContentType;
  Title: string | undefined;
  Count: number;
}

export interface UserMessageSummary {
  LastMessageId(): bigint;
  UserId(): bigint;
  readonly valid: boolean;
}

export interface GuildMinimal {
  Id(): bigint;
  Name(): string;
  readonly valid: boolean;
}

export interface GuildChannel {
  Id(): bigint;
  Name(): string;
  Type(): Enums.ChannelType;
  Position(): number;
  ParentId(): bigint | undefined;
  IsLinkable(): boolean;
  IsViewableAndWriteableByAllMembers(): boolean;
  LinkedLobby(): LinkedLobby | undefined;
  readonly valid: boolean;
}

export type CreateOrJoinLobbyCallback = (result: ClientResult, lobbyId: bigint) => void;
export type SendUserMessageCallback = (result: ClientResult, messageId: bigint) => void;
/** The addon's form: message ids; the façade makes the MessageHandle objects. */
export type NativeMessagesCallback = (result: ClientResult, messageIds: bigint[]) => void;
export type UserMessageSummariesCallback = (result: ClientResult, summaries: UserMessageSummary[]) => void;
export type GetUserGuildsCallback = (result: ClientResult, guilds: GuildMinimal[]) => void;
export type GetGuildChannelsCallback = (result: ClientResult, guildChannels: GuildChannel[]) => void;
export type JoinLinkedLobbyGuildCallback = (result: ClientResult, inviteUrl: string) => void;
export type ResultOnlyCallback = (result: ClientResult) => void;
// The reference's callback names, as aliases of the shapes above.
export type LobbyCreatedCallback = (lobbyId: bigint) => void;
export type LobbyDeletedCallback = LobbyCreatedCallback;
export type LobbyUpdatedCallback = LobbyCreatedCallback;
export type LobbyMemberAddedCallback = (lobbyId: bigint, memberId: bigint) => void;
export type LobbyMemberRemovedCallback = LobbyMemberAddedCallback;
export type LobbyMemberUpdatedCallback = LobbyMemberAddedCallback;
export type MessageCreatedCallback = (messageId: bigint) => void;
export type MessageUpdatedCallback = MessageCreatedCallback;
export type MessageDeletedCallback = (messageId: bigint, channelId: bigint) => void;
export type UserUpdatedCallback = (userId: bigint) => void;
export type RelationshipCreatedCallback = (userId: bigint, isServiceRelationshipUpdate: boolean) => void;
export type RelationshipDeletedCallback = RelationshipCreatedCallback;
export type RelationshipGroupsUpdatedCallback = (userId: bigint) => void;
export type GetServiceClientConnectedUserCallback = (result: ClientResult, user: UserHandle | undefined) => void;

export type AcceptActivityInviteCallback = (result: ClientResult, joinSecret: string) => void;
export type ActivityInviteCallback = (invite: ActivityInvite) => void;
export type ActivityJoinCallback = (joinSecret: string) => void;
export type ActivityJoinWithApplicationCallback = (applicationId: bigint, joinSecret: string) => void;
export type IsServiceAppInstalledCallback = (installed: boolean) => void;

/** The addon's presence and invite methods (NativeClient). */
export interface NativePresenceClient {
  UpdateRichPresence(activity: Activity, cb: ResultOnlyCallback): void;
  ClearRichPresence(): void;
  SetOnlineStatus(status: Enums.StatusType, cb: ResultOnlyCallback): void;
  SendActivityInvite(userId: bigint | string, content: string, cb: ResultOnlyCallback): void;
  SendActivityJoinRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  SendActivityJoinRequestReply(invite: ActivityInvite, cb: ResultOnlyCallback): void;
  AcceptActivityInvite(invite: ActivityInvite, cb: AcceptActivityInviteCallback): void;
  SetActivityInviteCreatedCallback(cb: (invite: ActivityInvite) => void): void;
  SetActivityInviteUpdatedCallback(cb: (invite: ActivityInvite) => void): void;
  SetActivityJoinCallback(cb: (joinSecret: string) => void): void;
  SetActivityJoinWithApplicationCallback(cb: (applicationId: bigint, joinSecret: string) => void): void;
  RegisterLaunchCommand(applicationId: bigint | string, command: string): boolean;
  RegisterLaunchSteamApplication(applicationId: bigint | string, steamAppId: number): boolean;
  IsServiceAppInstalled(cb: (installed: boolean) => void): void;
}

/** The addon's social methods (NativeClient). */
export interface NativeSocialClient {
  CreateOrJoinLobby(secret: string, cb: CreateOrJoinLobbyCallback): void;
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap, cb: CreateOrJoinLobbyCallback): void;
  LeaveLobby(lobbyId: bigint | string, cb: ResultOnlyCallback): void;
  GetLobbyHandle(lobbyId: bigint | string): LobbyHandle | undefined;
  GetLobbyIds(): bigint[];
  LinkChannelToLobby(lobbyId: bigint | string, channelId: bigint | string, cb: ResultOnlyCallback): void;
  UnlinkChannelFromLobby(lobbyId: bigint | string, cb: ResultOnlyCallback): void;
  JoinLinkedLobbyGuild(lobbyId: bigint | string, mergeRequired: (() => void) | undefined, cb: JoinLinkedLobbyGuildCallback): void;
  SetLobbyCreatedCallback(cb: (lobbyId: bigint) => void): void;
  SetLobbyDeletedCallback(cb: (lobbyId: bigint) => void): void;
  SetLobbyUpdatedCallback(cb: (lobbyId: bigint) => void): void;
  SetLobbyMemberAddedCallback(cb: (lobbyId: bigint, memberId: bigint) => void): void;
  SetLobbyMemberRemovedCallback(cb: (lobbyId: bigint, memberId: bigint) => void): void;
  SetLobbyMemberUpdatedCallback(cb: (lobbyId: bigint, memberId: bigint) => void): void;
  SendLobbyMessage(lobbyId: bigint | string, content: string, cb: SendUserMessageCallback): void;
  SendLobbyMessageWithMetadata(lobbyId: bigint | string, content: string, metadata: StringMap, cb: SendUserMessageCallback): void;
  SendUserMessage(recipientId: bigint | string, content: string, cb: SendUserMessageCallback): void;
  SendUserMessageWithMetadata(recipientId: bigint | string, content: string, metadata: StringMap, cb: SendUserMessageCallback): void;
  EditUserMessage(recipientId: bigint | string, messageId: bigint | string, content: string, cb: ResultOnlyCallback): void;
  DeleteUserMessage(recipientId: bigint | string, messageId: bigint | string, cb: ResultOnlyCallback): void;
  GetLobbyMessagesWithLimit(lobbyId: bigint | string, limit: number, cb: NativeMessagesCallback): void;
  GetUserMessagesWithLimit(recipientId: bigint | string, limit: number, cb: NativeMessagesCallback): void;
  GetUserMessageSummaries(cb: UserMessageSummariesCallback): void;
  /** The message's id when the cache knows it. */
  GetMessageHandle(messageId: bigint | string): bigint | undefined;
  MessageFieldOf(messageId: bigint, field: number): unknown;
  GetChannelHandle(channelId: bigint | string): ChannelHandle | undefined;
  SetMessageCreatedCallback(cb: (messageId: bigint) => void): void;
  SetMessageUpdatedCallback(cb: (messageId: bigint) => void): void;
  SetMessageDeletedCallback(cb: (messageId: bigint, channelId: bigint) => void): void;
  SetShowingChat(showing: boolean): void;
  GetUserGuilds(cb: GetUserGuildsCallback): void;
  GetGuildChannels(guildId: bigint | string, cb: GetGuildChannelsCallback): void;
  GetCurrentUser(): UserHandle;
  GetCurrentUserV2(): UserHandle | undefined;
  GetUser(userId: bigint | string): UserHandle | undefined;
  GetServiceClientConnectedUser(applicationId: bigint | string, cb: GetServiceClientConnectedUserCallback): void;
  GetUserApplicationProfiles(): UserApplicationProfileHandle[];
  GetUserApplicationProfilesNoLock(): UserApplicationProfileHandle[];
  SetUserUpdatedCallback(cb: (userId: bigint) => void): void;
  GetRelationships(): RelationshipHandle[];
  GetRelationshipsByGroup(group: Enums.RelationshipGroupType): RelationshipHandle[];
  GetRelationshipHandle(userId: bigint | string): RelationshipHandle;
  SearchFriendsByUsername(search: string): UserHandle[];
  SendServiceFriendRequest(username: string, cb: ResultOnlyCallback): void;
  SendGameFriendRequest(username: string, cb: ResultOnlyCallback): void;
  SendServiceFriendRequestById(userId: bigint | string, cb: ResultOnlyCallback): void;
  SendGameFriendRequestById(userId: bigint | string, cb: ResultOnlyCallback): void;
  AcceptServiceFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  AcceptGameFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  RejectServiceFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  RejectGameFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  CancelServiceFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  CancelGameFriendRequest(userId: bigint | string, cb: ResultOnlyCallback): void;
  RemoveServiceAndGameFriend(userId: bigint | string, cb: ResultOnlyCallback): void;
  RemoveGameFriend(userId: bigint | string, cb: ResultOnlyCallback): void;
  BlockUser(userId: bigint | string, cb: ResultOnlyCallback): void;
  UnblockUser(userId: bigint | string, cb: ResultOnlyCallback): void;
  SetRelationshipCreatedCallback(cb: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void;
  SetRelationshipDeletedCallback(cb: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void;
  SetRelationshipGroupsUpdatedCallback(cb: (userId: bigint) => void): void;
}
