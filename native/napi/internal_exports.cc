#include "internal_exports.h"

#include "auth/authorize_request.h"
#include "auth/pkce.h"
#include "callbacks/addon_data.h"
#include "callbacks/callback_pump.h"
#include "callbacks/event_loop_hold.h"
#include "io/pipe_server_check.h"
#include "io/platform_host_methods.h"
#include "io/platform_probe.h"
#include "logging/logger.h"
#include "logging/redactor.h"
#include "model/wrap_authorization_args.h"
#include "model/wrap_client_result.h"
#include "util/args.h"

namespace sdkpp::napi {
namespace {

// buildAuthorizeRequest(args, applicationId, webBase, loopbackRedirectUri?) ->
//   {url, state, redirectUri, scopes, clientId} | {error: ClientResult}
Napi::Value BuildAuthorizeRequest(const Napi::CallbackInfo& info) {
  const char* method = "internal.buildAuthorizeRequest";
  const AuthorizationArgs& args = AuthorizationArgsWrap::FromArg(ArgRef{info, 0, method, "args"});
  uint64_t application_id = ReadU64(ArgRef{info, 1, method, "applicationId"});
  std::string web_base = ReadString(ArgRef{info, 2, method, "webBase"}, kMaxUrlString);
  std::optional<std::string> loopback =
      ReadOptionalString(ArgRef{info, 3, method, "loopbackRedirectUri"}, kMaxUrlString);

  std::optional<std::string> state = auth::GenerateState();
  auth::AuthorizeRequestInput input;
  input.args = &args;
  input.application_id = application_id;
  input.web_base = web_base;
  input.generated_state = state ? std::string_view(*state) : std::string_view();
  input.loopback_redirect_uri = loopback;
  auto request = auth::BuildAuthorizeRequest(input);

  Napi::Env env = info.Env();
  Napi::Object out = Napi::Object::New(env);
  if (!request) {
    out.Set("error", ClientResultWrap::NewInstance(env, request.error()));
    return out;
  }
  out.Set("url", request->url);
  out.Set("state", request->state);
  out.Set("redirectUri", request->redirect_uri);
  out.Set("scopes", request->scopes);
  out.Set("clientId", U64ToJs(env, request->client_id));
  return out;
}

// redact(text) -> text with the pattern-based secret masking applied.
Napi::Value Redact(const Napi::CallbackInfo& info) {
  std::string text = ReadString(ArgRef{info, 0, "internal.redact", "text"}, 1 << 20);
  return Napi::String::New(info.Env(), logging::RedactPatterns(text));
}

// eventLoopHolds() -> how many holds keep this environment's event loop running now
// (event_loop_hold.h): pending calls and connecting or connected Clients.
Napi::Value EventLoopHolds(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), EventLoopHold::Count(info.Env()));
}

// codeChallengeS256(verifier) -> challenge
Napi::Value CodeChallengeS256(const Napi::CallbackInfo& info) {
  std::string verifier =
      ReadString(ArgRef{info, 0, "internal.codeChallengeS256", "verifier"}, kMaxShortString);
  return Napi::String::New(info.Env(), auth::CodeChallengeS256(verifier));
}

// Reports whether the addon was compiled as a debug build (log policy differs).
Napi::Value IsDebugBuild(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), logging::kIsDebugBuild);
}

// The methods the addon calls on the platform host, for the parity test of the Node host.
Napi::Array PlatformHostMethods(Napi::Env env) {
  Napi::Array names = Napi::Array::New(env);
  uint32_t i = 0;
  for (const char* name : kHostMethodNames) names.Set(i++, Napi::String::New(env, name));
  return names;
}

// The value classes whose string getters the façade memoizes (value_wrap.h): constructor, the
// getters, and every method that changes the value.
Napi::Value ValueClassShapes(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const auto names = [env](const std::vector<const char*>& list) {
    Napi::Array array = Napi::Array::New(env, list.size());
    for (uint32_t i = 0; i < list.size(); ++i) array.Set(i, Napi::String::New(env, list[i]));
    return array;
  };
  const auto& shapes = AddonData::Of(env).value_class_shapes;
  Napi::Array result = Napi::Array::New(env, shapes.size());
  for (uint32_t i = 0; i < shapes.size(); ++i) {
    Napi::Object shape = Napi::Object::New(env);
    shape.Set("constructor", shapes[i].constructor->Value());
    shape.Set("stringGetters", names(shapes[i].string_getters));
    shape.Set("mutators", names(shapes[i].mutators));
    result.Set(i, shape);
  }
  return result;
}

// constantString() -> "openid sdk.social_layer": the cheapest string getter an addon can have (the
// C API directly, no receiver, no copy), the floor the string getter benchmark compares with.
napi_value ConstantString(napi_env env, napi_callback_info) {
  static constexpr char kText[] = "openid sdk.social_layer";
  napi_value result = nullptr;
  napi_create_string_utf8(env, kText, sizeof kText - 1, &result);
  return result;
}

}  // namespace

Napi::Object DefineInternalExports(Napi::Env env) {
  Napi::Object internal = Napi::Object::New(env);
  internal.Set("buildAuthorizeRequest", Napi::Function::New<BuildAuthorizeRequest>(env));
  internal.Set("redact", Napi::Function::New<Redact>(env));
  internal.Set("codeChallengeS256", Napi::Function::New<CodeChallengeS256>(env));
  internal.Set("isDebugBuild", Napi::Function::New<IsDebugBuild>(env));
  internal.Set("eventLoopHolds", Napi::Function::New<EventLoopHolds>(env));
  internal.Set("valueClassShapes", Napi::Function::New<ValueClassShapes>(env));
  napi_value constant_string = nullptr;
  NAPI_THROW_IF_FAILED(env, napi_create_function(env, "constantString", NAPI_AUTO_LENGTH, &ConstantString,
                                                 nullptr, &constant_string),
                       internal);
  internal.Set("constantString", Napi::Value(env, constant_string));
  internal.Set("platformHostMethods", PlatformHostMethods(env));
  // The Node host's check of a Windows IPC pipe's server user (lib/platform/host/ipc_owner.ts).
  internal.Set("checkPipeServerUser", Napi::Function::New<CheckPipeServerUser>(env));
  // A NodePlatform alone, for the voice host tests and the AEAD benchmark (platform_probe.h).
  internal.Set("PlatformProbe", PlatformProbe::Define(env));
  return internal;
}

}  // namespace sdkpp::napi
