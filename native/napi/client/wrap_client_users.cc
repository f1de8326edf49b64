// NativeClient's users and guilds (core: native/core/src/client/client_users.cc).
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::UsersMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::GetCurrentUser>("GetCurrentUser"),
          InstanceMethod<&W::GetCurrentUserV2>("GetCurrentUserV2"),
          InstanceMethod<&W::GetUser>("GetUser"),
          InstanceMethod<&W::GetUserGuilds>("GetUserGuilds"),
          InstanceMethod<&W::GetGuildChannels>("GetGuildChannels"),
          InstanceMethod<&W::GetServiceClientConnectedUser>("GetServiceClientConnectedUser"),
          InstanceMethod<&W::GetUserApplicationProfiles>("GetUserApplicationProfiles"),
          InstanceMethod<&W::GetUserApplicationProfilesNoLock>("GetUserApplicationProfilesNoLock"),
          InstanceMethod<&W::SetUserUpdatedCallback>("SetUserUpdatedCallback")};
}

Napi::Value ClientWrap::GetCurrentUser(const Napi::CallbackInfo& info) {
  return UserHandleWrap::NewInstance(info.Env(), client_->GetCurrentUser());
}

Napi::Value ClientWrap::GetCurrentUserV2(const Napi::CallbackInfo& info) {
  return Optional<UserHandleWrap>(info.Env(), client_->GetCurrentUserV2());
}

Napi::Value ClientWrap::GetUser(const Napi::CallbackInfo& info) {
  return Optional<UserHandleWrap>(info.Env(), client_->GetUser(ReadU64(ArgRef{info, 0, "Client.GetUser", "userId"})));
}

void ClientWrap::GetUserGuilds(const Napi::CallbackInfo& info) {
  client_->GetUserGuilds(Completion<Client::GetUserGuildsCallback>(ArgRef{info, 0, "Client.GetUserGuilds", "callback"}));
}

void ClientWrap::GetGuildChannels(const Napi::CallbackInfo& info) {
  uint64_t guild = ReadU64(ArgRef{info, 0, "Client.GetGuildChannels", "guildId"});
  client_->GetGuildChannels(guild, Completion<Client::GetGuildChannelsCallback>(ArgRef{info, 1, "Client.GetGuildChannels", "callback"}));
}

void ClientWrap::GetServiceClientConnectedUser(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetServiceClientConnectedUser";
  uint64_t application_id = ReadU64(ArgRef{info, 0, m, "applicationId"});
  client_->GetServiceClientConnectedUser(application_id,
                                         Completion<Client::GetServiceClientConnectedUserCallback>(ArgRef{info, 1, m, "callback"}));
}

Napi::Value ClientWrap::GetUserApplicationProfiles(const Napi::CallbackInfo& info) {
  return ArrayOf<UserApplicationProfileHandleWrap>(info.Env(), client_->GetUserApplicationProfiles());
}

Napi::Value ClientWrap::GetUserApplicationProfilesNoLock(const Napi::CallbackInfo& info) {
  return ArrayOf<UserApplicationProfileHandleWrap>(info.Env(), client_->GetUserApplicationProfilesNoLock());
}

SDKPP_SET_HANDLER(SetUserUpdatedCallback, UserUpdatedCallback)

}  // namespace sdkpp::napi
