// The Client's calls and audio (the reference's "Audio, calls" area), on the JS thread: starts
// and ends CallSessions, routes the main gateway's VOICE_STATE_UPDATE / VOICE_SERVER_UPDATE and
// lobby events to them, keeps every lobby's voice states for CallInfoHandle, owns the audio
// engine (created on the first call) and answers Platform::Wake by draining the engine's events
// and sending its encoded frames. Voice has its own log (AddVoiceLogCallback, SetVoiceLogDir).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context/feature_context.h"
#include "gateway/dispatch_handlers.h"
#include "gateway/gateway_connection.h"
#include "sdkpp/audio_device.h"
#include "sdkpp/call.h"
#include "sdkpp/limits.h"
#include "social/social_state.h"
#include "voice/audio/audio_backend_choice.h"
#include "voice/audio/audio_engine.h"
#include "voice/call/call_session.h"
#include "voice/net/voice_connection.h"

namespace sdkpp::voice {

class CallManager final : private AudioEngineEvents {
 public:
  using ConnectionFactory = VoiceConnectionFactory;
  using BackendFactory = std::function<std::unique_ptr<AudioDeviceBackend>()>;
  using EndCallCallback = std::function<void()>;
  using DevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
  using DeviceCallback = std::function<void(AudioDevice device)>;
  using DeviceChangeCallback =
      std::function<void(std::vector<AudioDevice> inputDevices, std::vector<AudioDevice> outputDevices)>;
  using NoAudioInputCallback = std::function<void(bool inputDetected)>;
  using VoiceParticipantChangedCallback =
      std::function<void(uint64_t lobbyId, uint64_t memberId, bool added)>;
  using SetDeviceCallback = std::function<void(ClientResult result)>;

  // Defaults: CreateVoiceConnection and the backend of SetAudioBackend / SDKPP_AUDIO_BACKEND
  // (audio_backend_choice.h; 'system' unless told otherwise).
  CallManager(const FeatureContext& context, gateway::GatewayConnection& gateway,
              std::shared_ptr<social::SocialState> state,
              ConnectionFactory connections = nullptr, BackendFactory backends = nullptr);
  ~CallManager() override;

  void RegisterHandlers(gateway::DispatchHandlers& handlers);

  // --- calls ---
  // The invalid Call (reason logged) when not Ready, not a member of the lobby, already in that
  // call, or at the call limit.
  Call StartCall(uint64_t lobby_id, CallAudioHooks hooks);
  void EndCall(uint64_t channel_id, EndCallCallback callback);
  void EndCalls(EndCallCallback callback);
  Call GetCall(uint64_t channel_id);
  std::vector<Call> GetCalls();
  // The Client is going away: every call ends now, no app callback after it.
  void Shutdown();

  // --- devices and engine-wide audio ---
  void GetInputDevices(DevicesCallback callback);
  void GetOutputDevices(DevicesCallback callback);
  void GetCurrentInputDevice(DeviceCallback callback);
  void GetCurrentOutputDevice(DeviceCallback callback);
  void SetInputDevice(const std::string& id, SetDeviceCallback callback);
  void SetOutputDevice(const std::string& id, SetDeviceCallback callback);
  void SetDeviceChangeCallback(DeviceChangeCallback callback) { on_device_change_ = std::move(callback); }
  float input_volume() const { return input_volume_; }
  void SetInputVolume(float volume);
  float output_volume() const { return output_volume_; }
  void SetOutputVolume(float volume);
  bool self_mute_all() const { return self_mute_all_; }
  void SetSelfMuteAll(bool mute);
  bool self_deaf_all() const { return self_deaf_all_; }
  void SetSelfDeafAll(bool deaf);
  void SetNoAudioInputThreshold(float dbfs);
  // The microphone's processing (voice/audio/capture_processing.h), kept here so that it
  // reaches the engine whenever it is made. Defaults as the C++ SDK's: echo cancellation, noise
  // suppression and gain control on, noise cancellation off.
  void SetEchoCancellation(bool on);
  void SetNoiseSuppression(bool on);
  void SetNoiseCancellation(bool on);
  void SetAutomaticGainControl(bool on);
  // The dump goes into the voice log folder: on without one, it waits for SetVoiceLogDir.
  void SetAecDump(bool on);
  void SetVoiceLogDir(const std::string& path, LoggingSeverity min_severity);
  void SetNoAudioInputCallback(NoAudioInputCallback callback) { on_no_input_ = std::move(callback); }
  void SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback callback) {
    on_voice_participant_ = std::move(callback);
  }
  void SetThreadPriority(int32_t priority);
  // The device backend the engine gets when it is made (the first call or device query); false
  // once it exists (the choice can no longer apply) or when a factory was injected.
  bool SetAudioBackend(AudioBackendKind kind);
  logging::Logger& voice_logger() { return voice_logger_; }
  // Made on first use (the first call or device query).
  AudioEngine& engine();

