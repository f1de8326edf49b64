// NativeClient's audio and calls (core: native/core/src/client/client_audio.cc).
#include <cstdlib>
#include <string>
#include <vector>

#include "callbacks/callback_adapter.h"
#include "callbacks/client_handlers.h"
#include "client/client_access.h"
#include "client/wrap_client.h"
#include "context/argument_rules.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "util/args.h"
#include "util/convert.h"
#include "voice/audio/audio_backend_choice.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/virtual_audio_backend.h"
#include "voice/audio_callback_bridge.h"
#include "voice/wrap_call.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::AudioMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::StartCall>("StartCall"),
          InstanceMethod<&W::StartCallWithAudioCallbacks>("StartCallWithAudioCallbacks"),
          InstanceMethod<&W::EndCall>("EndCall"),
          InstanceMethod<&W::EndCalls>("EndCalls"),
          InstanceMethod<&W::GetCall>("GetCall"),
          InstanceMethod<&W::GetCalls>("GetCalls"),
          InstanceMethod<&W::GetInputDevices>("GetInputDevices"),
          InstanceMethod<&W::GetOutputDevices>("GetOutputDevices"),
          InstanceMethod<&W::GetCurrentInputDevice>("GetCurrentInputDevice"),
          InstanceMethod<&W::GetCurrentOutputDevice>("GetCurrentOutputDevice"),
          InstanceMethod<&W::SetInputDevice>("SetInputDevice"),
          InstanceMethod<&W::SetOutputDevice>("SetOutputDevice"),
          InstanceMethod<&W::SetDeviceChangeCallback>("SetDeviceChangeCallback"),
          InstanceMethod<&W::GetInputVolume>("GetInputVolume"),
          InstanceMethod<&W::SetInputVolume>("SetInputVolume"),
          InstanceMethod<&W::GetOutputVolume>("GetOutputVolume"),
          InstanceMethod<&W::SetOutputVolume>("SetOutputVolume"),
          InstanceMethod<&W::GetSelfMuteAll>("GetSelfMuteAll"),
          InstanceMethod<&W::SetSelfMuteAll>("SetSelfMuteAll"),
          InstanceMethod<&W::GetSelfDeafAll>("GetSelfDeafAll"),
          InstanceMethod<&W::SetSelfDeafAll>("SetSelfDeafAll"),
          InstanceMethod<&W::SetEchoCancellation>("SetEchoCancellation"),
          InstanceMethod<&W::SetNoiseSuppression>("SetNoiseSuppression"),
          InstanceMethod<&W::SetNoiseCancellation>("SetNoiseCancellation"),
          InstanceMethod<&W::SetAutomaticGainControl>("SetAutomaticGainControl"),
          InstanceMethod<&W::SetEngineManagedAudioSession>("SetEngineManagedAudioSession"),
          InstanceMethod<&W::SetAecDump>("SetAecDump"),
          InstanceMethod<&W::SetOpusHardwareCoding>("SetOpusHardwareCoding"),
          InstanceMethod<&W::SetNoAudioInputThreshold>("SetNoAudioInputThreshold"),
          InstanceMethod<&W::SetNoAudioInputCallback>("SetNoAudioInputCallback"),
          InstanceMethod<&W::SetVoiceParticipantChangedCallback>("SetVoiceParticipantChangedCallback"),
          InstanceMethod<&W::AddVoiceLogCallback>("AddVoiceLogCallback"),
          InstanceMethod<&W::SetVoiceLogDir>("SetVoiceLogDir"),
          InstanceMethod<&W::VirtualAudio>("_VirtualAudio"),
          InstanceMethod<&W::SetAudioBackend>("_SetAudioBackend"),
          StaticMethod<&W::GetDefaultAudioDeviceId>("GetDefaultAudioDeviceId")};
}

