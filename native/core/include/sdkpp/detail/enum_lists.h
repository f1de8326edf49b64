// The (Name, Value) lists of every enum in docs/guides/migrating-from-cpp.md, in the reference's order.
// Consumers: enums.h and the class headers (the enum types), src/enums (EnumToString) and
// native/napi (the frozen JS objects). Change a value here and all three follow. Each member
// carries its meaning in a /** */ comment before it: the words of its doc in
// lib/sdk/enums.generated.ts (scripts/build/enum-docs.mjs; a {@link A.B} there reads A::B here),
// held equal by test/docs/cpp_header_docs.test.ts.
#pragma once

#define SDKPP_ENUM_LIST_CLIENT_STATUS(X) \
  /** No gateway session. */ X(Disconnected, 0) \
  /** Opening the gateway connection. */ X(Connecting, 1) \
  /** The connection is open; identifying. */ X(Connected, 2) \
  /** The session is ready: presence, lobbies, messages and calls work. */ X(Ready, 3) \
  /** The connection dropped; reconnecting (and resuming, without losing events). */ X(Reconnecting, 4) \
  /** Closing the session (Disconnect). */ X(Disconnecting, 5) \
  /** Asking the service for the gateway's address (or waiting to retry it). */ X(HttpWait, 6)
#define SDKPP_ENUM_LIST_CLIENT_ERROR(X) \
  /** Nothing went wrong. */ X(None, 0) \
  /** Connect stopped: no token, the token was refused, or the service refused the session (errorDetail: the close code or HTTP status). */ X(ConnectionFailed, 1) \
  /** The connection closed unexpectedly; the SDK reconnects. */ X(UnexpectedClose, 2) \
  /** The connection was cancelled (the C++ SDK's value; this SDK does not answer it). */ X(ConnectionCanceled, 3)
#define SDKPP_ENUM_LIST_CLIENT_THREAD(X) \
  /** The thread of the Client's work (here: the JS thread; no effect). */ X(Client, 0) \
  /** The audio thread (its backend applies the priority when it can). */ X(Voice, 1) \
  /** The network thread (here: the JS thread; no effect). */ X(Network, 2)
#define SDKPP_ENUM_LIST_CALL_STATUS(X) \
  /** Not in the call (it ended, or failed: see the error). */ X(Disconnected, 0) \
  /** Asking the service to join the call. */ X(Joining, 1) \
  /** Connecting to the voice server. */ X(Connecting, 2) \
  /** The voice server's signaling is up; setting up the media transport. */ X(SignalingConnected, 3) \
  /** In the call: audio flows. */ X(Connected, 4) \
  /** The voice connection dropped; reconnecting. */ X(Reconnecting, 5) \
  /** Leaving the call. */ X(Disconnecting, 6)
#define SDKPP_ENUM_LIST_CALL_ERROR(X) \
  /** Nothing went wrong. */ X(None, 0) \
  /** The voice server's signaling could not be connected (errorDetail: its close code). */ X(SignalingConnectionFailed, 1) \
  /** The signaling closed unexpectedly, or the player was removed from the call. */ X(SignalingUnexpectedClose, 2) \
  /** The media transport could not be set up. */ X(VoiceConnectionFailed, 3) \
  /** No voice server was assigned within 10 s. */ X(JoinTimeout, 4) \
  /** The service refused the join. */ X(Forbidden, 5)
#define SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE(X) \
  /** GIF (animated avatars). */ X(Gif, 0) \
  /** WebP. */ X(Webp, 1) \
  /** PNG. */ X(Png, 2) \
  /** JPEG. */ X(Jpeg, 3)
#define SDKPP_ENUM_LIST_AUDIO_MODE_TYPE(X) \
  /** Not set yet (only read, never accepted by SetAudioMode). */ X(MODE_UNINIT, 0) \
  /** Voice activity: send while the input is above the VAD threshold. */ X(MODE_VAD, 1) \
  /** Push-to-talk: send while Call::SetPTTActive holds it (plus the release delay). */ X(MODE_PTT, 2)
#define SDKPP_ENUM_LIST_AUDIO_SYSTEM(X) \
  /** The standard audio system. */ X(Standard, 0) \
  /** The game-oriented audio system. */ X(Game, 1)
