// NativeClient's connection methods (core: native/core/src/client/client_connection.cc): the session,
// and the reference's Core row (application id, logging, HTTP timeout, thread priority, version,
// Error/Status/ThreadToString).
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "util/args.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::ConnectionMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::Connect>("Connect"),
          InstanceMethod<&W::Disconnect>("Disconnect"),
          InstanceMethod<&W::SetStatusChangedCallback>("SetStatusChangedCallback"),
          InstanceMethod<&W::GetStatus>("GetStatus"),
          InstanceMethod<&W::SetApplicationId>("SetApplicationId"),
          InstanceMethod<&W::GetApplicationId>("GetApplicationId"),
          InstanceMethod<&W::AddLogCallback>("AddLogCallback"),
          InstanceMethod<&W::SetLogDir>("SetLogDir"),
          InstanceMethod<&W::SetHttpRequestTimeout>("SetHttpRequestTimeout"),
          InstanceMethod<&W::SetThreadPriority>("SetThreadPriority"),
          StaticMethod<&W::GetVersionMajor>("GetVersionMajor"),
          StaticMethod<&W::GetVersionMinor>("GetVersionMinor"),
          StaticMethod<&W::GetVersionPatch>("GetVersionPatch"),
          StaticMethod<&W::GetVersionHash>("GetVersionHash"),
          StaticMethod<&W::ErrorToString>("ErrorToString"),
          StaticMethod<&W::StatusToString>("StatusToString"),
          StaticMethod<&W::ThreadToString>("ThreadToString")};
}

void ClientWrap::Connect(const Napi::CallbackInfo&) { client_->Connect(); }

void ClientWrap::Disconnect(const Napi::CallbackInfo&) { client_->Disconnect(); }

void ClientWrap::SetStatusChangedCallback(const Napi::CallbackInfo& info) {
  client_->SetStatusChangedCallback(RequiredHandler<Client::OnStatusChanged>(ArgRef{info, 0, "Client.SetStatusChangedCallback", "callback"}));
}

Napi::Value ClientWrap::GetStatus(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int>(client_->GetStatus()));
}

void ClientWrap::SetApplicationId(const Napi::CallbackInfo& info) {
  client_->SetApplicationId(ReadU64(ArgRef{info, 0, "Client.SetApplicationId", "applicationId"}));
}

Napi::Value ClientWrap::GetApplicationId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), client_->GetApplicationId());
}

void ClientWrap::AddLogCallback(const Napi::CallbackInfo& info) {
  const char* method = "Client.AddLogCallback";
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity",
                    &IsEnumMember<LoggingSeverity>));
  // Read last: a refused minSeverity must not leave the callback kept with the Client.
  auto callback = RequiredHandler<Client::LogCallback>(ArgRef{info, 0, method, "callback"}, /*accumulate=*/true);
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
  client_->SetHttpRequestTimeout(ReadInt(ArgRef{info, 0, "Client.SetHttpRequestTimeout", "httpTimeoutInMilliseconds"}, 1,
                                         2147483647, "must be an integer from 1 to 2147483647",
                                         "must be a number of milliseconds"));
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

}  // namespace sdkpp::napi
