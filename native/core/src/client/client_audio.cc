// Client: audio and calls. Arguments are checked here (the rule is logged at Error and nothing
// changes); the work is the CallManager's (voice/call).
#include <string>

#include "client/api_requests.h"
#include "client/client_access.h"
#include "client/client_impl.h"
#include "context/argument_rules.h"
#include "sdkpp/limits.h"

namespace sdkpp {
namespace {

// Settings this SDK accepts but cannot act on (no hardware Opus, no engine-managed audio
// session): never a silent success.
void NoEffect(ClientImpl& impl, const std::string& call) {
  std::string line = call + ": no effect in this sdkpp build";
  impl.logger().Log(LoggingSeverity::Warning, line);
  impl.calls().voice_logger().Log(LoggingSeverity::Warning, line);
}

std::string OnOff(bool on) { return on ? "true" : "false"; }

// The rule is logged at Error (nothing changes) when `value` is out of `range`.
bool SettingInRange(ClientImpl& impl, std::string_view where, float value, const rules::SettingRange& range) {
  auto refused = rules::CheckSetting(where, value, range);
  if (refused) impl.logger().Log(LoggingSeverity::Error, *refused);
  return !refused;
}

}  // namespace

Call Client::StartCall(uint64_t channelId) {
  if (!impl_) return Call();
  return impl_->calls().StartCall(channelId, {});
}

Call detail::ClientAccess::StartCallWithAudioHooks(Client& client, uint64_t lobby_id, voice::CallAudioHooks hooks) {
  ClientImpl* impl = Impl(client);
  if (!impl) return Call();
  return impl->calls().StartCall(lobby_id, std::move(hooks));
}

Call Client::StartCallWithAudioCallbacks(uint64_t lobbyId, UserAudioReceivedCallback receivedCb,
                                         UserAudioCapturedCallback capturedCb) {
  voice::CallAudioHooks hooks;
  hooks.received = std::move(receivedCb);
  hooks.captured = std::move(capturedCb);
  return detail::ClientAccess::StartCallWithAudioHooks(*this, lobbyId, std::move(hooks));
}

void Client::EndCall(uint64_t channelId, EndCallCallback callback) {
  if (!impl_) return requests::PostNow(callback);
  impl_->calls().EndCall(channelId, std::move(callback));
}

void Client::EndCalls(EndCallsCallback callback) {
  if (!impl_) return requests::PostNow(callback);
  impl_->calls().EndCalls(std::move(callback));
}

Call Client::GetCall(uint64_t channelId) { return impl_ ? impl_->calls().GetCall(channelId) : Call(); }

std::vector<Call> Client::GetCalls() { return impl_ ? impl_->calls().GetCalls() : std::vector<Call>{}; }

void Client::GetInputDevices(GetInputDevicesCallback callback) {
  if (!impl_) return requests::PostNow(callback, std::vector<AudioDevice>{});
  impl_->calls().GetInputDevices(std::move(callback));
}

void Client::GetOutputDevices(GetOutputDevicesCallback callback) {
  if (!impl_) return requests::PostNow(callback, std::vector<AudioDevice>{});
  impl_->calls().GetOutputDevices(std::move(callback));
}

void Client::GetCurrentInputDevice(GetCurrentInputDeviceCallback callback) {
  if (!impl_) return requests::PostNow(callback, AudioDevice::nullobj);
  impl_->calls().GetCurrentInputDevice(std::move(callback));
}

void Client::GetCurrentOutputDevice(GetCurrentOutputDeviceCallback callback) {
  if (!impl_) return requests::PostNow(callback, AudioDevice::nullobj);
  impl_->calls().GetCurrentOutputDevice(std::move(callback));
}

void Client::SetInputDevice(std::string const& deviceId, SetInputDeviceCallback callback) {
  if (!impl_) return requests::PostNow(callback, requests::Destroyed());
  impl_->calls().SetInputDevice(deviceId, std::move(callback));
}

void Client::SetOutputDevice(std::string const& deviceId, SetOutputDeviceCallback callback) {
  if (!impl_) return requests::PostNow(callback, requests::Destroyed());
  impl_->calls().SetOutputDevice(deviceId, std::move(callback));
}

std::string Client::GetDefaultAudioDeviceId() { return "default"; }

void Client::SetDeviceChangeCallback(DeviceChangeCallback callback) {
  if (impl_) impl_->calls().SetDeviceChangeCallback(std::move(callback));
}

float Client::GetInputVolume() { return impl_ ? impl_->calls().input_volume() : float(limits::kUnityVolume); }

void Client::SetInputVolume(float inputVolume) {
  if (impl_ && SettingInRange(*impl_, "SetInputVolume: inputVolume", inputVolume, rules::kDeviceVolumeRange)) {
    impl_->calls().SetInputVolume(inputVolume);
  }
}

float Client::GetOutputVolume() { return impl_ ? impl_->calls().output_volume() : float(limits::kUnityVolume); }

void Client::SetOutputVolume(float outputVolume) {
  if (impl_ && SettingInRange(*impl_, "SetOutputVolume: outputVolume", outputVolume, rules::kDeviceVolumeRange)) {
    impl_->calls().SetOutputVolume(outputVolume);
  }
}

bool Client::GetSelfMuteAll() { return impl_ && impl_->calls().self_mute_all(); }

void Client::SetSelfMuteAll(bool mute) {
  if (impl_) impl_->calls().SetSelfMuteAll(mute);
}

bool Client::GetSelfDeafAll() { return impl_ && impl_->calls().self_deaf_all(); }

void Client::SetSelfDeafAll(bool deaf) {
  if (impl_) impl_->calls().SetSelfDeafAll(deaf);
}

void Client::SetEchoCancellation(bool on) {
  if (impl_) impl_->calls().SetEchoCancellation(on);
}

void Client::SetNoiseSuppression(bool on) {
  if (impl_) impl_->calls().SetNoiseSuppression(on);
}

void Client::SetNoiseCancellation(bool on) {
  if (impl_) impl_->calls().SetNoiseCancellation(on);
}

void Client::SetAutomaticGainControl(bool on) {
  if (impl_) impl_->calls().SetAutomaticGainControl(on);
}

void Client::SetEngineManagedAudioSession(bool isEngineManaged) {
  if (impl_) NoEffect(*impl_, "SetEngineManagedAudioSession(" + OnOff(isEngineManaged) + ")");
}

void Client::SetAecDump(bool on) {
  if (impl_) impl_->calls().SetAecDump(on);
}

void Client::SetOpusHardwareCoding(bool encode, bool decode) {
  if (impl_) NoEffect(*impl_, "SetOpusHardwareCoding(" + OnOff(encode) + ", " + OnOff(decode) + ")");
}

void Client::SetNoAudioInputThreshold(float dBFS) {
  if (impl_ && SettingInRange(*impl_, "SetNoAudioInputThreshold: dBFS", dBFS, rules::kNoAudioInputThresholdRange)) {
    impl_->calls().SetNoAudioInputThreshold(dBFS);
  }
}

void Client::SetNoAudioInputCallback(NoAudioInputCallback callback) {
  if (impl_) impl_->calls().SetNoAudioInputCallback(std::move(callback));
}

void Client::SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback callback) {
  if (impl_) impl_->calls().SetVoiceParticipantChangedCallback(std::move(callback));
}

void Client::AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity) {
  if (impl_) impl_->calls().voice_logger().AddCallback(std::move(callback), minSeverity);
}

void Client::SetVoiceLogDir(std::string const& path, LoggingSeverity minSeverity) {
  if (impl_) impl_->calls().SetVoiceLogDir(path, minSeverity);
}

}  // namespace sdkpp
