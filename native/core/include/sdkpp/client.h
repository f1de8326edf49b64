// The SDK's entry point (docs/guides/migrating-from-cpp.md, "Client"). Move-only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdkpp/activity.h"
#include "sdkpp/activity_invite.h"
#include "sdkpp/authorization_args.h"
#include "sdkpp/audio_device.h"
#include "sdkpp/authorization_code.h"
#include "sdkpp/call.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/client_result.h"
#include "sdkpp/device_authorization_args.h"
#include "sdkpp/guild_types.h"
#include "sdkpp/lobby_handle.h"
#include "sdkpp/message_handle.h"
#include "sdkpp/platform.h"
#include "sdkpp/relationship_handle.h"
#include "sdkpp/user_handle.h"
#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"
#include "sdkpp/enums.h"

namespace sdkpp {

class ClientImpl;
namespace detail {
struct ClientAccess;
}

// The SDK's entry point: one player's session with the service. The same names and words as the
// TypeScript Client (lib/sdk/client*.ts), adapted to C++:
// - A method that ends in a callback answers through it exactly once, also on failure, from
//   RunCallbacks(): a ClientResult first (Successful(), or Type() naming the failure:
//   ValidationError for an argument that breaks a rule, named in Error(), and nothing was sent;
//   ClientNotReady without a token or before Ready where that is needed; HTTPError when the
//   service refused, with Status() and ErrorCode(); NetworkError, Retryable() set when a retry
//   may succeed), then the values. An invalid Client (moved from, or nullobj) answers
//   ClientDestroyed.
// - A Set...Callback replaces the previous callback; an empty std::function removes it. Events
//   are delivered through RunCallbacks() too.
// - Ids are snowflakes (uint64_t); texts are counted in code points against the limits in
//   sdkpp/limits.h (limits::k...).
// - A setting out of range (a volume, a threshold) is refused with an Error line in the log
//   and changes nothing.
// - Secrets (tokens, codes, verifiers) never appear in logs or result texts.
class Client {
 public:
  // The Client's connection states (GetStatus, SetStatusChangedCallback). Its members, each with
  // its meaning: detail/enum_lists.h.
  enum class Status : int32_t { SDKPP_ENUM_LIST_CLIENT_STATUS(SDKPP_ENUM_MEMBER) };
  // Why the Client's status changed (the status callback's second argument). Its members, each
  // with its meaning: detail/enum_lists.h.
  enum class Error : int32_t { SDKPP_ENUM_LIST_CLIENT_ERROR(SDKPP_ENUM_MEMBER) };
  // The C++ SDK's threads, for SetThreadPriority. Its members, each with its meaning:
  // detail/enum_lists.h.
  enum class Thread : int32_t { SDKPP_ENUM_LIST_CLIENT_THREAD(SDKPP_ENUM_MEMBER) };

