// NativeClient's rich presence, activity invite and launch methods.
#include <cmath>

#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_activity.h"
#include "model/wrap_activity_invite.h"
#include "model/wrap_client_result.h"
#include "util/args.h"
#include "sdkpp/limits.h"

namespace sdkpp::napi {
std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::PresenceMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::UpdateRichPresence>("UpdateRichPresence"),
          InstanceMethod<&W::ClearRichPresence>("ClearRichPresence"),
          InstanceMethod<&W::SetOnlineStatus>("SetOnlineStatus"),
          InstanceMethod<&W::SendActivityInvite>("SendActivityInvite"),
          InstanceMethod<&W::SendActivityJoinRequest>("SendActivityJoinRequest"),
          InstanceMethod<&W::SendActivityJoinRequestReply>("SendActivityJoinRequestReply"),
          InstanceMethod<&W::AcceptActivityInvite>("AcceptActivityInvite"),
          InstanceMethod<&W::SetActivityInviteCreatedCallback>("SetActivityInviteCreatedCallback"),
          InstanceMethod<&W::SetActivityInviteUpdatedCallback>("SetActivityInviteUpdatedCallback"),
          InstanceMethod<&W::SetActivityJoinCallback>("SetActivityJoinCallback"),
          InstanceMethod<&W::SetActivityJoinWithApplicationCallback>("SetActivityJoinWithApplicationCallback"),
          InstanceMethod<&W::RegisterLaunchCommand>("RegisterLaunchCommand"),
          InstanceMethod<&W::RegisterLaunchSteamApplication>("RegisterLaunchSteamApplication"),
          InstanceMethod<&W::IsServiceAppInstalled>("IsServiceAppInstalled")};
}

void ClientWrap::UpdateRichPresence(const Napi::CallbackInfo& info) {
  const char* m = "Client.UpdateRichPresence";
  const Activity& activity = ActivityWrap::FromArg(ArgRef{info, 0, m, "activity"});
  client_->UpdateRichPresence(activity, Completion<Client::ResultCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::ClearRichPresence(const Napi::CallbackInfo&) { client_->ClearRichPresence(); }

void ClientWrap::SetOnlineStatus(const Napi::CallbackInfo& info) {
  const char* m = "Client.SetOnlineStatus";
  auto status = ReadEnumValue(ArgRef{info, 0, m, "status"}, "StatusType", &IsEnumMember<StatusType>);
  client_->SetOnlineStatus(static_cast<StatusType>(status), Completion<Client::ResultCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::SendActivityInvite(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityInvite";
  uint64_t user = ReadU64(ArgRef{info, 0, m, "userId"});
  std::string content = ReadText(ArgRef{info, 1, m, "content"}, limits::kMaxActivityInviteContentCodePoints);
  client_->SendActivityInvite(user, content, Completion<Client::ResultCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::SendActivityJoinRequest(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityJoinRequest";
  uint64_t user = ReadU64(ArgRef{info, 0, m, "userId"});
  client_->SendActivityJoinRequest(user, Completion<Client::ResultCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::SendActivityJoinRequestReply(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityJoinRequestReply";
  const ActivityInvite& invite = ActivityInviteWrap::FromArg(ArgRef{info, 0, m, "invite"});
  client_->SendActivityJoinRequestReply(invite, Completion<Client::ResultCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::AcceptActivityInvite(const Napi::CallbackInfo& info) {
  const char* m = "Client.AcceptActivityInvite";
  const ActivityInvite& invite = ActivityInviteWrap::FromArg(ArgRef{info, 0, m, "invite"});
  client_->AcceptActivityInvite(invite, Completion<Client::AcceptActivityInviteCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::SetActivityInviteCreatedCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityInviteCreatedCallback(
      RequiredHandler<Client::ActivityInviteCallback>(ArgRef{info, 0, "Client.SetActivityInviteCreatedCallback", "callback"}));
}

void ClientWrap::SetActivityInviteUpdatedCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityInviteUpdatedCallback(
      RequiredHandler<Client::ActivityInviteCallback>(ArgRef{info, 0, "Client.SetActivityInviteUpdatedCallback", "callback"}));
}

void ClientWrap::SetActivityJoinCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityJoinCallback(
      RequiredHandler<Client::ActivityJoinCallback>(ArgRef{info, 0, "Client.SetActivityJoinCallback", "callback"}));
}

void ClientWrap::SetActivityJoinWithApplicationCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityJoinWithApplicationCallback(
      RequiredHandler<Client::ActivityJoinWithApplicationCallback>(ArgRef{info, 0, "Client.SetActivityJoinWithApplicationCallback", "callback"}));
}

Napi::Value ClientWrap::RegisterLaunchCommand(const Napi::CallbackInfo& info) {
  const char* m = "Client.RegisterLaunchCommand";
  uint64_t application = ReadU64(ArgRef{info, 0, m, "applicationId"});
  std::string command = ReadString(ArgRef{info, 1, m, "command"}, kMaxPathString);
  return Napi::Boolean::New(info.Env(), client_->RegisterLaunchCommand(application, command));
}

Napi::Value ClientWrap::RegisterLaunchSteamApplication(const Napi::CallbackInfo& info) {
  const char* m = "Client.RegisterLaunchSteamApplication";
  uint64_t application = ReadU64(ArgRef{info, 0, m, "applicationId"});
  ArgRef arg{info, 1, m, "steamAppId"};
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double steam = arg.value().As<Napi::Number>().DoubleValue();
  if (!(steam >= 1 && steam <= 4294967295.0) || std::trunc(steam) != steam) ThrowRangeError(arg, "must be an integer from 1 to 2^32-1");
  return Napi::Boolean::New(info.Env(), client_->RegisterLaunchSteamApplication(application, static_cast<uint32_t>(steam)));
}

void ClientWrap::IsServiceAppInstalled(const Napi::CallbackInfo& info) {
  client_->IsServiceAppInstalled(
      Completion<Client::IsServiceAppInstalledCallback>(ArgRef{info, 0, "Client.IsServiceAppInstalled", "callback"}));
}

}  // namespace sdkpp::napi
