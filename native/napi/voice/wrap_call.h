// JS classes of voice: Call (a handle with setters and four event callbacks), CallInfoHandle,
// VoiceStateHandle, and the values AudioDevice and VADThresholdSettings.
#pragma once

#include <napi.h>

#include "callbacks/js_arg.h"
#include "model/value_wrap.h"
#include "sdkpp/audio_device.h"
#include "sdkpp/call.h"
#include "sdkpp/call_info_handle.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {

SDKPP_HANDLE_WRAP_BEGIN(CallWrap, Call, "Call", 0x1a2b3c4d00000101, 0x5e6f708100000101)
SDKPP_METHOD(GetChannelId) SDKPP_METHOD(GetGuildId) SDKPP_METHOD(GetStatus) SDKPP_METHOD(GetParticipants)
SDKPP_METHOD(GetPTTActive) SDKPP_METHOD(SetPTTActive) SDKPP_METHOD(GetPTTReleaseDelay) SDKPP_METHOD(SetPTTReleaseDelay)
SDKPP_METHOD(GetSelfMute) SDKPP_METHOD(SetSelfMute) SDKPP_METHOD(GetSelfDeaf) SDKPP_METHOD(SetSelfDeaf)
SDKPP_METHOD(GetLocalMute) SDKPP_METHOD(SetLocalMute) SDKPP_METHOD(GetParticipantVolume)
SDKPP_METHOD(SetParticipantVolume) SDKPP_METHOD(GetAudioMode) SDKPP_METHOD(SetAudioMode)
SDKPP_METHOD(GetVADThreshold) SDKPP_METHOD(SetVADThreshold) SDKPP_METHOD(GetVoiceStateHandle)
SDKPP_METHOD(SetStatusChangedCallback) SDKPP_METHOD(SetParticipantChangedCallback)
SDKPP_METHOD(SetSpeakingStatusChangedCallback) SDKPP_METHOD(SetOnVoiceStateChangedCallback)
SDKPP_METHOD(GetEncryptionState) SDKPP_METHOD(SetEncryptionStateChangedCallback)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(CallInfoHandleWrap, CallInfoHandle, "CallInfoHandle", 0x1a2b3c4d00000102, 0x5e6f708100000102)
SDKPP_METHOD(ChannelId) SDKPP_METHOD(GuildId) SDKPP_METHOD(GetParticipants) SDKPP_METHOD(GetVoiceStateHandle)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(VoiceStateHandleWrap, VoiceStateHandle, "VoiceStateHandle", 0x1a2b3c4d00000103, 0x5e6f708100000103)
SDKPP_METHOD(SelfDeaf) SDKPP_METHOD(SelfMute)
SDKPP_HANDLE_WRAP_END

class AudioDeviceWrap : public ValueWrap<AudioDeviceWrap, AudioDevice> {
 public:
  static constexpr const char* kClassName = "AudioDevice";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr napi_type_tag kTypeTag = {0x2b3c4d5e6f700101, 0xa3b4c5d6e7f00101};
  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value Id(const Napi::CallbackInfo& info);
  void SetId(const Napi::CallbackInfo& info);
  Napi::Value Name(const Napi::CallbackInfo& info);
  void SetName(const Napi::CallbackInfo& info);
  Napi::Value IsDefault(const Napi::CallbackInfo& info);
  void SetIsDefault(const Napi::CallbackInfo& info);
  Napi::Value Equals(const Napi::CallbackInfo& info);
};

class VADThresholdSettingsWrap : public ValueWrap<VADThresholdSettingsWrap, VADThresholdSettings> {
 public:
  static constexpr const char* kClassName = "VADThresholdSettings";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr napi_type_tag kTypeTag = {0x2b3c4d5e6f700102, 0xa3b4c5d6e7f00102};
  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value VadThreshold(const Napi::CallbackInfo& info);
  void SetVadThreshold(const Napi::CallbackInfo& info);
  Napi::Value Automatic(const Napi::CallbackInfo& info);
  void SetAutomatic(const Napi::CallbackInfo& info);
};

// Call::EncryptionState as {e2ee, protocolVersion, privacyCode} (privacyCode undefined when none).
Napi::Value EncryptionStateToJs(Napi::Env env, const Call::EncryptionState& state);

// --- Callback arguments of these classes (callbacks/js_arg.h)

inline Napi::Value JsArg(JsArgTag, Napi::Env env, const AudioDevice& device) { return AudioDeviceWrap::NewInstance(env, device); }
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::vector<AudioDevice>& devices) {
  return ArrayOf<AudioDeviceWrap>(env, devices);
}
inline Napi::Value JsArg(JsArgTag, Napi::Env env, Call::Status status) { return Napi::Number::New(env, static_cast<int32_t>(status)); }
inline Napi::Value JsArg(JsArgTag, Napi::Env env, Call::Error error) { return Napi::Number::New(env, static_cast<int32_t>(error)); }
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const Call::EncryptionState& state) { return EncryptionStateToJs(env, state); }

void DefineVoiceClasses(Napi::Env env, Napi::Object exports);

}  // namespace sdkpp::napi