  // A log line, secrets masked, and its severity (AddLogCallback, AddVoiceLogCallback).
  using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;
  // The answer of an operation that returns nothing but its ClientResult.
  using ResultCallback = std::function<void(ClientResult result)>;
  // Authorize's answer: on success the authorization `code` and the `redirectUri` it was sent to,
  // both to pass to GetToken; on failure empty strings.
  using AuthorizationCallback =
      std::function<void(ClientResult result, std::string code, std::string redirectUri)>;
  // The token calls' answer (GetToken, RefreshToken, GetTokenFromDevice, GetProvisionalToken,
  // GetTokenFromProvisionalMerge): the access token (for UpdateToken; a secret), the refresh
  // token (for RefreshToken; empty when the grant has none; a secret), the access token's type
  // (Bearer), its lifetime in seconds, and the granted scopes, space-separated.
  using TokenExchangeCallback = std::function<void(
      ClientResult result, std::string accessToken, std::string refreshToken,
      AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  // ExchangeChildToken's answer: the child application's access token (child tokens have no
  // refresh token; a secret), its type, its lifetime in seconds and its scopes.
  using ExchangeChildTokenCallback =
      std::function<void(ClientResult result, std::string accessToken,
                         AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  // FetchCurrentUser's answer: the token's user id and username (0 and "" on failure).
  using FetchCurrentUserCallback =
      std::function<void(ClientResult result, uint64_t id, std::string name)>;
  // Every change of GetStatus(): the new Status, the Error that caused it (None when nothing went
  // wrong) and a detail (the gateway close code or HTTP status, or 0).
  using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
  // The local chat client asks the game to authorize (RegisterAuthorizeRequestCallback).
  using AuthorizeRequestCallback = std::function<void()>;
  // The current token expires in 5 minutes (SetTokenExpirationCallback): refresh it.
  using TokenExpirationCallback = std::function<void()>;
  // RevokeToken's answer: the result alone.
  using RevokeTokenCallback = ResultCallback;
  // Metadata of a lobby, a lobby member or a message: string keys to string values. Keys and
  // values together count at most limits::kMaxMetadataCodePoints code points.
  using StringMap = std::unordered_map<std::string, std::string>;
  // CreateOrJoinLobby's answer: the lobby's id (0 on failure).
  using CreateOrJoinLobbyCallback = std::function<void(ClientResult result, uint64_t lobbyId)>;
  // A lobby event: the lobby's id (the shape of LobbyCreatedCallback, LobbyDeletedCallback,
  // LobbyUpdatedCallback).
  using LobbyIdCallback = std::function<void(uint64_t lobbyId)>;
  // A lobby member event: the lobby and the member's user id (the shape of the LobbyMember...
  // callbacks).
  using LobbyMemberCallback = std::function<void(uint64_t lobbyId, uint64_t memberId)>;
  // The current user joined a lobby, or a lobby they are in appeared (SetLobbyCreatedCallback).
  using LobbyCreatedCallback = LobbyIdCallback;
  // The current user left a lobby, or it was deleted (SetLobbyDeletedCallback).
  using LobbyDeletedCallback = LobbyIdCallback;
  // A lobby's metadata or linked channel changed (SetLobbyUpdatedCallback).
  using LobbyUpdatedCallback = LobbyIdCallback;
  // A member joined a lobby (SetLobbyMemberAddedCallback): the lobby and the member's user id.
  using LobbyMemberAddedCallback = LobbyMemberCallback;
  // A member left a lobby (SetLobbyMemberRemovedCallback).
  using LobbyMemberRemovedCallback = LobbyMemberCallback;
  // A member's metadata or connection changed (SetLobbyMemberUpdatedCallback).
  using LobbyMemberUpdatedCallback = LobbyMemberCallback;
  // JoinLinkedLobbyGuild's answer: a single-use invite URL to the linked channel's guild ("" on
  // failure).
  using JoinLinkedLobbyGuildCallback = std::function<void(ClientResult result, std::string inviteUrl)>;
  // JoinLinkedLobbyGuild needs a full account: merge the provisional one, then call
  // ProvisionalUserMergeCompleted.
  using ProvisionalUserMergeRequiredCallback = std::function<void()>;
  // A sent message's answer (SendLobbyMessage, SendUserMessage and their WithMetadata forms): the
  // new message's id (0 on failure).
  using SendUserMessageCallback = std::function<void(ClientResult result, uint64_t messageId)>;
  // A message history's answer: the messages, newest first (empty on failure).
  using MessagesCallback = std::function<void(ClientResult result, std::vector<MessageHandle> messages)>;
  // GetLobbyMessagesWithLimit's answer: the messages, newest first (empty on failure).
  using GetLobbyMessagesCallback = MessagesCallback;
  // GetUserMessagesWithLimit's answer: the messages, newest first (empty on failure).
  using UserMessagesWithLimitCallback = MessagesCallback;
  // GetUserMessageSummaries's answer: one summary per DM conversation.
  using UserMessageSummariesCallback =
      std::function<void(ClientResult result, std::vector<UserMessageSummary> summaries)>;
  // A message arrived or was sent, once per message (SetMessageCreatedCallback); read it with
  // GetMessageHandle.
  using MessageCreatedCallback = std::function<void(uint64_t messageId)>;
  // A message was edited (SetMessageUpdatedCallback).
  using MessageUpdatedCallback = std::function<void(uint64_t messageId)>;
  // A message was deleted (SetMessageDeletedCallback): its id and its channel's.
  using MessageDeletedCallback = std::function<void(uint64_t messageId, uint64_t channelId)>;
  // GetUserGuilds's answer: the guilds the current user is in.
  using GetUserGuildsCallback = std::function<void(ClientResult result, std::vector<GuildMinimal> guilds)>;
  // GetGuildChannels's answer: the guild's channels, sorted as the chat client shows them.
  using GetGuildChannelsCallback =
      std::function<void(ClientResult result, std::vector<GuildChannel> guildChannels)>;
  // A user's name, avatar, status or activity changed (SetUserUpdatedCallback).
  using UserUpdatedCallback = std::function<void(uint64_t userId)>;
  // A relationship event: the other user, and whether the change is on the service (true) or in
  // the game (false).
  using RelationshipCallback = std::function<void(uint64_t userId, bool isServiceRelationshipUpdate)>;
  // A relationship began or changed type (SetRelationshipCreatedCallback): the other user, and
  // whether the change is on the service (true) or in the game (false).
  using RelationshipCreatedCallback = RelationshipCallback;
  // A relationship ended (SetRelationshipDeletedCallback); same arguments as
  // RelationshipCreatedCallback.
  using RelationshipDeletedCallback = RelationshipCallback;
  // A friend moved between RelationshipGroupType groups (SetRelationshipGroupsUpdatedCallback).
  using RelationshipGroupsUpdatedCallback = std::function<void(uint64_t userId)>;
  // AcceptActivityInvite's answer: the party's join secret ("" on failure).
  using AcceptActivityInviteCallback = std::function<void(ClientResult result, std::string joinSecret)>;
  // An activity invite or join request arrived or changed (SetActivityInviteCreatedCallback,
  // SetActivityInviteUpdatedCallback).
  using ActivityInviteCallback = std::function<void(ActivityInvite invite)>;
  // The player accepted an invite in the chat client: join the party of this secret
  // (SetActivityJoinCallback).
  using ActivityJoinCallback = std::function<void(std::string joinSecret)>;
  // As ActivityJoinCallback, with the application the invite was for
  // (SetActivityJoinWithApplicationCallback).
  using ActivityJoinWithApplicationCallback =
      std::function<void(uint64_t applicationId, std::string joinSecret)>;
  // IsServiceAppInstalled's answer: whether the local chat client answers over IPC.
  using IsServiceAppInstalledCallback = std::function<void(bool installed)>;
  // The reference gives this callback no row; a result alone would lose the user it is for.
  using GetServiceClientConnectedUserCallback =
      std::function<void(ClientResult result, std::optional<UserHandle> user)>;
  // --- audio and calls (docs/voice-calls.md). The two audio callbacks run on the audio thread
  // (Client::Thread::Voice), once per 20 ms frame and participant, and must not block: 48 kHz,
  // 2 channels, 960 samples per channel, interleaved; `data` may be changed in place.
  // A participant's decoded frame (StartCallWithAudioCallbacks): `userId`'s audio; set
  // `outShouldMute` to keep this frame out of the mix.
  using UserAudioReceivedCallback =
      std::function<void(uint64_t userId, int16_t* data, uint64_t samplesPerChannel,
                         int32_t sampleRate, uint64_t channels, bool& outShouldMute)>;
  // The microphone frame of a call before the voice gate and the encoder; edit `data` in place
  // (same format as UserAudioReceivedCallback).
  using UserAudioCapturedCallback = std::function<void(int16_t* data, uint64_t samplesPerChannel,
                                                       int32_t sampleRate, uint64_t channels)>;
  // EndCall's answer: the call is released (StartCall may join it again).
  using EndCallCallback = std::function<void()>;
  // EndCalls's answer: every call is released.
  using EndCallsCallback = std::function<void()>;
  // GetInputDevices's answer: the microphones.
  using GetInputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
  // GetOutputDevices's answer: the speakers.
  using GetOutputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
  // GetCurrentInputDevice's answer: the microphone in use.
  using GetCurrentInputDeviceCallback = std::function<void(AudioDevice device)>;
  // GetCurrentOutputDevice's answer: the speaker in use.
  using GetCurrentOutputDeviceCallback = std::function<void(AudioDevice device)>;
  // SetInputDevice's answer: the result alone.
  using SetInputDeviceCallback = ResultCallback;
  // SetOutputDevice's answer: the result alone.
  using SetOutputDeviceCallback = ResultCallback;
  // The audio devices changed (one plugged in or out; SetDeviceChangeCallback): the microphones
  // and the speakers now.
  using DeviceChangeCallback =
      std::function<void(std::vector<AudioDevice> inputDevices, std::vector<AudioDevice> outputDevices)>;
  // The microphone went silent (false) or is heard again (true) (SetNoAudioInputCallback,
  // SetNoAudioInputThreshold).
  using NoAudioInputCallback = std::function<void(bool inputDetected)>;
  // Someone joined (`added` true) or left the call of a lobby the current user is in, whether
  // or not the current user is in that call (SetVoiceParticipantChangedCallback).
  using VoiceParticipantChangedCallback =
      std::function<void(uint64_t lobbyId, uint64_t memberId, bool added)>;
  // UpdateToken's answer: the result alone.
  using UpdateTokenCallback = ResultCallback;
  // UnmergeIntoProvisionalAccount's answer: the result alone.
  using UnmergeIntoProvisionalAccountCallback = ResultCallback;
  // UpdateProvisionalAccountDisplayName's answer: the result alone.
  using UpdateProvisionalAccountDisplayNameCallback = ResultCallback;

  // The invalid Client (operator bool false): every call answers defaults or ClientDestroyed.
  static const Client nullobj;

  // A Client of the service at the default address: SDKPP_API_BASE / SDKPP_WEB_BASE from the
  // environment, else the local emulator's (http://127.0.0.1:8790/api, http://127.0.0.1:8790).
  // Its I/O goes through the default platform (SetDefaultPlatformFactory in sdkpp/platform.h;
  // the Node addon installs one).
  Client();
  // A Client of the service at these addresses: `apiBase` the HTTP API's root, ending in /api;
  // `webBase` the web root (the authorize page, invites). Empty: the default, as Client().
  Client(std::string apiBase, std::string webBase);
  // A Client with the C++ SDK's options (the service's address, the audio settings).
  explicit Client(ClientCreateOptions options);
  // For hosts and tests: a Client doing its I/O through `platform` (see sdkpp/platform.h).
  Client(ClientCreateOptions options, std::shared_ptr<Platform> platform);
  // Ends the session: pending operations answer ClientDestroyed; its Calls end (their handles
  // turn invalid).
  ~Client();
  // Move-only: the moved-from Client is invalid (operator bool false).
  Client(Client&& other) noexcept;
  // Move assignment: this Client's own session ends (as in ~Client) and it takes `other`'s;
  // `other` becomes invalid.
  Client& operator=(Client&& other) noexcept;
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // False for nullobj and a moved-from Client.
  explicit operator bool() const noexcept { return impl_ != nullptr; }

  // --- connection (the reference's "Core"; client_connection.cc). Each group below is one area,
  // defined in native/core/src/client/client_<area>.cc.
  // Sets the application (client) id the SDK uses where a call takes none: Authorize with
  // ClientId 0, the local chat client's handshake, invites.
  void SetApplicationId(uint64_t applicationId);
  // The application id given to SetApplicationId (0 if none).
  uint64_t GetApplicationId() const;
  // Opens the gateway session with the token given to UpdateToken: the status goes HttpWait,
  // Connecting, Connected, Ready (watch it with SetStatusChangedCallback); after a drop
  // Reconnecting, resuming without losing events. Failures it retries by itself (refused
  // connections, timeouts, 429, 5xx) back off up to 60 s. With no token, or an expired one, it
  // logs an Error and goes Disconnected with Error::ConnectionFailed; a token the service refuses
  // (4004) or a 401/403/404 from GET /gateway stop it the same way, errorDetail naming the code.
  void Connect();
  // Closes the gateway session (Disconnecting, then Disconnected); the token stays, so Connect
  // opens a new one.
  void Disconnect();
  // The connection's status now (Disconnected for an invalid Client).
  Status GetStatus() const;
  // Sets the callback for every status change: (status, error, errorDetail), see OnStatusChanged.
  void SetStatusChangedCallback(OnStatusChanged callback);
  // Adds a log callback: lines at or above `minSeverity`, secrets already masked. Release
  // builds deliver only Warning and Error. Delivered through RunCallbacks(). Callbacks add up;
  // none can be removed except by destroying the Client.
  void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends the log to <path>/sdkpp.log (created readable by its owner only; a symbolic link is
  // refused), lines at or above `minSeverity`; LoggingSeverity::None stops file logging. False,
  // with an Error line saying why, when the file cannot be written.
  bool SetLogDir(std::string const& path, LoggingSeverity minSeverity);
  // Bounds every HTTP attempt (default 30000 ms); a timeout is a NetworkError result with
  // Retryable set. `httpTimeoutInMilliseconds` must be positive: 0 or less is refused with a
  // Warning and changes nothing.
  void SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds);

  // The SDK's version (the 1, 2 and 3 of 1.2.3; sdkpp/version.h).
  static int32_t GetVersionMajor();
  // The minor version (the 2 of 1.2.3).
  static int32_t GetVersionMinor();
  // The patch version (the 3 of 1.2.3).
  static int32_t GetVersionPatch();
  // The commit the SDK was built from (a git hash), or "unknown" when the build could not tell.
  static std::string GetVersionHash();
  // The name of an enum value ("ConnectionFailed", "Ready", "Voice"); "unknown" for a value not
  // in the enum. Static strings: never free them.
  static const char* ErrorToString(Error value);
  // The name of a Status value ("Ready"); "unknown" for a value not in the enum.
  static const char* StatusToString(Status value);
  // The name of a Thread value ("Voice"); "unknown" for a value not in the enum.
  static const char* ThreadToString(Thread value);
  // Accepted for the C++ SDK's callers: for Thread::Voice the audio backend applies `priority`
  // when it can; for the others it has no effect here (the SDK does its work on the thread that
  // created the Client, the host's event loop) and logs a Warning saying so. A `thread` that is
  // not a Thread value is logged as an Error and ignored.
  void SetThreadPriority(Thread thread, int32_t priority);

  // --- auth
  // The scopes for the full social layer: "openid sdk.social_layer".
  static std::string GetDefaultCommunicationScopes();
  // The scopes for presence only: "openid sdk.social_layer_presence".
  static std::string GetDefaultPresenceScopes();
  // A fresh PKCE pair (RFC 7636, S256) from the OS's CSPRNG: the challenge for Authorize, the
  // verifier for GetToken. The verifier is masked in every log. Invalid (operator bool false)
  // only if the OS refuses randomness (the reason is logged), and for an invalid Client.
  AuthorizationCodeVerifier CreateAuthorizationCodeVerifier();

  // Asks the player to authorize the game: through the local chat client when it answers on
  // IPC, otherwise in the system browser with a loopback redirect to 127.0.0.1 (or, with
  // CustomSchemeParam, a redirect the OS hands back through HandleAuthorizeCallback). Waits up
  // to 15 minutes for the player; a newer Authorize replaces a waiting one (which answers
  // Aborted). `args` is checked first: ValidationError for no client id, no scope, a bad
  // challenge, state, nonce or scheme. `callback` gets (result, code, redirectUri): give the
  // code (a secret), the verifier and redirectUri to GetToken. Failures: ValidationError,
  // Aborted (AbortAuthorize), AuthorizationFailed (denied, timed out, no loopback listener),
  // RPCError (the chat client refused).
  void Authorize(AuthorizationArgs args, AuthorizationCallback callback);
  // Ends a waiting Authorize: it answers Aborted. Nothing happens when none waits.
  void AbortAuthorize();
  // Completes a custom-scheme Authorize with the callback URL the OS delivered
  // ("<scheme>:/authorize/callback?code=...&state=..."). True when the URL answered the waiting
  // Authorize (its state matched); false otherwise.
  bool HandleAuthorizeCallback(std::string const& callbackUrl);

  // Exchanges an authorization code for tokens (POST /oauth2/token, grant authorization_code).
  // `applicationId` not 0; `code` from Authorize, not empty (a secret, masked in logs);
  // `codeVerifier` the PKCE verifier whose challenge went to Authorize (empty when none was
  // sent); `redirectUri` Authorize's, not empty. `callback` gets the tokens (TokenExchangeCallback)
  // or ValidationError for a bad argument (nothing sent), HTTPError when the service refuses the
  // grant, NetworkError.
  void GetToken(uint64_t applicationId, std::string const& code, std::string const& codeVerifier,
                std::string const& redirectUri, TokenExchangeCallback callback);
  // The device flow (RFC 8628): asks the service for a user code, opens the screen where the
  // player enters it (OpenAuthorizeDeviceScreen) and polls until the player approved, denied or
  // the code expired. A newer call replaces a waiting one (Aborted). `args`: the application id
  // and scopes. Answers as GetToken.
  void GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback);
  // Ends a waiting GetTokenFromDevice: it answers Aborted.
  void AbortGetTokenFromDevice();
  // Opens the page where the player types the device flow's user code (through the platform's
  // OpenUrl). `clientId` 0: the one given to SetApplicationId. `userCode` 1 to 64 printable
  // characters without spaces; anything else is logged (Error) and nothing opens.
  void OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const& userCode);
  // Closes the device screen, where the platform can (a browser tab cannot be closed: nothing
  // happens then).
  void CloseAuthorizeDeviceScreen();
  // Gets new tokens with a refresh token (POST /oauth2/token, grant refresh_token). An
  // invalid_grant answer drops the Client's tokens and answers AuthorizationFailed (not
  // retryable): authorize again. `applicationId` not 0; `refreshToken` not empty (masked in
  // logs). Answers as GetToken.
  void RefreshToken(uint64_t applicationId, std::string const& refreshToken,
                    TokenExchangeCallback callback);
  // Revokes a token at the service (POST /oauth2/token/revoke); when it is the Client's own, the
  // Client drops it. `applicationId` not 0; `token` an access or refresh token, not empty.
  // Failures: ValidationError, HTTPError, NetworkError.
  void RevokeToken(uint64_t applicationId, std::string const& token, RevokeTokenCallback callback);
  // Makes `token` the Client's credential: every later request and Connect use it. Sends
  // nothing. `tokenType` Bearer for every token this SDK hands out; `token` the access token,
  // not empty (else ValidationError). `callback` gets the result once it is stored.
  void UpdateToken(AuthorizationTokenType tokenType, std::string token,
                   UpdateTokenCallback callback);
  // True when the Client holds a token that has not expired by the service's clock.
  bool IsAuthenticated();
  // Asks the service whose token this is (GET /users/@me), without storing the token.
  // `token` an access token, not empty. `callback` gets (result, id, username); failures:
  // ValidationError, HTTPError (401 for a refused token), NetworkError.
  void FetchCurrentUser(AuthorizationTokenType tokenType, std::string const& token,
                        FetchCurrentUserCallback callback);
  // Sets the callback called once, 5 minutes before the current token expires by the service's
  // clock (refresh it then).
  void SetTokenExpirationCallback(TokenExpirationCallback callback);