#define SDKPP_ENUM_LIST_AUTHORIZATION_TOKEN_TYPE(X) \
  /** A user token of the C++ SDK's older flows. */ X(User, 0) \
  /** An OAuth2 bearer token: what every token call answers. */ X(Bearer, 1)
#define SDKPP_ENUM_LIST_AUTHENTICATION_CODE_CHALLENGE_METHOD(X) \
  /** SHA-256 of the verifier, base64url (RFC 7636): the only method. */ X(S256, 0)
#define SDKPP_ENUM_LIST_AUTHENTICATION_EXTERNAL_AUTH_TYPE(X) \
  /** An OpenID Connect ID token of the game's own identity provider. */ X(OIDC, 0) \
  /** An Epic Online Services access token. */ X(EpicOnlineServicesAccessToken, 1) \
  /** An Epic Online Services ID token. */ X(EpicOnlineServicesIdToken, 2) \
  /** A Steam session ticket. */ X(SteamSessionTicket, 3) \
  /** A Unity Gaming Services ID token. */ X(UnityServicesIdToken, 4) \
  /** An access token the application's bot issued. */ X(ServiceBotIssuedAccessToken, 5) \
  /** A Sign in with Apple ID token. */ X(AppleIdToken, 6) \
  /** A PlayStation Network ID token. */ X(PlayStationNetworkIdToken, 7)
#define SDKPP_ENUM_LIST_EXTERNAL_IDENTITY_PROVIDER_TYPE(X) \
  /** An OpenID Connect provider (see ProviderId). */ X(OIDC, 0) \
  /** Epic Online Services. */ X(EpicOnlineServices, 1) \
  /** Steam. */ X(Steam, 2) \
  /** Unity Gaming Services. */ X(Unity, 3) \
  /** The application's bot. */ X(ServiceBot, 4) \
  /** No provider. */ X(None, 5) \
  /** A provider this SDK does not know. */ X(Unknown, 6)
#define SDKPP_ENUM_LIST_INTEGRATION_TYPE(X) \
  /** To a guild (server). */ X(GuildInstall, 0) \
  /** To the user's account. */ X(UserInstall, 1)
#define SDKPP_ENUM_LIST_ACTIVITY_TYPES(X) \
  /** Playing {name}. */ X(Playing, 0) \
  /** Streaming (not accepted from a game). */ X(Streaming, 1) \
  /** Listening to {name}. */ X(Listening, 2) \
  /** Watching {name}. */ X(Watching, 3) \
  /** A custom status (not accepted from a game). */ X(CustomStatus, 4) \
  /** Competing in {name}. */ X(Competing, 5) \
  /** A hang status (not accepted from a game). */ X(HangStatus, 6)
#define SDKPP_ENUM_LIST_ACTIVITY_ACTION_TYPES(X) \
  /** Not an invite (a default or unknown value). */ X(Invalid, 0) \
  /** An invitation to join the sender's party. */ X(Join, 1) \
  /** The sender asks to join the current user's party. */ X(JoinRequest, 5)
#define SDKPP_ENUM_LIST_ACTIVITY_PARTY_PRIVACY(X) \
  /** Only invited players. */ X(Private, 0) \
  /** Anyone who can see the activity. */ X(Public, 1)
#define SDKPP_ENUM_LIST_STATUS_DISPLAY_TYPES(X) \
  /** The activity's name. */ X(Name, 0) \
  /** The activity's state. */ X(State, 1) \
  /** The activity's details. */ X(Details, 2)
#define SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(X) \
  /** Windows, macOS, Linux. */ X(Desktop, 1) \
  /** Xbox. */ X(Xbox, 2) \
  /** Samsung devices. */ X(Samsung, 4) \
  /** iOS. */ X(IOS, 8) \
  /** Android. */ X(Android, 16) \
  /** An embedded (in-client) activity. */ X(Embedded, 32) \
  /** PlayStation 4. */ X(PS4, 64) \
  /** PlayStation 5. */ X(PS5, 128)
#define SDKPP_ENUM_LIST_STATUS_TYPE(X) \
  /** Online. */ X(Online, 0) \
  /** Offline. */ X(Offline, 1) \
  /** The user is blocked. */ X(Blocked, 2) \
  /** Away. */ X(Idle, 3) \
  /** Do not disturb. */ X(Dnd, 4) \
  /** Online, shown as offline to others. */ X(Invisible, 5) \
  /** Streaming. */ X(Streaming, 6) \
  /** The SDK has not heard the user's status. */ X(Unknown, 7)
