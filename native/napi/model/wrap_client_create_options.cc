#include "model/wrap_client_create_options.h"

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"

namespace sdkpp::napi {

std::string ReadBaseUrl(const ArgRef& arg) {
  std::string url = ReadString(arg, kMaxUrlString);
  if (!url.empty() && url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0) {
    ThrowRangeError(arg, "must be an http:// or https:// URL, or empty for the default");
  }
  return url;
}

Napi::Function ClientCreateOptionsWrap::Define(Napi::Env env) {
  using W = ClientCreateOptionsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {StringMethod<&ClientCreateOptions::WebBase>("WebBase"),
       Mutator<&W::SetWebBase>("SetWebBase"),
       StringMethod<&ClientCreateOptions::ApiBase>("ApiBase"),
       Mutator<&W::SetApiBase>("SetApiBase"),
       InstanceMethod<&W::ExperimentalAudioSystem>("ExperimentalAudioSystem"),
       Mutator<&W::SetExperimentalAudioSystem>("SetExperimentalAudioSystem"),
       InstanceMethod<&W::ExperimentalAndroidPreventCommsForBluetooth>(
           "ExperimentalAndroidPreventCommsForBluetooth"),
       Mutator<&W::SetExperimentalAndroidPreventCommsForBluetooth>(
           "SetExperimentalAndroidPreventCommsForBluetooth"),
       InstanceMethod<&W::CpuAffinityMask>("CpuAffinityMask"),
       Mutator<&W::SetCpuAffinityMask>("SetCpuAffinityMask"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).client_create_options);
}

Napi::Function ClientCreateOptionsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).client_create_options.Value();
}

void ClientCreateOptionsWrap::SetWebBase(const Napi::CallbackInfo& info,
                                         ClientCreateOptions& value) {
  value.SetWebBase(ReadBaseUrl(Arg(info, 0, "ClientCreateOptions.SetWebBase", "webBase")));
}
void ClientCreateOptionsWrap::SetApiBase(const Napi::CallbackInfo& info,
                                         ClientCreateOptions& value) {
  value.SetApiBase(ReadBaseUrl(Arg(info, 0, "ClientCreateOptions.SetApiBase", "apiBase")));
}
Napi::Value ClientCreateOptionsWrap::ExperimentalAudioSystem(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().ExperimentalAudioSystem()));
}
void ClientCreateOptionsWrap::SetExperimentalAudioSystem(const Napi::CallbackInfo& info,
                                                         ClientCreateOptions& value) {
  value.SetExperimentalAudioSystem(static_cast<AudioSystem>(ReadEnumValue(
      Arg(info, 0, "ClientCreateOptions.SetExperimentalAudioSystem", "audioSystem"),
      "AudioSystem", &IsEnumMember<AudioSystem>)));
}
Napi::Value ClientCreateOptionsWrap::ExperimentalAndroidPreventCommsForBluetooth(
    const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), value().ExperimentalAndroidPreventCommsForBluetooth());
}
void ClientCreateOptionsWrap::SetExperimentalAndroidPreventCommsForBluetooth(
    const Napi::CallbackInfo& info, ClientCreateOptions& value) {
  value.SetExperimentalAndroidPreventCommsForBluetooth(ReadBool(
      Arg(info, 0, "ClientCreateOptions.SetExperimentalAndroidPreventCommsForBluetooth",
          "prevent")));
}
Napi::Value ClientCreateOptionsWrap::CpuAffinityMask(const Napi::CallbackInfo& info) {
  auto mask = value().CpuAffinityMask();
  if (!mask) return info.Env().Undefined();
  return U64ToJs(info.Env(), *mask);
}
void ClientCreateOptionsWrap::SetCpuAffinityMask(const Napi::CallbackInfo& info,
                                                 ClientCreateOptions& value) {
  value.SetCpuAffinityMask(
      ReadOptionalU64(Arg(info, 0, "ClientCreateOptions.SetCpuAffinityMask", "mask")));
}

}  // namespace sdkpp::napi
