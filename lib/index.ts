/// <reference types="node" preserve="true" />
// The declarations use Node's types (Buffer, http): this directive (kept in the .d.ts) brings them
// in for the app, whose tsconfig may not list them (TypeScript 6 and later include no @types by
// default).
/**
 * sdkpp: the game social SDK for Node and Electron. Names mirror the C++ SDK: a {@link Client}
 * (account linking, rich presence, lobbies, messages, relationships, calls), its value classes
 * and live handles, and the enums. A method whose C++ form ends in a callback takes that
 * callback, or returns a Promise when it is omitted (rejected with an {@link SdkError}).
 * @module sdkpp
 */
export {
  Activity,
  ActivityAssets,
  ActivityButton,
  ActivityInvite,
  ActivityParty,
  ActivitySecrets,
  ActivityTimestamps,
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  AuthorizationCodeVerifier,
  ClientCreateOptions,
  ClientResult,
  DeviceAuthorizationArgs,
  RunCallbacks,
} from './sdk/values';
export { Client } from './sdk/client';
export { AdditionalContent } from './sdk/additional_content';
export {
  ChannelHandle,
  GuildChannel,
  GuildMinimal,
  LinkedChannel,
  LinkedLobby,
  LobbyHandle,
  LobbyMemberHandle,
  RelationshipHandle,
  UserApplicationProfileHandle,
  UserHandle,
  UserMessageSummary,
} from './sdk/social';
export { MessageHandle } from './sdk/message_handle';
export type { AuthorizeOutcome, ChildTokenExchange, CurrentUser, TokenExchange } from './sdk/client';
export type {
  AcceptedActivityInvite,
  GuildChannels,
  JoinedLobby,
  LinkedGuildInvite,
  MessageHistory,
  MessageSummaries,
  SentMessage,
  ServiceClientUser,
  UserGuilds,
} from './sdk/outcomes_types';
export { SdkError } from './sdk/errors';
export type { NodeAudioOptions, NodePlatformOptions } from './platform/node_host';
export { AudioDevice, Call, CallInfoHandle, VADThresholdSettings, VoiceStateHandle } from './sdk/voice';
export type {
  CallEncryptionState,
  CallEncryptionStateChangedCallback,
  CallParticipantChangedCallback,
  CallSpeakingStatusChangedCallback,
  CallStatusChangedCallback,
  CallVoiceStateChangedCallback,
  DeviceChangeCallback,
  OutShouldMuteBox,
  UserAudioCapturedCallback,
  UserAudioReceivedCallback,
  VoiceParticipantChangedCallback,
} from './sdk/voice_types';
export { EnumToString } from './sdk/enum_to_string';
export type {
  AuthorizationCallback,
  ExchangeChildTokenCallback,
  FetchCurrentUserCallback,
  LogCallback,
  ResultCallback,
  StatusChangedCallback,
  StatusChangedCallback as OnStatusChanged,
  TokenExchangeCallback,
} from './sdk/binding';
export type {
  StringMap,
  AcceptActivityInviteCallback,
  ActivityInviteCallback,
  ActivityJoinCallback,
  ActivityJoinWithApplicationCallback,
  CreateOrJoinLobbyCallback,
  GetGuildChannelsCallback,
  GetServiceClientConnectedUserCallback,
  GetUserGuildsCallback,
  IsServiceAppInstalledCallback,
  JoinLinkedLobbyGuildCallback,
  LobbyCreatedCallback,
  LobbyDeletedCallback,
  LobbyMemberAddedCallback,
  LobbyMemberRemovedCallback,
  LobbyMemberUpdatedCallback,
  LobbyUpdatedCallback,
  MessageCreatedCallback,
  MessageDeletedCallback,
  MessageUpdatedCallback,
  RelationshipCreatedCallback,
  RelationshipDeletedCallback,
  RelationshipGroupsUpdatedCallback,
  ResultOnlyCallback,
  SendUserMessageCallback,
  UserMessageSummariesCallback,
  UserUpdatedCallback,
} from './sdk/social_types';
export type { GetLobbyMessagesCallback, UserMessagesWithLimitCallback } from './sdk/message_handle';
export type { Id } from './sdk/native_client';
/** The local chat client asks the game to authorize ({@link Client.RegisterAuthorizeRequestCallback}). */
export type AuthorizeRequestCallback = () => void;
/** The current token expires in 5 minutes ({@link Client.SetTokenExpirationCallback}): refresh it. */
export type TokenExpirationCallback = () => void;
/** {@link Client.JoinLinkedLobbyGuild} needs a full account: offer the merge, then call {@link Client.ProvisionalUserMergeCompleted}. */
export type ProvisionalUserMergeRequiredCallback = () => void;
export {
  ActivityActionTypes,
  ActivityGamePlatforms,
  ActivityPartyPrivacy,
  ActivityTypes,
  AdditionalContentType,
  AudioModeType,
  AudioSystem,
  AuthenticationCodeChallengeMethod,
  AuthenticationExternalAuthType,
  AuthorizationTokenType,
  CallError,
  CallStatus,
  ChannelType,
  ClientError,
  ClientStatus,
  ClientThread,
  DisclosureTypes,
  ErrorType,
  ExternalIdentityProviderType,
  HttpStatusCode,
  IntegrationType,
  LoggingSeverity,
  RelationshipGroupType,
  RelationshipType,
  StatusDisplayTypes,
  StatusType,
  UserHandleAvatarType,
} from './sdk/enums.generated';
export { Limits } from './limits.generated';
