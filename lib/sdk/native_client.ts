// The addon's NativeClient as one composed type: an interface per area (the same area words as
// native/core/src/client/client_<area>.cc, native/napi/client/wrap_client_<area>.cc and
// lib/sdk/client_<area>.ts), joined with the platform results it takes from the Node host.
// The façade holds exactly this type, so no method is reached through a cast: every area class
// (client_<area>.ts, chained in client.ts's order) stands on NativeClientMethods, which holds it.
import type { PlatformEventSink } from '../platform/host/events';
import type * as Enums from './enums.generated';
import type {
  Activity,
  ActivityInvite,
  AuthorizationArgs,
  AuthorizationCallback,
  AuthorizationCodeVerifier,
  ClientCreateOptions,
  DeviceAuthorizationArgs,
  ExchangeChildTokenCallback,
  FetchCurrentUserCallback,
  LogCallback,
  ResultCallback,
  StatusChangedCallback,
  TokenExchangeCallback,
} from './values_types';
import type {
  AcceptActivityInviteCallback,
  ChannelHandle,
  CreateOrJoinLobbyCallback,
  GetGuildChannelsCallback,
  GetServiceClientConnectedUserCallback,
  GetUserGuildsCallback,
  JoinLinkedLobbyGuildCallback,
  LobbyHandle,
  NativeMessagesCallback,
  RelationshipHandle,
  ResultOnlyCallback,
  SendUserMessageCallback,
  StringMap,
  UserApplicationProfileHandle,
  UserHandle,
  UserMessageSummariesCallback,
} from './social_types';
import type * as Voice from './voice_types';

/** NativeClient's lifetime (native/core/src/client/client.cc). */
export interface NativeLifetimeMethods {
  Destroy(): void;
}

/** NativeClient's methods of one area (native/core/src/client/client_connection.cc: the session and the Core row). */
export interface NativeConnectionMethods {
  Connect(): void;
  Disconnect(): void;
  SetStatusChangedCallback(callback: StatusChangedCallback): void;
  GetStatus(): Enums.ClientStatus;
  SetApplicationId(applicationId: bigint | string): void;
  GetApplicationId(): bigint;
  AddLogCallback(callback: LogCallback, minSeverity: Enums.LoggingSeverity): void;
  SetLogDir(path: string, minSeverity: Enums.LoggingSeverity): boolean;
  SetHttpRequestTimeout(ms: number): void;
  SetThreadPriority(thread: Enums.ClientThread, priority: number): void;
}

/** NativeClient's methods of one area (native/core/src/client/client_auth.cc). */
export interface NativeAuthMethods {
  CreateAuthorizationCodeVerifier(): AuthorizationCodeVerifier;
  Authorize(args: AuthorizationArgs, callback: AuthorizationCallback): void;
  AbortAuthorize(): void;
  HandleAuthorizeCallback(url: string): boolean;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback: TokenExchangeCallback): void;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback: TokenExchangeCallback): void;
  AbortGetTokenFromDevice(): void;
  OpenAuthorizeDeviceScreen(clientId: bigint | string, userCode: string): void;
  CloseAuthorizeDeviceScreen(): void;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback: TokenExchangeCallback): void;
  RevokeToken(applicationId: bigint | string, token: string, callback: ResultCallback): void;
  UpdateToken(tokenType: Enums.AuthorizationTokenType, token: string, callback: ResultCallback): void;
  IsAuthenticated(): boolean;
  FetchCurrentUser(tokenType: Enums.AuthorizationTokenType, token: string, callback: FetchCurrentUserCallback): void;
  SetTokenExpirationCallback(callback: (() => void) | undefined): void;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: Enums.AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: Enums.AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: Enums.AuthenticationExternalAuthType, externalAuthToken: string, callback: ResultCallback): void;
  UpdateProvisionalAccountDisplayName(name: string, callback: ResultCallback): void;
  ProvisionalUserMergeCompleted(success: boolean): void;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback: ExchangeChildTokenCallback): void;
  RegisterAuthorizeRequestCallback(callback: () => void): void;
  RemoveAuthorizeRequestCallback(): void;
  SetGameWindowPid(pid: number): void;
}

