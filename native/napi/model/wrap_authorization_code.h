// JS classes AuthorizationCodeChallenge and AuthorizationCodeVerifier.
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/authorization_code.h"

namespace sdkpp::napi {

class AuthorizationCodeChallengeWrap
    : public ValueWrap<AuthorizationCodeChallengeWrap, AuthorizationCodeChallenge> {
 public:
  static constexpr const char* kClassName = "AuthorizationCodeChallenge";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x5d7c1b2a9e3f4d61, 0x8a2b3c4d5e6f7081};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value Method(const Napi::CallbackInfo& info);
  void SetMethod(const Napi::CallbackInfo& info, AuthorizationCodeChallenge& value);
  void SetChallenge(const Napi::CallbackInfo& info, AuthorizationCodeChallenge& value);
};

class AuthorizationCodeVerifierWrap
    : public ValueWrap<AuthorizationCodeVerifierWrap, AuthorizationCodeVerifier> {
 public:
  static constexpr const char* kClassName = "AuthorizationCodeVerifier";
  static constexpr const char* kMadeBy = "use Client.CreateAuthorizationCodeVerifier()";
  static constexpr bool kHasPublicConstructor = false;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x1f2e3d4c5b6a7988, 0x0a1b2c3d4e5f6071};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value Challenge(const Napi::CallbackInfo& info);
  void SetChallenge(const Napi::CallbackInfo& info, AuthorizationCodeVerifier& value);
  void SetVerifier(const Napi::CallbackInfo& info, AuthorizationCodeVerifier& value);
};

}  // namespace sdkpp::napi
