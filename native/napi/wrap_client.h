// JS class NativeClient: the native half of the façade's Client. The façade adds Promise
// forms and bigint conveniences; everything here validates its own arguments anyway, so the
// binding is safe to call directly.
#pragma once

#include <napi.h>

#include <memory>

#include "sdkpp/client.h"

namespace sdkpp::napi {

class ClientWrap : public Napi::ObjectWrap<ClientWrap> {
 public:
  static constexpr const char* kClassName = "NativeClient";
  static Napi::Function Define(Napi::Env env);

  explicit ClientWrap(const Napi::CallbackInfo& info);

 private:
  // Core
  void SetApplicationId(const Napi::CallbackInfo& info);
  Napi::Value GetApplicationId(const Napi::CallbackInfo& info);
  void AddLogCallback(const Napi::CallbackInfo& info);
  Napi::Value SetLogDir(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionMajor(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionMinor(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionPatch(const Napi::CallbackInfo& info);
  static Napi::Value GetVersionHash(const Napi::CallbackInfo& info);
  static Napi::Value ErrorToString(const Napi::CallbackInfo& info);
  static Napi::Value StatusToString(const Napi::CallbackInfo& info);
  static Napi::Value ThreadToString(const Napi::CallbackInfo& info);
  // Auth
  static Napi::Value GetDefaultCommunicationScopes(const Napi::CallbackInfo& info);
  static Napi::Value GetDefaultPresenceScopes(const Napi::CallbackInfo& info);
  Napi::Value CreateAuthorizationCodeVerifier(const Napi::CallbackInfo& info);

  std::unique_ptr<Client> client_;
};

}  // namespace sdkpp::napi
