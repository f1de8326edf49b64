// The value classes, straight from the addon: a getter such as `args.ClientId()` is one N-API
// call with no JS wrapper in between; string getters such as `args.Scopes()` answer repeated
// reads from a JS memo (string_getter_memo.ts, put in place when addon.ts loads the addon).
// Each class is an interface (the instance's members) merged with a const of the same name (the
// addon's constructor), so that one name is both the type and the class; `@class` tells the
// API reference generator (typedoc.json) to show the pair as one class.
//
// What every setter shares: a value of the wrong type throws a TypeError and one out of range a
// RangeError, naming the method, the argument and the rule, and the object is left unchanged;
// strings may not contain NUL and are bounded (scopes 4 KiB, other short fields 1 KiB of UTF-8).
// The service's own limits (Limits.MaxActivityTextCodePoints, ...) are checked by the Client
// call that sends the value, which answers a ValidationError.
import { addon, type HandleClass, type ValueClass } from './addon';
import type * as Enums from './enums.generated';

/**
 * The images and their hover texts of a rich presence {@link Activity}. Every field is optional:
 * unset reads `undefined`, and `undefined` or `null` clears it. An image is an asset key of the
 * application or an http(s) URL, at most {@link Limits.MaxActivityUrlCodePoints} characters; a
 * text at most {@link Limits.MaxActivityTextCodePoints}; a link must be http(s). The limits are
 * checked by {@link Client.UpdateRichPresence}.
 * @class
 */
