// Call, CallInfoHandle, VoiceStateHandle, AudioDevice, VADThresholdSettings. Setters validate
// here (TypeError/RangeError naming the argument and the rule); the core checks again.
#include "voice/wrap_call.h"

#include <string>

#include "callbacks/addon_data.h"
#include "callbacks/callback_adapter.h"
#include "context/argument_rules.h"
#include "util/convert.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {
namespace {

bool IsAudioMode(int32_t v) { return v >= 0 && v <= 2; }

}  // namespace

// --- Call
SDKPP_CONSTRUCTOR(CallWrap)
SDKPP_GET(CallWrap, GetChannelId)
SDKPP_GET(CallWrap, GetGuildId)
SDKPP_GET(CallWrap, GetStatus)
SDKPP_GET(CallWrap, GetParticipants)
SDKPP_GET(CallWrap, GetPTTActive)
SDKPP_GET(CallWrap, GetSelfMute)
SDKPP_GET(CallWrap, GetSelfDeaf)
SDKPP_GET(CallWrap, GetAudioMode)
Napi::Value CallWrap::GetPTTReleaseDelay(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().GetPTTReleaseDelay());
}
Napi::Value CallWrap::SetPTTActive(const Napi::CallbackInfo& info) {
  value().SetPTTActive(ReadBool(ArgRef{info, 0, "Call.SetPTTActive", "active"}));
  return info.Env().Undefined();
}
Napi::Value CallWrap::SetPTTReleaseDelay(const Napi::CallbackInfo& info) {
  float delay = ReadSetting(ArgRef{info, 0, "Call.SetPTTReleaseDelay", "releaseDelayMs"}, rules::kPttReleaseDelayRange);
  value().SetPTTReleaseDelay(static_cast<uint32_t>(delay));
  return info.Env().Undefined();
}
Napi::Value CallWrap::SetSelfMute(const Napi::CallbackInfo& info) {
  value().SetSelfMute(ReadBool(ArgRef{info, 0, "Call.SetSelfMute", "mute"}));
  return info.Env().Undefined();
}
Napi::Value CallWrap::SetSelfDeaf(const Napi::CallbackInfo& info) {
  value().SetSelfDeaf(ReadBool(ArgRef{info, 0, "Call.SetSelfDeaf", "deaf"}));
  return info.Env().Undefined();
}
Napi::Value CallWrap::GetLocalMute(const Napi::CallbackInfo& info) {
  return ToJs(info.Env(), value().GetLocalMute(ReadU64(ArgRef{info, 0, "Call.GetLocalMute", "userId"})));
}
Napi::Value CallWrap::SetLocalMute(const Napi::CallbackInfo& info) {
  uint64_t user = ReadU64(ArgRef{info, 0, "Call.SetLocalMute", "userId"});
  value().SetLocalMute(user, ReadBool(ArgRef{info, 1, "Call.SetLocalMute", "mute"}));
  return info.Env().Undefined();
}
Napi::Value CallWrap::GetParticipantVolume(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().GetParticipantVolume(ReadU64(ArgRef{info, 0, "Call.GetParticipantVolume", "userId"})));
}
Napi::Value CallWrap::SetParticipantVolume(const Napi::CallbackInfo& info) {
  uint64_t user = ReadU64(ArgRef{info, 0, "Call.SetParticipantVolume", "userId"});
  float volume = ReadSetting(ArgRef{info, 1, "Call.SetParticipantVolume", "volume"}, rules::kParticipantVolumeRange);
  value().SetParticipantVolume(user, volume);
  return info.Env().Undefined();
}
Napi::Value CallWrap::SetAudioMode(const Napi::CallbackInfo& info) {
  int32_t mode = ReadEnumValue(ArgRef{info, 0, "Call.SetAudioMode", "audioMode"}, "AudioModeType", IsAudioMode);
  if (mode == 0) ThrowRangeError(ArgRef{info, 0, "Call.SetAudioMode", "audioMode"}, "must be MODE_VAD or MODE_PTT");
  value().SetAudioMode(static_cast<AudioModeType>(mode));
  return info.Env().Undefined();
}
Napi::Value CallWrap::GetVADThreshold(const Napi::CallbackInfo& info) {
  return VADThresholdSettingsWrap::NewInstance(info.Env(), value().GetVADThreshold());
}
Napi::Value CallWrap::SetVADThreshold(const Napi::CallbackInfo& info) {
  bool automatic = ReadBool(ArgRef{info, 0, "Call.SetVADThreshold", "automatic"});
  float threshold = ReadSetting(ArgRef{info, 1, "Call.SetVADThreshold", "threshold"}, rules::kVadThresholdRange);
  value().SetVADThreshold(automatic, threshold);
  return info.Env().Undefined();
}
Napi::Value CallWrap::GetVoiceStateHandle(const Napi::CallbackInfo& info) {
  return Optional<VoiceStateHandleWrap>(info.Env(), value().GetVoiceStateHandle(ReadU64(ArgRef{info, 0, "Call.GetVoiceStateHandle", "userId"})));
}
// sdkpp addition (call.h, Call::EncryptionState).
Napi::Value EncryptionStateToJs(Napi::Env env, const Call::EncryptionState& state) {
  Napi::Object object = Napi::Object::New(env);
  object.Set("e2ee", state.e2ee);
  object.Set("protocolVersion", Napi::Number::New(env, state.protocolVersion));
  object.Set("privacyCode", state.privacyCode.empty() ? env.Undefined() : Napi::String::New(env, state.privacyCode));
  return object;
}
Napi::Value CallWrap::GetEncryptionState(const Napi::CallbackInfo& info) {
  return EncryptionStateToJs(info.Env(), value().GetEncryptionState());
}
// The handlers live with this JS object (the façade's Call keeps it as long as the call).
#define SDKPP_CALL_HANDLER(Name, Type)                                                      \
  Napi::Value CallWrap::Name(const Napi::CallbackInfo& info) {                              \
    value().Name(Handler<Call::Type>(ArgRef{info, 0, "Call." #Name, "cb"}));                \
    return info.Env().Undefined();                                                          \
  }
SDKPP_CALL_HANDLER(SetStatusChangedCallback, OnStatusChanged)
SDKPP_CALL_HANDLER(SetParticipantChangedCallback, OnParticipantChanged)
SDKPP_CALL_HANDLER(SetSpeakingStatusChangedCallback, OnSpeakingStatusChanged)
SDKPP_CALL_HANDLER(SetOnVoiceStateChangedCallback, OnVoiceStateChanged)
SDKPP_CALL_HANDLER(SetEncryptionStateChangedCallback, OnEncryptionStateChanged)
#undef SDKPP_CALL_HANDLER

// --- CallInfoHandle, VoiceStateHandle
SDKPP_CONSTRUCTOR(CallInfoHandleWrap)
SDKPP_GET(CallInfoHandleWrap, ChannelId)
SDKPP_GET(CallInfoHandleWrap, GuildId)
SDKPP_GET(CallInfoHandleWrap, GetParticipants)
Napi::Value CallInfoHandleWrap::GetVoiceStateHandle(const Napi::CallbackInfo& info) {
  return Optional<VoiceStateHandleWrap>(
      info.Env(), value().GetVoiceStateHandle(ReadU64(ArgRef{info, 0, "CallInfoHandle.GetVoiceStateHandle", "userId"})));
}
SDKPP_CONSTRUCTOR(VoiceStateHandleWrap)
SDKPP_GET(VoiceStateHandleWrap, SelfDeaf)
SDKPP_GET(VoiceStateHandleWrap, SelfMute)

// --- AudioDevice
Napi::Function AudioDeviceWrap::Constructor(Napi::Env env) { return AddonData::Of(env).classes[kClassName].Value(); }
Napi::Value AudioDeviceWrap::Id(const Napi::CallbackInfo& info) { return ToJs(info.Env(), value().Id()); }
void AudioDeviceWrap::SetId(const Napi::CallbackInfo& info) {
  value().SetId(ReadString(Arg(info, 0, "AudioDevice.SetId", "id"), kMaxShortString));
}
Napi::Value AudioDeviceWrap::Name(const Napi::CallbackInfo& info) { return ToJs(info.Env(), value().Name()); }
void AudioDeviceWrap::SetName(const Napi::CallbackInfo& info) {
  value().SetName(ReadString(Arg(info, 0, "AudioDevice.SetName", "name"), kMaxShortString));
}
Napi::Value AudioDeviceWrap::IsDefault(const Napi::CallbackInfo& info) { return ToJs(info.Env(), value().IsDefault()); }
void AudioDeviceWrap::SetIsDefault(const Napi::CallbackInfo& info) {
  value().SetIsDefault(ReadBool(Arg(info, 0, "AudioDevice.SetIsDefault", "isDefault")));
}
Napi::Value AudioDeviceWrap::Equals(const Napi::CallbackInfo& info) {
  return ToJs(info.Env(), value().Equals(FromArg(Arg(info, 0, "AudioDevice.Equals", "other"))));
}
Napi::Function AudioDeviceWrap::Define(Napi::Env env) {
  using W = AudioDeviceWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::Id>("Id"), InstanceMethod<&W::SetId>("SetId"), InstanceMethod<&W::Name>("Name"),
       InstanceMethod<&W::SetName>("SetName"), InstanceMethod<&W::IsDefault>("IsDefault"),
       InstanceMethod<&W::SetIsDefault>("SetIsDefault"), InstanceMethod<&W::Equals>("Equals"), ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).classes[kClassName]);
}

// --- VADThresholdSettings
Napi::Function VADThresholdSettingsWrap::Constructor(Napi::Env env) { return AddonData::Of(env).classes[kClassName].Value(); }
Napi::Value VADThresholdSettingsWrap::VadThreshold(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().VadThreshold());
}
void VADThresholdSettingsWrap::SetVadThreshold(const Napi::CallbackInfo& info) {
  value().SetVadThreshold(
      ReadSetting(Arg(info, 0, "VADThresholdSettings.SetVadThreshold", "vadThreshold"), rules::kVadThresholdRange));
}
Napi::Value VADThresholdSettingsWrap::Automatic(const Napi::CallbackInfo& info) { return ToJs(info.Env(), value().Automatic()); }
void VADThresholdSettingsWrap::SetAutomatic(const Napi::CallbackInfo& info) {
  value().SetAutomatic(ReadBool(Arg(info, 0, "VADThresholdSettings.SetAutomatic", "automatic")));
}
Napi::Function VADThresholdSettingsWrap::Define(Napi::Env env) {
  using W = VADThresholdSettingsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::VadThreshold>("VadThreshold"), InstanceMethod<&W::SetVadThreshold>("SetVadThreshold"),
       InstanceMethod<&W::Automatic>("Automatic"), InstanceMethod<&W::SetAutomatic>("SetAutomatic"), ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).classes[kClassName]);
}

