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

class Client {
 public:
  enum class Status : int32_t { SDKPP_ENUM_LIST_CLIENT_STATUS(SDKPP_ENUM_MEMBER) };
  enum class Error : int32_t { SDKPP_ENUM_LIST_CLIENT_ERROR(SDKPP_ENUM_MEMBER) };
  enum class Thread : int32_t { SDKPP_ENUM_LIST_CLIENT_THREAD(SDKPP_ENUM_MEMBER) };

  using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;
  using ResultCallback = std::function<void(ClientResult result)>;
  using AuthorizationCallback =
      std::function<void(ClientResult result, std::string code, std::string redirectUri)>;
  using TokenExchangeCallback = std::function<void(
      ClientResult result, std::string accessToken, std::string refreshToken,
      AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  using ExchangeChildTokenCallback =
      std::function<void(ClientResult result, std::string accessToken,
                         AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes)>;
  using FetchCurrentUserCallback =
      std::function<void(ClientResult result, uint64_t id, std::string name)>;
  using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
  using AuthorizeRequestCallback = std::function<void()>;
  using TokenExpirationCallback = std::function<void()>;
  using RevokeTokenCallback = ResultCallback;
  using StringMap = std::unordered_map<std::string, std::string>;
  using CreateOrJoinLobbyCallback = std::function<void(ClientResult result, uint64_t lobbyId)>;
  using LobbyIdCallback = std::function<void(uint64_t lobbyId)>;
  using LobbyMemberCallback = std::function<void(uint64_t lobbyId, uint64_t memberId)>;
  using LobbyCreatedCallback = LobbyIdCallback;
  using LobbyDeletedCallback = LobbyIdCallback;
  using LobbyUpdatedCallback = LobbyIdCallback;
  using LobbyMemberAddedCallback = LobbyMemberCallback;
  using LobbyMemberRemovedCallback = LobbyMemberCallback;
  using LobbyMemberUpdatedCallback = LobbyMemberCallback;
  using JoinLinkedLobbyGuildCallback = std::function<void(ClientResult result, std::string inviteUrl)>;
  using ProvisionalUserMergeRequiredCallback = std::function<void()>;
  using SendUserMessageCallback = std::function<void(ClientResult result, uint64_t messageId)>;
  using MessagesCallback = std::function<void(ClientResult result, std::vector<MessageHandle> messages)>;
  using GetLobbyMessagesCallback = MessagesCallback;
  using UserMessagesWithLimitCallback = MessagesCallback;
  using UserMessageSummariesCallback =
      std::function<void(ClientResult result, std::vector<UserMessageSummary> summaries)>;
  using MessageCreatedCallback = std::function<void(uint64_t messageId)>;
  using MessageUpdatedCallback = std::function<void(uint64_t messageId)>;
  using MessageDeletedCallback = std::function<void(uint64_t messageId, uint64_t channelId)>;
  using GetUserGuildsCallback = std::function<void(ClientResult result, std::vector<GuildMinimal> guilds)>;
  using GetGuildChannelsCallback =
      std::function<void(ClientResult result, std::vector<GuildChannel> guildChannels)>;
  using UserUpdatedCallback = std::function<void(uint64_t userId)>;
  using RelationshipCallback = std::function<void(uint64_t userId, bool isServiceRelationshipUpdate)>;
  using RelationshipCreatedCallback = RelationshipCallback;
  using RelationshipDeletedCallback = RelationshipCallback;
  using RelationshipGroupsUpdatedCallback = std::function<void(uint64_t userId)>;
  using AcceptActivityInviteCallback = std::function<void(ClientResult result, std::string joinSecret)>;
  using ActivityInviteCallback = std::function<void(ActivityInvite invite)>;
  using ActivityJoinCallback = std::function<void(std::string joinSecret)>;
  using ActivityJoinWithApplicationCallback =
      std::function<void(uint64_t applicationId, std::string joinSecret)>;
  using IsServiceAppInstalledCallback = std::function<void(bool installed)>;
  // The reference gives this callback no row; a result alone would lose the user it is for.
  using GetServiceClientConnectedUserCallback =
      std::function<void(ClientResult result, std::optional<UserHandle> user)>;
  // --- audio and calls (docs/voice-calls.md). The two audio callbacks run on the audio thread
  // (Client::Thread::Voice), once per 20 ms frame and participant, and must not block: 48 kHz,
  // 2 channels, 960 samples per channel, interleaved; `data` may be changed in place.
  using UserAudioReceivedCallback =
      std::function<void(uint64_t userId, int16_t* data, uint64_t samplesPerChannel,
                         int32_t sampleRate, uint64_t channels, bool& outShouldMute)>;
  using UserAudioCapturedCallback = std::function<void(int16_t* data, uint64_t samplesPerChannel,
                                                       int32_t sampleRate, uint64_t channels)>;
  using EndCallCallback = std::function<void()>;
  using EndCallsCallback = std::function<void()>;
  using GetInputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
  using GetOutputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
  using GetCurrentInputDeviceCallback = std::function<void(AudioDevice device)>;
  using GetCurrentOutputDeviceCallback = std::function<void(AudioDevice device)>;
  using SetInputDeviceCallback = ResultCallback;
  using SetOutputDeviceCallback = ResultCallback;
  using DeviceChangeCallback =
      std::function<void(std::vector<AudioDevice> inputDevices, std::vector<AudioDevice> outputDevices)>;
  using NoAudioInputCallback = std::function<void(bool inputDetected)>;
  using VoiceParticipantChangedCallback =
      std::function<void(uint64_t lobbyId, uint64_t memberId, bool added)>;
  using UpdateTokenCallback = ResultCallback;
  using UnmergeIntoProvisionalAccountCallback = ResultCallback;
  using UpdateProvisionalAccountDisplayNameCallback = ResultCallback;

  static const Client nullobj;

  Client();
  Client(std::string apiBase, std::string webBase);
  explicit Client(ClientCreateOptions options);
  // For hosts and tests: a Client doing its I/O through `platform` (see sdkpp/platform.h).
  Client(ClientCreateOptions options, std::shared_ptr<Platform> platform);
  ~Client();
  Client(Client&& other) noexcept;
  Client& operator=(Client&& other) noexcept;
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  explicit operator bool() const noexcept { return impl_ != nullptr; }

  // --- connection (the reference's "Core"; client_connection.cc). Each group below is one area,
  // defined in native/core/src/client/client_<area>.cc.
  void SetApplicationId(uint64_t applicationId);
  uint64_t GetApplicationId() const;
  // Opens the gateway session with the token given to UpdateToken (Status: HttpWait,
  // Connecting, Connected, Ready; Reconnecting after a drop; resumes without losing events).
  void Connect();
  void Disconnect();
  Status GetStatus() const;
  void SetStatusChangedCallback(OnStatusChanged callback);
  // Log lines at or above `minSeverity` (release builds: Warning and Error only), secrets masked.
  // Delivered through RunCallbacks().
  void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends to <path>/sdkpp.log, creating the folder if needed. Returns false, and logs why,
  // when the folder cannot be written. LoggingSeverity::None stops file logging.
  bool SetLogDir(std::string const& path, LoggingSeverity minSeverity);
  // Bounds every HTTP attempt (default 30000 ms). A timed-out request is a NetworkError
  // result with Retryable set.
  void SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds);

