// The handle classes (live views) and the SDK-only values of the social layer, from the addon.
// They have no public constructor; each has `nullobj` and a `valid` getter.
import { binding } from './binding';
import { UserHandleAvatarType } from './enums.generated';
import { EnumToString } from './enum_to_string';
import type * as T from './social_types';


export type UserHandle = T.UserHandle;
// The nested enum and its ToString, as in C++ (UserHandle::AvatarType).
export const UserHandle = Object.assign(binding.UserHandle, {
  AvatarType: UserHandleAvatarType,
  AvatarTypeToString: (type: UserHandleAvatarType): string => EnumToString(UserHandleAvatarType, type),
});
export declare namespace UserHandle {
  type AvatarType = UserHandleAvatarType;
}
export type UserApplicationProfileHandle = T.UserApplicationProfileHandle;
export const UserApplicationProfileHandle = binding.UserApplicationProfileHandle;
export type RelationshipHandle = T.RelationshipHandle;
export const RelationshipHandle = binding.RelationshipHandle;
export type LobbyHandle = T.LobbyHandle;
export const LobbyHandle = binding.LobbyHandle;
export type LobbyMemberHandle = T.LobbyMemberHandle;
export const LobbyMemberHandle = binding.LobbyMemberHandle;
export { MessageHandle } from './message_handle';
export type ChannelHandle = T.ChannelHandle;
export const ChannelHandle = binding.ChannelHandle;
export type UserMessageSummary = T.UserMessageSummary;
export const UserMessageSummary = binding.UserMessageSummary;
export type GuildMinimal = T.GuildMinimal;
export const GuildMinimal = binding.GuildMinimal;
export type GuildChannel = T.GuildChannel;
export const GuildChannel = binding.GuildChannel;
export type LinkedChannel = T.LinkedChannel;
export const LinkedChannel = binding.LinkedChannel;
export type LinkedLobby = T.LinkedLobby;
export const LinkedLobby = binding.LinkedLobby;
