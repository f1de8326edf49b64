// NativeClient's lobbies (core: native/core/src/client/client_lobbies.cc).
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "sdkpp/limits.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::LobbiesMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::CreateOrJoinLobby>("CreateOrJoinLobby"),
          InstanceMethod<&W::CreateOrJoinLobbyWithMetadata>("CreateOrJoinLobbyWithMetadata"),
          InstanceMethod<&W::LeaveLobby>("LeaveLobby"),
          InstanceMethod<&W::GetLobbyHandle>("GetLobbyHandle"),
          InstanceMethod<&W::GetLobbyIds>("GetLobbyIds"),
          InstanceMethod<&W::LinkChannelToLobby>("LinkChannelToLobby"),
          InstanceMethod<&W::UnlinkChannelFromLobby>("UnlinkChannelFromLobby"),
          InstanceMethod<&W::JoinLinkedLobbyGuild>("JoinLinkedLobbyGuild"),
          InstanceMethod<&W::SetLobbyCreatedCallback>("SetLobbyCreatedCallback"),
          InstanceMethod<&W::SetLobbyDeletedCallback>("SetLobbyDeletedCallback"),
          InstanceMethod<&W::SetLobbyUpdatedCallback>("SetLobbyUpdatedCallback"),
          InstanceMethod<&W::SetLobbyMemberAddedCallback>("SetLobbyMemberAddedCallback"),
          InstanceMethod<&W::SetLobbyMemberRemovedCallback>("SetLobbyMemberRemovedCallback"),
          InstanceMethod<&W::SetLobbyMemberUpdatedCallback>("SetLobbyMemberUpdatedCallback")};
}

void ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobby";
  std::string secret = ReadText(ArgRef{info, 0, m, "secret"}, limits::kMaxLobbySecretCodePoints);
  client_->CreateOrJoinLobby(secret, Completion<Client::CreateOrJoinLobbyCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::CreateOrJoinLobbyWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobbyWithMetadata";
  std::string secret = ReadText(ArgRef{info, 0, m, "secret"}, limits::kMaxLobbySecretCodePoints);
  auto lobby_metadata = ReadMetadata(ArgRef{info, 1, m, "lobbyMetadata"});
  auto member_metadata = ReadMetadata(ArgRef{info, 2, m, "memberMetadata"});
  client_->CreateOrJoinLobbyWithMetadata(secret, lobby_metadata, member_metadata,
                                        Completion<Client::CreateOrJoinLobbyCallback>(ArgRef{info, 3, m, "callback"}));
}

void ClientWrap::LeaveLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.LeaveLobby", "lobbyId"});
  client_->LeaveLobby(lobby, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client.LeaveLobby", "callback"}));
}

Napi::Value ClientWrap::GetLobbyHandle(const Napi::CallbackInfo& info) {
  return Optional<LobbyHandleWrap>(info.Env(), client_->GetLobbyHandle(ReadU64(ArgRef{info, 0, "Client.GetLobbyHandle", "lobbyId"})));
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo& info) { return ToJs(info.Env(), client_->GetLobbyIds()); }

void ClientWrap::LinkChannelToLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.LinkChannelToLobby";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  uint64_t channel = ReadU64(ArgRef{info, 1, m, "channelId"});
  client_->LinkChannelToLobby(lobby, channel, Completion<Client::ResultCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::UnlinkChannelFromLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.UnlinkChannelFromLobby", "lobbyId"});
  client_->UnlinkChannelFromLobby(lobby, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client.UnlinkChannelFromLobby", "callback"}));
}

void ClientWrap::JoinLinkedLobbyGuild(const Napi::CallbackInfo& info) {
  const char* m = "Client.JoinLinkedLobbyGuild";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  client_->JoinLinkedLobbyGuild(
      lobby, Completion<Client::ProvisionalUserMergeRequiredCallback>(ArgRef{info, 1, m, "provisionalUserMergeRequiredCallback"}),
      Completion<Client::JoinLinkedLobbyGuildCallback>(ArgRef{info, 2, m, "callback"}));
}

SDKPP_SET_HANDLER(SetLobbyCreatedCallback, LobbyCreatedCallback)
SDKPP_SET_HANDLER(SetLobbyDeletedCallback, LobbyDeletedCallback)
SDKPP_SET_HANDLER(SetLobbyUpdatedCallback, LobbyUpdatedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberAddedCallback, LobbyMemberAddedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberRemovedCallback, LobbyMemberRemovedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberUpdatedCallback, LobbyMemberUpdatedCallback)

}  // namespace sdkpp::napi