#define SDKPP_ENUM_LIST_LOGGING_SEVERITY(X) \
  /** Every step (debug builds only). */ X(Verbose, 1) \
  /** Notable events (debug builds only). */ X(Info, 2) \
  /** Something went wrong and the SDK carried on, or needs the app's attention. */ X(Warning, 3) \
  /** An operation failed. */ X(Error, 4) \
  /** As a minimum: no lines at all. */ X(None, 5)
#define SDKPP_ENUM_LIST_ERROR_TYPE(X) \
  /** No error: the operation succeeded. */ X(None, 0) \
  /** No answer: the service could not be reached, the connection broke, or the request timed out (Client::SetHttpRequestTimeout). */ X(NetworkError, 1) \
  /** The service answered with an error status (see Status(), ErrorCode(), ResponseBody()), or with a body the SDK could not read. */ X(HTTPError, 2) \
  /** The call needs a token (Client::UpdateToken) or a Ready gateway session (Client::Connect) that the Client does not have yet. */ X(ClientNotReady, 3) \
  /** The feature is disabled (the C++ SDK's value; this SDK does not answer it). */ X(Disabled, 4) \
  /** The Client was disposed (or is Client::nullobj) before the operation answered. */ X(ClientDestroyed, 5) \
  /** An argument broke a rule (sdkpp/limits.h); nothing was sent. The error text names the argument and the rule. */ X(ValidationError, 6) \
  /** The operation was cancelled: AbortAuthorize, AbortGetTokenFromDevice, or a newer call of the same kind. */ X(Aborted, 7) \
  /** The player did not authorize, the authorization timed out, or the service refused the grant (tokens dropped). */ X(AuthorizationFailed, 8) \
  /** The local chat client (IPC) refused the request or is not there. */ X(RPCError, 9)
#define SDKPP_ENUM_LIST_HTTP_STATUS_CODE(X) \
  /** No HTTP status: there was no answer. */ X(None, 0) \
  /** HTTP 100. */ X(Continue, 100) \
  /** HTTP 101. */ X(SwitchingProtocols, 101) \
  /** HTTP 102. */ X(Processing, 102) \
  /** HTTP 103. */ X(EarlyHints, 103) \
  /** HTTP 200. */ X(Ok, 200) \
  /** HTTP 201. */ X(Created, 201) \
  /** HTTP 202. */ X(Accepted, 202) \
  /** HTTP 203. */ X(NonAuthoritativeInfo, 203) \
  /** HTTP 204. */ X(NoContent, 204) \
  /** HTTP 205. */ X(ResetContent, 205) \
  /** HTTP 206. */ X(PartialContent, 206) \
  /** HTTP 207. */ X(MultiStatus, 207) \
  /** HTTP 208. */ X(AlreadyReported, 208) \
  /** HTTP 209. */ X(ImUsed, 209) \
  /** HTTP 300. */ X(MultipleChoices, 300) \
  /** HTTP 301. */ X(MovedPermanently, 301) \
  /** HTTP 302. */ X(Found, 302) \
  /** HTTP 303. */ X(SeeOther, 303) \
  /** HTTP 304. */ X(NotModified, 304) \
  /** HTTP 307. */ X(TemporaryRedirect, 307) \
  /** HTTP 308. */ X(PermanentRedirect, 308) \
  /** HTTP 400. */ X(BadRequest, 400) \
  /** HTTP 401. */ X(Unauthorized, 401) \
  /** HTTP 402. */ X(PaymentRequired, 402) \
  /** HTTP 403. */ X(Forbidden, 403) \
  /** HTTP 404. */ X(NotFound, 404) \
  /** HTTP 405. */ X(MethodNotAllowed, 405) \
  /** HTTP 406. */ X(NotAcceptable, 406) \
  /** HTTP 407. */ X(ProxyAuthRequired, 407) \
  /** HTTP 408. */ X(RequestTimeout, 408) \
  /** HTTP 409. */ X(Conflict, 409) \
  /** HTTP 410. */ X(Gone, 410) \
  /** HTTP 411. */ X(LengthRequired, 411) \
  /** HTTP 412. */ X(PreconditionFailed, 412) \
  /** HTTP 413. */ X(PayloadTooLarge, 413) \
  /** HTTP 414. */ X(UriTooLong, 414) \
  /** HTTP 415. */ X(UnsupportedMediaType, 415) \
  /** HTTP 416. */ X(RangeNotSatisfiable, 416) \
  /** HTTP 417. */ X(ExpectationFailed, 417) \
  /** HTTP 421. */ X(MisdirectedRequest, 421) \
  /** HTTP 422. */ X(UnprocessableEntity, 422) \
  /** HTTP 423. */ X(Locked, 423) \
  /** HTTP 424. */ X(FailedDependency, 424) \
  /** HTTP 425. */ X(TooEarly, 425) \
  /** HTTP 426. */ X(UpgradeRequired, 426) \
  /** HTTP 428. */ X(PreconditionRequired, 428) \
  /** HTTP 429. */ X(TooManyRequests, 429) \
  /** HTTP 431. */ X(RequestHeaderFieldsTooLarge, 431) \
  /** HTTP 500. */ X(InternalServerError, 500) \
  /** HTTP 501. */ X(NotImplemented, 501) \
  /** HTTP 502. */ X(BadGateway, 502) \
  /** HTTP 503. */ X(ServiceUnavailable, 503) \
  /** HTTP 504. */ X(GatewayTimeout, 504) \
  /** HTTP 505. */ X(HttpVersionNotSupported, 505) \
  /** HTTP 506. */ X(VariantAlsoNegotiates, 506) \
  /** HTTP 507. */ X(InsufficientStorage, 507) \
  /** HTTP 508. */ X(LoopDetected, 508) \
  /** HTTP 510. */ X(NotExtended, 510) \
  /** HTTP 511. */ X(NetworkAuthenticationRequired, 511)