Napi::Value ClientWrap::StartCall(const Napi::CallbackInfo& info) {
  uint64_t channel = ReadU64(ArgRef{info, 0, "Client.StartCall", "channelId"});
  return CallWrap::NewInstance(info.Env(), client_->StartCall(channel));
}

namespace {

// A function, or null to leave that direction alone; anything else (undefined too) is refused,
// so a forgotten argument is not silently a call without callbacks.
Napi::Function ReadFunctionOrNull(const ArgRef& arg) {
  if (arg.value().IsNull()) return Napi::Function();
  if (!arg.value().IsFunction()) ThrowTypeError(arg, "must be a function or null");
  return arg.value().As<Napi::Function>();
}

// Where a call's JS audio callbacks are kept with the Client's JS object (client_handlers.h):
// one entry per lobby, replaced by the next call in that lobby; entries of calls no longer
// live are dropped whenever a call starts.
void KeepAudioCallbacks(Client& client, Napi::Object self, uint64_t lobby_id, Napi::Value received,
                        Napi::Value captured) {
  const char* slot = "Client.StartCallWithAudioCallbacks";
  Napi::Env env = self.Env();
  Napi::Object store = detail::HandlerStore(self);
  Napi::Value kept = store.Get(slot);
  Napi::Object by_lobby = kept.IsObject() ? kept.As<Napi::Object>() : Napi::Object::New(env);
  Napi::Array lobbies = by_lobby.GetPropertyNames();
  for (uint32_t i = 0; i < lobbies.Length(); ++i) {
    std::string key = lobbies.Get(i).ToString().Utf8Value();
    if (!client.GetCall(std::strtoull(key.c_str(), nullptr, 10))) by_lobby.Delete(key);
  }
  Napi::Array pair = Napi::Array::New(env, 2);
  pair.Set(uint32_t{0}, received);
  pair.Set(uint32_t{1}, captured);
  by_lobby.Set(std::to_string(lobby_id), pair);
  KeepHandlerWithClient(self, slot, by_lobby, false);
}

}  // namespace

// The JS audio callbacks run on the JS thread one tick (20 ms) behind the audio thread, through
// the slot bridge of audio_callback_bridge.h; see there for the protocol and the README, "Voice".
Napi::Value ClientWrap::StartCallWithAudioCallbacks(const Napi::CallbackInfo& info) {
  const char* m = "Client.StartCallWithAudioCallbacks";
  const uint64_t lobby_id = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  Napi::Function received = ReadFunctionOrNull(ArgRef{info, 1, m, "receivedCb"});
  Napi::Function captured = ReadFunctionOrNull(ArgRef{info, 2, m, "capturedCb"});
  auto* impl = sdkpp::detail::ClientAccess::Impl(*client_);
  if (!impl) return CallWrap::NewInstance(info.Env(), Call());  // destroyed: the invalid Call, as StartCall
  auto log = [impl](const std::string& line) {
    impl->calls().voice_logger().Log(LoggingSeverity::Error, line);
    impl->logger().Log(LoggingSeverity::Error, line);
  };
  auto bridge = AudioCallbackBridge::Create(info.Env(), received, captured, log);
  Call call = sdkpp::detail::ClientAccess::StartCallWithAudioHooks(*client_, lobby_id, bridge->Hooks());
  if (call && info.This().IsObject()) {
    KeepAudioCallbacks(*client_, info.This().As<Napi::Object>(), lobby_id,
                       received.IsEmpty() ? info.Env().Null() : Napi::Value(received),
                       captured.IsEmpty() ? info.Env().Null() : Napi::Value(captured));
  }
  return CallWrap::NewInstance(info.Env(), call);
}

void ClientWrap::EndCall(const Napi::CallbackInfo& info) {
  uint64_t channel = ReadU64(ArgRef{info, 0, "Client.EndCall", "channelId"});
  client_->EndCall(channel, Completion<Client::EndCallCallback>(ArgRef{info, 1, "Client.EndCall", "callback"}));
}

