#include "model/wrap_authorization_code.h"

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"

namespace sdkpp::napi {

// --- AuthorizationCodeChallenge

Napi::Function AuthorizationCodeChallengeWrap::Define(Napi::Env env) {
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&AuthorizationCodeChallengeWrap::Method>("Method"),
       Mutator<&AuthorizationCodeChallengeWrap::SetMethod>("SetMethod"),
       StringMethod<&AuthorizationCodeChallenge::Challenge>("Challenge"),
       Mutator<&AuthorizationCodeChallengeWrap::SetChallenge>("SetChallenge"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).authorization_code_challenge);
}

Napi::Function AuthorizationCodeChallengeWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).authorization_code_challenge.Value();
}

Napi::Value AuthorizationCodeChallengeWrap::Method(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Method()));
}

void AuthorizationCodeChallengeWrap::SetMethod(const Napi::CallbackInfo& info,
                                               AuthorizationCodeChallenge& value) {
  auto method = ReadEnumValue(Arg(info, 0, "AuthorizationCodeChallenge.SetMethod", "method"),
                              "AuthenticationCodeChallengeMethod",
                              &IsEnumMember<AuthenticationCodeChallengeMethod>);
  value.SetMethod(static_cast<AuthenticationCodeChallengeMethod>(method));
}

void AuthorizationCodeChallengeWrap::SetChallenge(const Napi::CallbackInfo& info,
                                                  AuthorizationCodeChallenge& value) {
  value.SetChallenge(ReadString(
      Arg(info, 0, "AuthorizationCodeChallenge.SetChallenge", "challenge"), kMaxShortString));
}

// --- AuthorizationCodeVerifier

Napi::Function AuthorizationCodeVerifierWrap::Define(Napi::Env env) {
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&AuthorizationCodeVerifierWrap::Challenge>("Challenge"),
       Mutator<&AuthorizationCodeVerifierWrap::SetChallenge>("SetChallenge"),
       StringMethod<&AuthorizationCodeVerifier::Verifier>("Verifier"),
       Mutator<&AuthorizationCodeVerifierWrap::SetVerifier>("SetVerifier"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).authorization_code_verifier);
}

Napi::Function AuthorizationCodeVerifierWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).authorization_code_verifier.Value();
}

Napi::Value AuthorizationCodeVerifierWrap::Challenge(const Napi::CallbackInfo& info) {
  return AuthorizationCodeChallengeWrap::NewInstance(info.Env(), value().Challenge());
}

void AuthorizationCodeVerifierWrap::SetChallenge(const Napi::CallbackInfo& info,
                                                 AuthorizationCodeVerifier& value) {
  value.SetChallenge(AuthorizationCodeChallengeWrap::FromArg(
      Arg(info, 0, "AuthorizationCodeVerifier.SetChallenge", "challenge")));
}

void AuthorizationCodeVerifierWrap::SetVerifier(const Napi::CallbackInfo& info,
                                                AuthorizationCodeVerifier& value) {
  value.SetVerifier(ReadString(
      Arg(info, 0, "AuthorizationCodeVerifier.SetVerifier", "verifier"), kMaxShortString));
}

}  // namespace sdkpp::napi
