#include "wrap_client.h"

#include "addon_data.h"
#include "args.h"
#include "client/client_access.h"
#include "enum_exports.h"
#include "callback_adapter.h"
#include "node_platform.h"
#include "wrap_authorization_code.h"
#include "wrap_client_create_options.h"

namespace sdkpp::napi {

Napi::Function ClientWrap::Define(Napi::Env env) {
  // One list per area file (wrap_client_<area>.cc), as in native/core/src/client.
  std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> properties;
  for (auto area : {&CoreMethods, &ConnectionMethods, &AuthMethods, &PresenceMethods, &LobbiesMethods,
                    &MessagesMethods, &RelationshipsMethods, &UsersMethods, &PlatformEventMethods}) {
    for (auto& p : area()) properties.push_back(p);
  }
  Napi::Function constructor = DefineClass(env, kClassName, properties);
  AddonData::Of(env).client = Napi::Persistent(constructor);
  return constructor;
}

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::CoreMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::SetApplicationId>("SetApplicationId"),
          InstanceMethod<&W::GetApplicationId>("GetApplicationId"),
          InstanceMethod<&W::AddLogCallback>("AddLogCallback"),
          InstanceMethod<&W::SetLogDir>("SetLogDir"),
          InstanceMethod<&W::SetHttpRequestTimeout>("SetHttpRequestTimeout"),
          InstanceMethod<&W::SetThreadPriority>("SetThreadPriority"),
          InstanceMethod<&W::Destroy>("Destroy"),
          StaticMethod<&W::GetVersionMajor>("GetVersionMajor"),
          StaticMethod<&W::GetVersionMinor>("GetVersionMinor"),
          StaticMethod<&W::GetVersionPatch>("GetVersionPatch"),
          StaticMethod<&W::GetVersionHash>("GetVersionHash"),
          StaticMethod<&W::ErrorToString>("ErrorToString"),
          StaticMethod<&W::StatusToString>("StatusToString"),
          StaticMethod<&W::ThreadToString>("ThreadToString"),
          StaticMethod<&W::GetDefaultCommunicationScopes>("GetDefaultCommunicationScopes"),
          StaticMethod<&W::GetDefaultPresenceScopes>("GetDefaultPresenceScopes"),
          InstanceMethod<&W::CreateAuthorizationCodeVerifier>("CreateAuthorizationCodeVerifier")};
}

ClientWrap::ClientWrap(const Napi::CallbackInfo& info) : Napi::ObjectWrap<ClientWrap>(info) {
  const char* method = "new NativeClient";
  ClientCreateOptions options;
  if (info.Length() > 0 && !IsNullish(info[0])) {
    options = ClientCreateOptionsWrap::FromArg(ArgRef{info, 0, method, "options"});
  }
  std::shared_ptr<Platform> platform;
  if (info.Length() > 1 && !IsNullish(info[1])) {
    if (!info[1].IsObject()) ThrowTypeError(ArgRef{info, 1, method, "host"}, "must be a platform host object");
    platform_ = std::make_shared<NodePlatform>(info[1].As<Napi::Object>());
    platform = platform_;
  }
  client_ = std::make_unique<Client>(std::move(options), std::move(platform));
  if (platform_) platform_->SetLogger(&sdkpp::detail::ClientAccess::Impl(*client_)->logger());
}

ClientWrap::~ClientWrap() {
  // Finalizers must not call into JS: the host is cut off before the core tears down.
  if (platform_) platform_->Detach();
}

PlatformEvents* ClientWrap::Events() const {
  return client_ && *client_ ? sdkpp::detail::ClientAccess::Impl(*client_) : nullptr;
}

void ClientWrap::Destroy(const Napi::CallbackInfo&) {
  if (platform_) platform_->SetLogger(nullptr);
  // Pending operations answer ClientDestroyed; `*client_` is left moved-from, so later calls
  // answer ClientDestroyed too.
  Client doomed = std::move(*client_);
}

void ClientWrap::SetApplicationId(const Napi::CallbackInfo& info) {
  client_->SetApplicationId(ReadU64(ArgRef{info, 0, "Client.SetApplicationId", "applicationId"}));
}