#define SDKPP_ENUM_LIST_CHANNEL_TYPE(X) \
  /** A guild text channel. */ X(GuildText, 0) \
  /** A direct message with one user. */ X(Dm, 1) \
  /** A guild voice channel. */ X(GuildVoice, 2) \
  /** A direct message with several users. */ X(GroupDm, 3) \
  /** A category of guild channels. */ X(GuildCategory, 4) \
  /** A guild announcement channel. */ X(GuildNews, 5) \
  /** A guild store channel (retired). */ X(GuildStore, 6) \
  /** A thread of an announcement channel. */ X(GuildNewsThread, 10) \
  /** A public thread. */ X(GuildPublicThread, 11) \
  /** A private thread. */ X(GuildPrivateThread, 12) \
  /** A stage channel. */ X(GuildStageVoice, 13) \
  /** A guild directory. */ X(GuildDirectory, 14) \
  /** A forum channel. */ X(GuildForum, 15) \
  /** A media channel. */ X(GuildMedia, 16) \
  /** A lobby's channel. */ X(Lobby, 17) \
  /** A direct message that is not kept (between provisional accounts). */ X(EphemeralDm, 18)
#define SDKPP_ENUM_LIST_RELATIONSHIP_TYPE(X) \
  /** No relationship. */ X(None, 0) \
  /** Friends. */ X(Friend, 1) \
  /** The current user blocked the other. */ X(Blocked, 2) \
  /** The other user sent a friend request. */ X(PendingIncoming, 3) \
  /** The current user sent a friend request. */ X(PendingOutgoing, 4) \
  /** An implicit relationship (played together). */ X(Implicit, 5) \
  /** A friend suggestion. */ X(Suggestion, 6)
#define SDKPP_ENUM_LIST_RELATIONSHIP_GROUP_TYPE(X) \
  /** Online and playing this game. */ X(OnlinePlayingGame, 0) \
  /** Online, not in this game. */ X(OnlineElsewhere, 1) \
  /** Offline (or invisible, or status unknown). */ X(Offline, 2)
#define SDKPP_ENUM_LIST_ADDITIONAL_CONTENT_TYPE(X) \
  /** Something else. */ X(Other, 0) \
  /** Files. */ X(Attachment, 1) \
  /** A poll. */ X(Poll, 2) \
  /** A voice message. */ X(VoiceMessage, 3) \
  /** A thread started from the message. */ X(Thread, 4) \
  /** Embeds. */ X(Embed, 5) \
  /** Stickers. */ X(Sticker, 6)
