// sdkpp::Call: a weak handle over a CallSession. Setters validate their arguments (the rule is
// logged, nothing changes) before the session forwards them to the audio engine.
#include <string>

#include "context/argument_rules.h"
#include "sdkpp/call.h"
#include "sdkpp/limits.h"
#include "voice/call/call_manager.h"
#include "voice/call/call_session.h"

namespace sdkpp {

const Call Call::nullobj{};

Call::operator bool() const {
  auto session = Lock();
  return session && session->live();
}

uint64_t Call::GetChannelId() const {
  auto session = Lock();
  return session ? session->channel_id() : 0;
}

uint64_t Call::GetGuildId() const { return 0; }

Call::Status Call::GetStatus() const {
  auto session = Lock();
  return session ? session->status() : Status::Disconnected;
}

std::vector<uint64_t> Call::GetParticipants() const {
  auto session = Lock();
  return session ? session->Participants() : std::vector<uint64_t>{};
}

bool Call::GetPTTActive() const {
  auto session = Lock();
  return session && session->ptt_active();
}

void Call::SetPTTActive(bool active) {
  if (auto session = Lock()) session->SetPttActive(active);
}

uint32_t Call::GetPTTReleaseDelay() const {
  auto session = Lock();
  return session ? session->ptt_release_delay() : 0;
}

void Call::SetPTTReleaseDelay(uint32_t releaseDelayMs) {
  auto session = Lock();
  if (!session) return;
  if (auto refused = rules::CheckSetting("SetPTTReleaseDelay: releaseDelayMs", releaseDelayMs,
                                         rules::kPttReleaseDelayRange)) {
    return session->RefuseSetting(*refused);
  }
  session->SetPttReleaseDelay(releaseDelayMs);
}

bool Call::GetSelfMute() const {
  auto session = Lock();
  return session && session->self_mute();
}

void Call::SetSelfMute(bool mute) {
  if (auto session = Lock()) session->SetSelfMute(mute);
}

bool Call::GetSelfDeaf() const {
  auto session = Lock();
  return session && session->self_deaf();
}

void Call::SetSelfDeaf(bool deaf) {
  if (auto session = Lock()) session->SetSelfDeaf(deaf);
}

bool Call::GetLocalMute(uint64_t userId) const {
  auto session = Lock();
  return session && session->LocalMute(userId);
}

void Call::SetLocalMute(uint64_t userId, bool mute) {
  auto session = Lock();
  if (!session) return;
  if (userId == 0) return session->RefuseSetting("SetLocalMute: userId must be a user id, not 0");
  session->SetLocalMute(userId, mute);
}

float Call::GetParticipantVolume(uint64_t userId) const {
  auto session = Lock();
  return session ? session->ParticipantVolume(userId) : float(limits::kUnityVolume);
}

void Call::SetParticipantVolume(uint64_t userId, float volume) {
  auto session = Lock();
  if (!session) return;
  if (userId == 0) return session->RefuseSetting("SetParticipantVolume: userId must be a user id, not 0");
  if (auto refused = rules::CheckSetting("SetParticipantVolume: volume", volume, rules::kParticipantVolumeRange)) {
    return session->RefuseSetting(*refused);
  }
  session->SetParticipantVolume(userId, volume);
}

AudioModeType Call::GetAudioMode() const {
  auto session = Lock();
  return session ? session->audio_mode() : AudioModeType::MODE_UNINIT;
}

void Call::SetAudioMode(AudioModeType audioMode) {
  auto session = Lock();
  if (!session) return;
  if (audioMode != AudioModeType::MODE_VAD && audioMode != AudioModeType::MODE_PTT) {
    return session->RefuseSetting("SetAudioMode: audioMode must be MODE_VAD or MODE_PTT");
  }
  session->SetAudioMode(audioMode);
}

VADThresholdSettings Call::GetVADThreshold() const {
  auto session = Lock();
  return session ? session->vad() : VADThresholdSettings();
}

void Call::SetVADThreshold(bool automatic, float threshold) {
  auto session = Lock();
  if (!session) return;
  if (auto refused = rules::CheckSetting("SetVADThreshold: threshold", threshold, rules::kVadThresholdRange)) {
    return session->RefuseSetting(*refused);
  }
  session->SetVadThreshold(automatic, threshold);
}

std::optional<VoiceStateHandle> Call::GetVoiceStateHandle(uint64_t userId) const {
  auto session = Lock();
  return session ? session->GetVoiceStateHandle(userId) : std::nullopt;
}

void Call::SetStatusChangedCallback(OnStatusChanged cb) {
  if (auto session = Lock()) session->SetStatusChangedCallback(std::move(cb));
}

void Call::SetParticipantChangedCallback(OnParticipantChanged cb) {
  if (auto session = Lock()) session->SetParticipantChangedCallback(std::move(cb));
}

void Call::SetSpeakingStatusChangedCallback(OnSpeakingStatusChanged cb) {
  if (auto session = Lock()) session->SetSpeakingStatusChangedCallback(std::move(cb));
}

void Call::SetOnVoiceStateChangedCallback(OnVoiceStateChanged cb) {
  if (auto session = Lock()) session->SetOnVoiceStateChangedCallback(std::move(cb));
}

Call::EncryptionState Call::GetEncryptionState() const {
  auto session = Lock();
  return session && session->live() ? session->encryption() : EncryptionState{};
}

void Call::SetEncryptionStateChangedCallback(OnEncryptionStateChanged cb) {
  if (auto session = Lock()) session->SetEncryptionStateChangedCallback(std::move(cb));
}

}  // namespace sdkpp
