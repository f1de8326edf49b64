#include "model/wrap_authorization_args.h"

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"
#include "model/wrap_authorization_code.h"

namespace sdkpp::napi {

Napi::Value OptionalStringToJs(Napi::Env env, const std::optional<std::string>& value) {
  if (!value) return env.Undefined();
  return Napi::String::New(env, *value);
}

Napi::Function AuthorizationArgsWrap::Define(Napi::Env env) {
  using W = AuthorizationArgsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::ClientId>("ClientId"),
       Mutator<&W::SetClientId>("SetClientId"),
       StringMethod<&AuthorizationArgs::Scopes>("Scopes"),
       Mutator<&W::SetScopes>("SetScopes"),
       InstanceMethod<&W::State>("State"),
       Mutator<&W::SetState>("SetState"),
       InstanceMethod<&W::Nonce>("Nonce"),
       Mutator<&W::SetNonce>("SetNonce"),
       InstanceMethod<&W::CodeChallenge>("CodeChallenge"),
       Mutator<&W::SetCodeChallenge>("SetCodeChallenge"),
       InstanceMethod<&W::IntegrationType>("IntegrationType"),
       Mutator<&W::SetIntegrationType>("SetIntegrationType"),
       InstanceMethod<&W::CustomSchemeParam>("CustomSchemeParam"),
       Mutator<&W::SetCustomSchemeParam>("SetCustomSchemeParam"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).authorization_args);
}

Napi::Function AuthorizationArgsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).authorization_args.Value();
}

Napi::Value AuthorizationArgsWrap::ClientId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().ClientId());
}

void AuthorizationArgsWrap::SetClientId(const Napi::CallbackInfo& info, AuthorizationArgs& value) {
  value.SetClientId(ReadU64(Arg(info, 0, "AuthorizationArgs.SetClientId", "clientId")));
}

void AuthorizationArgsWrap::SetScopes(const Napi::CallbackInfo& info, AuthorizationArgs& value) {
  value.SetScopes(
      ReadString(Arg(info, 0, "AuthorizationArgs.SetScopes", "scopes"), kMaxScopesString));
}

Napi::Value AuthorizationArgsWrap::State(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().State());
}

void AuthorizationArgsWrap::SetState(const Napi::CallbackInfo& info, AuthorizationArgs& value) {
  value.SetState(
      ReadOptionalString(Arg(info, 0, "AuthorizationArgs.SetState", "state"), kMaxShortString));
}

Napi::Value AuthorizationArgsWrap::Nonce(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().Nonce());
}

void AuthorizationArgsWrap::SetNonce(const Napi::CallbackInfo& info, AuthorizationArgs& value) {
  value.SetNonce(
      ReadOptionalString(Arg(info, 0, "AuthorizationArgs.SetNonce", "nonce"), kMaxShortString));
}

Napi::Value AuthorizationArgsWrap::CodeChallenge(const Napi::CallbackInfo& info) {
  auto challenge = value().CodeChallenge();
  if (!challenge) return info.Env().Undefined();
  return AuthorizationCodeChallengeWrap::NewInstance(info.Env(), *challenge);
}

void AuthorizationArgsWrap::SetCodeChallenge(const Napi::CallbackInfo& info,
                                             AuthorizationArgs& value) {
  ArgRef arg = Arg(info, 0, "AuthorizationArgs.SetCodeChallenge", "codeChallenge");
  if (IsNullish(arg.value())) {
    value.SetCodeChallenge(std::nullopt);
    return;
  }
  value.SetCodeChallenge(AuthorizationCodeChallengeWrap::FromArg(arg));
}

Napi::Value AuthorizationArgsWrap::IntegrationType(const Napi::CallbackInfo& info) {
  auto type = value().IntegrationType();
  if (!type) return info.Env().Undefined();
  return Napi::Number::New(info.Env(), static_cast<int32_t>(*type));
}

void AuthorizationArgsWrap::SetIntegrationType(const Napi::CallbackInfo& info,
                                               AuthorizationArgs& value) {
  ArgRef arg = Arg(info, 0, "AuthorizationArgs.SetIntegrationType", "integrationType");
  if (IsNullish(arg.value())) {
    value.SetIntegrationType(std::nullopt);
    return;
  }
  value.SetIntegrationType(static_cast<sdkpp::IntegrationType>(
      ReadEnumValue(arg, "IntegrationType", &IsEnumMember<sdkpp::IntegrationType>)));
}

Napi::Value AuthorizationArgsWrap::CustomSchemeParam(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().CustomSchemeParam());
}

void AuthorizationArgsWrap::SetCustomSchemeParam(const Napi::CallbackInfo& info,
                                                 AuthorizationArgs& value) {
  value.SetCustomSchemeParam(ReadOptionalString(
      Arg(info, 0, "AuthorizationArgs.SetCustomSchemeParam", "customSchemeParam"),
      kMaxShortString));
}

}  // namespace sdkpp::napi