#define SDKPP_ENUM_LIST_DISCLOSURE_TYPES(X) \
  /** The message is also visible on the service (outside the game). */ X(MessageDataVisibleOnService, 3)

// Every enum once, as (C++ type, JS export name, list) for generic consumers.
#define SDKPP_FOR_EACH_NAMESPACE_ENUM(E) \
  E(AudioModeType, "AudioModeType", SDKPP_ENUM_LIST_AUDIO_MODE_TYPE) \
  E(AudioSystem, "AudioSystem", SDKPP_ENUM_LIST_AUDIO_SYSTEM) \
  E(AuthorizationTokenType, "AuthorizationTokenType", SDKPP_ENUM_LIST_AUTHORIZATION_TOKEN_TYPE) \
  E(AuthenticationCodeChallengeMethod, "AuthenticationCodeChallengeMethod", \
    SDKPP_ENUM_LIST_AUTHENTICATION_CODE_CHALLENGE_METHOD) \
  E(AuthenticationExternalAuthType, "AuthenticationExternalAuthType", \
    SDKPP_ENUM_LIST_AUTHENTICATION_EXTERNAL_AUTH_TYPE) \
  E(ExternalIdentityProviderType, "ExternalIdentityProviderType", \
    SDKPP_ENUM_LIST_EXTERNAL_IDENTITY_PROVIDER_TYPE) \
  E(IntegrationType, "IntegrationType", SDKPP_ENUM_LIST_INTEGRATION_TYPE) \
  E(ActivityTypes, "ActivityTypes", SDKPP_ENUM_LIST_ACTIVITY_TYPES) \
  E(ActivityActionTypes, "ActivityActionTypes", SDKPP_ENUM_LIST_ACTIVITY_ACTION_TYPES) \
  E(ActivityPartyPrivacy, "ActivityPartyPrivacy", SDKPP_ENUM_LIST_ACTIVITY_PARTY_PRIVACY) \
  E(StatusDisplayTypes, "StatusDisplayTypes", SDKPP_ENUM_LIST_STATUS_DISPLAY_TYPES) \
  E(ActivityGamePlatforms, "ActivityGamePlatforms", SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS) \
  E(StatusType, "StatusType", SDKPP_ENUM_LIST_STATUS_TYPE) \
  E(LoggingSeverity, "LoggingSeverity", SDKPP_ENUM_LIST_LOGGING_SEVERITY) \
  E(ErrorType, "ErrorType", SDKPP_ENUM_LIST_ERROR_TYPE) \
  E(HttpStatusCode, "HttpStatusCode", SDKPP_ENUM_LIST_HTTP_STATUS_CODE) \
  E(ChannelType, "ChannelType", SDKPP_ENUM_LIST_CHANNEL_TYPE) \
  E(RelationshipType, "RelationshipType", SDKPP_ENUM_LIST_RELATIONSHIP_TYPE) \
  E(RelationshipGroupType, "RelationshipGroupType", SDKPP_ENUM_LIST_RELATIONSHIP_GROUP_TYPE) \
  E(AdditionalContentType, "AdditionalContentType", SDKPP_ENUM_LIST_ADDITIONAL_CONTENT_TYPE) \
  E(DisclosureTypes, "DisclosureTypes", SDKPP_ENUM_LIST_DISCLOSURE_TYPES)

// Enums nested in a class: (C++ qualified type, JS owner, JS member name, list).
#define SDKPP_FOR_EACH_NESTED_ENUM(E) \
  E(Client::Status, "Client", "Status", SDKPP_ENUM_LIST_CLIENT_STATUS) \
  E(Client::Error, "Client", "Error", SDKPP_ENUM_LIST_CLIENT_ERROR) \
  E(Client::Thread, "Client", "Thread", SDKPP_ENUM_LIST_CLIENT_THREAD) \
  E(Call::Status, "Call", "Status", SDKPP_ENUM_LIST_CALL_STATUS) \
  E(Call::Error, "Call", "Error", SDKPP_ENUM_LIST_CALL_ERROR) \
  E(UserHandle::AvatarType, "UserHandle", "AvatarType", SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE)
