// Module entry: one AddonData per environment, then every class, enum and function.
#include <napi.h>

#include "callbacks/addon_data.h"
#include "callbacks/callback_pump.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "internal_exports.h"
#include "model/wrap_activity.h"
#include "model/wrap_activity_invite.h"
#include "model/wrap_activity_parts.h"
#include "model/wrap_authorization_args.h"
#include "model/wrap_authorization_code.h"
#include "model/wrap_client_create_options.h"
#include "model/wrap_client_result.h"
#include "model/wrap_device_authorization_args.h"
#include "social/wrap_handles.h"
#include "voice/wrap_call.h"

namespace sdkpp::napi {
namespace {

Napi::Value RunCallbacksExport(const Napi::CallbackInfo& info) {
  AddonData::Of(info.Env()).pump->RunNow(info.Env());
  return info.Env().Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  auto* data = new AddonData();
  env.SetInstanceData(data);
  data->pump = std::make_unique<CallbackPump>(env, callbacks::CallbackQueue::ForCurrentThread());

  exports.Set("Activity", ActivityWrap::Define(env));
  exports.Set("ActivityAssets", ActivityAssetsWrap::Define(env));
  exports.Set("ActivityButton", ActivityButtonWrap::Define(env));
  exports.Set("ActivityInvite", ActivityInviteWrap::Define(env));
  exports.Set("ActivityParty", ActivityPartyWrap::Define(env));
  exports.Set("ActivitySecrets", ActivitySecretsWrap::Define(env));
  exports.Set("ActivityTimestamps", ActivityTimestampsWrap::Define(env));
  exports.Set("AuthorizationArgs", AuthorizationArgsWrap::Define(env));
  exports.Set("AuthorizationCodeChallenge", AuthorizationCodeChallengeWrap::Define(env));
  exports.Set("AuthorizationCodeVerifier", AuthorizationCodeVerifierWrap::Define(env));
  exports.Set("ClientResult", ClientResultWrap::Define(env));
  exports.Set("ClientCreateOptions", ClientCreateOptionsWrap::Define(env));
  exports.Set("DeviceAuthorizationArgs", DeviceAuthorizationArgsWrap::Define(env));
  DefineHandleClasses(env, exports);
  DefineVoiceClasses(env, exports);
  exports.Set("NativeClient", ClientWrap::Define(env));
  exports.Set("RunCallbacks", Napi::Function::New<RunCallbacksExport>(env, "RunCallbacks"));
  ExportEnums(env, exports);
  exports.Set("internal", DefineInternalExports(env));
  return exports;
}

}  // namespace
}  // namespace sdkpp::napi

static Napi::Object InitSdkpp(Napi::Env env, Napi::Object exports) {
  return sdkpp::napi::Init(env, exports);
}

NODE_API_MODULE(sdkpp, InitSdkpp)