  static int32_t GetVersionMajor();
  static int32_t GetVersionMinor();
  static int32_t GetVersionPatch();
  static std::string GetVersionHash();
  static const char* ErrorToString(Error value);
  static const char* StatusToString(Status value);
  static const char* ThreadToString(Thread value);
  // The SDK here runs all of its work on the thread that created the Client (the host's event
  // loop): there is no SDK thread whose priority could change, so this validates `thread`
  // and logs that it has no effect.
  void SetThreadPriority(Thread thread, int32_t priority);

  // --- auth
  static std::string GetDefaultCommunicationScopes();
  static std::string GetDefaultPresenceScopes();
  // A fresh PKCE pair (RFC 7636, S256) from the OS's CSPRNG. Invalid (operator bool false)
  // only if the OS refuses randomness; the reason is logged.
  AuthorizationCodeVerifier CreateAuthorizationCodeVerifier();

  // Asks the player to authorize the game: through the local chat client when it answers on
  // IPC, otherwise in the system browser with a loopback redirect (or, with
  // CustomSchemeParam, a redirect the OS hands back through HandleAuthorizeCallback).
  void Authorize(AuthorizationArgs args, AuthorizationCallback callback);
  // Ends a pending Authorize with an Aborted result and frees its listener.
  void AbortAuthorize();
  // Completes a custom-scheme Authorize with the callback URL the OS delivered
  // ("<scheme>:/authorize/callback?code=...&state=..."). False if no flow waits for it.
  bool HandleAuthorizeCallback(std::string const& callbackUrl);