void ClientWrap::EndCalls(const Napi::CallbackInfo& info) {
  client_->EndCalls(Completion<Client::EndCallsCallback>(ArgRef{info, 0, "Client.EndCalls", "callback"}));
}

Napi::Value ClientWrap::GetCall(const Napi::CallbackInfo& info) {
  return CallWrap::NewInstance(info.Env(), client_->GetCall(ReadU64(ArgRef{info, 0, "Client.GetCall", "channelId"})));
}

Napi::Value ClientWrap::GetCalls(const Napi::CallbackInfo& info) {
  return ArrayOf<CallWrap>(info.Env(), client_->GetCalls());
}

void ClientWrap::GetInputDevices(const Napi::CallbackInfo& info) {
  client_->GetInputDevices(Completion<Client::GetInputDevicesCallback>(ArgRef{info, 0, "Client.GetInputDevices", "callback"}));
}

void ClientWrap::GetOutputDevices(const Napi::CallbackInfo& info) {
  client_->GetOutputDevices(Completion<Client::GetOutputDevicesCallback>(ArgRef{info, 0, "Client.GetOutputDevices", "callback"}));
}

void ClientWrap::GetCurrentInputDevice(const Napi::CallbackInfo& info) {
  client_->GetCurrentInputDevice(
      Completion<Client::GetCurrentInputDeviceCallback>(ArgRef{info, 0, "Client.GetCurrentInputDevice", "callback"}));
}

void ClientWrap::GetCurrentOutputDevice(const Napi::CallbackInfo& info) {
  client_->GetCurrentOutputDevice(
      Completion<Client::GetCurrentOutputDeviceCallback>(ArgRef{info, 0, "Client.GetCurrentOutputDevice", "callback"}));
}

void ClientWrap::SetInputDevice(const Napi::CallbackInfo& info) {
  std::string id = ReadString(ArgRef{info, 0, "Client.SetInputDevice", "deviceId"}, kMaxShortString);
  client_->SetInputDevice(id, Completion<Client::SetInputDeviceCallback>(ArgRef{info, 1, "Client.SetInputDevice", "callback"}));
}

void ClientWrap::SetOutputDevice(const Napi::CallbackInfo& info) {
  std::string id = ReadString(ArgRef{info, 0, "Client.SetOutputDevice", "deviceId"}, kMaxShortString);
  client_->SetOutputDevice(id, Completion<Client::SetOutputDeviceCallback>(ArgRef{info, 1, "Client.SetOutputDevice", "callback"}));
}

Napi::Value ClientWrap::GetDefaultAudioDeviceId(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), Client::GetDefaultAudioDeviceId());
}

Napi::Value ClientWrap::GetInputVolume(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), client_->GetInputVolume());
}
void ClientWrap::SetInputVolume(const Napi::CallbackInfo& info) {
  client_->SetInputVolume(
      ReadSetting(ArgRef{info, 0, "Client.SetInputVolume", "inputVolume"}, rules::kDeviceVolumeRange));
}
Napi::Value ClientWrap::GetOutputVolume(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), client_->GetOutputVolume());
}
void ClientWrap::SetOutputVolume(const Napi::CallbackInfo& info) {
  client_->SetOutputVolume(
      ReadSetting(ArgRef{info, 0, "Client.SetOutputVolume", "outputVolume"}, rules::kDeviceVolumeRange));
}
Napi::Value ClientWrap::GetSelfMuteAll(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), client_->GetSelfMuteAll());
}
void ClientWrap::SetSelfMuteAll(const Napi::CallbackInfo& info) {
  client_->SetSelfMuteAll(ReadBool(ArgRef{info, 0, "Client.SetSelfMuteAll", "mute"}));
}
Napi::Value ClientWrap::GetSelfDeafAll(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), client_->GetSelfDeafAll());
}
void ClientWrap::SetSelfDeafAll(const Napi::CallbackInfo& info) {
  client_->SetSelfDeafAll(ReadBool(ArgRef{info, 0, "Client.SetSelfDeafAll", "deaf"}));
}