/** NativeClient's methods of one area (native/core/src/client/client_presence.cc). */
export interface NativePresenceMethods {
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

/** NativeClient's methods of one area (native/core/src/client/client_lobbies.cc). */
export interface NativeLobbiesMethods {
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
}

/** NativeClient's methods of one area (native/core/src/client/client_messages.cc (MessageShared, ReadMessages, MessageFieldOf: the façade's MessageHandle getters)). */
export interface NativeMessagesMethods {
  SendLobbyMessage(lobbyId: bigint | string, content: string, cb: SendUserMessageCallback): void;
  SendLobbyMessageWithMetadata(lobbyId: bigint | string, content: string, metadata: StringMap, cb: SendUserMessageCallback): void;
  SendUserMessage(recipientId: bigint | string, content: string, cb: SendUserMessageCallback): void;
  SendUserMessageWithMetadata(recipientId: bigint | string, content: string, metadata: StringMap, cb: SendUserMessageCallback): void;
  EditUserMessage(recipientId: bigint | string, messageId: bigint | string, content: string, cb: ResultOnlyCallback): void;
  DeleteUserMessage(recipientId: bigint | string, messageId: bigint | string, cb: ResultOnlyCallback): void;
  GetLobbyMessagesWithLimit(lobbyId: bigint | string, limit: number, cb: NativeMessagesCallback): void;
  GetUserMessagesWithLimit(recipientId: bigint | string, limit: number, cb: NativeMessagesCallback): void;
  GetUserMessageSummaries(cb: UserMessageSummariesCallback): void;
  /** undefined when the cache does not know the message; else its snapshot is in the bytes
   * MessageShared() answers, and the answer is its text (see MessageBatch). */
  GetMessageHandle(messageId: bigint | string): string | undefined;
  MessageShared(): ArrayBuffer;
  ReadMessages(ids: BigUint64Array, numbers: BigUint64Array, marks: Uint32Array): string;
  MessageFieldOf(messageId: bigint, field: number): unknown;
  GetChannelHandle(channelId: bigint | string): ChannelHandle | undefined;
  SetMessageCreatedCallback(cb: (messageId: bigint) => void): void;
  SetMessageUpdatedCallback(cb: (messageId: bigint) => void): void;
  SetMessageDeletedCallback(cb: (messageId: bigint, channelId: bigint) => void): void;
  SetShowingChat(showing: boolean): void;
}

/** NativeClient's methods of one area (native/core/src/client/client_relationships.cc). */
export interface NativeRelationshipsMethods {
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

/** NativeClient's methods of one area (native/core/src/client/client_users.cc). */
export interface NativeUsersMethods {
  GetCurrentUser(): UserHandle;
  GetCurrentUserV2(): UserHandle | undefined;
  GetUser(userId: bigint | string): UserHandle | undefined;
  GetUserGuilds(cb: GetUserGuildsCallback): void;
  GetGuildChannels(guildId: bigint | string, cb: GetGuildChannelsCallback): void;
  GetServiceClientConnectedUser(applicationId: bigint | string, cb: GetServiceClientConnectedUserCallback): void;
  GetUserApplicationProfiles(): UserApplicationProfileHandle[];
  GetUserApplicationProfilesNoLock(): UserApplicationProfileHandle[];
  SetUserUpdatedCallback(cb: (userId: bigint) => void): void;
}

/** NativeClient's methods of one area (native/core/src/client/client_audio.cc). */
export interface NativeAudioMethods {
  StartCall(channelId: bigint | string): Voice.Call;
  StartCallWithAudioCallbacks(
    lobbyId: bigint | string,
    receivedCb: Voice.UserAudioReceivedCallback | null,
    capturedCb: Voice.UserAudioCapturedCallback | null,
  ): Voice.Call;
  EndCall(channelId: bigint | string, cb: () => void): void;
  EndCalls(cb: () => void): void;
  GetCall(channelId: bigint | string): Voice.Call;
  GetCalls(): Voice.Call[];
  GetInputDevices(cb: (devices: Voice.AudioDevice[]) => void): void;
  GetOutputDevices(cb: (devices: Voice.AudioDevice[]) => void): void;
  GetCurrentInputDevice(cb: (device: Voice.AudioDevice) => void): void;
  GetCurrentOutputDevice(cb: (device: Voice.AudioDevice) => void): void;
  SetInputDevice(deviceId: string, cb: ResultCallback): void;
  SetOutputDevice(deviceId: string, cb: ResultCallback): void;
  SetDeviceChangeCallback(cb: Voice.DeviceChangeCallback | null | undefined): void;
  GetInputVolume(): number;
  SetInputVolume(inputVolume: number): void;
  GetOutputVolume(): number;
  SetOutputVolume(outputVolume: number): void;
  GetSelfMuteAll(): boolean;
  SetSelfMuteAll(mute: boolean): void;
  GetSelfDeafAll(): boolean;
  SetSelfDeafAll(deaf: boolean): void;
  SetEchoCancellation(on: boolean): void;
  SetNoiseSuppression(on: boolean): void;
  SetNoiseCancellation(on: boolean): void;
  SetAutomaticGainControl(on: boolean): void;
  SetEngineManagedAudioSession(isEngineManaged: boolean): void;
  SetAecDump(on: boolean): void;
  SetOpusHardwareCoding(encode: boolean, decode: boolean): void;
  SetNoAudioInputThreshold(dBFS: number): void;
  SetNoAudioInputCallback(cb: ((inputDetected: boolean) => void) | null | undefined): void;
  SetVoiceParticipantChangedCallback(cb: Voice.VoiceParticipantChangedCallback | null | undefined): void;
  AddVoiceLogCallback(callback: LogCallback, minSeverity: Enums.LoggingSeverity): void;
  SetVoiceLogDir(path: string, minSeverity: Enums.LoggingSeverity): void;
  /** Tests and demos: drives the virtual audio devices (wrap_client_audio.cc). */
  _VirtualAudio(op: 'sine', hz: number, dBFS: number): boolean | undefined;
  _VirtualAudio(op: 'silence'): boolean | undefined;
  _VirtualAudio(op: 'pcm', pcm: Int16Array): boolean | undefined;
  _VirtualAudio(op: 'leak', delayMs: number, gainDb: number): boolean | undefined;
  _VirtualAudio(op: 'speaker', frames: number): Int16Array | undefined;
  /** The Node option audio.backend, applied before the audio engine exists (false after). */
  _SetAudioBackend(backend: 'system' | 'virtual'): boolean;
}

export interface NativeClient
  extends NativeLifetimeMethods,
    NativeConnectionMethods,
    NativeAuthMethods,
    NativePresenceMethods,
    NativeLobbiesMethods,
    NativeMessagesMethods,
    NativeRelationshipsMethods,
    NativeUsersMethods,
    NativeAudioMethods,
    PlatformEventSink {}

export interface NativeClientConstructor {
  new (options?: ClientCreateOptions, host?: object): NativeClient;
  GetVersionMajor(): number;
  GetVersionMinor(): number;
  GetVersionPatch(): number;
  GetVersionHash(): string;
  ErrorToString(value: Enums.ClientError): string;
  StatusToString(value: Enums.ClientStatus): string;
  ThreadToString(value: Enums.ClientThread): string;
  GetDefaultCommunicationScopes(): string;
  GetDefaultPresenceScopes(): string;
  GetDefaultAudioDeviceId(): string;
}

/** A snowflake id argument: a bigint, or a string of decimal digits (the addon checks both). */
export type Id = bigint | string;

/** The root of the Client's area classes: the addon's client they all call. */
export abstract class NativeClientMethods {
  /** @internal The addon's client. */
  protected abstract get native(): NativeClient;
}