Napi::Value ClientWrap::GetApplicationId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), client_->GetApplicationId());
}

void ClientWrap::AddLogCallback(const Napi::CallbackInfo& info) {
  const char* method = "Client.AddLogCallback";
  auto callback = RequiredHandler<Client::LogCallback>(ArgRef{info, 0, method, "callback"});
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity",
                    &IsEnumMember<LoggingSeverity>));
  client_->AddLogCallback(std::move(callback), min_severity);
}

Napi::Value ClientWrap::SetLogDir(const Napi::CallbackInfo& info) {
  const char* method = "Client.SetLogDir";
  std::string path = ReadString(ArgRef{info, 0, method, "path"}, kMaxPathString);
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity",
                    &IsEnumMember<LoggingSeverity>));
  return Napi::Boolean::New(info.Env(), client_->SetLogDir(path, min_severity));
}

void ClientWrap::SetHttpRequestTimeout(const Napi::CallbackInfo& info) {
  ArgRef arg{info, 0, "Client.SetHttpRequestTimeout", "httpTimeoutInMilliseconds"};
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number of milliseconds");
  double ms = arg.value().As<Napi::Number>().DoubleValue();
  if (!(ms >= 1 && ms <= 2147483647) || static_cast<double>(static_cast<int64_t>(ms)) != ms) {
    ThrowRangeError(arg, "must be an integer from 1 to 2147483647");
  }
  client_->SetHttpRequestTimeout(static_cast<int32_t>(ms));
}

void ClientWrap::SetThreadPriority(const Napi::CallbackInfo& info) {
  const char* method = "Client.SetThreadPriority";
  auto thread = ReadEnumValue(ArgRef{info, 0, method, "thread"}, "Client.Thread", &IsEnumMember<Client::Thread>);
  int32_t priority = ReadInt32(ArgRef{info, 1, method, "priority"});
  client_->SetThreadPriority(static_cast<Client::Thread>(thread), priority);
}

Napi::Value ClientWrap::GetVersionMajor(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), Client::GetVersionMajor());
}
Napi::Value ClientWrap::GetVersionMinor(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), Client::GetVersionMinor());
}
Napi::Value ClientWrap::GetVersionPatch(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), Client::GetVersionPatch());
}
Napi::Value ClientWrap::GetVersionHash(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetVersionHash());
}

Napi::Value ClientWrap::ErrorToString(const Napi::CallbackInfo& info) {
  auto value = ReadEnumValue(ArgRef{info, 0, "Client.ErrorToString", "value"}, "Client.Error",
                             &IsEnumMember<Client::Error>);
  return Napi::String::New(info.Env(), Client::ErrorToString(static_cast<Client::Error>(value)));
}
Napi::Value ClientWrap::StatusToString(const Napi::CallbackInfo& info) {
  auto value = ReadEnumValue(ArgRef{info, 0, "Client.StatusToString", "value"},
                             "Client.Status", &IsEnumMember<Client::Status>);
  return Napi::String::New(info.Env(),
                           Client::StatusToString(static_cast<Client::Status>(value)));
}
Napi::Value ClientWrap::ThreadToString(const Napi::CallbackInfo& info) {
  auto value = ReadEnumValue(ArgRef{info, 0, "Client.ThreadToString", "value"},
                             "Client.Thread", &IsEnumMember<Client::Thread>);
  return Napi::String::New(info.Env(),
                           Client::ThreadToString(static_cast<Client::Thread>(value)));
}


Napi::Value ClientWrap::GetDefaultCommunicationScopes(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetDefaultCommunicationScopes());
}
Napi::Value ClientWrap::GetDefaultPresenceScopes(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetDefaultPresenceScopes());
}

Napi::Value ClientWrap::CreateAuthorizationCodeVerifier(const Napi::CallbackInfo& info) {
  return AuthorizationCodeVerifierWrap::NewInstance(info.Env(),
                                                    client_->CreateAuthorizationCodeVerifier());
}

}  // namespace sdkpp::napi