  // --- for CallSession: the call let go of its audio; EndCall is answered once the engine did.
  void SessionReleased(uint64_t channel_id);

 private:
  // AudioEngineEvents (from DrainEvents, JS thread)
  void OnSpeakingChanged(uint64_t call_id, uint64_t user_id, bool speaking) override;
  void OnLocalSpeakingChanged(uint64_t call_id, bool speaking) override;
  void OnCallReleased(uint64_t call_id) override;
  void OnDevicesChanged() override;
  void OnNoAudioInput(bool input_detected) override;
  void OnAudioLog(int32_t severity, const std::string& message) override;

  void OnWake();
  void OnReady(const json::Value& data);
  void OnVoiceStateUpdate(const json::Value& data);
  void OnVoiceServerUpdate(const json::Value& data);
  void OnLobbyGone(uint64_t lobby_id);
  // Applies one voice state to the lobby's CallRecord and tells the app what changed.
  void ApplyVoiceState(uint64_t channel_id, uint64_t guild_id, uint64_t user_id, bool self_mute,
                       bool self_deaf, bool present);
  CallSession* Session(uint64_t channel_id);
  bool user_ready() const;
  std::vector<AudioDevice> Devices(bool input);
  AudioDevice CurrentDevice(bool input);

  const FeatureContext& context_;
  logging::Logger voice_logger_;
  FeatureContext voice_context_;
  gateway::GatewayConnection& gateway_;
  std::shared_ptr<social::SocialState> state_;
  ConnectionFactory connections_;
  BackendFactory backends_;
  bool backends_injected_ = false;
  std::optional<AudioBackendKind> backend_kind_;  // the app's choice; else the environment
  std::unique_ptr<AudioEngine> engine_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);

  std::map<uint64_t, std::shared_ptr<CallSession>> sessions_;    // live, by channel id
  std::map<uint64_t, std::shared_ptr<CallSession>> releasing_;   // ended, audio not yet let go
  std::map<uint64_t, std::vector<EndCallCallback>> end_waiters_;  // by channel id
  std::vector<std::pair<std::vector<uint64_t>, EndCallCallback>> end_all_waiters_;

  bool echo_cancellation_ = true;
  bool noise_suppression_ = true;
  bool noise_cancellation_ = false;
  bool automatic_gain_control_ = true;
  bool aec_dump_ = false;
  std::string voice_log_dir_;  // the voice log folder in use ("" without one)
  void ApplyAecDump();
  float input_volume_ = float(limits::kUnityVolume);
  float output_volume_ = float(limits::kUnityVolume);
  bool self_mute_all_ = false;
  bool self_deaf_all_ = false;
  DeviceChangeCallback on_device_change_;
  NoAudioInputCallback on_no_input_;
  VoiceParticipantChangedCallback on_voice_participant_;
};

}  // namespace sdkpp::voice
