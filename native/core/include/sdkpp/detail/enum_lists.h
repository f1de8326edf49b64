// The (Name, Value) lists of every enum in docs/guides/migrating-from-cpp.md, in the reference's order.
// Consumers: enums.h and the class headers (the enum types), src/enums (EnumToString) and
// native/napi (the frozen JS objects). Change a value here and all three follow.
#pragma once

#define SDKPP_ENUM_LIST_CLIENT_STATUS(X) \
  X(Disconnected, 0) X(Connecting, 1) X(Connected, 2) X(Ready, 3) X(Reconnecting, 4) \
  X(Disconnecting, 5) X(HttpWait, 6)
#define SDKPP_ENUM_LIST_CLIENT_ERROR(X) \
  X(None, 0) X(ConnectionFailed, 1) X(UnexpectedClose, 2) X(ConnectionCanceled, 3)
#define SDKPP_ENUM_LIST_CLIENT_THREAD(X) X(Client, 0) X(Voice, 1) X(Network, 2)
#define SDKPP_ENUM_LIST_CALL_STATUS(X) \
  X(Disconnected, 0) X(Joining, 1) X(Connecting, 2) X(SignalingConnected, 3) X(Connected, 4) \
  X(Reconnecting, 5) X(Disconnecting, 6)
#define SDKPP_ENUM_LIST_CALL_ERROR(X) \
  X(None, 0) X(SignalingConnectionFailed, 1) X(SignalingUnexpectedClose, 2) \
  X(VoiceConnectionFailed, 3) X(JoinTimeout, 4) X(Forbidden, 5)
#define SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE(X) X(Gif, 0) X(Webp, 1) X(Png, 2) X(Jpeg, 3)
#define SDKPP_ENUM_LIST_AUDIO_MODE_TYPE(X) X(MODE_UNINIT, 0) X(MODE_VAD, 1) X(MODE_PTT, 2)
#define SDKPP_ENUM_LIST_AUDIO_SYSTEM(X) X(Standard, 0) X(Game, 1)
#define SDKPP_ENUM_LIST_AUTHORIZATION_TOKEN_TYPE(X) X(User, 0) X(Bearer, 1)
#define SDKPP_ENUM_LIST_AUTHENTICATION_CODE_CHALLENGE_METHOD(X) X(S256, 0)
#define SDKPP_ENUM_LIST_AUTHENTICATION_EXTERNAL_AUTH_TYPE(X) \
  X(OIDC, 0) X(EpicOnlineServicesAccessToken, 1) X(EpicOnlineServicesIdToken, 2) \
  X(SteamSessionTicket, 3) X(UnityServicesIdToken, 4) X(ServiceBotIssuedAccessToken, 5) \
  X(AppleIdToken, 6) X(PlayStationNetworkIdToken, 7)
#define SDKPP_ENUM_LIST_EXTERNAL_IDENTITY_PROVIDER_TYPE(X) \
  X(OIDC, 0) X(EpicOnlineServices, 1) X(Steam, 2) X(Unity, 3) X(ServiceBot, 4) X(None, 5) \
  X(Unknown, 6)
#define SDKPP_ENUM_LIST_INTEGRATION_TYPE(X) X(GuildInstall, 0) X(UserInstall, 1)
#define SDKPP_ENUM_LIST_ACTIVITY_TYPES(X) \
  X(Playing, 0) X(Streaming, 1) X(Listening, 2) X(Watching, 3) X(CustomStatus, 4) \
  X(Competing, 5) X(HangStatus, 6)
#define SDKPP_ENUM_LIST_ACTIVITY_ACTION_TYPES(X) X(Invalid, 0) X(Join, 1) X(JoinRequest, 5)
#define SDKPP_ENUM_LIST_ACTIVITY_PARTY_PRIVACY(X) X(Private, 0) X(Public, 1)
#define SDKPP_ENUM_LIST_STATUS_DISPLAY_TYPES(X) X(Name, 0) X(State, 1) X(Details, 2)
#define SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(X) \
  X(Desktop, 1) X(Xbox, 2) X(Samsung, 4) X(IOS, 8) X(Android, 16) X(Embedded, 32) X(PS4, 64) \
  X(PS5, 128)
#define SDKPP_ENUM_LIST_STATUS_TYPE(X) \
  X(Online, 0) X(Offline, 1) X(Blocked, 2) X(Idle, 3) X(Dnd, 4) X(Invisible, 5) \
  X(Streaming, 6) X(Unknown, 7)
