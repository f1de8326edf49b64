#include "wrap_client.h"

#include "addon_data.h"
#include "args.h"
#include "enum_exports.h"
#include "js_callback.h"
#include "wrap_authorization_code.h"
#include "wrap_client_create_options.h"

namespace sdkpp::napi {

Napi::Function ClientWrap::Define(Napi::Env env) {
  using W = ClientWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::SetApplicationId>("SetApplicationId"),
       InstanceMethod<&W::GetApplicationId>("GetApplicationId"),
       InstanceMethod<&W::AddLogCallback>("AddLogCallback"),
       InstanceMethod<&W::SetLogDir>("SetLogDir"),
       InstanceMethod<&W::CreateAuthorizationCodeVerifier>("CreateAuthorizationCodeVerifier"),
       StaticMethod<&W::GetVersionMajor>("GetVersionMajor"),
       StaticMethod<&W::GetVersionMinor>("GetVersionMinor"),
       StaticMethod<&W::GetVersionPatch>("GetVersionPatch"),
       StaticMethod<&W::GetVersionHash>("GetVersionHash"),
       StaticMethod<&W::ErrorToString>("ErrorToString"),
       StaticMethod<&W::StatusToString>("StatusToString"),
       StaticMethod<&W::ThreadToString>("ThreadToString"),
       StaticMethod<&W::GetDefaultCommunicationScopes>("GetDefaultCommunicationScopes"),
       StaticMethod<&W::GetDefaultPresenceScopes>("GetDefaultPresenceScopes")});
  AddonData::Of(env).client = Napi::Persistent(constructor);
  return constructor;
}

ClientWrap::ClientWrap(const Napi::CallbackInfo& info) : Napi::ObjectWrap<ClientWrap>(info) {
  const char* method = "new Client";
  if (info.Length() == 0 || (info.Length() == 1 && IsNullish(info[0]))) {
    client_ = std::make_unique<Client>();
  } else if (info.Length() == 1) {
    client_ = std::make_unique<Client>(
        ClientCreateOptionsWrap::FromArg(ArgRef{info, 0, method, "options"}));
  } else {
    std::string api_base = ReadBaseUrl(ArgRef{info, 0, method, "apiBase"});
    std::string web_base = ReadBaseUrl(ArgRef{info, 1, method, "webBase"});
    client_ = std::make_unique<Client>(std::move(api_base), std::move(web_base));
  }
}

void ClientWrap::SetApplicationId(const Napi::CallbackInfo& info) {
  client_->SetApplicationId(
      ReadU64(ArgRef{info, 0, "Client.SetApplicationId", "applicationId"}));
}

Napi::Value ClientWrap::GetApplicationId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), client_->GetApplicationId());
}

void ClientWrap::AddLogCallback(const Napi::CallbackInfo& info) {
  const char* method = "Client.AddLogCallback";
  auto callback = JsCallback::From(ReadFunction(ArgRef{info, 0, method, "callback"}));
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity",
                    &IsEnumMember<LoggingSeverity>));
  client_->AddLogCallback(
      [callback](std::string message, LoggingSeverity severity) {
        callback->Call([&](Napi::Env env) {
          return std::vector<napi_value>{Napi::String::New(env, message),
                                         Napi::Number::New(env, static_cast<int>(severity))};
        });
      },
      min_severity);
}

Napi::Value ClientWrap::SetLogDir(const Napi::CallbackInfo& info) {
  const char* method = "Client.SetLogDir";
  std::string path = ReadString(ArgRef{info, 0, method, "path"}, kMaxPathString);
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity",
                    &IsEnumMember<LoggingSeverity>));
  return Napi::Boolean::New(info.Env(), client_->SetLogDir(path, min_severity));
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