  // Gets a token for a provisional account, made from the game's own identity (no service
  // account needed). For OIDC the answer has no refresh token: on expiry get a fresh provider
  // token and call this again. `applicationId` not 0; `externalAuthType` what
  // `externalAuthToken` is; `externalAuthToken` the provider's token, not empty (masked in
  // logs). Answers as GetToken.
  void GetProvisionalToken(uint64_t applicationId, AuthenticationExternalAuthType externalAuthType,
                           std::string const& externalAuthToken, TokenExchangeCallback callback);
  // Authorizes a full account and merges the provisional account into it: GetToken with the
  // provisional identity (`externalAuthType`, `externalAuthToken`, not empty) added. Answers as
  // GetToken.
  void GetTokenFromProvisionalMerge(uint64_t applicationId, std::string const& code,
                                    std::string const& codeVerifier,
                                    std::string const& redirectUri,
                                    AuthenticationExternalAuthType externalAuthType,
                                    std::string const& externalAuthToken,
                                    TokenExchangeCallback callback);
  // Splits the game's identity off the player's full account into a provisional account again.
  // `applicationId` not 0; `externalAuthToken` the provider's token, not empty. Failures:
  // ValidationError, HTTPError, NetworkError.
  void UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                     AuthenticationExternalAuthType externalAuthType,
                                     std::string const& externalAuthToken,
                                     UnmergeIntoProvisionalAccountCallback callback);
  // Renames the current provisional account (its global name): `name` 1 to
  // limits::kMaxDisplayNameCodePoints code points. Failures: ClientNotReady without a token,
  // ValidationError for a bad name, HTTPError, NetworkError.
  void UpdateProvisionalAccountDisplayName(std::string const& name,
                                           UpdateProvisionalAccountDisplayNameCallback callback);
  // Tells the SDK whether the merge JoinLinkedLobbyGuild asked for (through its
  // provisionalUserMergeRequiredCallback) succeeded: true resumes the join, false answers it
  // with a ValidationError.
  void ProvisionalUserMergeCompleted(bool success);
  // Exchanges a parent application's token for one of its child application:
  // `parentApplicationToken` not empty (masked in logs), `childApplicationId` not 0. `callback`
  // gets (result, accessToken, tokenType, expiresIn in seconds, scopes), no refresh token;
  // failures: ValidationError, HTTPError, NetworkError.
  void ExchangeChildToken(std::string const& parentApplicationToken, uint64_t childApplicationId,
                          ExchangeChildTokenCallback callback);