#define SDKPP_ENUM_LIST_LOGGING_SEVERITY(X) \
  X(Verbose, 1) X(Info, 2) X(Warning, 3) X(Error, 4) X(None, 5)
#define SDKPP_ENUM_LIST_ERROR_TYPE(X) \
  X(None, 0) X(NetworkError, 1) X(HTTPError, 2) X(ClientNotReady, 3) X(Disabled, 4) \
  X(ClientDestroyed, 5) X(ValidationError, 6) X(Aborted, 7) X(AuthorizationFailed, 8) \
  X(RPCError, 9)
#define SDKPP_ENUM_LIST_HTTP_STATUS_CODE(X) \
  X(None, 0) X(Continue, 100) X(SwitchingProtocols, 101) X(Processing, 102) \
  X(EarlyHints, 103) X(Ok, 200) X(Created, 201) X(Accepted, 202) \
  X(NonAuthoritativeInfo, 203) X(NoContent, 204) X(ResetContent, 205) \
  X(PartialContent, 206) X(MultiStatus, 207) X(AlreadyReported, 208) X(ImUsed, 209) \
  X(MultipleChoices, 300) X(MovedPermanently, 301) X(Found, 302) X(SeeOther, 303) \
  X(NotModified, 304) X(TemporaryRedirect, 307) X(PermanentRedirect, 308) \
  X(BadRequest, 400) X(Unauthorized, 401) X(PaymentRequired, 402) X(Forbidden, 403) \
  X(NotFound, 404) X(MethodNotAllowed, 405) X(NotAcceptable, 406) \
  X(ProxyAuthRequired, 407) X(RequestTimeout, 408) X(Conflict, 409) X(Gone, 410) \
  X(LengthRequired, 411) X(PreconditionFailed, 412) X(PayloadTooLarge, 413) \
  X(UriTooLong, 414) X(UnsupportedMediaType, 415) X(RangeNotSatisfiable, 416) \
  X(ExpectationFailed, 417) X(MisdirectedRequest, 421) X(UnprocessableEntity, 422) \
  X(Locked, 423) X(FailedDependency, 424) X(TooEarly, 425) X(UpgradeRequired, 426) \
  X(PreconditionRequired, 428) X(TooManyRequests, 429) \
  X(RequestHeaderFieldsTooLarge, 431) X(InternalServerError, 500) \
  X(NotImplemented, 501) X(BadGateway, 502) X(ServiceUnavailable, 503) \
  X(GatewayTimeout, 504) X(HttpVersionNotSupported, 505) X(VariantAlsoNegotiates, 506) \
  X(InsufficientStorage, 507) X(LoopDetected, 508) X(NotExtended, 510) \
  X(NetworkAuthenticationRequired, 511)
#define SDKPP_ENUM_LIST_CHANNEL_TYPE(X) \
  X(GuildText, 0) X(Dm, 1) X(GuildVoice, 2) X(GroupDm, 3) X(GuildCategory, 4) \
  X(GuildNews, 5) X(GuildStore, 6) X(GuildNewsThread, 10) X(GuildPublicThread, 11) \
  X(GuildPrivateThread, 12) X(GuildStageVoice, 13) X(GuildDirectory, 14) X(GuildForum, 15) \
  X(GuildMedia, 16) X(Lobby, 17) X(EphemeralDm, 18)
#define SDKPP_ENUM_LIST_RELATIONSHIP_TYPE(X) \
  X(None, 0) X(Friend, 1) X(Blocked, 2) X(PendingIncoming, 3) X(PendingOutgoing, 4) \
  X(Implicit, 5) X(Suggestion, 6)
#define SDKPP_ENUM_LIST_RELATIONSHIP_GROUP_TYPE(X) \
  X(OnlinePlayingGame, 0) X(OnlineElsewhere, 1) X(Offline, 2)
#define SDKPP_ENUM_LIST_ADDITIONAL_CONTENT_TYPE(X) \
  X(Other, 0) X(Attachment, 1) X(Poll, 2) X(VoiceMessage, 3) X(Thread, 4) X(Embed, 5) \
  X(Sticker, 6)
#define SDKPP_ENUM_LIST_DISCLOSURE_TYPES(X) X(MessageDataVisibleOnService, 3)

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