SDKPP_DEFINE(CallWrap, SDKPP_M(CallWrap, GetChannelId), SDKPP_M(CallWrap, GetGuildId), SDKPP_M(CallWrap, GetStatus),
             SDKPP_M(CallWrap, GetParticipants), SDKPP_M(CallWrap, GetPTTActive), SDKPP_M(CallWrap, SetPTTActive),
             SDKPP_M(CallWrap, GetPTTReleaseDelay), SDKPP_M(CallWrap, SetPTTReleaseDelay), SDKPP_M(CallWrap, GetSelfMute),
             SDKPP_M(CallWrap, SetSelfMute), SDKPP_M(CallWrap, GetSelfDeaf), SDKPP_M(CallWrap, SetSelfDeaf),
             SDKPP_M(CallWrap, GetLocalMute), SDKPP_M(CallWrap, SetLocalMute), SDKPP_M(CallWrap, GetParticipantVolume),
             SDKPP_M(CallWrap, SetParticipantVolume), SDKPP_M(CallWrap, GetAudioMode), SDKPP_M(CallWrap, SetAudioMode),
             SDKPP_M(CallWrap, GetVADThreshold), SDKPP_M(CallWrap, SetVADThreshold), SDKPP_M(CallWrap, GetVoiceStateHandle),
             SDKPP_M(CallWrap, SetStatusChangedCallback), SDKPP_M(CallWrap, SetParticipantChangedCallback),
             SDKPP_M(CallWrap, SetSpeakingStatusChangedCallback), SDKPP_M(CallWrap, SetOnVoiceStateChangedCallback),
             SDKPP_M(CallWrap, GetEncryptionState), SDKPP_M(CallWrap, SetEncryptionStateChangedCallback))
SDKPP_DEFINE(CallInfoHandleWrap, SDKPP_M(CallInfoHandleWrap, ChannelId), SDKPP_M(CallInfoHandleWrap, GuildId),
             SDKPP_M(CallInfoHandleWrap, GetParticipants), SDKPP_M(CallInfoHandleWrap, GetVoiceStateHandle))
SDKPP_DEFINE(VoiceStateHandleWrap, SDKPP_M(VoiceStateHandleWrap, SelfDeaf), SDKPP_M(VoiceStateHandleWrap, SelfMute))

void DefineVoiceClasses(Napi::Env env, Napi::Object exports) {
  exports.Set("Call", CallWrap::Define(env));
  exports.Set("CallInfoHandle", CallInfoHandleWrap::Define(env));
  exports.Set("VoiceStateHandle", VoiceStateHandleWrap::Define(env));
  exports.Set("AudioDevice", AudioDeviceWrap::Define(env));
  exports.Set("VADThresholdSettings", VADThresholdSettingsWrap::Define(env));
}

}  // namespace sdkpp::napi