  // The local chat client asks the game to authorize (the player clicked "authorize" there):
  // call Authorize from the callback. Re-subscribed after the chat client restarts.
  void RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback);
  // Stops listening for the chat client's authorize requests.
  void RemoveAuthorizeRequestCallback();
  // The process id of the game's window, sent to the local chat client with presence (default:
  // this process).
  void SetGameWindowPid(int32_t pid);

  // --- presence (rich presence, invites, launch registration)
  // Sets the player's rich presence: checked first (types Playing, Listening, Watching,
  // Competing; texts up to limits::kMaxActivityTextCodePoints, links http(s) up to
  // limits::kMaxActivityUrlCodePoints; Activity lists the rules; a broken one answers a
  // ValidationError naming the field), then sent through the local chat client (SET_ACTIVITY
  // with the game's pid) when it runs, else through the gateway. A copy is kept
  // (SendActivityInvite uses its party and join secret) and sent again after a reconnect.
  // Failures: ValidationError; ClientNotReady when there is neither a local chat client nor a
  // Ready session (the text says whether to call Connect or wait for Ready).
  void UpdateRichPresence(Activity activity, ResultCallback callback);
  // Clears the player's rich presence (through the local chat client, or the gateway when Ready).
  void ClearRichPresence();
  // Sets the player's online status, sent through the gateway: Online, Idle, Dnd or Invisible;
  // another answers a ValidationError. Failures: ValidationError, ClientNotReady.
  void SetOnlineStatus(StatusType status, ResultCallback callback);
  // Invites `userId` to the party of the current rich presence (it needs a party id and a join
  // secret). `content` an optional message, 0 to limits::kMaxActivityInviteContentCodePoints
  // code points. Failures: ValidationError (no party or join secret, content too long),
  // ClientNotReady without a token, HTTPError, NetworkError.
  void SendActivityInvite(uint64_t userId, std::string const& content, ResultCallback callback);
  // Asks `userId` to let the current user join their party (their rich presence must show one).
  // Failures: ValidationError when that player shows no party, ClientNotReady, HTTPError,
  // NetworkError.
  void SendActivityJoinRequest(uint64_t userId, ResultCallback callback);
  // Answers a join request by inviting its sender to the current party. `invite` the JoinRequest
  // invite SetActivityInviteCreatedCallback delivered. Failures: ValidationError (not a
  // JoinRequest, or no party or join secret of one's own), ClientNotReady, HTTPError,
  // NetworkError.
  void SendActivityJoinRequestReply(ActivityInvite invite, ResultCallback callback);
  // Accepts a Join invite (valid, with its MessageId): `callback` gets (result, joinSecret), the
  // party's join secret (a secret): join the game's session with it. Failures: ValidationError
  // for another invite, ClientNotReady, HTTPError (the invite ended), NetworkError.
  void AcceptActivityInvite(ActivityInvite invite, AcceptActivityInviteCallback callback);
  // Sets the callback for each new invite or join request to the current user (from the
  // gateway or the local chat client; each once).
  void SetActivityInviteCreatedCallback(ActivityInviteCallback callback);
  // Sets the callback for an invite whose validity changed (invite.IsValid()).
  void SetActivityInviteUpdatedCallback(ActivityInviteCallback callback);
  // Sets the callback for the player accepting an invite in the local chat client: join the
  // party of the join secret it gets.
  void SetActivityJoinCallback(ActivityJoinCallback callback);
  // As SetActivityJoinCallback, with the application the invite was for (both may be set; each
  // is called).
  void SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback callback);
  // Registers the sdkpp-<applicationId> URL scheme with the OS, so that a join from the chat
  // client can start the game with `command`, a one-line command (Linux: a .desktop entry under
  // XDG_DATA_HOME and the MIME default; Windows: HKEY_CURRENT_USER\Software\Classes\<scheme>,
  // the executable quoted). `applicationId` not 0. False, with a log line saying why, where it is
  // not implemented (macOS) or fails; a handler of another command is replaced with a Warning.
  bool RegisterLaunchCommand(uint64_t applicationId, std::string command);
  // RegisterLaunchCommand for a Steam game: the command opens steam://rungameid/<steamAppId>
  // (`steamAppId` not 0). False, with a log line, when it could not be registered.
  bool RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId);
  // Whether the local chat client answers on IPC (its sockets, sdkpp-ipc-{0..9}): `callback`
  // gets true or false.
  void IsServiceAppInstalled(IsServiceAppInstalledCallback callback);

  // --- lobbies
  // Creates the lobby of `secret`, or joins it when it exists (PUT /lobbies); everyone with the
  // secret joins the same lobby. `secret` 1 to limits::kMaxLobbySecretCodePoints code points.
  // `callback` gets (result, lobbyId); the LobbyCreated callback follows once (from this answer
  // or the gateway, whichever comes first). Failures: ValidationError (secret), ClientNotReady
  // without a token, HTTPError (e.g. the lobby is full, limits::kMaxLobbyMembersCount),
  // NetworkError.
  void CreateOrJoinLobby(std::string const& secret, CreateOrJoinLobbyCallback callback);
  // CreateOrJoinLobby, setting the lobby's and the current member's metadata: the keys and
  // values of each map together at most limits::kMaxMetadataCodePoints code points.
  void CreateOrJoinLobbyWithMetadata(std::string const& secret, StringMap const& lobbyMetadata,
                                     StringMap const& memberMetadata, CreateOrJoinLobbyCallback callback);
  // Leaves a lobby (the LobbyDeleted callback follows once). Failures: ClientNotReady,
  // HTTPError, NetworkError.
  void LeaveLobby(uint64_t lobbyId, ResultCallback callback);
  // A live view of a lobby the current user is in; std::nullopt when the SDK does not know it.
  std::optional<LobbyHandle> GetLobbyHandle(uint64_t lobbyId) const;
  // The ids of the lobbies the current user is in, ascending.
  std::vector<uint64_t> GetLobbyIds() const;
  // Links a guild text channel (GetGuildChannels) to a lobby: its messages and the lobby's
  // become one conversation. The member needs CanLinkLobby, the channel IsLinkable. Failures:
  // ClientNotReady, HTTPError, NetworkError.
  void LinkChannelToLobby(uint64_t lobbyId, uint64_t channelId, ResultCallback callback);
  // Removes a lobby's linked channel. Failures: ClientNotReady, HTTPError, NetworkError.
  void UnlinkChannelFromLobby(uint64_t lobbyId, ResultCallback callback);
  // A single-use invite (valid one hour) to the guild of the lobby's linked channel: `callback`
  // gets (result, inviteUrl). A provisional account cannot join guilds: the SDK then calls
  // `provisionalUserMergeRequiredCallback` and waits for ProvisionalUserMergeCompleted (true
  // resumes the join, false answers a ValidationError); a newer JoinLinkedLobbyGuild supersedes
  // a waiting one (ValidationError). Failures: ValidationError, ClientNotReady, HTTPError,
  // NetworkError.
  void JoinLinkedLobbyGuild(uint64_t lobbyId,
                            ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
                            JoinLinkedLobbyGuildCallback callback);
  // Sets the callback for a lobby the current user joined (once per lobby, until leaving it).
  void SetLobbyCreatedCallback(LobbyIdCallback callback);
  // Sets the callback for a lobby the current user left, or that was deleted.
  void SetLobbyDeletedCallback(LobbyIdCallback callback);
  // Sets the callback for a change of a lobby's metadata or linked channel.
  void SetLobbyUpdatedCallback(LobbyIdCallback callback);
  // Sets the callback for a member joining a lobby of the current user: (lobbyId, memberId).
  void SetLobbyMemberAddedCallback(LobbyMemberCallback callback);
  // Sets the callback for a member leaving a lobby: (lobbyId, memberId).
  void SetLobbyMemberRemovedCallback(LobbyMemberCallback callback);
  // Sets the callback for a change of a member (metadata, connected): (lobbyId, memberId).
  void SetLobbyMemberUpdatedCallback(LobbyMemberCallback callback);

  // --- messages
  // Sends a message to a lobby: `content` 1 to limits::kMaxMessageContentCodePoints code points.
  // `callback` gets (result, messageId); the MessageCreated callback follows once, for one's own
  // messages too. Failures: ValidationError (content, metadata; nothing sent), ClientNotReady
  // without a token, HTTPError (e.g. not a member, blocked), NetworkError.
  void SendLobbyMessage(uint64_t lobbyId, std::string const& content, SendUserMessageCallback callback);
  // SendLobbyMessage with metadata the game reads back with MessageHandle::Metadata(): keys and
  // values together at most limits::kMaxMetadataCodePoints code points.
  void SendLobbyMessageWithMetadata(uint64_t lobbyId, std::string const& content,
                                    StringMap const& metadata, SendUserMessageCallback callback);
  // Sends a direct message to a user; answers as SendLobbyMessage.
  void SendUserMessage(uint64_t recipientId, std::string const& content, SendUserMessageCallback callback);
  // SendUserMessage with metadata (the same rule as SendLobbyMessageWithMetadata).
  void SendUserMessageWithMetadata(uint64_t recipientId, std::string const& content,
                                   StringMap const& metadata, SendUserMessageCallback callback);
  // Edits one's own direct message (the MessageUpdated callback follows): `recipientId` the
  // conversation's other user, `content` 1 to limits::kMaxMessageContentCodePoints code points.
  // Failures: ValidationError, ClientNotReady, HTTPError, NetworkError.
  void EditUserMessage(uint64_t recipientId, uint64_t messageId, std::string const& content,
                       ResultCallback callback);
  // Deletes one's own direct message (the MessageDeleted callback follows). Failures:
  // ClientNotReady, HTTPError, NetworkError.
  void DeleteUserMessage(uint64_t recipientId, uint64_t messageId, ResultCallback callback);
  // A lobby's newest messages, newest first: at most `limit` (1 to
  // limits::kMaxHistoryMessagesCount), none older than limits::kMaxHistoryAgeMs (72 hours); from
  // the cache, without a request, when it holds enough. `lobbyId` a lobby the current user is in
  // (else a ValidationError once Ready). `callback` gets (result, messages). Failures:
  // ValidationError, ClientNotReady, HTTPError, NetworkError.
  void GetLobbyMessagesWithLimit(uint64_t lobbyId, int32_t limit, MessagesCallback callback);
  // A direct conversation's newest messages, newest first, at most `limit` (1 to
  // limits::kMaxHistoryMessagesCount); from the cache, with no request, when it holds enough.
  // Answers as GetLobbyMessagesWithLimit.
  void GetUserMessagesWithLimit(uint64_t recipientId, int32_t limit, MessagesCallback callback);
  // One summary per direct conversation: the other user and the newest message's id. Failures:
  // ClientNotReady, HTTPError, NetworkError.
  void GetUserMessageSummaries(UserMessageSummariesCallback callback);
  // A live view of a message the SDK has cached (sent, received, or from history); std::nullopt
  // when it is not cached. Inside a MessageCreated callback it always answers.
  std::optional<MessageHandle> GetMessageHandle(uint64_t messageId) const;
  // A live view of a channel (DM, group DM, lobby) the SDK knows; std::nullopt otherwise.
  std::optional<ChannelHandle> GetChannelHandle(uint64_t channelId) const;
  // Sets the callback for each new message the current user can read, once per message.
  void SetMessageCreatedCallback(MessageCreatedCallback callback);
  // Sets the callback for each edit of a message (content, attachments, metadata), not for a
  // repeated update.
  void SetMessageUpdatedCallback(MessageUpdatedCallback callback);
  // Sets the callback for a deleted message: (messageId, channelId).
  void SetMessageDeletedCallback(MessageDeletedCallback callback);
  // Tells the SDK whether the game shows its chat; noted (a Warning says so), no effect yet:
  // there are no chat notifications to hold back.
  void SetShowingChat(bool showingChat);

  // --- users (users and their guilds)
  // The guilds the current user is in (GET /users/@me/guilds): `callback` gets (result, guilds).
  // Failures: ClientNotReady, HTTPError, NetworkError.
  void GetUserGuilds(GetUserGuildsCallback callback);
  // A guild's channels the current user can see, sorted as the chat client shows them: channels
  // without a category, then each category followed by its channels (text before voice), by
  // position. `callback` gets (result, guildChannels). Failures: ClientNotReady, HTTPError,
  // NetworkError.
  void GetGuildChannels(uint64_t guildId, GetGuildChannelsCallback callback);
  // The current user, live. Deprecated: before Ready it answers a placeholder user (id 0,
  // defaults); use GetCurrentUserV2.
  UserHandle GetCurrentUser() const;
  // The current user, live; std::nullopt until the Client is Ready.
  std::optional<UserHandle> GetCurrentUserV2() const;
  // A live view of a user the SDK knows (friends, lobby members, message authors); std::nullopt
  // otherwise.
  std::optional<UserHandle> GetUser(uint64_t userId) const;
  // The user the local chat client is logged in as, asked over IPC (a handshake with
  // `applicationId`, not 0, when no application id is set): `callback` gets (result, user).
  // Failures: RPCError when no chat client answers or it names no user, ValidationError. Needs
  // no token: it is whoever runs the chat client on this machine.
  void GetServiceClientConnectedUser(uint64_t applicationId, GetServiceClientConnectedUserCallback callback);
  // The current user's linked external identities for this application (empty before Ready).
  // The NoLock variant exists for the reference's callers that already hold the SDK's lock; with
  // every call on one thread there is no lock here, so both answer the same.
  std::vector<UserApplicationProfileHandle> GetUserApplicationProfiles() const;
  // The same as GetUserApplicationProfiles (see above).
  std::vector<UserApplicationProfileHandle> GetUserApplicationProfilesNoLock() const;
  // Sets the callback for a change of a user the SDK knows (name, avatar, status, activity).
  void SetUserUpdatedCallback(UserUpdatedCallback callback);

  // --- audio and calls (client_audio.cc)
  // Joins the call of a lobby the current user is in (`channelId`: the lobby's id). The Call's
  // status then goes Joining, Connecting, SignalingConnected, Connected
  // (Call::SetStatusChangedCallback). Returns the live Call; the invalid Call (operator bool
  // false; the reason logged at Error) when it cannot start: lobby id 0, the Client not Ready,
  // not a member of the lobby, already in that call, the call still ending (wait for EndCall's
  // callback), the call full (limits::kMaxCallMembersCount), or no audio device.
  Call StartCall(uint64_t channelId);
  // StartCall, with audio callbacks that run on the audio thread (Client::Thread::Voice), once
  // per 20 ms frame, and must not block (see UserAudioReceivedCallback above): `receivedCb` gets
  // each participant's decoded frame before the mix, `capturedCb` the microphone's frame before
  // it is encoded; an empty function leaves that direction alone. No callback runs once
  // EndCall's callback came or the Client is destroyed. Returns as StartCall.
  Call StartCallWithAudioCallbacks(uint64_t lobbyId, UserAudioReceivedCallback receivedCb,
                                   UserAudioCapturedCallback capturedCb);
  // Leaves a call (`channelId`: the lobby's id); the callback runs once the audio thread let go
  // of it (then StartCall may join it again).
  void EndCall(uint64_t channelId, EndCallCallback callback);
  // Leaves every call; the callback runs once all are released.
  void EndCalls(EndCallsCallback callback);
  // The live Call of a lobby the current user is in (the same call StartCall answered); the
  // invalid Call when not in it.
  Call GetCall(uint64_t channelId);
  // The current user's live calls.
  std::vector<Call> GetCalls();
  // The microphones: `callback` gets the AudioDevices.
  void GetInputDevices(GetInputDevicesCallback callback);
  // The speakers: `callback` gets the AudioDevices.
  void GetOutputDevices(GetOutputDevicesCallback callback);
  // The microphone in use.
  void GetCurrentInputDevice(GetCurrentInputDeviceCallback callback);
  // The speaker in use.
  void GetCurrentOutputDevice(GetCurrentOutputDeviceCallback callback);
  // Switches the microphone, also in running calls: `deviceId` an AudioDevice::Id(), or
  // GetDefaultAudioDeviceId(). Failures: ValidationError (no such device).
  void SetInputDevice(std::string const& deviceId, SetInputDeviceCallback callback);
  // Switches the speaker, also in running calls; as SetInputDevice.
  void SetOutputDevice(std::string const& deviceId, SetOutputDeviceCallback callback);
  // The id that selects the system default device ("default"): given to SetInputDevice or
  // SetOutputDevice, the SDK follows the system's default device again.
  static std::string GetDefaultAudioDeviceId();
  // Sets the callback for a change of the devices (plugged in or out):
  // (inputDevices, outputDevices).
  void SetDeviceChangeCallback(DeviceChangeCallback callback);
  // The microphone volume: 0 to limits::kMaxDeviceVolume (limits::kUnityVolume = unchanged).
  float GetInputVolume();
  // Sets the microphone volume for every call (a linear percentage), 0 to
  // limits::kMaxDeviceVolume; outside that range it is refused (an Error line) and nothing changes.
  void SetInputVolume(float inputVolume);
  // The speaker volume: 0 to limits::kMaxDeviceVolume (limits::kUnityVolume = unchanged).
  float GetOutputVolume();
  // Sets the speaker volume for every call; the same range and rule as SetInputVolume.
  void SetOutputVolume(float outputVolume);
  // True when the microphone is muted in every call.
  bool GetSelfMuteAll();
  // Mutes (true) or unmutes the microphone in every call.
  void SetSelfMuteAll(bool mute);
  // True when the current user is deafened in every call.
  bool GetSelfDeafAll();
  // Deafens (true) or undeafens the current user in every call.
  void SetSelfDeafAll(bool deaf);
  // Accepted for the C++ SDK's callers; no effect yet: no audio processing is built in, so these
  // are logged (Warning, no effect). SetOpusHardwareCoding too: Opus runs in software.
  void SetEchoCancellation(bool on);
  // Noise suppression on or off: logged, no effect (see above).
  void SetNoiseSuppression(bool on);
  // Noise cancellation on or off: logged, no effect (see above).
  void SetNoiseCancellation(bool on);
  // Automatic gain control on or off: logged, no effect (see above).
  void SetAutomaticGainControl(bool on);
  // Whether the engine manages the (mobile) audio session: logged, no effect (see above).
  void SetEngineManagedAudioSession(bool isEngineManaged);
  // An echo-cancellation dump on or off: logged, no effect (see above).
  void SetAecDump(bool on);
  // Opus hardware encoding and decoding: logged, no effect (Opus runs in software).
  void SetOpusHardwareCoding(bool encode, bool decode);
  // Sets the level below which the microphone counts as silent, for SetNoAudioInputCallback:
  // NoAudioInputCallback(false) after the microphone stays below `dBFS` for a while, (true) once
  // it is heard again. `dBFS` limits::kMinNoAudioInputThresholdDbfs to
  // limits::kMaxNoAudioInputThresholdDbfs; outside that range it is refused (an Error line).
  void SetNoAudioInputThreshold(float dBFS);
  // Sets the callback told whether the microphone picks up sound above the threshold
  // (`inputDetected`).
  void SetNoAudioInputCallback(NoAudioInputCallback callback);
  // Sets the callback for people joining or leaving the calls of the current user's lobbies:
  // (lobbyId, memberId, added).
  void SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback callback);
  // Adds a callback for the voice subsystem's own log (calls, the voice connection, the audio
  // devices), lines at or above `minSeverity`, secrets masked.
  void AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends the voice log to <path>/sdkpp-voice.log, lines at or above `minSeverity`.
  void SetVoiceLogDir(std::string const& path, LoggingSeverity minSeverity);

  // --- relationships
  // The current user's relationships (friends, requests, blocks, on the service and in the
  // game), by user id ascending.
  std::vector<RelationshipHandle> GetRelationships() const;
  // The friends (on the service or in the game) in one group: playing this game, online
  // elsewhere, or offline (RelationshipGroupType).
  std::vector<RelationshipHandle> GetRelationshipsByGroup(RelationshipGroupType groupType) const;
  // A live view of the relationship with `userId` (types None when there is none).
  RelationshipHandle GetRelationshipHandle(uint64_t userId) const;
  // The friends whose username or display name contains `searchStr` (case-insensitive for
  // ASCII letters).
  std::vector<UserHandle> SearchFriendsByUsername(std::string searchStr) const;
  // The friend-request calls below answer with a ClientResult. Failures: ValidationError (a
  // username outside limits::kMinUsernameCodePoints to limits::kMaxUsernameCodePoints code
  // points, or userId 0; nothing sent), ClientNotReady without a token, HTTPError (e.g. no such
  // user), NetworkError.
  // Sends a friend request on the service, by username.
  void SendServiceFriendRequest(std::string const& username, ResultCallback callback);
  // Sends a friend request in this game only, by username.
  void SendGameFriendRequest(std::string const& username, ResultCallback callback);
  // Sends a friend request on the service.
  void SendServiceFriendRequestById(uint64_t userId, ResultCallback callback);
  // Sends a friend request in this game.
  void SendGameFriendRequestById(uint64_t userId, ResultCallback callback);
  // Accepts an incoming friend request on the service.
  void AcceptServiceFriendRequest(uint64_t userId, ResultCallback callback);
  // Accepts an incoming friend request in this game.
  void AcceptGameFriendRequest(uint64_t userId, ResultCallback callback);
  // Rejects an incoming friend request on the service.
  void RejectServiceFriendRequest(uint64_t userId, ResultCallback callback);
  // Rejects an incoming friend request in this game.
  void RejectGameFriendRequest(uint64_t userId, ResultCallback callback);
  // Cancels an outgoing friend request on the service.
  void CancelServiceFriendRequest(uint64_t userId, ResultCallback callback);
  // Cancels an outgoing friend request in this game.
  void CancelGameFriendRequest(uint64_t userId, ResultCallback callback);
  // Ends the friendship on the service (and so in the game).
  void RemoveServiceAndGameFriend(uint64_t userId, ResultCallback callback);
  // Ends the friendship in this game only.
  void RemoveGameFriend(uint64_t userId, ResultCallback callback);
  // Blocks a user (on the service): no messages, requests or invites from them.
  void BlockUser(uint64_t userId, ResultCallback callback);
  // Unblocks a user.
  void UnblockUser(uint64_t userId, ResultCallback callback);
  // Sets the callback for a relationship that began or changed type:
  // (userId, isServiceRelationshipUpdate).
  void SetRelationshipCreatedCallback(RelationshipCallback callback);
  // Sets the callback for a relationship that ended: (userId, isServiceRelationshipUpdate).
  void SetRelationshipDeletedCallback(RelationshipCallback callback);
  // Sets the callback for a friend who moved between groups (GetRelationshipsByGroup).
  void SetRelationshipGroupsUpdatedCallback(RelationshipGroupsUpdatedCallback callback);

 private:
  // The SDK's own layers (the N-API glue, tests) reach the implementation through
  // detail::ClientAccess (native/core/src/client/client_access.h), which apps cannot include.
  friend struct detail::ClientAccess;
  explicit Client(std::nullptr_t) noexcept;
  std::unique_ptr<ClientImpl> impl_;
};

// The name of a Client::Status, Client::Error or Client::Thread value ("Ready"); "unknown" for a
// value not in the enum. Static strings: never free them.
const char* EnumToString(Client::Status value);
const char* EnumToString(Client::Error value);
const char* EnumToString(Client::Thread value);

// Runs the callbacks the SDK has queued (results, events, log lines). A game calls it once a
// frame; in Node the addon schedules it from the event loop.
void RunCallbacks();

}  // namespace sdkpp
