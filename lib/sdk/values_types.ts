// The addon's value classes, as TypeScript sees them, and the callback shapes of the Client's
// auth and core methods. Types only: binding.ts (the loader) re-exports them.
import type * as Enums from './enums.generated';

export interface ActivityAssets {
  LargeImage(): string | undefined;
  SetLargeImage(largeImage: string | undefined | null): void;
  LargeText(): string | undefined;
  SetLargeText(largeText: string | undefined | null): void;
  LargeUrl(): string | undefined;
  SetLargeUrl(largeUrl: string | undefined | null): void;
  SmallImage(): string | undefined;
  SetSmallImage(smallImage: string | undefined | null): void;
  SmallText(): string | undefined;
  SetSmallText(smallText: string | undefined | null): void;
  SmallUrl(): string | undefined;
  SetSmallUrl(smallUrl: string | undefined | null): void;
  /** URL or asset key of the banner shown on game invites. */
  InviteCoverImage(): string | undefined;
  SetInviteCoverImage(inviteCoverImage: string | undefined | null): void;
  readonly valid: boolean;
}

/** Unix times in milliseconds; 0n means unset. */
export interface ActivityTimestamps {
  Start(): bigint;
  SetStart(start: bigint | string): void;
  End(): bigint;
  SetEnd(end: bigint | string): void;
  readonly valid: boolean;
}

export interface ActivityParty {
  Id(): string;
  SetId(id: string): void;
  CurrentSize(): number;
  SetCurrentSize(currentSize: number): void;
  MaxSize(): number;
  SetMaxSize(maxSize: number): void;
  Privacy(): Enums.ActivityPartyPrivacy;
  SetPrivacy(privacy: Enums.ActivityPartyPrivacy): void;
  readonly valid: boolean;
}

export interface ActivitySecrets {
  Join(): string;
  SetJoin(join: string): void;
  readonly valid: boolean;
}

export interface ActivityButton {
  Label(): string;
  SetLabel(label: string): void;
  Url(): string;
  SetUrl(url: string): void;
  readonly valid: boolean;
}

export interface Activity {
  /** Appends a copy; a third button (or an invalid one) is ignored, as in C++. */
  AddButton(button: ActivityButton): void;
  /** Copies of the buttons, in order (at most 2). */
  GetButtons(): ActivityButton[];
  /** True when every field is equal (buttons in order), or both are invalid. */
  Equals(other: Activity): boolean;
  Name(): string;
  SetName(name: string): void;
  Type(): Enums.ActivityTypes;
  SetType(type: Enums.ActivityTypes): void;
  StatusDisplayType(): Enums.StatusDisplayTypes | undefined;
  SetStatusDisplayType(statusDisplayType: Enums.StatusDisplayTypes | undefined | null): void;
  State(): string | undefined;
  SetState(state: string | undefined | null): void;
  StateUrl(): string | undefined;
  SetStateUrl(stateUrl: string | undefined | null): void;
  Details(): string | undefined;
  SetDetails(details: string | undefined | null): void;
  DetailsUrl(): string | undefined;
  SetDetailsUrl(detailsUrl: string | undefined | null): void;
  ApplicationId(): bigint | undefined;
  SetApplicationId(applicationId: bigint | string | undefined | null): void;
  ParentApplicationId(): bigint | undefined;
  SetParentApplicationId(parentApplicationId: bigint | string | undefined | null): void;
  /** Getters of the parts return copies; change one and set it back. */
  Assets(): ActivityAssets | undefined;
  SetAssets(assets: ActivityAssets | undefined | null): void;
  Timestamps(): ActivityTimestamps | undefined;
  SetTimestamps(timestamps: ActivityTimestamps | undefined | null): void;
  Party(): ActivityParty | undefined;
  SetParty(party: ActivityParty | undefined | null): void;
  Secrets(): ActivitySecrets | undefined;
  SetSecrets(secrets: ActivitySecrets | undefined | null): void;
  /** ActivityGamePlatforms bit flags (combine with |); Desktop by default. */
  SupportedPlatforms(): number;
  SetSupportedPlatforms(supportedPlatforms: Enums.ActivityGamePlatforms | number): void;
  readonly valid: boolean;
}

