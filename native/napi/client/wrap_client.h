// JS class NativeClient: the native half of the façade's Client. The façade adds Promise
// forms and the Node platform host; everything here validates its own arguments anyway, so the
// binding is safe to call directly. Methods are split by area over wrap_client_<area>.cc, the
// same area words as native/core/src/client/client_<area>.cc.
#pragma once

#include <napi.h>

#include <memory>
#include <optional>

#include "sdkpp/client.h"

namespace sdkpp::napi {

class NodePlatform;

class ClientWrap : public Napi::ObjectWrap<ClientWrap> {
 public:
  static constexpr const char* kClassName = "NativeClient";
  static Napi::Function Define(Napi::Env env);

  // new NativeClient(options?: ClientCreateOptions, host?: PlatformHost)
  explicit ClientWrap(const Napi::CallbackInfo& info);
  ~ClientWrap() override;

 private:
  using Methods = std::vector<Napi::ClassPropertyDescriptor<ClientWrap>>;

  // The Client's lifetime (wrap_client.cc; core: client.cc)
  static Methods LifetimeMethods();
  void Destroy(const Napi::CallbackInfo& info);
  static void DestroyWhenIdle(std::shared_ptr<Client> doomed, std::shared_ptr<NodePlatform> platform);

  // Connection and the reference's Core row (wrap_client_connection.cc)
  static Methods ConnectionMethods();
  void Connect(const Napi::CallbackInfo& info);
  void Disconnect(const Napi::CallbackInfo& info);
  void SetStatusChangedCallback(const Napi::CallbackInfo& info);
  Napi::Value GetStatus(const Napi::CallbackInfo& info);
  void SetApplicationId(const Napi::CallbackInfo& info);
  Napi::Value GetApplicationId(const Napi::CallbackInfo& info);
  void AddLogCallback(const Napi::CallbackInfo& info);
  Napi::Value SetLogDir(const Napi::CallbackInfo& info);
  void SetHttpRequestTimeout(const Napi::CallbackInfo& info);
  void SetThreadPriority(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionMajor(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionMinor(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionPatch(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionHash(const Napi::CallbackInfo& info);
  static Napi::Value ErrorToString(const Napi::CallbackInfo& info);
  static Napi::Value StatusToString(const Napi::CallbackInfo& info);
  static Napi::Value ThreadToString(const Napi::CallbackInfo& info);

  // Auth (wrap_client_auth.cc)
  static Methods AuthMethods();
  void Authorize(const Napi::CallbackInfo& info);
  void AbortAuthorize(const Napi::CallbackInfo& info);
  Napi::Value HandleAuthorizeCallback(const Napi::CallbackInfo& info);
  void GetToken(const Napi::CallbackInfo& info);
  void GetTokenFromDevice(const Napi::CallbackInfo& info);
  void AbortGetTokenFromDevice(const Napi::CallbackInfo& info);
  void OpenAuthorizeDeviceScreen(const Napi::CallbackInfo& info);
  void CloseAuthorizeDeviceScreen(const Napi::CallbackInfo& info);
  void RefreshToken(const Napi::CallbackInfo& info);
  void RevokeToken(const Napi::CallbackInfo& info);
  void UpdateToken(const Napi::CallbackInfo& info);
  Napi::Value IsAuthenticated(const Napi::CallbackInfo& info);
  void FetchCurrentUser(const Napi::CallbackInfo& info);
  void SetTokenExpirationCallback(const Napi::CallbackInfo& info);
  void GetProvisionalToken(const Napi::CallbackInfo& info);
  void GetTokenFromProvisionalMerge(const Napi::CallbackInfo& info);
  void UnmergeIntoProvisionalAccount(const Napi::CallbackInfo& info);
  void UpdateProvisionalAccountDisplayName(const Napi::CallbackInfo& info);
  void ProvisionalUserMergeCompleted(const Napi::CallbackInfo& info);
  void ExchangeChildToken(const Napi::CallbackInfo& info);
  void RegisterAuthorizeRequestCallback(const Napi::CallbackInfo& info);
  void RemoveAuthorizeRequestCallback(const Napi::CallbackInfo& info);
  void SetGameWindowPid(const Napi::CallbackInfo& info);
  static Napi::Value GetDefaultCommunicationScopes(const Napi::CallbackInfo& info);
  static Napi::Value GetDefaultPresenceScopes(const Napi::CallbackInfo& info);
  Napi::Value CreateAuthorizationCodeVerifier(const Napi::CallbackInfo& info);

  // Presence, invites, launch (wrap_client_presence.cc)
  static Methods PresenceMethods();
  void UpdateRichPresence(const Napi::CallbackInfo& info);
  void ClearRichPresence(const Napi::CallbackInfo& info);
  void SetOnlineStatus(const Napi::CallbackInfo& info);
  void SendActivityInvite(const Napi::CallbackInfo& info);
  void SendActivityJoinRequest(const Napi::CallbackInfo& info);
  void SendActivityJoinRequestReply(const Napi::CallbackInfo& info);
  void AcceptActivityInvite(const Napi::CallbackInfo& info);
  void SetActivityInviteCreatedCallback(const Napi::CallbackInfo& info);
  void SetActivityInviteUpdatedCallback(const Napi::CallbackInfo& info);
  void SetActivityJoinCallback(const Napi::CallbackInfo& info);
  void SetActivityJoinWithApplicationCallback(const Napi::CallbackInfo& info);
  Napi::Value RegisterLaunchCommand(const Napi::CallbackInfo& info);
  Napi::Value RegisterLaunchSteamApplication(const Napi::CallbackInfo& info);
  void IsServiceAppInstalled(const Napi::CallbackInfo& info);

  // Lobbies (wrap_client_lobbies.cc)
  static Methods LobbiesMethods();
  void CreateOrJoinLobby(const Napi::CallbackInfo& info);
  void CreateOrJoinLobbyWithMetadata(const Napi::CallbackInfo& info);
  void LeaveLobby(const Napi::CallbackInfo& info);
  Napi::Value GetLobbyHandle(const Napi::CallbackInfo& info);
  Napi::Value GetLobbyIds(const Napi::CallbackInfo& info);
  void LinkChannelToLobby(const Napi::CallbackInfo& info);
  void UnlinkChannelFromLobby(const Napi::CallbackInfo& info);
  void JoinLinkedLobbyGuild(const Napi::CallbackInfo& info);
  void SetLobbyCreatedCallback(const Napi::CallbackInfo& info);
  void SetLobbyDeletedCallback(const Napi::CallbackInfo& info);
  void SetLobbyUpdatedCallback(const Napi::CallbackInfo& info);
  void SetLobbyMemberAddedCallback(const Napi::CallbackInfo& info);
  void SetLobbyMemberRemovedCallback(const Napi::CallbackInfo& info);
  void SetLobbyMemberUpdatedCallback(const Napi::CallbackInfo& info);

  // Messages (wrap_client_messages.cc; MessageFieldOf: wrap_client_message_fields.cc)
  static Methods MessagesMethods();
  void SendLobbyMessage(const Napi::CallbackInfo& info);
  void SendLobbyMessageWithMetadata(const Napi::CallbackInfo& info);
  void SendUserMessage(const Napi::CallbackInfo& info);
  void SendUserMessageWithMetadata(const Napi::CallbackInfo& info);
  void EditUserMessage(const Napi::CallbackInfo& info);
  void DeleteUserMessage(const Napi::CallbackInfo& info);
  void GetLobbyMessagesWithLimit(const Napi::CallbackInfo& info);
  void GetUserMessagesWithLimit(const Napi::CallbackInfo& info);
  void GetUserMessageSummaries(const Napi::CallbackInfo& info);
  Napi::Value GetMessageHandle(const Napi::CallbackInfo& info);
  // The façade's MessageHandle reads (wrap_client_message_fields.cc): the message cache's change
  // count, a snapshot of the common fields of many messages in one call, one field by id.
  Napi::Value MessageShared(const Napi::CallbackInfo& info);
  Napi::Value ReadMessages(const Napi::CallbackInfo& info);
  Napi::Value MessageFieldOf(const Napi::CallbackInfo& info);
  struct SnapshotArrays;
  static SnapshotArrays ReadSnapshotArrays(const Napi::CallbackInfo& info);
  Napi::Value FillSnapshot(Napi::Env env, const SnapshotArrays& into);
  // GetMessageHandle's snapshot, into the shared bytes: the text, or undefined for no message.
  Napi::Value SnapshotOfOne(Napi::Env env, uint64_t id);
  void WatchMessageChanges();
  void CountMessageChange();
  uint8_t* MessageSharedBytes();
  void StopWatchingMessageChanges();
  Napi::Value GetChannelHandle(const Napi::CallbackInfo& info);
  void SetMessageCreatedCallback(const Napi::CallbackInfo& info);
  void SetMessageUpdatedCallback(const Napi::CallbackInfo& info);
  void SetMessageDeletedCallback(const Napi::CallbackInfo& info);
  void SetShowingChat(const Napi::CallbackInfo& info);

  // Relationships (wrap_client_relationships.cc)
  static Methods RelationshipsMethods();
  Napi::Value GetRelationships(const Napi::CallbackInfo& info);
  Napi::Value GetRelationshipsByGroup(const Napi::CallbackInfo& info);
  Napi::Value GetRelationshipHandle(const Napi::CallbackInfo& info);
  Napi::Value SearchFriendsByUsername(const Napi::CallbackInfo& info);
  void SendServiceFriendRequest(const Napi::CallbackInfo& info);
  void SendGameFriendRequest(const Napi::CallbackInfo& info);
  void SendServiceFriendRequestById(const Napi::CallbackInfo& info);
  void SendGameFriendRequestById(const Napi::CallbackInfo& info);
  void AcceptServiceFriendRequest(const Napi::CallbackInfo& info);
  void AcceptGameFriendRequest(const Napi::CallbackInfo& info);
  void RejectServiceFriendRequest(const Napi::CallbackInfo& info);
  void RejectGameFriendRequest(const Napi::CallbackInfo& info);
  void CancelServiceFriendRequest(const Napi::CallbackInfo& info);
  void CancelGameFriendRequest(const Napi::CallbackInfo& info);
  void RemoveServiceAndGameFriend(const Napi::CallbackInfo& info);
  void RemoveGameFriend(const Napi::CallbackInfo& info);
  void BlockUser(const Napi::CallbackInfo& info);
  void UnblockUser(const Napi::CallbackInfo& info);
  void SetRelationshipCreatedCallback(const Napi::CallbackInfo& info);
  void SetRelationshipDeletedCallback(const Napi::CallbackInfo& info);
  void SetRelationshipGroupsUpdatedCallback(const Napi::CallbackInfo& info);

  // Users, guilds (wrap_client_users.cc)
  static Methods UsersMethods();
  Napi::Value GetCurrentUser(const Napi::CallbackInfo& info);
  Napi::Value GetCurrentUserV2(const Napi::CallbackInfo& info);
  Napi::Value GetUser(const Napi::CallbackInfo& info);
  void GetUserGuilds(const Napi::CallbackInfo& info);
  void GetGuildChannels(const Napi::CallbackInfo& info);
  void GetServiceClientConnectedUser(const Napi::CallbackInfo& info);
  Napi::Value GetUserApplicationProfiles(const Napi::CallbackInfo& info);
  Napi::Value GetUserApplicationProfilesNoLock(const Napi::CallbackInfo& info);
  void SetUserUpdatedCallback(const Napi::CallbackInfo& info);

  // Audio and calls (wrap_client_audio.cc)
  static Methods AudioMethods();
  Napi::Value StartCall(const Napi::CallbackInfo& info);
  Napi::Value StartCallWithAudioCallbacks(const Napi::CallbackInfo& info);
  void EndCall(const Napi::CallbackInfo& info);
  void EndCalls(const Napi::CallbackInfo& info);
  Napi::Value GetCall(const Napi::CallbackInfo& info);
  Napi::Value GetCalls(const Napi::CallbackInfo& info);
  void GetInputDevices(const Napi::CallbackInfo& info);
  void GetOutputDevices(const Napi::CallbackInfo& info);
  void GetCurrentInputDevice(const Napi::CallbackInfo& info);
  void GetCurrentOutputDevice(const Napi::CallbackInfo& info);
  void SetInputDevice(const Napi::CallbackInfo& info);
  void SetOutputDevice(const Napi::CallbackInfo& info);
  void SetDeviceChangeCallback(const Napi::CallbackInfo& info);
  Napi::Value GetInputVolume(const Napi::CallbackInfo& info);
  void SetInputVolume(const Napi::CallbackInfo& info);
  Napi::Value GetOutputVolume(const Napi::CallbackInfo& info);
  void SetOutputVolume(const Napi::CallbackInfo& info);
  Napi::Value GetSelfMuteAll(const Napi::CallbackInfo& info);
  void SetSelfMuteAll(const Napi::CallbackInfo& info);
  Napi::Value GetSelfDeafAll(const Napi::CallbackInfo& info);
  void SetSelfDeafAll(const Napi::CallbackInfo& info);
  void SetEchoCancellation(const Napi::CallbackInfo& info);
  void SetNoiseSuppression(const Napi::CallbackInfo& info);
  void SetNoiseCancellation(const Napi::CallbackInfo& info);
  void SetAutomaticGainControl(const Napi::CallbackInfo& info);
  void SetEngineManagedAudioSession(const Napi::CallbackInfo& info);
  void SetAecDump(const Napi::CallbackInfo& info);
  void SetOpusHardwareCoding(const Napi::CallbackInfo& info);
  void SetNoAudioInputThreshold(const Napi::CallbackInfo& info);
  void SetNoAudioInputCallback(const Napi::CallbackInfo& info);
  void SetVoiceParticipantChangedCallback(const Napi::CallbackInfo& info);
  void AddVoiceLogCallback(const Napi::CallbackInfo& info);
  void SetVoiceLogDir(const Napi::CallbackInfo& info);
  static Napi::Value GetDefaultAudioDeviceId(const Napi::CallbackInfo& info);
  Napi::Value VirtualAudio(const Napi::CallbackInfo& info);
  Napi::Value SetAudioBackend(const Napi::CallbackInfo& info);

  // Platform results from the JS host (wrap_client_platform.cc)
  static Methods PlatformEventMethods();
  // Every _On* method runs inside one of these: the event's time (host_clock.h) is NowMs's answer
  // while it is handled.
  template <void (ClientWrap::*Handler)(const Napi::CallbackInfo&)>
  void HostEvent(const Napi::CallbackInfo& info);
  void OnTimer(const Napi::CallbackInfo& info);
  void OnHttpResponse(const Napi::CallbackInfo& info);
  void OnHttpError(const Napi::CallbackInfo& info);
  void OnIpcOpen(const Napi::CallbackInfo& info);
  void OnIpcData(const Napi::CallbackInfo& info);
  void OnIpcClosed(const Napi::CallbackInfo& info);
  void OnWebSocketOpen(const Napi::CallbackInfo& info);
  void OnWebSocketMessage(const Napi::CallbackInfo& info);
  void OnWebSocketClosed(const Napi::CallbackInfo& info);
  void OnLoopbackListening(const Napi::CallbackInfo& info);
  void OnLoopbackRequest(const Napi::CallbackInfo& info);
  // Answers whether the app's log callbacks were told (a boolean): not a HostEvent.
  Napi::Value OnUrlNotOpened(const Napi::CallbackInfo& info);
  void OnWebSocketBinary(const Napi::CallbackInfo& info);
  void OnUdpOpen(const Napi::CallbackInfo& info);
  void OnUdpMessage(const Napi::CallbackInfo& info);
  void OnUdpClosed(const Napi::CallbackInfo& info);
  // The events sink for platform results; null once the client is destroyed.
  PlatformEvents* Events() const;

  std::unique_ptr<Client> client_;
  // The handle MessageFieldOf read last (see wrap_client_message_fields.cc).
  std::optional<MessageHandle> last_message_;
  // Bytes the façade reads without a call (MessageShared): how many times the message cache
  // changed (or the client was destroyed), so it knows whether its snapshots of message fields
  // are still current, and GetMessageHandle's snapshot. A plain ArrayBuffer (Electron's V8
  // sandbox refuses external ones), looked up through the reference on every use, so a detached
  // one is never written.
  Napi::Reference<Napi::ArrayBuffer> message_shared_;
  std::shared_ptr<NodePlatform> platform_;
};

}  // namespace sdkpp::napi
