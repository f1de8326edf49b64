/// <reference types="node" preserve="true" />
// The declarations use Node's types (Buffer, http): this directive (kept in the .d.ts) brings them
// in for the app, whose tsconfig may not list them (TypeScript 6 and later include no @types by
// default).
// sdkpp: the game social SDK for Node and Electron. Names mirror the C++ SDK.
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
  MessageHandle,
  RelationshipHandle,
  UserApplicationProfileHandle,
  UserHandle,
  UserMessageSummary,
} from './sdk/handles';
export type { AuthorizeOutcome, ChildTokenExchange, CurrentUser, TokenExchange } from './sdk/client';
export { SdkError } from './sdk/errors';
export type { NodeAudioOptions, NodePlatformOptions } from './platform/node_host';
export { AudioDevice, Call, CallInfoHandle, VADThresholdSettings, VoiceStateHandle } from './sdk/call';
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
  SendUserMessageCallback,
  UserMessageSummariesCallback,
  UserUpdatedCallback,
} from './sdk/social_types';
export type { GetLobbyMessagesCallback, UserMessagesWithLimitCallback } from './sdk/message_handle';
/** AuthorizeRequestCallback, TokenExpirationCallback, ProvisionalUserMergeRequiredCallback: no parameters. */
export type AuthorizeRequestCallback = () => void;
export type TokenExpirationCallback = () => void;
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
  ChannelType,
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
