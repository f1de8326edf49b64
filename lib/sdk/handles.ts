// The handle classes (live views) and the SDK-only values of the social layer, from the addon.
// They have no public constructor; each has `nullobj` and a `valid` getter.
import { binding } from './binding';
import { UserHandleAvatarType } from './enums.generated';
import { EnumToString } from './enum_to_string';
import type * as T from './social_types';

type HandleClass<I> = { readonly nullobj: I; readonly prototype: I };
const classes = binding as unknown as Record<string, unknown>;

export type UserHandle = T.UserHandle;
export const UserHandle = classes.UserHandle as HandleClass<T.UserHandle> & {
  readonly AvatarType: typeof UserHandleAvatarType;
  AvatarTypeToString(type: UserHandleAvatarType): string;
};
// The nested enum and its ToString, as in C++ (UserHandle::AvatarType).
Object.defineProperties(UserHandle, {
  AvatarType: { value: UserHandleAvatarType, enumerable: true },
  AvatarTypeToString: { value: (type: UserHandleAvatarType) => EnumToString(UserHandleAvatarType, type) },
});
export declare namespace UserHandle {
  type AvatarType = UserHandleAvatarType;
}
export type UserApplicationProfileHandle = T.UserApplicationProfileHandle;
export const UserApplicationProfileHandle = classes.UserApplicationProfileHandle as HandleClass<T.UserApplicationProfileHandle>;
export type RelationshipHandle = T.RelationshipHandle;
export const RelationshipHandle = classes.RelationshipHandle as HandleClass<T.RelationshipHandle>;
export type LobbyHandle = T.LobbyHandle;
export const LobbyHandle = classes.LobbyHandle as HandleClass<T.LobbyHandle>;
export type LobbyMemberHandle = T.LobbyMemberHandle;
export const LobbyMemberHandle = classes.LobbyMemberHandle as HandleClass<T.LobbyMemberHandle>;
export { MessageHandle } from './message_handle';
export type ChannelHandle = T.ChannelHandle;
export const ChannelHandle = classes.ChannelHandle as HandleClass<T.ChannelHandle>;
export type UserMessageSummary = T.UserMessageSummary;
export const UserMessageSummary = classes.UserMessageSummary as HandleClass<T.UserMessageSummary>;
export type GuildMinimal = T.GuildMinimal;
export const GuildMinimal = classes.GuildMinimal as HandleClass<T.GuildMinimal>;
export type GuildChannel = T.GuildChannel;
export const GuildChannel = classes.GuildChannel as HandleClass<T.GuildChannel>;
export type LinkedChannel = T.LinkedChannel;
export const LinkedChannel = classes.LinkedChannel as HandleClass<T.LinkedChannel>;
export type LinkedLobby = T.LinkedLobby;
export const LinkedLobby = classes.LinkedLobby as HandleClass<T.LinkedLobby> & { new (): T.LinkedLobby };