  void GetToken(uint64_t applicationId, std::string const& code, std::string const& codeVerifier,
                std::string const& redirectUri, TokenExchangeCallback callback);
  void GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback);
  void AbortGetTokenFromDevice();
  void OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const& userCode);
  void CloseAuthorizeDeviceScreen();
  void RefreshToken(uint64_t applicationId, std::string const& refreshToken,
                    TokenExchangeCallback callback);
  void RevokeToken(uint64_t applicationId, std::string const& token, RevokeTokenCallback callback);
  // Makes `token` the Client's credential (for Connect, presence, social calls).
  void UpdateToken(AuthorizationTokenType tokenType, std::string token,
                   UpdateTokenCallback callback);
  bool IsAuthenticated();
  void FetchCurrentUser(AuthorizationTokenType tokenType, std::string const& token,
                        FetchCurrentUserCallback callback);
  // Fires once, before the current token expires by the service's clock.
  void SetTokenExpirationCallback(TokenExpirationCallback callback);

  void GetProvisionalToken(uint64_t applicationId, AuthenticationExternalAuthType externalAuthType,
                           std::string const& externalAuthToken, TokenExchangeCallback callback);
  void GetTokenFromProvisionalMerge(uint64_t applicationId, std::string const& code,
                                    std::string const& codeVerifier,
                                    std::string const& redirectUri,
                                    AuthenticationExternalAuthType externalAuthType,
                                    std::string const& externalAuthToken,
                                    TokenExchangeCallback callback);
  void UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                     AuthenticationExternalAuthType externalAuthType,
                                     std::string const& externalAuthToken,
                                     UnmergeIntoProvisionalAccountCallback callback);
  void UpdateProvisionalAccountDisplayName(std::string const& name,
                                           UpdateProvisionalAccountDisplayNameCallback callback);
  void ProvisionalUserMergeCompleted(bool success);
  void ExchangeChildToken(std::string const& parentApplicationToken, uint64_t childApplicationId,
                          ExchangeChildTokenCallback callback);

  void RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback);
  void RemoveAuthorizeRequestCallback();
  void SetGameWindowPid(int32_t pid);

  // --- presence (rich presence, invites, launch registration)
  // Validated (types Playing, Listening, Watching, Competing; bounded texts; http(s) links),
  // then sent through the local client (SET_ACTIVITY with the game's pid) when it runs, else
  // through the gateway. Kept and sent again after a reconnect.
  void UpdateRichPresence(Activity activity, ResultCallback callback);
  void ClearRichPresence();
  // Online, Idle, Dnd or Invisible, through the gateway.
  void SetOnlineStatus(StatusType status, ResultCallback callback);
  // Invites `userId` to the party of the current rich presence (it needs a party and a join
  // secret).
  void SendActivityInvite(uint64_t userId, std::string const& content, ResultCallback callback);
  void SendActivityJoinRequest(uint64_t userId, ResultCallback callback);
  void SendActivityJoinRequestReply(ActivityInvite invite, ResultCallback callback);
  void AcceptActivityInvite(ActivityInvite invite, AcceptActivityInviteCallback callback);
  void SetActivityInviteCreatedCallback(ActivityInviteCallback callback);
  void SetActivityInviteUpdatedCallback(ActivityInviteCallback callback);
  void SetActivityJoinCallback(ActivityJoinCallback callback);
  void SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback callback);
  // Registers the sdkpp-<applicationId> URL scheme with the OS so invites can launch the game
  // (Linux: a .desktop entry under XDG_DATA_HOME and the MIME default). False, with a log line,
  // where it is not implemented or fails.
  bool RegisterLaunchCommand(uint64_t applicationId, std::string command);
  bool RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId);
  void IsServiceAppInstalled(IsServiceAppInstalledCallback callback);

  // --- lobbies
  void CreateOrJoinLobby(std::string const& secret, CreateOrJoinLobbyCallback callback);
  void CreateOrJoinLobbyWithMetadata(std::string const& secret, StringMap const& lobbyMetadata,
                                     StringMap const& memberMetadata, CreateOrJoinLobbyCallback callback);
  void LeaveLobby(uint64_t lobbyId, ResultCallback callback);
  std::optional<LobbyHandle> GetLobbyHandle(uint64_t lobbyId) const;
  std::vector<uint64_t> GetLobbyIds() const;
  void LinkChannelToLobby(uint64_t lobbyId, uint64_t channelId, ResultCallback callback);
  void UnlinkChannelFromLobby(uint64_t lobbyId, ResultCallback callback);
  // A single-use invite (valid one hour) to the lobby's linked channel. Provisional accounts
  // must merge first: then `provisionalUserMergeRequiredCallback` runs instead.
  void JoinLinkedLobbyGuild(uint64_t lobbyId,
                            ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
                            JoinLinkedLobbyGuildCallback callback);
  void SetLobbyCreatedCallback(LobbyIdCallback callback);
  void SetLobbyDeletedCallback(LobbyIdCallback callback);
  void SetLobbyUpdatedCallback(LobbyIdCallback callback);
  void SetLobbyMemberAddedCallback(LobbyMemberCallback callback);
  void SetLobbyMemberRemovedCallback(LobbyMemberCallback callback);
  void SetLobbyMemberUpdatedCallback(LobbyMemberCallback callback);

  // --- messages
  void SendLobbyMessage(uint64_t lobbyId, std::string const& content, SendUserMessageCallback callback);
  void SendLobbyMessageWithMetadata(uint64_t lobbyId, std::string const& content,
                                    StringMap const& metadata, SendUserMessageCallback callback);
  void SendUserMessage(uint64_t recipientId, std::string const& content, SendUserMessageCallback callback);
  void SendUserMessageWithMetadata(uint64_t recipientId, std::string const& content,
                                   StringMap const& metadata, SendUserMessageCallback callback);
  void EditUserMessage(uint64_t recipientId, uint64_t messageId, std::string const& content,
                       ResultCallback callback);
  void DeleteUserMessage(uint64_t recipientId, uint64_t messageId, ResultCallback callback);
  // At most 200 messages and 72 hours, for lobbies the user is in; from the cache when it holds
  // enough of the newest messages.
  void GetLobbyMessagesWithLimit(uint64_t lobbyId, int32_t limit, MessagesCallback callback);
  // From the cache, with no request, when it holds enough of the newest messages.
  void GetUserMessagesWithLimit(uint64_t recipientId, int32_t limit, MessagesCallback callback);
  void GetUserMessageSummaries(UserMessageSummariesCallback callback);
  std::optional<MessageHandle> GetMessageHandle(uint64_t messageId) const;
  std::optional<ChannelHandle> GetChannelHandle(uint64_t channelId) const;
  void SetMessageCreatedCallback(MessageCreatedCallback callback);
  void SetMessageUpdatedCallback(MessageUpdatedCallback callback);
  void SetMessageDeletedCallback(MessageDeletedCallback callback);
  void SetShowingChat(bool showingChat);

  // --- users (users and their guilds)
  void GetUserGuilds(GetUserGuildsCallback callback);
  // Sorted as the chat client shows them: channels without a category, then each category
  // followed by its channels (text before voice), by position.
  void GetGuildChannels(uint64_t guildId, GetGuildChannelsCallback callback);
  // Deprecated: before Ready it answers a placeholder user (id 0).
  UserHandle GetCurrentUser() const;
  std::optional<UserHandle> GetCurrentUserV2() const;
  std::optional<UserHandle> GetUser(uint64_t userId) const;
  // The user the local chat client is logged in as, asked over IPC (a handshake with
  // `applicationId` when no application id is set). An RPCError result when no chat client
  // answers. Needs no token: it is whoever runs the chat client on this machine.
  void GetServiceClientConnectedUser(uint64_t applicationId, GetServiceClientConnectedUserCallback callback);
  // The current user's application profiles (empty before Ready). The NoLock variant exists
  // for the reference's callers that already hold the SDK's lock; with every call on one thread
  // there is no lock here, so both answer the same.
  std::vector<UserApplicationProfileHandle> GetUserApplicationProfiles() const;
  std::vector<UserApplicationProfileHandle> GetUserApplicationProfilesNoLock() const;
  void SetUserUpdatedCallback(UserUpdatedCallback callback);

  // --- audio and calls (client_audio.cc)
  // Joins the lobby's call (the user must be a member and the Client Ready). The invalid Call
  // (operator bool false; the reason logged) when that is not possible or the user is already
  // in that call.
  Call StartCall(uint64_t channelId);
  Call StartCallWithAudioCallbacks(uint64_t lobbyId, UserAudioReceivedCallback receivedCb,
                                   UserAudioCapturedCallback capturedCb);
  // Leaves the call; the callback runs once the audio thread let go of it.
  void EndCall(uint64_t channelId, EndCallCallback callback);
  void EndCalls(EndCallsCallback callback);
  Call GetCall(uint64_t channelId);
  std::vector<Call> GetCalls();
  void GetInputDevices(GetInputDevicesCallback callback);
  void GetOutputDevices(GetOutputDevicesCallback callback);
  void GetCurrentInputDevice(GetCurrentInputDeviceCallback callback);
  void GetCurrentOutputDevice(GetCurrentOutputDeviceCallback callback);
  void SetInputDevice(std::string const& deviceId, SetInputDeviceCallback callback);
  void SetOutputDevice(std::string const& deviceId, SetOutputDeviceCallback callback);
  // The id that selects the system default device.
  static std::string GetDefaultAudioDeviceId();
  void SetDeviceChangeCallback(DeviceChangeCallback callback);
  // 0..100 (100: unchanged).
  float GetInputVolume();
  void SetInputVolume(float inputVolume);
  float GetOutputVolume();
  void SetOutputVolume(float outputVolume);
  bool GetSelfMuteAll();
  void SetSelfMuteAll(bool mute);
  bool GetSelfDeafAll();
  void SetSelfDeafAll(bool deaf);
  // No audio processing is built in yet: these are validated and logged (Warning, no effect).
  void SetEchoCancellation(bool on);
  void SetNoiseSuppression(bool on);
  void SetNoiseCancellation(bool on);
  void SetAutomaticGainControl(bool on);
  void SetEngineManagedAudioSession(bool isEngineManaged);
  void SetAecDump(bool on);
  void SetOpusHardwareCoding(bool encode, bool decode);
  // NoAudioInputCallback(false) after the microphone stays below `dBFS` (−100..0) for a while,
  // (true) once it is heard again.
  void SetNoAudioInputThreshold(float dBFS);
  void SetNoAudioInputCallback(NoAudioInputCallback callback);
  void SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback callback);
  // The voice subsystem's own log (calls, the voice connection, the audio engine).
  void AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity);
  // Appends to <path>/sdkpp-voice.log.
  void SetVoiceLogDir(std::string const& path, LoggingSeverity minSeverity);

  // --- relationships
  std::vector<RelationshipHandle> GetRelationships() const;
  std::vector<RelationshipHandle> GetRelationshipsByGroup(RelationshipGroupType groupType) const;
  RelationshipHandle GetRelationshipHandle(uint64_t userId) const;
  std::vector<UserHandle> SearchFriendsByUsername(std::string searchStr) const;
  void SendServiceFriendRequest(std::string const& username, ResultCallback callback);
  void SendGameFriendRequest(std::string const& username, ResultCallback callback);
  void SendServiceFriendRequestById(uint64_t userId, ResultCallback callback);
  void SendGameFriendRequestById(uint64_t userId, ResultCallback callback);
  void AcceptServiceFriendRequest(uint64_t userId, ResultCallback callback);
  void AcceptGameFriendRequest(uint64_t userId, ResultCallback callback);
  void RejectServiceFriendRequest(uint64_t userId, ResultCallback callback);
  void RejectGameFriendRequest(uint64_t userId, ResultCallback callback);
  void CancelServiceFriendRequest(uint64_t userId, ResultCallback callback);
  void CancelGameFriendRequest(uint64_t userId, ResultCallback callback);
  void RemoveServiceAndGameFriend(uint64_t userId, ResultCallback callback);
  void RemoveGameFriend(uint64_t userId, ResultCallback callback);
  void BlockUser(uint64_t userId, ResultCallback callback);
  void UnblockUser(uint64_t userId, ResultCallback callback);
  void SetRelationshipCreatedCallback(RelationshipCallback callback);
  void SetRelationshipDeletedCallback(RelationshipCallback callback);
  void SetRelationshipGroupsUpdatedCallback(RelationshipGroupsUpdatedCallback callback);

 private:
  // The SDK's own layers (the N-API glue, tests) reach the implementation through
  // detail::ClientAccess (native/core/src/client/client_access.h), which apps cannot include.
  friend struct detail::ClientAccess;
  explicit Client(std::nullptr_t) noexcept;
  std::unique_ptr<ClientImpl> impl_;
};

const char* EnumToString(Client::Status value);
const char* EnumToString(Client::Error value);
const char* EnumToString(Client::Thread value);

// Runs the callbacks the SDK has queued (results, events, log lines). A game calls it once a
// frame; in Node the addon schedules it from the event loop.
void RunCallbacks();

}  // namespace sdkpp
