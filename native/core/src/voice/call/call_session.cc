#include "voice/call/call_session.h"

#include <algorithm>
#include <random>

#include "json/json.h"
#include "sdkpp/limits.h"
#include "social/factory.h"
#include "voice/call/call_manager.h"

namespace sdkpp::voice {
namespace {

const char* LossName(VoiceLoss loss) {
  switch (loss) {
    case VoiceLoss::Resumable: return "resumable";
    case VoiceLoss::Rejoin: return "session lost";
    case VoiceLoss::Refused: return "refused";
    case VoiceLoss::Terminated: return "terminated";
    case VoiceLoss::MediaFailed: return "media failed";
  }
  return "unknown";
}

}  // namespace

CallSession::CallSession(const CallSessionContext& context, CallManager& manager, uint64_t channel_id,
                         bool self_mute, bool self_deaf)
    : context_(context.client),
      voice_context_(context.voice),
      gateway_(context.gateway),
      state_(context.state),
      engine_(context.engine),
      connections_(context.connections),
      manager_(manager),
      channel_id_(channel_id),
      voice_log_secrets_(context.voice.logger.redactor()),
      client_log_secrets_(context.client.logger.redactor()),
      self_mute_(self_mute),
      self_deaf_(self_deaf) {}

CallSession::~CallSession() {
  CancelTimers();
  if (connection_) connection_->Close();
}

void CallSession::LogLine(LoggingSeverity severity, const std::string& message, std::source_location site) const {
  voice_context_.logger.Log(severity, "call " + std::to_string(channel_id_) + ": " + message, site);
}

void CallSession::RefuseSetting(const std::string& why, std::source_location site) const {
  context_.logger.Log(LoggingSeverity::Error, why, site);
  LogLine(LoggingSeverity::Error, why, site);
}

void CallSession::SetStatus(Call::Status status, Call::Error error, int32_t detail) {
  if (status == status_ && error == Call::Error::None) return;
  status_ = status;
  LogLine(LoggingSeverity::Info, std::string("status ") + Call::StatusToString(status) +
                                     (error == Call::Error::None ? "" : std::string(", error ") + Call::ErrorToString(error)) +
                                     (detail ? ", detail " + std::to_string(detail) : ""));
  if (on_status_) {
    context_.callbacks.PostEvent([cb = on_status_, status, error, detail] { cb(status, error, detail); });
  }
}

void CallSession::Start() {
  SetStatus(Call::Status::Joining);
  SendJoin();
}

void CallSession::SendJoin() {
  session_id_.clear();
  join_.reset();
  awaiting_server_ = true;
  SendVoiceState(true);
  auto& scheduler = context_.scheduler;
  scheduler.Cancel(join_timer_);
  std::weak_ptr<CallSession> weak = weak_from_this();
  join_timer_ = scheduler.After(kJoinTimeoutMs, [weak] {
    auto self = weak.lock();
    if (!self) return;
    self->join_timer_ = 0;
    if (!self->awaiting_server_) return;
    if (self->status_ == Call::Status::Joining) {
      self->Fail(Call::Error::JoinTimeout, 0, "no voice server within 10 s");
    } else if (self->status_ == Call::Status::Reconnecting) {
      self->ScheduleRejoin();  // this rejoin attempt got no answer: the next one, with backoff
    }
  });
}

void CallSession::OnOwnVoiceState(bool in_this_call, const std::string& session_id, bool forbidden) {
  if (!live()) return;
  if (forbidden || !in_this_call) {
    if (status_ == Call::Status::Joining && !ever_connected_) {
      Fail(Call::Error::Forbidden, 0, forbidden ? "the service refused the join" : "left the call");
      return;
    }
    if (status_ == Call::Status::Reconnecting && awaiting_server_ && forbidden) {
      Fail(Call::Error::SignalingUnexpectedClose, 0, "the service refused the rejoin");
      return;
    }
    if (!in_this_call && !awaiting_server_) {
      // Moved out of the call by the service (a kick, the lobby's end): no rejoin.
      Fail(Call::Error::SignalingUnexpectedClose, 0, "removed from the call");
    }
    return;
  }
  session_id_ = session_id;
  ConnectIfReady();
}

void CallSession::OnVoiceServer(const std::string& token, const std::string& endpoint) {
  if (!live()) return;
  if (!awaiting_server_ && join_) {
    // A main re-identify re-sent op 4: the voice connection keeps its session; remember the
    // new token for later resumes.
    voice_log_secrets_.Remember(token);
    join_->token = token;
    return;
  }
  VoiceJoinInfo info;
  info.endpoint = endpoint;
  info.secure = context_.settings.endpoints.api_base.rfind("http://", 0) != 0;
  info.token = token;
  info.server_id = channel_id_;
  info.channel_id = channel_id_;
  info.user_id = state_->current_user_id;
  voice_log_secrets_.Remember(token);
  client_log_secrets_.Remember(token);
  join_ = std::move(info);
  ConnectIfReady();
}

void CallSession::ConnectIfReady() {
  if (!awaiting_server_ || !join_ || session_id_.empty()) return;
  awaiting_server_ = false;
  context_.scheduler.Cancel(join_timer_);
  join_->session_id = session_id_;
  if (!connection_) {
    connection_ = connections_(voice_context_, *this);
    connection_->SetSpeaking(local_speaking_);
  }
  if (status_ == Call::Status::Joining) SetStatus(Call::Status::Connecting);
  connect_failures_ = 0;
  connection_->Connect(*join_);
}

void CallSession::OnSignalingReady() {
  if (status_ == Call::Status::Connecting) SetStatus(Call::Status::SignalingConnected);
  auto& scheduler = context_.scheduler;
  scheduler.Cancel(media_timer_);
  std::weak_ptr<CallSession> weak = weak_from_this();
  media_timer_ = scheduler.After(kMediaTimeoutMs, [weak] {
    auto self = weak.lock();
    if (!self) return;
    self->media_timer_ = 0;
    if (!self->live() || (self->connection_ && self->connection_->IsMediaReady())) return;
    if (self->connection_) self->connection_->Close();
    self->OnConnectionLost(VoiceLoss::MediaFailed, 0, "no session description within 10 s of Ready");
  });
}

void CallSession::OnMediaReady() {
  if (!live()) return;
  context_.scheduler.Cancel(media_timer_);
  ever_connected_ = true;
  resume_failures_ = 0;
  rejoin_attempts_ = 0;
  outage_started_ms_ = 0;
  context_.scheduler.Cancel(rejoin_timer_);
  SetStatus(Call::Status::Connected);
  // A (re)joined voice session: its Session Description said which DAVE version it starts with.
  NoteEncryption();
}

void CallSession::OnResumed() {
  if (!live()) return;
  resume_failures_ = 0;
  rejoin_attempts_ = 0;
  outage_started_ms_ = 0;
  SetStatus(Call::Status::Connected);
}

void CallSession::OnUsersConnected(const std::vector<uint64_t>&) {
  // Membership comes from the main gateway's voice states (CallManager); the voice server's
  // view only confirms it.
}

void CallSession::OnUserDisconnected(uint64_t) {}

void CallSession::OnUserSpeaking(uint64_t user_id, uint32_t, uint32_t) {
  // Speaking status comes from decoded audio (the engine); the SSRC map lives in the connection.
  AddEngineParticipant(user_id);
}

void CallSession::AddEngineParticipant(uint64_t user_id) {
  if (!engine_participants_.count(user_id) && user_id != state_->current_user_id) {
    engine_participants_.insert(user_id);
    // The engine keeps each user's local mute and volume, set before or after (audio_engine.h):
    // nothing of them to hand on here.
    engine_.AddParticipant(channel_id_, user_id);
  }
}

void CallSession::OnOpusReceived(uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp,
                                 const uint8_t* opus, size_t size) {
  AddEngineParticipant(user_id);
  engine_.PushReceived(channel_id_, user_id, sequence, rtp_timestamp, opus, size);
}

void CallSession::OnConnectionLost(VoiceLoss loss, int32_t close_code, const std::string& detail) {
  if (!live()) return;
  std::string why = std::string(LossName(loss)) + (close_code ? " (" + std::to_string(close_code) + ")" : "") +
                    (detail.empty() ? "" : ": " + detail);
  switch (loss) {
    case VoiceLoss::Terminated:
      Fail(Call::Error::SignalingUnexpectedClose, close_code, why);
      return;
    case VoiceLoss::Refused:
      if (!ever_connected_) return Fail(Call::Error::SignalingConnectionFailed, close_code, why);
      return BeginReconnect(true, why);
    case VoiceLoss::MediaFailed:
      if (!ever_connected_) return Fail(Call::Error::VoiceConnectionFailed, close_code, why);
      return BeginReconnect(true, why);
    case VoiceLoss::Rejoin:
      return BeginReconnect(true, why);
    case VoiceLoss::Resumable:
      if (!ever_connected_) {
        // Not yet a session to resume: connect again, at most three times.
        if (++connect_failures_ >= kConnectAttemptsBeforeReady) {
          return Fail(Call::Error::SignalingConnectionFailed, close_code, why);
        }
        LogLine(LoggingSeverity::Warning, "voice connection failed (" + why + "), retrying");
        connection_->Connect(*join_);
        return;
      }
      return BeginReconnect(false, why);
  }
}

void CallSession::OnDaveUnavailable(const std::string& reason) {
  if (dave_unavailable_logged_) return;
  dave_unavailable_logged_ = true;
  LogLine(LoggingSeverity::Warning, "no end-to-end encryption (DAVE): " + reason +
                                        "; the service may downgrade the call or refuse it (4017)");
}

void CallSession::OnEncryptionChanged() {
  if (live()) NoteEncryption();
}

Call::EncryptionState CallSession::encryption() const {
  Call::EncryptionState state;
  state.e2ee = encryption_.protocol_version != 0;
  state.protocolVersion = encryption_.protocol_version;
  state.privacyCode = encryption_.privacy_code;
  return state;
}

void CallSession::NoteEncryption() {
  if (!connection_) return;
  VoiceEncryption now = connection_->Encryption();
  if (now == encryption_) return;
  const uint16_t was = encryption_.protocol_version;
  encryption_ = std::move(now);
  if (was != 0 && encryption_.protocol_version == 0) {
    // The voice server decides this (a member without DAVE joined a call that allows it, or a
    // server that chose to); the app must not have to read the voice log to learn it.
    const std::string why = "call " + std::to_string(channel_id_) +
                            ": no longer end-to-end encrypted: the voice server switched the call from DAVE "
                            "protocol version " + std::to_string(was) +
                            " to 0, so it can hear the call from now on (Call.GetEncryptionState)";
    voice_context_.logger.Log(LoggingSeverity::Warning, why);
    context_.logger.Log(LoggingSeverity::Warning, why);
  }
  if (on_encryption_) {
    context_.callbacks.PostEvent([cb = on_encryption_, state = encryption()] { cb(state); });
  }
}

void CallSession::BeginReconnect(bool full_rejoin, const std::string& why) {
  auto& scheduler = context_.scheduler;
  if (outage_started_ms_ == 0) outage_started_ms_ = scheduler.NowMs();
  SetStatus(Call::Status::Reconnecting);
  if (!full_rejoin && ++resume_failures_ <= kResumeAttemptsBeforeRejoin) {
    LogLine(LoggingSeverity::Warning, "voice connection lost (" + why + "), resuming");
    connection_->Resume();
    return;
  }
  LogLine(LoggingSeverity::Warning, "voice session lost (" + why + "), rejoining");
  ScheduleRejoin();
}

void CallSession::ScheduleRejoin() {
  auto& scheduler = context_.scheduler;
  if (scheduler.NowMs() - outage_started_ms_ >= kReconnectWindowMs) {
    Fail(Call::Error::SignalingUnexpectedClose, 0, "no reconnect within 5 minutes");
    return;
  }
  if (connection_) connection_->Close();
  connection_.reset();
  uint64_t delay = std::min<uint64_t>(kRejoinMaxMs, kRejoinBaseMs << std::min(rejoin_attempts_, 5));
  ++rejoin_attempts_;
  static thread_local std::minstd_rand jitter{std::random_device{}()};
  delay = delay / 2 + jitter() % (delay / 2 + 1);
  scheduler.Cancel(rejoin_timer_);
  std::weak_ptr<CallSession> weak = weak_from_this();
  rejoin_timer_ = scheduler.After(delay, [weak] {
    auto self = weak.lock();
    if (!self || self->status_ != Call::Status::Reconnecting) return;
    self->rejoin_timer_ = 0;
    if (!self->MainSessionReady()) {
      self->ScheduleRejoin();  // the main session is down: try again later
      return;
    }
    self->SendJoin();
  });
}

// Op 4 for this lobby's call: in it (a join, or new self-mute/deafen flags) or out of it.
void CallSession::SendVoiceState(bool in_call) {
  json::Writer d;
  d.BeginObject().Key("guild_id").Null().Key("channel_id");
  if (in_call) {
    d.Snowflake(channel_id_);
  } else {
    d.Null();
  }
  d.Key("self_mute").Bool(self_mute_).Key("self_deaf").Bool(self_deaf_).EndObject();
  gateway_.Send(gateway::Op::VoiceStateUpdate, d.Take());
}

// What every ending shares: no timer, no connection, and the call left on the service too
// (unless the main session is down, which put us out already).
void CallSession::Leave() {
  CancelTimers();
  if (connection_) connection_->Close();
  connection_.reset();  // forgets what the connection taught the voice log (its key)
  if (MainSessionReady()) SendVoiceState(false);
  // The call is over: its token is no longer a secret anyone uses, nor worth a copy in memory.
  voice_log_secrets_.Forget();
  client_log_secrets_.Forget();
}

// The audio thread lets go of the call; CallManager answers EndCall once it has.
void CallSession::ReleaseAudio() {
  engine_.RemoveCall(channel_id_);
  manager_.SessionReleased(channel_id_);
}

void CallSession::Fail(Call::Error error, int32_t detail, const std::string& why) {
  LogLine(LoggingSeverity::Warning, "call ended: " + why);
  Leave();
  SetStatus(Call::Status::Disconnected, error, detail);
  ReleaseAudio();
}

void CallSession::End() {
  if (!live()) return;
  SetStatus(Call::Status::Disconnecting);
  Leave();
  ReleaseAudio();
}

void CallSession::OnAudioReleased() {
  if (released_) return;
  released_ = true;
  if (status_ == Call::Status::Disconnecting) SetStatus(Call::Status::Disconnected);
}

void CallSession::CancelTimers() {
  auto& scheduler = context_.scheduler;
  scheduler.Cancel(join_timer_);
  scheduler.Cancel(rejoin_timer_);
  scheduler.Cancel(media_timer_);
}

void CallSession::OnMainGatewayReady() {
  // A main re-identify: tell the service again that we are in the call (docs/voice-calls.md).
  if (status_ == Call::Status::Connected) SendVoiceState(true);
}

void CallSession::OnLobbyGone() {
  if (live()) Fail(Call::Error::SignalingUnexpectedClose, 0, "the lobby ended or this user left it");
}

void CallSession::OnParticipantChanged(uint64_t user_id, bool added) {
  if (added) AddEngineParticipant(user_id);
  if (!added && engine_participants_.erase(user_id)) {
    engine_.RemoveParticipant(channel_id_, user_id);
  }
  if (on_participant_) {
    context_.callbacks.PostEvent([cb = on_participant_, user_id, added] { cb(user_id, added); });
  }
}

void CallSession::OnVoiceStateChanged(uint64_t user_id) {
  if (on_voice_state_) {
    context_.callbacks.PostEvent([cb = on_voice_state_, user_id] { cb(user_id); });
  }
}

void CallSession::OnSpeakingChanged(uint64_t user_id, bool speaking) {
  if (on_speaking_) {
    context_.callbacks.PostEvent([cb = on_speaking_, user_id, speaking] { cb(user_id, speaking); });
  }
}

void CallSession::OnLocalSpeakingChanged(bool speaking) {
  // Always handed to the connection, whatever the call's status: it remembers the state and
  // announces it (op 5, which tells the others our SSRC) at every Ready and Resumed. Dropping a
  // change that came while Connecting or Reconnecting left the others without our SSRC after a
  // rejoin, and our audio unheard, until the microphone next went quiet and loud again.
  local_speaking_ = speaking;
  if (connection_) connection_->SetSpeaking(speaking);
}

void CallSession::FlushOutgoing() {
  OutgoingOpusFrame frame;
  auto& engine = engine_;
  bool sending = connection_ && status_ == Call::Status::Connected && connection_->IsMediaReady();
  while (engine.PopOutgoing(channel_id_, frame)) {
    if (sending) connection_->SendOpus(frame.audio_timestamp, frame.data, frame.size);
  }
}

std::vector<uint64_t> CallSession::Participants() const {
  std::vector<uint64_t> ids;
  if (const auto* call = state_->Call(channel_id_)) {
    for (const auto& voice_state : call->voice_states) ids.push_back(voice_state.user_id);
  }
  return ids;
}

void CallSession::SetPttActive(bool active) {
  ptt_active_ = active;
  engine_.SetPttActive(channel_id_, active);
}

void CallSession::SetPttReleaseDelay(uint32_t delay_ms) {
  ptt_release_delay_ms_ = delay_ms;
  engine_.SetPttReleaseDelay(channel_id_, delay_ms);
}

void CallSession::SetSelfMute(bool mute) {
  if (mute == self_mute_) return;
  self_mute_ = mute;
  engine_.SetSelfMute(channel_id_, mute);
  if (status_ == Call::Status::Connected) SendVoiceState(true);  // the new flags (docs/voice-calls.md)
}

void CallSession::SetSelfDeaf(bool deaf) {
  if (deaf == self_deaf_) return;
  self_deaf_ = deaf;
  engine_.SetSelfDeaf(channel_id_, deaf);
  if (status_ == Call::Status::Connected) SendVoiceState(true);
}

bool CallSession::LocalMute(uint64_t user_id) const {
  auto it = local_mutes_.find(user_id);
  return it != local_mutes_.end() && it->second;
}

void CallSession::SetLocalMute(uint64_t user_id, bool mute) {
  local_mutes_[user_id] = mute;
  engine_.SetLocalMute(channel_id_, user_id, mute);
}

float CallSession::ParticipantVolume(uint64_t user_id) const {
  auto it = volumes_.find(user_id);
  return it == volumes_.end() ? float(limits::kUnityVolume) : it->second;
}

void CallSession::SetParticipantVolume(uint64_t user_id, float volume) {
  volumes_[user_id] = volume;
  engine_.SetParticipantVolume(channel_id_, user_id, volume);
}

void CallSession::SetAudioMode(AudioModeType mode) {
  audio_mode_ = mode;
  engine_.SetAudioMode(channel_id_, mode);
}

void CallSession::SetVadThreshold(bool automatic, float threshold_db) {
  vad_ = VADThresholdSettings(threshold_db, automatic);
  engine_.SetVadThreshold(channel_id_, automatic, threshold_db);
}

std::optional<VoiceStateHandle> CallSession::GetVoiceStateHandle(uint64_t user_id) const {
  auto info = detail::SocialFactory::CallInfo(state_, channel_id_);
  return info.GetVoiceStateHandle(user_id);
}

}  // namespace sdkpp::voice
