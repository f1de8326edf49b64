// Types of the social layer's handles, values and callbacks (the addon's classes).
import type { CallInfoHandle } from './voice_types';
import type { Activity, ActivityInvite, ClientResult } from './values_types';
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
  /** The lobby's call while anyone is in it. */
  GetCallInfoHandle(): CallInfoHandle | undefined;
  readonly valid: boolean;
}

export interface ChannelHandle {
  Id(): bigint;
  Name(): string;
  Recipients(): bigint[];
  Type(): Enums.ChannelType;
  readonly valid: boolean;
}

/** What the addon hands out; message_handle.ts turns it into an AdditionalContent. */
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
export type NativeMessagesCallback = (result: ClientResult, messageIds: BigUint64Array) => void;
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
