// One lobby call on the JS thread: the state machine of docs/voice-calls.md over a VoiceConnection and
// the audio engine. Joining (op 4 sent) → Connecting (voice server known) → SignalingConnected
// (Ready) → Connected (media ready); an interruption goes Reconnecting → Connected (resume with
// seq_ack, then full rejoins with backoff for up to 5 minutes) and never Disconnected inside
// that window; 4014/4021/4022, a kick, the lobby's end or removal from it end the call.
// The public sdkpp::Call is a weak handle to this object.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <source_location>
#include <string>
#include <unordered_map>

#include "context/feature_context.h"
#include "gateway/gateway_connection.h"
#include "logging/redactor.h"
#include "sdkpp/call.h"
#include "social/social_state.h"
#include "voice/audio/audio_engine.h"
#include "voice/net/voice_connection.h"

namespace sdkpp::voice {

class CallManager;

// Makes a call's connection to its voice server (CreateVoiceConnection, or a test's).
using VoiceConnectionFactory =
    std::function<std::unique_ptr<VoiceConnection>(const FeatureContext& context, VoiceConnectionListener& listener)>;

// What a call works with, given to it when it is made rather than asked of CallManager at each
// use. CallManager owns all of it and outlives its sessions (they are its members' values).
struct CallSessionContext {
  const FeatureContext& client;  // the Client's: scheduler, app callbacks, settings, main log
  const FeatureContext& voice;   // the same over the voice log: the call's lines, its connection
  gateway::GatewayConnection& gateway;  // op 4, and whether the main session is up
  std::shared_ptr<social::SocialState> state;  // who we are, the lobby's voice states
  AudioEngine& engine;  // made before the first call (StartCall adds the call to it first)
  VoiceConnectionFactory connections;
};

inline constexpr uint64_t kJoinTimeoutMs = 10'000;
// Ready → media ready (discovery: 3 tries 1 s apart, then Select Protocol and the Session
// Description): a server that stops answering in between must not leave the call hanging.
inline constexpr uint64_t kMediaTimeoutMs = 10'000;
inline constexpr uint64_t kRejoinBaseMs = 1'000;
inline constexpr uint64_t kRejoinMaxMs = 30'000;
inline constexpr uint64_t kReconnectWindowMs = 5 * 60 * 1000;
inline constexpr int kConnectAttemptsBeforeReady = 3;
inline constexpr int kResumeAttemptsBeforeRejoin = 3;

class CallSession final : public std::enable_shared_from_this<CallSession>,
                          private VoiceConnectionListener {
 public:
  // `manager` only hears when the call let go of its audio (SessionReleased).
  CallSession(const CallSessionContext& context, CallManager& manager, uint64_t channel_id, bool self_mute,
              bool self_deaf);
  ~CallSession() override;

  Call Handle() { return Call(weak_from_this()); }
  uint64_t channel_id() const { return channel_id_; }
  Call::Status status() const { return status_; }
  bool live() const { return status_ != Call::Status::Disconnected && status_ != Call::Status::Disconnecting; }

  // Joining: op 4 and the join timeout.
  void Start();
  // EndCall / EndCalls / Client disposed: Disconnecting, then Disconnected once the audio
  // thread released the call (OnAudioReleased).
  void End();
  void OnAudioReleased();

  // From the main gateway (CallManager routes them).
  void OnOwnVoiceState(bool in_this_call, const std::string& session_id, bool forbidden);
  void OnVoiceServer(const std::string& token, const std::string& endpoint);
  void OnMainGatewayReady();  // a main re-identify: re-send op 4 (docs/voice-calls.md)
  void OnLobbyGone();         // lobby deleted, or this user removed from it
  void OnParticipantChanged(uint64_t user_id, bool added);
  // Gives a remote member a decoder and jitter buffer in the engine (once); the local mute and
  // volume the app set for it apply from the start.
  void AddEngineParticipant(uint64_t user_id);
  void OnVoiceStateChanged(uint64_t user_id);

  // From the audio engine (CallManager drains it).
  void OnSpeakingChanged(uint64_t user_id, bool speaking);
  void OnLocalSpeakingChanged(bool speaking);
  // Sends the engine's encoded frames; dropped while not Connected (the outage keeps audio
  // running, docs/voice-calls.md).
  void FlushOutgoing();

  // --- the public Call's members ---
  std::vector<uint64_t> Participants() const;
  bool ptt_active() const { return ptt_active_; }
  void SetPttActive(bool active);
  uint32_t ptt_release_delay() const { return ptt_release_delay_ms_; }
  void SetPttReleaseDelay(uint32_t delay_ms);
  bool self_mute() const { return self_mute_; }
  void SetSelfMute(bool mute);
  bool self_deaf() const { return self_deaf_; }
  void SetSelfDeaf(bool deaf);
  bool LocalMute(uint64_t user_id) const;
  void SetLocalMute(uint64_t user_id, bool mute);
  float ParticipantVolume(uint64_t user_id) const;
  void SetParticipantVolume(uint64_t user_id, float volume);
  AudioModeType audio_mode() const { return audio_mode_; }
  void SetAudioMode(AudioModeType mode);
  VADThresholdSettings vad() const { return vad_; }
  void SetVadThreshold(bool automatic, float threshold_db);
  std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t user_id) const;
  // A setter's argument broke its rule: logged at Error (main and voice log), nothing changes.
  void RefuseSetting(const std::string& why, std::source_location site = std::source_location::current()) const;
  void SetStatusChangedCallback(Call::OnStatusChanged cb) { on_status_ = std::move(cb); }
  void SetParticipantChangedCallback(Call::OnParticipantChanged cb) { on_participant_ = std::move(cb); }
  void SetSpeakingStatusChangedCallback(Call::OnSpeakingStatusChanged cb) { on_speaking_ = std::move(cb); }
  void SetOnVoiceStateChangedCallback(Call::OnVoiceStateChanged cb) { on_voice_state_ = std::move(cb); }
  // sdkpp addition (call.h): the call's end-to-end encryption as the app last heard of it.
  Call::EncryptionState encryption() const;
  void SetEncryptionStateChangedCallback(Call::OnEncryptionStateChanged cb) { on_encryption_ = std::move(cb); }
  const VoiceConnection* connection() const { return connection_.get(); }

