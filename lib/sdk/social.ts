// The handle classes (live views) and the SDK-only values of the social layer, from the addon.
// They have no public constructor (LinkedLobby excepted); each has `nullobj` and a `valid`
// getter. As in values.ts, each is an interface merged with the addon's constructor of the same
// name, shown as one class by the API reference (`@class`).
import { addon, type HandleClass, type ValueClass } from './addon';
import { UserHandleAvatarType } from './enums.generated';
import { EnumToString } from './enum_to_string';
import type { CallInfoHandle } from './voice';
import type { Activity } from './values';
import type * as Enums from './enums.generated';

/**
 * Metadata of a lobby, a lobby member or a message: string keys to string values (the C++
 * `std::unordered_map<std::string, std::string>`). Keys and values together count at most
 * {@link Limits.MaxMetadataCodePoints} characters.
 */
export type StringMap = Record<string, string>;

/**
 * One of a user's identities from an external provider (Steam, Epic, OIDC, ...) linked to this
 * application ({@link UserHandle.UserApplicationProfiles}, {@link Client.GetUserApplicationProfiles}).
 * A snapshot, not a live view.
 * @class
 */
export const UserApplicationProfileHandle = addon.UserApplicationProfileHandle as HandleClass<UserApplicationProfileHandle>;
export interface UserApplicationProfileHandle {
  /** The profile's avatar hash at the provider ('' when none). */
  AvatarHash(): string;
  /** The provider's metadata, as the service sent it (JSON text; '' when none). */
  Metadata(): string;
  /** The provider's id for an OIDC provider; undefined for the others. */
  ProviderId(): string | undefined;
  /** The user's id at the provider. */
  ProviderIssuedUserId(): string;
  /** Which provider ({@link ExternalIdentityProviderType}). */
  ProviderType(): Enums.ExternalIdentityProviderType;
  /** The user's name at the provider. */
  Username(): string;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A live view of a user: each getter reads the SDK's current state, so a handle kept across
 * {@link Client.SetUserUpdatedCallback} events shows the new values. Once the SDK forgets the
 * user (or the Client is disposed) the getters answer defaults.
 * @class
 */
export const UserHandle = Object.assign(addon.UserHandle as HandleClass<UserHandle>, {
  /** The avatar image formats, for {@link UserHandle.AvatarUrl} (the C++ `UserHandle::AvatarType`). */
  AvatarType: UserHandleAvatarType,
  /** The name of an AvatarType value ('Png'); 'unknown' for a value not in the enum. */
  AvatarTypeToString: (type: UserHandleAvatarType): string => EnumToString(UserHandleAvatarType, type),
});
export interface UserHandle {
  /** The user's id. */
  Id(): bigint;
  /** The unique username ('' once the user is unknown). */
  Username(): string;
  /** The display name the user chose, if any. */
  GlobalName(): string | undefined;
  /** What to show: the global name when set, else the username. */
  DisplayName(): string;
  /** The avatar's hash (undefined: the user has the default avatar); see AvatarUrl. */
  Avatar(): string | undefined;
  /**
   * The URL of the user's avatar on the CDN: an animated avatar in `animatedType`, a still one
   * in `staticType` (Gif, Webp, Png or Jpeg); the default avatar's PNG when the user has none.
   * @example
   * ```ts
   * img.src = user.AvatarUrl(UserHandle.AvatarType.Gif, UserHandle.AvatarType.Png);
   * ```
   */
  AvatarUrl(animatedType: Enums.UserHandleAvatarType, staticType: Enums.UserHandleAvatarType): string;
  /** True for a provisional account (made by {@link Client.GetProvisionalToken}). */
  IsProvisional(): boolean;
  /** The user's online status ({@link StatusType}; Unknown when the SDK has not heard it). */
  Status(): Enums.StatusType;
  /** The user's current activity in this game (or a sibling application), if any. */
  GameActivity(): Activity | undefined;
  /** The current user's relationship with this user (a handle whose types are None when there is none). */
  Relationship(): RelationshipHandle;
  /** The user's linked external identities for this application. */
  UserApplicationProfiles(): UserApplicationProfileHandle[];
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}
/** The nested enum's type, as in C++ (`UserHandle::AvatarType`). */
export declare namespace UserHandle {
  /** An avatar image format: {@link UserHandleAvatarType}. */
  type AvatarType = UserHandleAvatarType;
}

/**
 * A live view of the current user's relationship with another user, on the service (friends
 * everywhere) and in the game (friends in this game only). Handed out by
 * {@link Client.GetRelationships}, {@link Client.GetRelationshipHandle} and
 * {@link UserHandle.Relationship}.
 * @class
 */
export const RelationshipHandle = addon.RelationshipHandle as HandleClass<RelationshipHandle>;
export interface RelationshipHandle {
  /** The other user's id. */
  Id(): bigint;
  /** The relationship on the service ({@link RelationshipType}; None when there is none). */
  ServiceRelationshipType(): Enums.RelationshipType;
  /** The relationship in this game ({@link RelationshipType}; None when there is none). */
  GameRelationshipType(): Enums.RelationshipType;
  /** True for an incoming friend request the service flagged as spam. */
  IsSpamRequest(): boolean;
  /** The other user, when the SDK knows them. */
  User(): UserHandle | undefined;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The guild channel linked to a lobby ({@link LobbyHandle.LinkedChannel}): its messages and the
 * lobby's are one conversation. A snapshot.
 * @class
 */
export const LinkedChannel = addon.LinkedChannel as HandleClass<LinkedChannel>;
export interface LinkedChannel {
  /** The channel's id. */
  Id(): bigint;
  /** The channel's name. */
  Name(): string;
  /** The guild the channel belongs to. */
  GuildId(): bigint;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The lobby a guild channel is linked to ({@link GuildChannel.LinkedLobby}). A plain value with
 * a public constructor; ids read `0n` when unset.
 * @class
 */
export const LinkedLobby = addon.LinkedLobby as ValueClass<LinkedLobby>;
export interface LinkedLobby {
  /** The application that owns the lobby. */
  ApplicationId(): bigint;
  /** Sets the application id (a bigint, or a string of decimal digits). */
  SetApplicationId(id: bigint | string): void;
  /** The lobby's id. */
  LobbyId(): bigint;
  /** Sets the lobby id (a bigint, or a string of decimal digits). */
  SetLobbyId(id: bigint | string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A live view of one member of a lobby ({@link LobbyHandle.LobbyMembers},
 * {@link LobbyHandle.GetLobbyMemberHandle}); defaults once the member left.
 * @class
 */
export const LobbyMemberHandle = addon.LobbyMemberHandle as HandleClass<LobbyMemberHandle>;
export interface LobbyMemberHandle {
  /** The member's user id. */
  Id(): bigint;
  /** True while the member has a gateway session (is online in the game). */
  Connected(): boolean;
  /** True when the member may link the lobby to a channel ({@link Client.LinkChannelToLobby}). */
  CanLinkLobby(): boolean;
  /** The member's metadata (keys and values together at most {@link Limits.MaxMetadataCodePoints} characters). */
  Metadata(): StringMap;
  /** The member as a user, when the SDK knows them. */
  User(): UserHandle | undefined;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A live view of a lobby the current user is in ({@link Client.GetLobbyHandle}); defaults once
 * the user left it or it was deleted.
 * @class
 */
export const LobbyHandle = addon.LobbyHandle as HandleClass<LobbyHandle>;
export interface LobbyHandle {
  /** The lobby's id. */
  Id(): bigint;
  /** The members' user ids (at most {@link Limits.MaxLobbyMembersCount}). */
  LobbyMemberIds(): bigint[];
  /** The members, as handles. */
  LobbyMembers(): LobbyMemberHandle[];
  /** One member by user id (a bigint, or a string of decimal digits); undefined when not a member. */
  GetLobbyMemberHandle(memberId: bigint | string): LobbyMemberHandle | undefined;
  /** The lobby's metadata (keys and values together at most {@link Limits.MaxMetadataCodePoints} characters). */
  Metadata(): StringMap;
  /** The guild channel linked to the lobby, if any. */
  LinkedChannel(): LinkedChannel | undefined;
  /** The lobby's call while anyone is in it. */
  GetCallInfoHandle(): CallInfoHandle | undefined;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A live view of a channel the SDK knows: a DM, a group DM, a lobby, a guild channel
 * ({@link Client.GetChannelHandle}, {@link MessageHandle.Channel}).
 * @class
 */
export const ChannelHandle = addon.ChannelHandle as HandleClass<ChannelHandle>;
export interface ChannelHandle {
  /** The channel's id. */
  Id(): bigint;
  /** The channel's name ('' for a DM). */
  Name(): string;
  /** The user ids of a DM's or group DM's other members. */
  Recipients(): bigint[];
  /** The kind of channel ({@link ChannelType}). */
  Type(): Enums.ChannelType;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * One DM conversation in {@link Client.GetUserMessageSummaries}: the other user and the newest
 * message's id. A snapshot.
 * @class
 */
export const UserMessageSummary = addon.UserMessageSummary as HandleClass<UserMessageSummary>;
export interface UserMessageSummary {
  /** The id of the conversation's newest message. */
  LastMessageId(): bigint;
  /** The other user's id. */
  UserId(): bigint;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/** A guild the current user is in ({@link Client.GetUserGuilds}). A snapshot. @class */
export const GuildMinimal = addon.GuildMinimal as HandleClass<GuildMinimal>;
export interface GuildMinimal {
  /** The guild's id. */
  Id(): bigint;
  /** The guild's name. */
  Name(): string;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A channel of a guild ({@link Client.GetGuildChannels}, sorted as the chat client shows them).
 * A snapshot.
 * @class
 */
export const GuildChannel = addon.GuildChannel as HandleClass<GuildChannel>;
export interface GuildChannel {
  /** The channel's id. */
  Id(): bigint;
  /** The channel's name. */
  Name(): string;
  /** The kind of channel ({@link ChannelType}). */
  Type(): Enums.ChannelType;
  /** The channel's position among its siblings (the service's sort key). */
  Position(): number;
  /** The category the channel is in, if any. */
  ParentId(): bigint | undefined;
  /** True when the current user may link the channel to a lobby ({@link Client.LinkChannelToLobby}). */
  IsLinkable(): boolean;
  /** True when every member of the guild can read and write the channel. */
  IsViewableAndWriteableByAllMembers(): boolean;
  /** The lobby the channel is linked to, if any. */
  LinkedLobby(): LinkedLobby | undefined;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}
