// JS class AuthorizationArgs.
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/authorization_args.h"

namespace sdkpp::napi {

class AuthorizationArgsWrap : public ValueWrap<AuthorizationArgsWrap, AuthorizationArgs> {
 public:
  static constexpr const char* kClassName = "AuthorizationArgs";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x3a4b5c6d7e8f9012, 0x1234abcd5678ef90};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value ClientId(const Napi::CallbackInfo& info);
  void SetClientId(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  void SetScopes(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  Napi::Value State(const Napi::CallbackInfo& info);
  void SetState(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  Napi::Value Nonce(const Napi::CallbackInfo& info);
  void SetNonce(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  Napi::Value CodeChallenge(const Napi::CallbackInfo& info);
  void SetCodeChallenge(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  Napi::Value IntegrationType(const Napi::CallbackInfo& info);
  void SetIntegrationType(const Napi::CallbackInfo& info, AuthorizationArgs& value);
  Napi::Value CustomSchemeParam(const Napi::CallbackInfo& info);
  void SetCustomSchemeParam(const Napi::CallbackInfo& info, AuthorizationArgs& value);
};

// An optional string as JS: the string, or undefined.
Napi::Value OptionalStringToJs(Napi::Env env, const std::optional<std::string>& value);

}  // namespace sdkpp::napi
