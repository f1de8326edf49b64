#include "voice/call/call_manager.h"

#include <algorithm>

#include "logging/log_file.h"
#include "sdkpp/client.h"
#include "sdkpp/limits.h"
#include "social/factory.h"

namespace sdkpp::voice {
namespace {

using Type = std::string_view;
using Data = const json::Value&;

AudioDevice ToDevice(const AudioDeviceInfo& info) { return AudioDevice(info.id, info.name, info.is_default); }

// Client::GetDefaultAudioDeviceId() names the system default, which the backends select by the
// empty id (they follow the default as it changes); any other id is a device's own.
std::string BackendDeviceId(const std::string& id) {
  return id == Client::GetDefaultAudioDeviceId() ? std::string() : id;
}

}  // namespace

CallManager::CallManager(const FeatureContext& context, gateway::GatewayConnection& gateway,
                         std::shared_ptr<social::SocialState> state, ConnectionFactory connections,
                         BackendFactory backends)
    : context_(context),
      voice_logger_(context.logger.debug_build(), context.callbacks.queue(), logging::LogFile::kVoiceFileName),
      voice_context_{context.platform, context.ids,  context.scheduler, voice_logger_,
                     context.http,     context.callbacks, context.settings, context.sockets,
                     context.urls},
      gateway_(gateway),
      state_(std::move(state)),
      connections_(std::move(connections)),
      backends_(std::move(backends)) {
  if (!connections_) {
    connections_ = [](const FeatureContext& ctx, VoiceConnectionListener& listener) {
      return CreateVoiceConnection(ctx, listener);
    };
  }
  backends_injected_ = static_cast<bool>(backends_);
  if (!backends_) {
    backends_ = [this] {
      // The voice logger is thread-safe and outlives the engine (and so the backend's threads).
      AudioBackendLog log = [logger = &voice_logger_](LoggingSeverity severity, const std::string& message) {
        logger->Log(severity, message);
      };
      AudioBackendKind kind = backend_kind_ ? *backend_kind_ : AudioBackendKindFromEnvironment(log);
      return CreateAudioBackend(kind, std::move(log));
    };
  }
  context_.sockets.SetWakeHandler([this] { OnWake(); });
}

CallManager::~CallManager() {
  context_.sockets.SetWakeHandler(nullptr);
  Shutdown();
}

void CallManager::Shutdown() {
  *alive_ = false;
  auto sessions = std::move(sessions_);
  sessions_.clear();
  for (auto& [id, session] : sessions) session->End();
  if (engine_) engine_->Shutdown();
  // The audio thread is stopped: every call is released; EndCall(s) still waiting are answered.
  for (auto& [id, session] : releasing_) session->OnAudioReleased();
  releasing_.clear();
  for (auto& [id, waiters] : end_waiters_) {
    for (auto& callback : waiters) context_.callbacks.Post(std::move(callback));
  }
  end_waiters_.clear();
  for (auto& [ids, callback] : end_all_waiters_) context_.callbacks.Post(std::move(callback));
  end_all_waiters_.clear();
}

AudioEngine& CallManager::engine() {
  if (!engine_) {
    std::weak_ptr<bool> alive = alive_;
    Platform* platform = &context_.platform;
    // Wake is thread-safe on every platform; the engine calls it from the audio thread.
    engine_ = CreateAudioEngine(backends_(), [platform] { platform->Wake(); });
    engine_->SetInputVolume(input_volume_);
    engine_->SetOutputVolume(output_volume_);
    engine_->SetEchoCancellation(echo_cancellation_);
    engine_->SetNoiseSuppression(noise_suppression_);
    engine_->SetNoiseCancellation(noise_cancellation_);
    engine_->SetAutomaticGainControl(automatic_gain_control_);
    if (aec_dump_) ApplyAecDump();
  }
  return *engine_;
}

bool CallManager::user_ready() const { return gateway_.status() == Client::Status::Ready; }

CallSession* CallManager::Session(uint64_t channel_id) {
  auto it = sessions_.find(channel_id);
  return it == sessions_.end() ? nullptr : it->second.get();
}

void CallManager::RegisterHandlers(gateway::DispatchHandlers& handlers) {
  handlers.Register({"READY"}, [this](Type, Data data) { OnReady(data); });
  handlers.Register({"VOICE_STATE_UPDATE"}, [this](Type, Data data) { OnVoiceStateUpdate(data); });
  handlers.Register({"VOICE_SERVER_UPDATE"}, [this](Type, Data data) { OnVoiceServerUpdate(data); });
  handlers.Register({"LOBBY_DELETE"}, [this](Type, Data data) {
    if (auto id = data["id"].Snowflake()) OnLobbyGone(*id);
  });
  handlers.Register({"LOBBY_MEMBER_REMOVE"}, [this](Type, Data data) {
    auto lobby_id = data["lobby_id"].Snowflake();
    auto user_id = data["member"]["user"]["id"].Snowflake();
    if (!user_id) user_id = data["member"]["id"].Snowflake();
    if (lobby_id && user_id && *user_id == state_->current_user_id) OnLobbyGone(*lobby_id);
  });
}

Call CallManager::StartCall(uint64_t lobby_id, CallAudioHooks hooks) {
  auto refuse = [this, lobby_id](const std::string& why) {
    voice_logger_.Log(LoggingSeverity::Error, "StartCall(" + std::to_string(lobby_id) + ") refused: " + why);
    context_.logger.Log(LoggingSeverity::Error, "StartCall(" + std::to_string(lobby_id) + ") refused: " + why);
    return Call();
  };
  if (lobby_id == 0) return refuse("lobbyId must be a lobby id, not 0");
  if (!user_ready()) return refuse("the Client is not Ready (Connect first)");
  const auto* lobby = state_->Lobby(lobby_id);
  if (!lobby) return refuse("this user is not a member of that lobby");
  if (sessions_.count(lobby_id)) return refuse("already in that call");
  if (releasing_.count(lobby_id)) return refuse("that call is still ending; start it again after EndCall's callback");
  if (const auto* call = state_->Call(lobby_id);
      call && call->voice_states.size() >= limits::kMaxCallMembersCount && !call->Find(state_->current_user_id)) {
    return refuse("the call is full (" + std::to_string(limits::kMaxCallMembersCount) + " members)");
  }
  std::string error;
  if (!engine().AddCall(lobby_id, std::move(hooks), error)) return refuse("audio: " + error);
  const CallSessionContext session_context{context_, voice_context_, gateway_, state_, engine(), connections_};
  auto session = std::make_shared<CallSession>(session_context, *this, lobby_id, self_mute_all_, self_deaf_all_);
  sessions_[lobby_id] = session;
  engine().SetSelfMute(lobby_id, self_mute_all_);
  engine().SetSelfDeaf(lobby_id, self_deaf_all_);
  engine().SetAudioMode(lobby_id, AudioModeType::MODE_VAD);
  engine().SetVadThreshold(lobby_id, true, static_cast<float>(limits::kDefaultVadThresholdDb));
  if (const auto* call = state_->Call(lobby_id)) {
    for (const auto& voice_state : call->voice_states) {
      if (voice_state.user_id != state_->current_user_id) session->AddEngineParticipant(voice_state.user_id);
    }
  }
  session->Start();
  return session->Handle();
}

void CallManager::SessionReleased(uint64_t channel_id) {
  auto it = sessions_.find(channel_id);
  if (it == sessions_.end()) return;
  releasing_[channel_id] = it->second;
  sessions_.erase(it);
}

void CallManager::EndCall(uint64_t channel_id, EndCallCallback callback) {
  if (auto* session = Session(channel_id)) {
    if (callback) end_waiters_[channel_id].push_back(std::move(callback));
    session->End();
    return;
  }
  if (releasing_.count(channel_id)) {
    if (callback) end_waiters_[channel_id].push_back(std::move(callback));
    return;
  }
  voice_logger_.Log(LoggingSeverity::Warning, "EndCall(" + std::to_string(channel_id) + "): no such call");
  if (callback) context_.callbacks.Post(std::move(callback));
}

void CallManager::EndCalls(EndCallCallback callback) {
  std::vector<uint64_t> ids;
  for (auto& [id, session] : sessions_) ids.push_back(id);
  for (auto& [id, session] : releasing_) ids.push_back(id);
  if (ids.empty()) {
    if (callback) context_.callbacks.Post(std::move(callback));
    return;
  }
  if (callback) end_all_waiters_.push_back({ids, std::move(callback)});
  auto live = sessions_;
  for (auto& [id, session] : live) session->End();
}

Call CallManager::GetCall(uint64_t channel_id) {
  auto* session = Session(channel_id);
  return session ? session->Handle() : Call();
}

std::vector<Call> CallManager::GetCalls() {
  std::vector<Call> calls;
  for (auto& [id, session] : sessions_) calls.push_back(session->Handle());
  return calls;
}

// --- the engine's events ---

void CallManager::OnWake() {
  if (!engine_) return;
  engine_->DrainEvents(*this);
  for (auto& [id, session] : sessions_) session->FlushOutgoing();
}

void CallManager::OnSpeakingChanged(uint64_t call_id, uint64_t user_id, bool speaking) {
  if (auto* session = Session(call_id)) session->OnSpeakingChanged(user_id, speaking);
}

void CallManager::OnLocalSpeakingChanged(uint64_t call_id, bool speaking) {
  if (auto* session = Session(call_id)) session->OnLocalSpeakingChanged(speaking);
}

void CallManager::OnCallReleased(uint64_t call_id) {
  auto it = releasing_.find(call_id);
  if (it != releasing_.end()) {
    it->second->OnAudioReleased();
    releasing_.erase(it);
  }
  auto waiters = end_waiters_.extract(call_id);
  if (waiters) {
    for (auto& cb : waiters.mapped()) context_.callbacks.Post(std::move(cb));
  }
  for (auto all = end_all_waiters_.begin(); all != end_all_waiters_.end();) {
    auto& ids = all->first;
    ids.erase(std::remove(ids.begin(), ids.end(), call_id), ids.end());
    if (ids.empty()) {
      context_.callbacks.Post(std::move(all->second));
      all = end_all_waiters_.erase(all);
    } else {
      ++all;
    }
  }
}

void CallManager::OnDevicesChanged() {
  if (!on_device_change_) return;
  auto inputs = Devices(true);
  auto outputs = Devices(false);
  context_.callbacks.PostEvent([cb = on_device_change_, inputs, outputs] { cb(inputs, outputs); });
}

void CallManager::OnNoAudioInput(bool input_detected) {
  if (on_no_input_) context_.callbacks.PostEvent([cb = on_no_input_, input_detected] { cb(input_detected); });
}

void CallManager::OnAudioLog(int32_t severity, const std::string& message) {
  voice_logger_.Log(static_cast<LoggingSeverity>(severity), "audio: " + message);
}

// --- the main gateway's voice events ---

void CallManager::OnReady(const json::Value& data) {
  state_->calls.clear();
  for (const auto& lobby : data["lobbies"].Items()) {
    auto lobby_id = lobby["id"].Snowflake();
    if (!lobby_id) continue;
    for (const auto& voice_state : lobby["voice_states"].Items()) {
      auto user_id = voice_state["user_id"].Snowflake();
      if (!user_id || voice_state["channel_id"].Snowflake().value_or(*lobby_id) != *lobby_id) continue;
      auto& call = state_->calls[*lobby_id];
      call.channel_id = *lobby_id;
      if (!call.Find(*user_id)) {
        call.voice_states.push_back({*user_id, voice_state["self_mute"].Bool().value_or(false),
                                     voice_state["self_deaf"].Bool().value_or(false)});
      }
    }
  }
  for (auto& [id, session] : sessions_) session->OnMainGatewayReady();
}

void CallManager::OnVoiceStateUpdate(const json::Value& data) {
  auto user_id = data["user_id"].Snowflake();
  if (!user_id) return;
  uint64_t guild_id = data["guild_id"].Snowflake().value_or(0);
  auto channel_id = data["channel_id"].Snowflake();
  bool forbidden = data["error"].String().value_or("") == "forbidden";
  bool self_mute = data["self_mute"].Bool().value_or(false);
  bool self_deaf = data["self_deaf"].Bool().value_or(false);
  if (guild_id != 0) return;  // guild voice channels are not lobby calls
  // Where the user was before: a user is in at most one lobby call.
  uint64_t previous = 0;
  for (const auto& [id, call] : state_->calls) {
    if (call.Find(*user_id)) previous = id;
  }
  if (previous && (!channel_id || *channel_id != previous)) {
    ApplyVoiceState(previous, 0, *user_id, false, false, false);
  }
  if (channel_id && !forbidden) ApplyVoiceState(*channel_id, 0, *user_id, self_mute, self_deaf, true);

  if (*user_id != state_->current_user_id) return;
  std::string session_id(data["session_id"].String().value_or(""));
  if (channel_id) {
    if (auto* session = Session(*channel_id)) session->OnOwnVoiceState(!forbidden, session_id, forbidden);
  }
  // Our state says we are elsewhere (or nowhere): every other call of ours is over.
  std::vector<CallSession*> others;
  for (auto& [id, session] : sessions_) {
    if (!channel_id || id != *channel_id) others.push_back(session.get());
  }
  for (auto* session : others) session->OnOwnVoiceState(false, session_id, forbidden && !channel_id);
}

void CallManager::ApplyVoiceState(uint64_t channel_id, uint64_t guild_id, uint64_t user_id,
                                  bool self_mute, bool self_deaf, bool present) {
  auto& calls = state_->calls;
  auto it = calls.find(channel_id);
  bool was_present = it != calls.end() && it->second.Find(user_id);
  if (present) {
    auto& call = calls[channel_id];
    call.channel_id = channel_id;
    call.guild_id = guild_id;
    bool changed = true;
    if (auto* existing = const_cast<social::VoiceStateRecord*>(call.Find(user_id))) {
      changed = existing->self_mute != self_mute || existing->self_deaf != self_deaf;
      existing->self_mute = self_mute;
      existing->self_deaf = self_deaf;
    } else {
      call.voice_states.push_back({user_id, self_mute, self_deaf});
    }
    auto* session = Session(channel_id);
    if (!was_present) {
      if (session) session->OnParticipantChanged(user_id, true);
      if (on_voice_participant_) {
        context_.callbacks.PostEvent([cb = on_voice_participant_, channel_id, user_id] { cb(channel_id, user_id, true); });
      }
    }
    if (session && changed) session->OnVoiceStateChanged(user_id);
    return;
  }
  if (!was_present) return;
  auto& states = it->second.voice_states;
  states.erase(std::remove_if(states.begin(), states.end(), [&](const auto& s) { return s.user_id == user_id; }),
               states.end());
  if (states.empty()) calls.erase(it);
  if (auto* session = Session(channel_id)) session->OnParticipantChanged(user_id, false);
  if (on_voice_participant_) {
    context_.callbacks.PostEvent([cb = on_voice_participant_, channel_id, user_id] { cb(channel_id, user_id, false); });
  }
}

void CallManager::OnVoiceServerUpdate(const json::Value& data) {
  auto channel_id = data["channel_id"].Snowflake();
  if (!channel_id) channel_id = data["guild_id"].Snowflake();
  auto token = data["token"].String();
  auto endpoint = data["endpoint"].String();
  if (!channel_id || !token || !endpoint || endpoint->empty()) {
    voice_logger_.Log(LoggingSeverity::Warning, "VOICE_SERVER_UPDATE without channel, token or endpoint: ignored");
    return;
  }
  if (auto* session = Session(*channel_id)) session->OnVoiceServer(std::string(*token), std::string(*endpoint));
}

void CallManager::OnLobbyGone(uint64_t lobby_id) {
  state_->calls.erase(lobby_id);
  if (auto* session = Session(lobby_id)) session->OnLobbyGone();
}

// --- devices and engine-wide settings ---

std::vector<AudioDevice> CallManager::Devices(bool input) {
  auto& backend = engine().Backend();
  std::vector<AudioDevice> devices;
  for (const auto& info : input ? backend.InputDevices() : backend.OutputDevices()) devices.push_back(ToDevice(info));
  return devices;
}

AudioDevice CallManager::CurrentDevice(bool input) {
  auto& backend = engine().Backend();
  std::string id = input ? backend.CurrentInputId() : backend.CurrentOutputId();
  auto devices = Devices(input);
  for (const auto& device : devices) {
    if (id.empty() ? device.IsDefault() : device.Id() == id) return device;
  }
  return devices.empty() ? AudioDevice() : devices.front();
}

void CallManager::GetInputDevices(DevicesCallback callback) {
  if (callback) context_.callbacks.Post([cb = std::move(callback), devices = Devices(true)] { cb(devices); });
}

void CallManager::GetOutputDevices(DevicesCallback callback) {
  if (callback) context_.callbacks.Post([cb = std::move(callback), devices = Devices(false)] { cb(devices); });
}

void CallManager::GetCurrentInputDevice(DeviceCallback callback) {
  if (callback) context_.callbacks.Post([cb = std::move(callback), device = CurrentDevice(true)] { cb(device); });
}

void CallManager::GetCurrentOutputDevice(DeviceCallback callback) {
  if (callback) context_.callbacks.Post([cb = std::move(callback), device = CurrentDevice(false)] { cb(device); });
}

void CallManager::SetInputDevice(const std::string& id, SetDeviceCallback callback) {
  bool ok = engine().Backend().SelectInput(BackendDeviceId(id));
  ClientResult result = ok ? ClientResult::Success()
                           : ClientResult::Failure(ErrorType::ValidationError, "id: no input device '" + id + "'");
  if (callback) context_.callbacks.Post([cb = std::move(callback), result] { cb(result); });
}

void CallManager::SetOutputDevice(const std::string& id, SetDeviceCallback callback) {
  bool ok = engine().Backend().SelectOutput(BackendDeviceId(id));
  ClientResult result = ok ? ClientResult::Success()
                           : ClientResult::Failure(ErrorType::ValidationError, "id: no output device '" + id + "'");
  if (callback) context_.callbacks.Post([cb = std::move(callback), result] { cb(result); });
}

void CallManager::SetInputVolume(float volume) {
  input_volume_ = volume;
  if (engine_) engine_->SetInputVolume(volume);
}

void CallManager::SetOutputVolume(float volume) {
  output_volume_ = volume;
  if (engine_) engine_->SetOutputVolume(volume);
}

void CallManager::SetSelfMuteAll(bool mute) {
  self_mute_all_ = mute;
  for (auto& [id, session] : sessions_) session->SetSelfMute(mute);
}

void CallManager::SetSelfDeafAll(bool deaf) {
  self_deaf_all_ = deaf;
  for (auto& [id, session] : sessions_) session->SetSelfDeaf(deaf);
}

void CallManager::SetNoAudioInputThreshold(float dbfs) { engine().SetNoAudioInputThreshold(dbfs); }

void CallManager::SetEchoCancellation(bool on) {
  echo_cancellation_ = on;
  if (engine_) engine_->SetEchoCancellation(on);
}

void CallManager::SetNoiseSuppression(bool on) {
  noise_suppression_ = on;
  if (engine_) engine_->SetNoiseSuppression(on);
}

void CallManager::SetNoiseCancellation(bool on) {
  noise_cancellation_ = on;
  if (engine_) engine_->SetNoiseCancellation(on);
}

void CallManager::SetAutomaticGainControl(bool on) {
  automatic_gain_control_ = on;
  if (engine_) engine_->SetAutomaticGainControl(on);
}

void CallManager::SetAecDump(bool on) {
  aec_dump_ = on;
  if (on && voice_log_dir_.empty()) {
    voice_logger_.Log(LoggingSeverity::Warning,
                      "SetAecDump(true): no voice log folder yet; the dump starts once SetVoiceLogDir sets one");
  }
  if (engine_) ApplyAecDump();  // else engine() applies it when it makes the engine
}

void CallManager::SetVoiceLogDir(const std::string& path, LoggingSeverity min_severity) {
  const bool opened = voice_logger_.SetLogDirectory(path, min_severity);
  if (min_severity == LoggingSeverity::None) {
    voice_log_dir_.clear();
  } else if (opened) {
    voice_log_dir_ = path;
  }
  if (aec_dump_ && engine_) ApplyAecDump();
}

void CallManager::ApplyAecDump() {
  std::string error;
  const bool on = aec_dump_ && !voice_log_dir_.empty();
  if (!engine_->SetAecDump(on, voice_log_dir_, error)) {
    voice_logger_.Log(LoggingSeverity::Error, "SetAecDump(true): " + error);
  }
}

void CallManager::SetThreadPriority(int32_t priority) { engine().Backend().SetThreadPriority(priority); }

bool CallManager::SetAudioBackend(AudioBackendKind kind) {
  if (engine_ || backends_injected_) return false;
  backend_kind_ = kind;
  return true;
}

}  // namespace sdkpp::voice