 private:
  // VoiceConnectionListener
  void OnSignalingReady() override;
  void OnMediaReady() override;
  void OnResumed() override;
  void OnUsersConnected(const std::vector<uint64_t>& user_ids) override;
  void OnUserDisconnected(uint64_t user_id) override;
  void OnUserSpeaking(uint64_t user_id, uint32_t ssrc, uint32_t flags) override;
  void OnOpusReceived(uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp,
                      const uint8_t* opus, size_t size) override;
  void OnConnectionLost(VoiceLoss loss, int32_t close_code, const std::string& detail) override;
  void OnDaveUnavailable(const std::string& reason) override;
  void OnEncryptionChanged() override;

  // Reads the connection's encryption; a change reaches the app's callback, and a switch to no
  // end-to-end encryption is a Warning in both logs.
  void NoteEncryption();

  void SetStatus(Call::Status status, Call::Error error = Call::Error::None, int32_t detail = 0);
  // Ends the call for good with `error` (no rejoin).
  void Fail(Call::Error error, int32_t detail, const std::string& why);
  void SendJoin();
  void SendVoiceState(bool in_call);
  void Leave();
  void ReleaseAudio();
  void ConnectIfReady();
  void BeginReconnect(bool full_rejoin, const std::string& why);
  void ScheduleRejoin();
  void CancelTimers();
  bool MainSessionReady() const { return gateway_.status() == Client::Status::Ready; }
  // The caller's site: the kind of line for the log's bound (logging/line_rate_limit.h).
  void LogLine(LoggingSeverity severity, const std::string& message,
               std::source_location site = std::source_location::current()) const;

  const FeatureContext& context_;
  const FeatureContext& voice_context_;
  gateway::GatewayConnection& gateway_;
  const std::shared_ptr<social::SocialState> state_;
  AudioEngine& engine_;
  const VoiceConnectionFactory connections_;
  CallManager& manager_;
  const uint64_t channel_id_;
  // The voice token, masked in both logs while the call lives and forgotten (wiped) at its end.
  logging::SecretScope voice_log_secrets_;
  logging::SecretScope client_log_secrets_;
  Call::Status status_ = Call::Status::Disconnected;
  bool ever_connected_ = false;
  bool audio_added_ = false;
  bool released_ = false;
  bool dave_unavailable_logged_ = false;  // the Warning once per call, not per rejoin
  bool local_speaking_ = false;           // the audio engine's view of our microphone

  // The join in progress (a full rejoin starts a new one).
  std::string session_id_;
  std::optional<VoiceJoinInfo> join_;
  bool awaiting_server_ = false;
  std::unique_ptr<VoiceConnection> connection_;
  int connect_failures_ = 0;
  int resume_failures_ = 0;
  int rejoin_attempts_ = 0;
  uint64_t outage_started_ms_ = 0;
  PlatformId join_timer_ = 0;
  PlatformId rejoin_timer_ = 0;
  PlatformId media_timer_ = 0;

  // Settings (mirrored into the audio engine).
  bool self_mute_;
  bool self_deaf_;
  bool ptt_active_ = false;
  uint32_t ptt_release_delay_ms_ = 0;
  AudioModeType audio_mode_ = AudioModeType::MODE_VAD;
  VADThresholdSettings vad_;
  std::unordered_map<uint64_t, bool> local_mutes_;
  std::unordered_map<uint64_t, float> volumes_;
  std::set<uint64_t> engine_participants_;

  Call::OnStatusChanged on_status_;
  Call::OnParticipantChanged on_participant_;
  Call::OnSpeakingStatusChanged on_speaking_;
  Call::OnVoiceStateChanged on_voice_state_;
  Call::OnEncryptionStateChanged on_encryption_;
  VoiceEncryption encryption_;  // as last read from the connection
};

}  // namespace sdkpp::voice
