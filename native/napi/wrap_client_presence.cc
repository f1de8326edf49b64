// NativeClient's rich presence, activity invite and launch methods.
#include <cmath>

#include "args.h"
#include "enum_exports.h"
#include "js_callback.h"
#include "wrap_activity.h"
#include "wrap_activity_invite.h"
#include "wrap_client.h"
#include "wrap_client_result.h"

namespace sdkpp::napi {
namespace {

std::shared_ptr<JsCallback> ReadCallback(const ArgRef& arg) {
  if (IsNullish(arg.value())) return nullptr;
  return JsCallback::From(ReadFunction(arg));
}

Client::ResultCallback ResultCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](ClientResult result) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ClientResultWrap::NewInstance(env, result)}; });
  };
}

Client::ActivityInviteCallback InviteCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](ActivityInvite invite) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ActivityInviteWrap::NewInstance(env, invite)}; });
  };
}

}  // namespace

#define SDKPP_M(Name) InstanceMethod<&ClientWrap::Name>(#Name)

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::PresenceMethods() {
  return {SDKPP_M(UpdateRichPresence), SDKPP_M(ClearRichPresence), SDKPP_M(SetOnlineStatus),
          SDKPP_M(SendActivityInvite), SDKPP_M(SendActivityJoinRequest), SDKPP_M(SendActivityJoinRequestReply),
          SDKPP_M(AcceptActivityInvite), SDKPP_M(SetActivityInviteCreatedCallback),
          SDKPP_M(SetActivityInviteUpdatedCallback), SDKPP_M(SetActivityJoinCallback),
          SDKPP_M(SetActivityJoinWithApplicationCallback), SDKPP_M(RegisterLaunchCommand),
          SDKPP_M(RegisterLaunchSteamApplication), SDKPP_M(IsServiceAppInstalled)};
}

#undef SDKPP_M

void ClientWrap::UpdateRichPresence(const Napi::CallbackInfo& info) {
  const char* m = "Client.UpdateRichPresence";
  const Activity& activity = ActivityWrap::FromArg(ArgRef{info, 0, m, "activity"});
  client_->UpdateRichPresence(activity, ResultCallback(ReadCallback(ArgRef{info, 1, m, "callback"})));
}

void ClientWrap::ClearRichPresence(const Napi::CallbackInfo&) { client_->ClearRichPresence(); }

void ClientWrap::SetOnlineStatus(const Napi::CallbackInfo& info) {
  const char* m = "Client.SetOnlineStatus";
  auto status = ReadEnumValue(ArgRef{info, 0, m, "status"}, "StatusType", &IsEnumMember<StatusType>);
  client_->SetOnlineStatus(static_cast<StatusType>(status), ResultCallback(ReadCallback(ArgRef{info, 1, m, "callback"})));
}

void ClientWrap::SendActivityInvite(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityInvite";
  uint64_t user = ReadU64(ArgRef{info, 0, m, "userId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, 1024);
  client_->SendActivityInvite(user, content, ResultCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::SendActivityJoinRequest(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityJoinRequest";
  uint64_t user = ReadU64(ArgRef{info, 0, m, "userId"});
  client_->SendActivityJoinRequest(user, ResultCallback(ReadCallback(ArgRef{info, 1, m, "callback"})));
}

void ClientWrap::SendActivityJoinRequestReply(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendActivityJoinRequestReply";
  const ActivityInvite& invite = ActivityInviteWrap::FromArg(ArgRef{info, 0, m, "invite"});
  client_->SendActivityJoinRequestReply(invite, ResultCallback(ReadCallback(ArgRef{info, 1, m, "callback"})));
}

void ClientWrap::AcceptActivityInvite(const Napi::CallbackInfo& info) {
  const char* m = "Client.AcceptActivityInvite";
  const ActivityInvite& invite = ActivityInviteWrap::FromArg(ArgRef{info, 0, m, "invite"});
  auto callback = ReadCallback(ArgRef{info, 1, m, "callback"});
  client_->AcceptActivityInvite(invite, [callback](ClientResult result, std::string secret) {
    if (callback) {
      callback->Call([&](Napi::Env env) {
        return std::vector<napi_value>{ClientResultWrap::NewInstance(env, result), Napi::String::New(env, secret)};
      });
    }
  });
}

void ClientWrap::SetActivityInviteCreatedCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityInviteCreatedCallback(
      InviteCallback(JsCallback::From(ReadFunction(ArgRef{info, 0, "Client.SetActivityInviteCreatedCallback", "callback"}))));
}

void ClientWrap::SetActivityInviteUpdatedCallback(const Napi::CallbackInfo& info) {
  client_->SetActivityInviteUpdatedCallback(
      InviteCallback(JsCallback::From(ReadFunction(ArgRef{info, 0, "Client.SetActivityInviteUpdatedCallback", "callback"}))));
}

void ClientWrap::SetActivityJoinCallback(const Napi::CallbackInfo& info) {
  auto callback = JsCallback::From(ReadFunction(ArgRef{info, 0, "Client.SetActivityJoinCallback", "callback"}));
  client_->SetActivityJoinCallback([callback](std::string secret) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{Napi::String::New(env, secret)}; });
  });
}

void ClientWrap::SetActivityJoinWithApplicationCallback(const Napi::CallbackInfo& info) {
  auto callback = JsCallback::From(ReadFunction(ArgRef{info, 0, "Client.SetActivityJoinWithApplicationCallback", "callback"}));
  client_->SetActivityJoinWithApplicationCallback([callback](uint64_t application, std::string secret) {
    callback->Call([&](Napi::Env env) {
      return std::vector<napi_value>{U64ToJs(env, application), Napi::String::New(env, secret)};
    });
  });
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
  auto callback = ReadCallback(ArgRef{info, 0, "Client.IsServiceAppInstalled", "callback"});
  client_->IsServiceAppInstalled([callback](bool installed) {
    if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{Napi::Boolean::New(env, installed)}; });
  });
}

}  // namespace sdkpp::napi