export const ActivityAssets = addon.ActivityAssets as ValueClass<ActivityAssets>;
export interface ActivityAssets {
  /** The large image: an asset key or an http(s) URL. */
  LargeImage(): string | undefined;
  /** Sets the large image (an asset key or an http(s) URL); `undefined` or `null` clears it. */
  SetLargeImage(largeImage: string | undefined | null): void;
  /** The text shown when hovering over the large image. */
  LargeText(): string | undefined;
  /** Sets the large image's hover text; `undefined` or `null` clears it. */
  SetLargeText(largeText: string | undefined | null): void;
  /** The http(s) link opened when the large image is clicked. */
  LargeUrl(): string | undefined;
  /** Sets the large image's link (http or https); `undefined` or `null` clears it. */
  SetLargeUrl(largeUrl: string | undefined | null): void;
  /** The small image (shown over a corner of the large one): an asset key or an http(s) URL. */
  SmallImage(): string | undefined;
  /** Sets the small image; `undefined` or `null` clears it. */
  SetSmallImage(smallImage: string | undefined | null): void;
  /** The text shown when hovering over the small image. */
  SmallText(): string | undefined;
  /** Sets the small image's hover text; `undefined` or `null` clears it. */
  SetSmallText(smallText: string | undefined | null): void;
  /** The http(s) link opened when the small image is clicked. */
  SmallUrl(): string | undefined;
  /** Sets the small image's link (http or https); `undefined` or `null` clears it. */
  SetSmallUrl(smallUrl: string | undefined | null): void;
  /** URL or asset key of the banner shown on game invites. */
  InviteCoverImage(): string | undefined;
  /** Sets the invite banner (an asset key or an http(s) URL); `undefined` or `null` clears it. */
  SetInviteCoverImage(inviteCoverImage: string | undefined | null): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The start and end of a rich presence {@link Activity}: Unix times in milliseconds, `0n` when
 * unset. A start shows "elapsed", an end shows "remaining".
 * @class
 */
export const ActivityTimestamps = addon.ActivityTimestamps as ValueClass<ActivityTimestamps>;
export interface ActivityTimestamps {
  /** When the activity started (ms since the epoch); `0n` when unset. */
  Start(): bigint;
  /**
   * Sets the start, in ms since the epoch (a bigint, or a string of decimal digits); `0n` unsets.
   * @throws RangeError for a negative value.
   */
  SetStart(start: bigint | string): void;
  /** When the activity ends (ms since the epoch); `0n` when unset. */
  End(): bigint;
  /**
   * Sets the end, in ms since the epoch (a bigint, or a string of decimal digits); `0n` unsets.
   * @throws RangeError for a negative value.
   */
  SetEnd(end: bigint | string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The party of a rich presence {@link Activity}: "2 of 4". Needed, with a join secret
 * ({@link ActivitySecrets}), for {@link Client.SendActivityInvite}.
 * @class
 */
export const ActivityParty = addon.ActivityParty as ValueClass<ActivityParty>;
export interface ActivityParty {
  /** The party's id, chosen by the game (empty when unset). */
  Id(): string;
  /** Sets the party's id: at most {@link Limits.MaxActivityTextCodePoints} characters (checked by UpdateRichPresence). */
  SetId(id: string): void;
  /** How many players are in the party. */
  CurrentSize(): number;
  /**
   * Sets how many players are in the party (at most MaxSize, checked by UpdateRichPresence).
   * @throws RangeError unless an integer from 0 to 2147483647.
   */
  SetCurrentSize(currentSize: number): void;
  /** How many players the party holds. */
  MaxSize(): number;
  /**
   * Sets how many players the party holds.
   * @throws RangeError unless an integer from 0 to 2147483647.
   */
  SetMaxSize(maxSize: number): void;
  /** Who may join: {@link ActivityPartyPrivacy} (Private by default). */
  Privacy(): Enums.ActivityPartyPrivacy;
  /**
   * Sets who may join.
   * @throws RangeError for a value that is not an ActivityPartyPrivacy member.
   */
  SetPrivacy(privacy: Enums.ActivityPartyPrivacy): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The secrets of a rich presence {@link Activity}: the join secret the game hands to players it
 * invites ({@link Client.SetActivityJoinCallback} delivers it). Never logged.
 * @class
 */
export const ActivitySecrets = addon.ActivitySecrets as ValueClass<ActivitySecrets>;
export interface ActivitySecrets {
  /** The join secret (empty when unset). */
  Join(): string;
  /** Sets the join secret: at most {@link Limits.MaxActivityTextCodePoints} characters (checked by UpdateRichPresence). */
  SetJoin(join: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A button of a rich presence {@link Activity}: a label and the http(s) link it opens. An
 * activity holds at most two ({@link Activity.AddButton}).
 * @class
 */
export const ActivityButton = addon.ActivityButton as ValueClass<ActivityButton>;
export interface ActivityButton {
  /** The button's text. */
  Label(): string;
  /** Sets the text: 1 to {@link Limits.MaxActivityTextCodePoints} characters (checked by UpdateRichPresence). */
  SetLabel(label: string): void;
  /** The link the button opens. */
  Url(): string;
  /** Sets the link: an http:// or https:// URL of at most {@link Limits.MaxActivityUrlCodePoints} characters (checked by UpdateRichPresence). */
  SetUrl(url: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A rich presence: what the player is doing in the game, shown on their profile and sent with
 * {@link Client.UpdateRichPresence}, which checks it: Type Playing, Listening, Watching or
 * Competing; texts at most {@link Limits.MaxActivityTextCodePoints} characters, links and image
 * keys at most {@link Limits.MaxActivityUrlCodePoints} and http(s) only; at most two buttons; a
 * party's CurrentSize at most its MaxSize. A broken rule answers a ValidationError naming the
 * field. The parts (Assets, Timestamps, Party, Secrets) are copied in and out: change a part,
 * then set it again.
 * @example
 * ```ts
 * const activity = new Activity();
 * activity.SetType(ActivityTypes.Playing);
 * activity.SetName('Space Duel');
 * activity.SetState('In a match');
 * const party = new ActivityParty();
 * party.SetId('match-42');
 * party.SetCurrentSize(2);
 * party.SetMaxSize(4);
 * activity.SetParty(party);
 * await client.UpdateRichPresence(activity);
 * ```
 * @class
 */
export const Activity = addon.Activity as ValueClass<Activity>;
export interface Activity {
  /** Appends a copy; a third button (or an invalid one) is ignored, as in C++. */
  AddButton(button: ActivityButton): void;
  /** Copies of the buttons, in order (at most 2). */
  GetButtons(): ActivityButton[];
  /** True when every field is equal (buttons in order), or both are invalid. */
  Equals(other: Activity): boolean;
  /** The activity's name: what the player's profile says they are playing. */
  Name(): string;
  /** Sets the name: at most {@link Limits.MaxActivityTextCodePoints} characters. */
  SetName(name: string): void;
  /** The kind of activity ({@link ActivityTypes}; Playing by default). */
  Type(): Enums.ActivityTypes;
  /**
   * Sets the kind: only Playing, Listening, Watching and Competing are accepted by
   * UpdateRichPresence.
   * @throws RangeError for a value that is not an ActivityTypes member.
   */
  SetType(type: Enums.ActivityTypes): void;
  /** Which field the player's status line shows ({@link StatusDisplayTypes}); undefined: the name. */
  StatusDisplayType(): Enums.StatusDisplayTypes | undefined;
  /** Sets which field the status line shows; `undefined` or `null` clears it. */
  SetStatusDisplayType(statusDisplayType: Enums.StatusDisplayTypes | undefined | null): void;
  /** The second line: the player's current state ("In a match"). */
  State(): string | undefined;
  /** Sets the state: at most {@link Limits.MaxActivityTextCodePoints} characters; `undefined` or `null` clears it. */
  SetState(state: string | undefined | null): void;
  /** The http(s) link the state opens. */
  StateUrl(): string | undefined;
  /** Sets the state's link (http or https, at most {@link Limits.MaxActivityUrlCodePoints} characters); `undefined` or `null` clears it. */
  SetStateUrl(stateUrl: string | undefined | null): void;
  /** The first line: what the player is doing ("Ranked, map Dust"). */
  Details(): string | undefined;
  /** Sets the details: at most {@link Limits.MaxActivityTextCodePoints} characters; `undefined` or `null` clears it. */
  SetDetails(details: string | undefined | null): void;
  /** The http(s) link the details open. */
  DetailsUrl(): string | undefined;
  /** Sets the details' link (http or https, at most {@link Limits.MaxActivityUrlCodePoints} characters); `undefined` or `null` clears it. */
  SetDetailsUrl(detailsUrl: string | undefined | null): void;
  /** The application the activity belongs to (set by the service for activities it hands out). */
  ApplicationId(): bigint | undefined;
  /** Sets the application id (a bigint, or a string of decimal digits); `undefined` or `null` clears it. */
  SetApplicationId(applicationId: bigint | string | undefined | null): void;
  /** The parent application of a child application's activity. */
  ParentApplicationId(): bigint | undefined;
  /** Sets the parent application id; `undefined` or `null` clears it. */
  SetParentApplicationId(parentApplicationId: bigint | string | undefined | null): void;
  /** Getters of the parts return copies; change one and set it back. */
  Assets(): ActivityAssets | undefined;
  /** Sets (a copy of) the images and their texts; `undefined` or `null` clears them. */
  SetAssets(assets: ActivityAssets | undefined | null): void;
  /** A copy of the start and end times, if set. */
  Timestamps(): ActivityTimestamps | undefined;
  /** Sets (a copy of) the start and end times; `undefined` or `null` clears them. */
  SetTimestamps(timestamps: ActivityTimestamps | undefined | null): void;
  /** A copy of the party, if set. */
  Party(): ActivityParty | undefined;
  /** Sets (a copy of) the party; `undefined` or `null` clears it. */
  SetParty(party: ActivityParty | undefined | null): void;
  /** A copy of the secrets, if set. */
  Secrets(): ActivitySecrets | undefined;
  /** Sets (a copy of) the secrets; `undefined` or `null` clears them. */
  SetSecrets(secrets: ActivitySecrets | undefined | null): void;
  /** ActivityGamePlatforms bit flags (combine with |); Desktop by default. */
  SupportedPlatforms(): number;
  /**
   * Sets the platforms the game can be joined from: {@link ActivityGamePlatforms} flags
   * combined with `|` (UpdateRichPresence refuses other bits).
   * @example
   * ```ts
   * activity.SetSupportedPlatforms(ActivityGamePlatforms.Desktop | ActivityGamePlatforms.Android);
   * ```
   */
  SetSupportedPlatforms(supportedPlatforms: Enums.ActivityGamePlatforms | number): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * An invitation to join a game, or a request to join one, as {@link Client.SetActivityInviteCreatedCallback}
 * and {@link Client.SetActivityInviteUpdatedCallback} deliver it. Pass it to
 * {@link Client.AcceptActivityInvite} (a Join invite) or {@link Client.SendActivityJoinRequestReply}
 * (a JoinRequest). Ids read `0n` when unset.
 * @class
 */
export const ActivityInvite = addon.ActivityInvite as ValueClass<ActivityInvite>;
export interface ActivityInvite {
  /** The user who sent the invite or the request. */
  SenderId(): bigint;
  /** Sets the sender's user id (a bigint, or a string of decimal digits). */
  SetSenderId(senderId: bigint | string): void;
  /** The channel (a DM) the invite was sent in. */
  ChannelId(): bigint;
  /** Sets the channel id. */
  SetChannelId(channelId: bigint | string): void;
  /** The message that carries the invite (AcceptActivityInvite needs it). */
  MessageId(): bigint;
  /** Sets the message id. */
  SetMessageId(messageId: bigint | string): void;
  /** Join (an invitation) or JoinRequest (someone asks to join); see {@link ActivityActionTypes}. */
  Type(): Enums.ActivityActionTypes;
  /**
   * Sets the kind of invite.
   * @throws RangeError for a value that is not an ActivityActionTypes member.
   */
  SetType(type: Enums.ActivityActionTypes): void;
  /** The application of the game invited to. */
  ApplicationId(): bigint;
  /** Sets the application id. */
  SetApplicationId(applicationId: bigint | string): void;
  /** The parent application, for a child application's game. */
  ParentApplicationId(): bigint;
  /** Sets the parent application id. */
  SetParentApplicationId(parentApplicationId: bigint | string): void;
  /** The party invited to (the sender's ActivityParty id). */
  PartyId(): string;
  /** Sets the party id. */
  SetPartyId(partyId: string): void;
  /** The sender's session id, when the service gives one. */
  SessionId(): string;
  /** Sets the session id. */
  SetSessionId(sessionId: string): void;
  /** Whether the invite can still be accepted ({@link Client.SetActivityInviteUpdatedCallback} says when that changes). */
  IsValid(): boolean;
  /** Sets whether the invite can still be accepted. */
  SetIsValid(isValid: boolean): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The PKCE challenge (RFC 7636) sent with {@link Client.Authorize}: the S256 hash of a verifier
 * the game keeps until {@link Client.GetToken}. Made by {@link Client.CreateAuthorizationCodeVerifier}
 * (its `Challenge()`); Authorize refuses one that is not S256 with 43 to 128 unreserved
 * characters.
 * @class
 */
export const AuthorizationCodeChallenge = addon.AuthorizationCodeChallenge as ValueClass<AuthorizationCodeChallenge>;
export interface AuthorizationCodeChallenge {
  /** The hash method: always {@link AuthenticationCodeChallengeMethod} S256. */
  Method(): Enums.AuthenticationCodeChallengeMethod;
  /**
   * Sets the method.
   * @throws RangeError for a value that is not an AuthenticationCodeChallengeMethod member.
   */
  SetMethod(method: Enums.AuthenticationCodeChallengeMethod): void;
  /** The challenge: base64url of the verifier's SHA-256. */
  Challenge(): string;
  /** Sets the challenge text. */
  SetChallenge(challenge: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A PKCE pair from {@link Client.CreateAuthorizationCodeVerifier}: put `Challenge()` into the
 * {@link AuthorizationArgs}, and give `Verifier()` to {@link Client.GetToken} with the code. The
 * verifier is a secret: the SDK masks it in every log. No public constructor.
 * @class
 */
export const AuthorizationCodeVerifier = addon.AuthorizationCodeVerifier as HandleClass<AuthorizationCodeVerifier>;
export interface AuthorizationCodeVerifier {
  /** A copy of the challenge to send with Authorize. */
  Challenge(): AuthorizationCodeChallenge;
  /** Replaces the challenge. */
  SetChallenge(challenge: AuthorizationCodeChallenge): void;
  /** The verifier (base64url of 64 bytes from the OS's CSPRNG, 86 characters): GetToken's `codeVerifier`. */
  Verifier(): string;
  /** Replaces the verifier. */
  SetVerifier(verifier: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * What {@link Client.Authorize} asks the player for. Authorize checks it and answers a
 * ValidationError for: no client id (and none from SetApplicationId), no scope, a state or
 * nonce over 1 KiB, a challenge that is not S256, a bad custom scheme.
 * @example
 * ```ts
 * const verifier = client.CreateAuthorizationCodeVerifier();
 * const args = new AuthorizationArgs();
 * args.SetClientId(applicationId);
 * args.SetScopes(Client.GetDefaultCommunicationScopes());
 * args.SetCodeChallenge(verifier.Challenge());
 * const { code, redirectUri } = await client.Authorize(args);
 * ```
 * @class
 */
export const AuthorizationArgs = addon.AuthorizationArgs as ValueClass<AuthorizationArgs>;
export interface AuthorizationArgs {
  /** 0n: use the value given to Client.SetApplicationId. */
  ClientId(): bigint;
  /**
   * Sets the application id (a bigint, or a string of decimal digits).
   * @throws RangeError for a negative value.
   */
  SetClientId(clientId: bigint | string): void;
  /** The scopes, space-separated ({@link Client.GetDefaultCommunicationScopes} or {@link Client.GetDefaultPresenceScopes}). */
  Scopes(): string;
  /** Sets the scopes, space-separated (at most 4 KiB). */
  SetScopes(scopes: string): void;
  /** The OAuth2 state; undefined: the SDK makes a random one and checks it on the redirect. */
  State(): string | undefined;
  /** Sets the state; `undefined` or `null` lets the SDK make one. */
  SetState(state: string | undefined | null): void;
  /** The OpenID Connect nonce put into the ID token. */
  Nonce(): string | undefined;
  /** Sets the nonce; `undefined` or `null` clears it. */
  SetNonce(nonce: string | undefined | null): void;
  /** The PKCE challenge, if set (recommended: {@link AuthorizationCodeVerifier}). */
  CodeChallenge(): AuthorizationCodeChallenge | undefined;
  /** Sets (a copy of) the PKCE challenge; `undefined` or `null` clears it. */
  SetCodeChallenge(challenge: AuthorizationCodeChallenge | undefined | null): void;
  /** Install the application to a guild or to the user ({@link IntegrationType}); undefined: not asked. */
  IntegrationType(): Enums.IntegrationType | undefined;
  /** Sets the install type; `undefined` or `null` clears it. */
  SetIntegrationType(type: Enums.IntegrationType | undefined | null): void;
  /**
   * A URL scheme of the game: the redirect goes to `<scheme>:/authorize/callback` instead of a
   * loopback listener; complete it with {@link Client.HandleAuthorizeCallback}.
   */
  CustomSchemeParam(): string | undefined;
  /** Sets the custom scheme (a letter, then letters, digits, `+`, `-` or `.`; at most 64); `undefined` or `null` clears it. */
  SetCustomSchemeParam(scheme: string | undefined | null): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * The outcome of every Client operation: success, or what went wrong and what to do. The
 * callback form hands it over as the first argument; the Promise form resolves with it (in
 * the resolved object's `result`) or rejects with an {@link SdkError} carrying it. Made only by
 * the SDK (no public constructor).
 * @example
 * ```ts
 * client.SendLobbyMessage(lobbyId, text, (result, messageId) => {
 *   if (!result.Successful() && result.Retryable()) setTimeout(retry, result.RetryAfter() * 1000);
 * });
 * ```
 * @class
 */
export const ClientResult = addon.ClientResult as HandleClass<ClientResult>;
export interface ClientResult {
  /** A one-line summary for logs: `ClientResult { Type: ..., Successful: ..., Error: "...", ErrorCode: ..., Status: ..., Retryable: ..., RetryAfter: ... }`. */
  ToString(): string;
  /** What kind of failure ({@link ErrorType}; None on success). */
  Type(): Enums.ErrorType;
  /** Sets the type (for tests of code that handles results). */
  SetType(type: Enums.ErrorType): void;
  /** What happened, where, and after ` — ` what to do; empty on success. Never holds a secret. */
  Error(): string;
  /** Sets the error text. */
  SetError(error: string): void;
  /** The service's error code from a failed answer's JSON body (e.g. 10013, Unknown User); 0 when none. */
  ErrorCode(): number;
  /** Sets the error code. */
  SetErrorCode(code: number): void;
  /** The HTTP status of the answer ({@link HttpStatusCode}; None when there was no answer). */
  Status(): Enums.HttpStatusCode;
  /** Sets the HTTP status. */
  SetStatus(status: Enums.HttpStatusCode): void;
  /** The body of a failed HTTP answer, as the service sent it (for diagnostics). */
  ResponseBody(): string;
  /** Sets the response body. */
  SetResponseBody(body: string): void;
  /** True when the operation did what it was asked. */
  Successful(): boolean;
  /** Sets whether the operation succeeded. */
  SetSuccessful(successful: boolean): void;
  /** True when the same call may succeed later (a timeout, a 429, a 5xx); see RetryAfter. */
  Retryable(): boolean;
  /** Sets whether the call may be retried. */
  SetRetryable(retryable: boolean): void;
  /** Seconds. */
  RetryAfter(): number;
  /** Sets how long to wait before a retry, in seconds. */
  SetRetryAfter(seconds: number): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * Options of a new {@link Client} (its first constructor argument): the service's address, and
 * settings of the C++ SDK that this build keeps but does not act on. Empty bases fall back to
 * the environment (`SDKPP_API_BASE`, `SDKPP_WEB_BASE`), then to the local emulator's address
 * (`http://127.0.0.1:8790/api`, `http://127.0.0.1:8790`).
 * @example
 * ```ts
 * const options = new ClientCreateOptions();
 * options.SetApiBase('http://127.0.0.1:8790/api');
 * options.SetWebBase('http://127.0.0.1:8790');
 * const client = new Client(options);
 * ```
 * @class
 */
export const ClientCreateOptions = addon.ClientCreateOptions as ValueClass<ClientCreateOptions>;
export interface ClientCreateOptions {
  /** The web base: where the authorize page and invites live ('' for the default). */
  WebBase(): string;
  /**
   * Sets the web base.
   * @throws RangeError unless an http:// or https:// URL, or '' for the default.
   */
  SetWebBase(url: string): void;
  /** The API base: the HTTP API's root, ending in `/api` ('' for the default). */
  ApiBase(): string;
  /**
   * Sets the API base.
   * @throws RangeError unless an http:// or https:// URL, or '' for the default.
   */
  SetApiBase(url: string): void;
  /** The C++ SDK's audio system choice ({@link AudioSystem}); kept, no effect in this build. */
  ExperimentalAudioSystem(): Enums.AudioSystem;
  /**
   * Sets the audio system; kept, no effect in this build (a Client created with Game logs a
   * Warning saying so).
   * @throws RangeError for a value that is not an AudioSystem member.
   */
  SetExperimentalAudioSystem(system: Enums.AudioSystem): void;
  /** An Android setting of the C++ SDK; kept, no effect here. */
  ExperimentalAndroidPreventCommsForBluetooth(): boolean;
  /** Sets the Android setting; kept, no effect here (a Client created with true logs a Warning saying so). */
  SetExperimentalAndroidPreventCommsForBluetooth(prevent: boolean): void;
  /** The C++ SDK's CPU affinity for its threads; kept, no effect here (the SDK runs on the JS thread). */
  CpuAffinityMask(): bigint | undefined;
  /**
   * Sets the CPU affinity mask (a bigint, or a string of decimal digits); `undefined` or `null`
   * clears it. No effect here: a Client created with a mask logs a Warning saying so.
   */
  SetCpuAffinityMask(mask: bigint | string | undefined | null): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * What {@link Client.GetTokenFromDevice} asks for: the device flow (RFC 8628) for a console or
 * a TV, where the player approves on another device.
 * @class
 */
export const DeviceAuthorizationArgs = addon.DeviceAuthorizationArgs as ValueClass<DeviceAuthorizationArgs>;
export interface DeviceAuthorizationArgs {
  /** The application id; 0n: the one given to {@link Client.SetApplicationId}. */
  ClientId(): bigint;
  /**
   * Sets the application id (a bigint, or a string of decimal digits).
   * @throws RangeError for a negative value.
   */
  SetClientId(clientId: bigint | string): void;
  /** The scopes, space-separated. */
  Scopes(): string;
  /** Sets the scopes, space-separated (at most 4 KiB). */
  SetScopes(scopes: string): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * Runs queued callbacks now. Node users never need it: the addon schedules it by itself. It
 * exists for parity with C++, where the game calls it once a frame.
 */
export function RunCallbacks(): void {
  (addon.RunCallbacks as () => void)();
}