#define SDKPP_BOOL_SETTING(Name, Arg)                                                 \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                             \
    client_->Name(ReadBool(ArgRef{info, 0, "Client." #Name, Arg}));                   \
  }
SDKPP_BOOL_SETTING(SetEchoCancellation, "on")
SDKPP_BOOL_SETTING(SetNoiseSuppression, "on")
SDKPP_BOOL_SETTING(SetNoiseCancellation, "on")
SDKPP_BOOL_SETTING(SetAutomaticGainControl, "on")
SDKPP_BOOL_SETTING(SetEngineManagedAudioSession, "isEngineManaged")
SDKPP_BOOL_SETTING(SetAecDump, "on")
#undef SDKPP_BOOL_SETTING

void ClientWrap::SetOpusHardwareCoding(const Napi::CallbackInfo& info) {
  bool encode = ReadBool(ArgRef{info, 0, "Client.SetOpusHardwareCoding", "encode"});
  bool decode = ReadBool(ArgRef{info, 1, "Client.SetOpusHardwareCoding", "decode"});
  client_->SetOpusHardwareCoding(encode, decode);
}

void ClientWrap::SetNoAudioInputThreshold(const Napi::CallbackInfo& info) {
  client_->SetNoAudioInputThreshold(
      ReadSetting(ArgRef{info, 0, "Client.SetNoAudioInputThreshold", "dBFS"}, rules::kNoAudioInputThresholdRange));
}

void ClientWrap::SetDeviceChangeCallback(const Napi::CallbackInfo& info) {
  client_->SetDeviceChangeCallback(Handler<Client::DeviceChangeCallback>(ArgRef{info, 0, "Client.SetDeviceChangeCallback", "callback"}));
}

void ClientWrap::SetNoAudioInputCallback(const Napi::CallbackInfo& info) {
  client_->SetNoAudioInputCallback(Handler<Client::NoAudioInputCallback>(ArgRef{info, 0, "Client.SetNoAudioInputCallback", "callback"}));
}

void ClientWrap::SetVoiceParticipantChangedCallback(const Napi::CallbackInfo& info) {
  client_->SetVoiceParticipantChangedCallback(
      Handler<Client::VoiceParticipantChangedCallback>(ArgRef{info, 0, "Client.SetVoiceParticipantChangedCallback", "callback"}));
}

void ClientWrap::AddVoiceLogCallback(const Napi::CallbackInfo& info) {
  const char* method = "Client.AddVoiceLogCallback";
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity", &IsEnumMember<LoggingSeverity>));
  auto callback = RequiredHandler<Client::LogCallback>(ArgRef{info, 0, method, "callback"}, /*accumulate=*/true);
  client_->AddVoiceLogCallback(std::move(callback), min_severity);
}

void ClientWrap::SetVoiceLogDir(const Napi::CallbackInfo& info) {
  const char* method = "Client.SetVoiceLogDir";
  std::string path = ReadString(ArgRef{info, 0, method, "path"}, kMaxPathString);
  auto min_severity = static_cast<LoggingSeverity>(
      ReadEnumValue(ArgRef{info, 1, method, "minSeverity"}, "LoggingSeverity", &IsEnumMember<LoggingSeverity>));
  client_->SetVoiceLogDir(path, min_severity);
}

// The Node option audio.backend (lib/sdk/client.ts applies it right after construction, before
// anything can make the audio engine): 'system' | 'virtual'. False once the engine exists.
Napi::Value ClientWrap::SetAudioBackend(const Napi::CallbackInfo& info) {
  const char* m = "NativeClient._SetAudioBackend";
  std::string name = ReadString(ArgRef{info, 0, m, "backend"}, kMaxShortString);
  auto kind = voice::ParseAudioBackendKind(name);
  if (!kind) ThrowRangeError(ArgRef{info, 0, m, "backend"}, "must be system or virtual");
  auto* impl = sdkpp::detail::ClientAccess::Impl(*client_);
  return Napi::Boolean::New(info.Env(), impl != nullptr && impl->calls().SetAudioBackend(*kind));
}

// Tests, demos and benchmarks drive the virtual audio devices (the backend of
// audio.backend 'virtual', and of 'system' where no sound server answers): _VirtualAudio("sine", hz, dBFS) | ("silence") plays into the microphone;
// ("pcm", Int16Array) loops interleaved stereo PCM into it; ("leak", delayMs, gainDb) lets the speaker leak into the microphone (delayMs 0: no more);
// ("speaker", frames) copies what the speaker played last (interleaved stereo int16).
// Undefined when the Client's backend is not the virtual one.
Napi::Value ClientWrap::VirtualAudio(const Napi::CallbackInfo& info) {
  const char* m = "NativeClient._VirtualAudio";
  std::string op = ReadString(ArgRef{info, 0, m, "op"}, kMaxShortString);
  auto* impl = sdkpp::detail::ClientAccess::Impl(*client_);
  if (!impl) return info.Env().Undefined();
  auto* backend = dynamic_cast<voice::VirtualAudioBackend*>(&impl->calls().engine().Backend());
  if (!backend) return info.Env().Undefined();
  if (op == "sine") {
    double hz = ReadFloat(ArgRef{info, 1, m, "hz"}, 20, 20000, "must be from 20 to 20000 (Hz)");
    double level = ReadFloat(ArgRef{info, 2, m, "dBFS"}, -100, 0, "must be from -100 to 0 (dBFS)");
    backend->PlaySine(hz, level);
    return Napi::Boolean::New(info.Env(), true);
  }
  if (op == "silence") {
    backend->PlaySilence();
    return Napi::Boolean::New(info.Env(), true);
  }
  if (op == "pcm") {
    // Interleaved stereo 48 kHz int16 (at most 60 s), looped: a voice for the echo tests.
    Napi::Value value = info.Length() > 1 ? info[1] : info.Env().Undefined();
    if (!value.IsTypedArray() || value.As<Napi::TypedArray>().TypedArrayType() != napi_int16_array ||
        value.As<Napi::Int16Array>().ElementLength() > size_t(voice::kSampleRate) * voice::kChannels * 60) {
      ThrowTypeError(ArgRef{info, 1, m, "pcm"}, "must be an Int16Array of at most 60 s of stereo 48 kHz");
    }
    auto pcm = value.As<Napi::Int16Array>();
    backend->PlayPcm(std::vector<int16_t>(pcm.Data(), pcm.Data() + pcm.ElementLength()), true);
    return Napi::Boolean::New(info.Env(), true);
  }
  if (op == "leak") {
    double delay = ReadFloat(ArgRef{info, 1, m, "delayMs"}, 0, voice::VirtualAudioBackend::kMaxSpeakerLeakMs,
                             "must be from 0 to 1000 (ms)");
    double gain = ReadFloat(ArgRef{info, 2, m, "gainDb"}, -100, 0, "must be from -100 to 0 (dB)");
    backend->SetSpeakerLeak(static_cast<uint32_t>(delay), gain);
    return Napi::Boolean::New(info.Env(), true);
  }
  if (op == "speaker") {
    int32_t frames = ReadInt(ArgRef{info, 1, m, "frames"}, 1, 500, "must be an integer from 1 to 500");
    auto samples = backend->SpeakerHistory(static_cast<size_t>(frames));
    auto out = Napi::Int16Array::New(info.Env(), samples.size());
    std::copy(samples.begin(), samples.end(), out.Data());
    return out;
  }
  ThrowRangeError(ArgRef{info, 0, m, "op"}, "must be sine, silence, pcm, leak or speaker");
}

}  // namespace sdkpp::napi