export interface ActivityInvite {
  SenderId(): bigint;
  SetSenderId(senderId: bigint | string): void;
  ChannelId(): bigint;
  SetChannelId(channelId: bigint | string): void;
  MessageId(): bigint;
  SetMessageId(messageId: bigint | string): void;
  Type(): Enums.ActivityActionTypes;
  SetType(type: Enums.ActivityActionTypes): void;
  ApplicationId(): bigint;
  SetApplicationId(applicationId: bigint | string): void;
  ParentApplicationId(): bigint;
  SetParentApplicationId(parentApplicationId: bigint | string): void;
  PartyId(): string;
  SetPartyId(partyId: string): void;
  SessionId(): string;
  SetSessionId(sessionId: string): void;
  IsValid(): boolean;
  SetIsValid(isValid: boolean): void;
  readonly valid: boolean;
}

export interface AuthorizationCodeChallenge {
  Method(): Enums.AuthenticationCodeChallengeMethod;
  SetMethod(method: Enums.AuthenticationCodeChallengeMethod): void;
  Challenge(): string;
  SetChallenge(challenge: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

export interface AuthorizationCodeVerifier {
  Challenge(): AuthorizationCodeChallenge;
  SetChallenge(challenge: AuthorizationCodeChallenge): void;
  Verifier(): string;
  SetVerifier(verifier: string): void;
  readonly valid: boolean;
}

export interface AuthorizationArgs {
  /** 0n: use the value given to Client.SetApplicationId. */
  ClientId(): bigint;
  SetClientId(clientId: bigint | string): void;
  Scopes(): string;
  SetScopes(scopes: string): void;
  State(): string | undefined;
  SetState(state: string | undefined | null): void;
  Nonce(): string | undefined;
  SetNonce(nonce: string | undefined | null): void;
  CodeChallenge(): AuthorizationCodeChallenge | undefined;
  SetCodeChallenge(challenge: AuthorizationCodeChallenge | undefined | null): void;
  IntegrationType(): Enums.IntegrationType | undefined;
  SetIntegrationType(type: Enums.IntegrationType | undefined | null): void;
  CustomSchemeParam(): string | undefined;
  SetCustomSchemeParam(scheme: string | undefined | null): void;
  readonly valid: boolean;
}

export interface ClientResult {
  ToString(): string;
  Type(): Enums.ErrorType;
  SetType(type: Enums.ErrorType): void;
  Error(): string;
  SetError(error: string): void;
  ErrorCode(): number;
  SetErrorCode(code: number): void;
  Status(): Enums.HttpStatusCode;
  SetStatus(status: Enums.HttpStatusCode): void;
  ResponseBody(): string;
  SetResponseBody(body: string): void;
  Successful(): boolean;
  SetSuccessful(successful: boolean): void;
  Retryable(): boolean;
  SetRetryable(retryable: boolean): void;
  /** Seconds. */
  RetryAfter(): number;
  SetRetryAfter(seconds: number): void;
  readonly valid: boolean;
}

export interface ClientCreateOptions {
  WebBase(): string;
  SetWebBase(url: string): void;
  ApiBase(): string;
  SetApiBase(url: string): void;
  ExperimentalAudioSystem(): Enums.AudioSystem;
  SetExperimentalAudioSystem(system: Enums.AudioSystem): void;
  ExperimentalAndroidPreventCommsForBluetooth(): boolean;
  SetExperimentalAndroidPreventCommsForBluetooth(prevent: boolean): void;
  CpuAffinityMask(): bigint | undefined;
  SetCpuAffinityMask(mask: bigint | string | undefined | null): void;
  readonly valid: boolean;
}

export interface DeviceAuthorizationArgs {
  ClientId(): bigint;
  SetClientId(clientId: bigint | string): void;
  Scopes(): string;
  SetScopes(scopes: string): void;
  readonly valid: boolean;
}

export type LogCallback = (message: string, severity: Enums.LoggingSeverity) => void;
export type AuthorizationCallback = (result: ClientResult, code: string, redirectUri: string) => void;
export type TokenExchangeCallback = (
  result: ClientResult,
  accessToken: string,
  refreshToken: string,
  tokenType: Enums.AuthorizationTokenType,
  expiresIn: number,
  scopes: string,
) => void;
export type ExchangeChildTokenCallback = (
  result: ClientResult,
  accessToken: string,
  tokenType: Enums.AuthorizationTokenType,
  expiresIn: number,
  scopes: string,
) => void;
export type FetchCurrentUserCallback = (result: ClientResult, id: bigint, name: string) => void;
export type ResultCallback = (result: ClientResult) => void;
export type StatusChangedCallback = (
  status: Enums.ClientStatus,
  error: Enums.ClientError,
  errorDetail: number,
) => void;

export interface AuthorizeRequestPreview {
  url: string;
  state: string;
  redirectUri: string;
  scopes: string;
  clientId: bigint;
}

