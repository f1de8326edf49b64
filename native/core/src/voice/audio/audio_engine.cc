// The JS thread's side of the audio engine: it owns every call and participant object, makes
// their codecs, hands them to the audio thread by command and frees them once released, copies
// received packets in and encoded frames out, and turns the audio thread's events into
// AudioEngineEvents calls. The audio thread's side is engine_audio_thread.cc.
#include <cmath>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sdkpp/enums.h"
#include "sdkpp/limits.h"
#include "voice/audio/aec_dump.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/engine_audio_thread.h"
#include "voice/audio/engine_call.h"
#include "voice/audio/engine_messages.h"
#include "voice/audio/virtual_audio_backend.h"

namespace sdkpp::voice {
namespace {

class NativeAudioEngine final : public AudioEngine {
 public:
  NativeAudioEngine(std::unique_ptr<AudioDeviceBackend> backend, std::function<void()> wake, AudioCodecFactory codecs)
      : backend_(std::move(backend)),
        wake_(std::make_shared<EngineWake>(std::move(wake))),
        codecs_(std::move(codecs)),
        audio_(shared_, wake_) {
    if (!backend_) {
      // As the 'system' backend falls back to the virtual one (docs/voice-calls.md): calls still run.
      backend_ = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::RealTime);
      LogFromJs(Severity(LoggingSeverity::Warning), "audio engine: no audio device backend given; the virtual one plays");
    }
    backend_->SetDeviceChangeListener([wake = wake_] {
      wake->devices_changed.store(true, std::memory_order_release);
      wake->Wake();
    });
  }

  ~NativeAudioEngine() override { Shutdown(); }

  bool AddCall(uint64_t call_id, CallAudioHooks hooks, std::string& error) override {
    if (!Usable(error)) return false;
    FlushCommands();
    if (calls_.count(call_id) != 0) {
      error = "the audio engine already has call " + std::to_string(call_id);
      return false;
    }
    if (calls_.size() == kMaxEngineCalls) {
      error = "the audio engine runs at most " + std::to_string(kMaxEngineCalls) + " calls at once";
      return false;
    }
    if (!codecs_.encoder || !codecs_.decoder) {
      error = "the audio engine has no Opus codec";
      return false;
    }
    std::string codec_error;
    std::unique_ptr<OpusFrameEncoder> encoder = codecs_.encoder(codec_error);
    if (!encoder) {
      error = "the Opus encoder could not be made: " + codec_error;
      return false;
    }
    if (!backend_->IsRunning()) {
      audio_.ContinueClock();
      audio_.PrepareProcessing();
      std::string start_error;
      if (!backend_->Start(audio_, start_error)) {
        error = std::string("the ") + backend_->Name() + " audio device did not start: " + start_error;
        return false;
      }
    }
    CallRecord& record = calls_[call_id];
    record.call = std::make_unique<EngineCall>(call_id, std::move(hooks), std::move(encoder));
    Send(EngineCommand{EngineCommand::Kind::AddCall, record.call.get(), nullptr});
    return true;
  }

  void RemoveCall(uint64_t call_id) override {
    if (shut_down_) return;
    FlushCommands();
    auto found = calls_.find(call_id);
    if (found == calls_.end()) return;
    RetiringCall retiring;
    retiring.call = std::move(found->second.call);
    for (auto& [user_id, participant] : found->second.participants) {
      if (participant.live) retiring.participants.push_back(std::move(participant.live));
    }
    EngineCall* const call = retiring.call.get();
    retiring_calls_.emplace(call, std::move(retiring));
    calls_.erase(found);
    Send(EngineCommand{EngineCommand::Kind::RemoveCall, call, nullptr});
  }

  void AddParticipant(uint64_t call_id, uint64_t user_id) override {
    CallRecord* const record = FindCall(call_id, "AddParticipant");
    if (record == nullptr) return;
    ParticipantRecord& participant = record->participants[user_id];
    if (participant.live) return;  // already there
    if (LiveParticipants(*record) == kMaxParticipantsPerCall) {
      LogFromJs(Severity(LoggingSeverity::Warning), "audio engine: call " + std::to_string(call_id) + " already plays " +
                                                        std::to_string(kMaxParticipantsPerCall) + " users; user " +
                                                        std::to_string(user_id) + " is not played");
      return;
    }
    std::string error;
    std::unique_ptr<OpusFrameDecoder> decoder = codecs_.decoder ? codecs_.decoder(error) : nullptr;
    if (!decoder) {
      LogFromJs(Severity(LoggingSeverity::Error), "audio engine: no Opus decoder for user " + std::to_string(user_id) +
                                                      " in call " + std::to_string(call_id) + ": " + error);
      return;
    }
    participant.live = std::make_unique<EngineParticipant>(user_id, std::move(decoder));
    participant.live->volume.store(participant.volume, std::memory_order_relaxed);
    participant.live->local_mute.store(participant.local_mute, std::memory_order_relaxed);
    Send(EngineCommand{EngineCommand::Kind::AddParticipant, record->call.get(), participant.live.get()});
  }

  void RemoveParticipant(uint64_t call_id, uint64_t user_id) override {
    CallRecord* const record = FindCall(call_id, "RemoveParticipant");
    if (record == nullptr) return;
    auto found = record->participants.find(user_id);
    if (found == record->participants.end() || !found->second.live) return;
    // The settings stay: a user who comes back keeps the volume and mute chosen for them.
    EngineParticipant* const participant = found->second.live.get();
    retiring_participants_.emplace(participant, std::move(found->second.live));
    Send(EngineCommand{EngineCommand::Kind::RemoveParticipant, record->call.get(), participant});
  }

  void PushReceived(uint64_t call_id, uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp,
                    const uint8_t* opus, size_t size) override {
    if (shut_down_) return;
    auto found = calls_.find(call_id);
    if (found == calls_.end()) return;  // a packet racing the call's end: nothing to play it into
    if (opus == nullptr || size == 0 || size > kMaxOpusPacketBytes) {
      EngineCounterCells::Add(shared_.counters.rejected_packets);
      return;
    }
    const auto participant = found->second.participants.find(user_id);
    if (participant == found->second.participants.end() || !participant->second.live) {
      EngineCounterCells::Add(shared_.counters.unknown_user_packets);
      return;
    }
    const bool stored = found->second.call->incoming.PushWith([&](InboundPacket& packet) {
      packet.user_id = user_id;
      packet.sequence = sequence;
      packet.rtp_timestamp = rtp_timestamp;
      packet.size = static_cast<uint16_t>(size);
      std::memcpy(packet.data, opus, size);
    });
    if (!stored) EngineCounterCells::Add(shared_.counters.incoming_dropped);
  }

  bool PopOutgoing(uint64_t call_id, OutgoingOpusFrame& frame) override {
    if (shut_down_) return false;
    auto found = calls_.find(call_id);
    if (found == calls_.end()) return false;
    return found->second.call->outgoing.PopWith([&](const OutgoingOpusFrame& slot) {
      frame.audio_timestamp = slot.audio_timestamp;
      frame.size = slot.size;
      frame.silence = slot.silence;
      std::memcpy(frame.data, slot.data, slot.size);
    });
  }

  void SetSelfMute(uint64_t call_id, bool mute) override {
    if (CallRecord* record = FindCall(call_id, "SetSelfMute")) record->call->settings.self_mute.store(mute);
  }
  void SetSelfDeaf(uint64_t call_id, bool deaf) override {
    if (CallRecord* record = FindCall(call_id, "SetSelfDeaf")) record->call->settings.self_deaf.store(deaf);
  }

  void SetLocalMute(uint64_t call_id, uint64_t user_id, bool mute) override {
    CallRecord* const record = FindCall(call_id, "SetLocalMute");
    if (record == nullptr) return;
    ParticipantRecord& participant = record->participants[user_id];
    participant.local_mute = mute;
    if (participant.live) participant.live->local_mute.store(mute);
  }

  void SetParticipantVolume(uint64_t call_id, uint64_t user_id, float volume) override {
    if (!InRange("participant volume", volume, 0, limits::kMaxParticipantVolume)) return;
    CallRecord* const record = FindCall(call_id, "SetParticipantVolume");
    if (record == nullptr) return;
    ParticipantRecord& participant = record->participants[user_id];
    participant.volume = volume;
    if (participant.live) participant.live->volume.store(volume);
  }

  void SetAudioMode(uint64_t call_id, AudioModeType mode) override {
    if (mode != AudioModeType::MODE_UNINIT && mode != AudioModeType::MODE_VAD && mode != AudioModeType::MODE_PTT) {
      LogFromJs(Severity(LoggingSeverity::Warning),
                "audio engine: unknown audio mode " + std::to_string(static_cast<int32_t>(mode)) + " refused");
      return;
    }
    if (CallRecord* record = FindCall(call_id, "SetAudioMode")) record->call->settings.mode.store(mode);
  }

  void SetVadThreshold(uint64_t call_id, bool automatic, float threshold_db) override {
    if (!InRange("VAD threshold", threshold_db, limits::kMinVadThresholdDb, limits::kMaxVadThresholdDb)) return;
    CallRecord* const record = FindCall(call_id, "SetVadThreshold");
    if (record == nullptr) return;
    record->call->settings.vad_threshold_db.store(threshold_db);
    record->call->settings.vad_automatic.store(automatic);
  }

  void SetPttActive(uint64_t call_id, bool active) override {
    if (CallRecord* record = FindCall(call_id, "SetPttActive")) record->call->settings.ptt_active.store(active);
  }

  void SetPttReleaseDelay(uint64_t call_id, uint32_t delay_ms) override {
    if (delay_ms > limits::kMaxPttReleaseDelayMs) {
      LogFromJs(Severity(LoggingSeverity::Warning), "audio engine: PTT release delay " + std::to_string(delay_ms) +
                                                        " ms refused (0.." +
                                                        std::to_string(limits::kMaxPttReleaseDelayMs) + ")");
      return;
    }
    if (CallRecord* record = FindCall(call_id, "SetPttReleaseDelay")) {
      record->call->settings.ptt_release_delay_ms.store(delay_ms);
    }
  }

  void SetInputVolume(float volume) override {
    if (InRange("input volume", volume, 0, limits::kMaxDeviceVolume)) shared_.input_volume.store(volume);
  }
  void SetOutputVolume(float volume) override {
    if (InRange("output volume", volume, 0, limits::kMaxDeviceVolume)) shared_.output_volume.store(volume);
  }
  void SetNoAudioInputThreshold(float dbfs) override {
    if (InRange("no-audio-input threshold", dbfs, limits::kMinNoAudioInputThresholdDbfs,
                limits::kMaxNoAudioInputThresholdDbfs)) {
      shared_.no_input_threshold_db.store(dbfs);
    }
  }

  void SetEchoCancellation(bool on) override { shared_.echo_cancellation.store(on); }
  void SetNoiseSuppression(bool on) override { shared_.noise_suppression.store(on); }
  void SetNoiseCancellation(bool on) override { shared_.noise_cancellation.store(on); }
  void SetAutomaticGainControl(bool on) override { shared_.automatic_gain_control.store(on); }

  bool SetAecDump(bool on, const std::string& directory, std::string& error) override {
    if (shut_down_) {
      error = "the audio engine is shut down";
      return false;
    }
    if (on && aec_dump_ && aec_dump_->directory() == directory) return true;  // already writing there
    RetireAecDump();
    if (!on) return true;
    if (directory.empty()) {
      error = "no folder to write the dump into";
      return false;
    }
    // The writer thread's lines reach the app's voice log through DrainEvents.
    auto dump_logs = dump_logs_;
    auto wake = wake_;
    try {
      aec_dump_ = std::make_unique<AecDump>(directory, [dump_logs, wake](int32_t severity, std::string line) {
        {
          std::lock_guard lock(dump_logs->mutex);
          dump_logs->lines.emplace_back(severity, std::move(line));
        }
        wake->Wake();
      });
    } catch (const std::exception& failure) {  // no thread to write with: nothing is dumped
      error = std::string("the dump writer could not start: ") + failure.what();
      return false;
    }
    shared_.aec_dump.store(aec_dump_.get(), std::memory_order_release);
    return true;
  }

  AudioDeviceBackend& Backend() override { return *backend_; }

  void DrainEvents(AudioEngineEvents& events) override {
    if (shut_down_) return;
    FlushCommands();
    // Taken before any callback runs: a callback may call back into the engine.
    std::vector<std::pair<int32_t, std::string>> logs;
    logs.swap(js_logs_);
    {
      std::lock_guard lock(dump_logs_->mutex);
      for (auto& line : dump_logs_->lines) logs.push_back(std::move(line));
      dump_logs_->lines.clear();
    }
    FreeRetiredAecDump();
    for (const auto& [severity, message] : logs) events.OnAudioLog(severity, message);
    if (wake_->devices_changed.exchange(false, std::memory_order_acq_rel)) events.OnDevicesChanged();

    EngineEvent event;
    while (!shut_down_ && shared_.events.Pop(event)) Dispatch(event, events);
    EngineRelease release;
    while (!shut_down_ && shared_.releases.Pop(release)) {
      if (release.participant != nullptr) {
        retiring_participants_.erase(release.participant);
        continue;
      }
      auto found = retiring_calls_.find(release.call);
      if (found == retiring_calls_.end()) continue;
      const uint64_t call_id = release.call->id;
      retiring_calls_.erase(found);
      StopWhenIdle();
      events.OnCallReleased(call_id);
    }
  }

  AudioEngineCounters Counters() const override {
    const EngineCounterCells& cells = shared_.counters;
    auto get = [](const std::atomic<uint64_t>& cell) { return cell.load(std::memory_order_relaxed); };
    AudioEngineCounters counters;
    counters.ticks = get(cells.ticks);
    counters.frames_encoded = get(cells.frames_encoded);
    counters.frames_decoded = get(cells.frames_decoded);
    counters.frames_concealed = get(cells.frames_concealed);
    counters.outgoing_dropped = get(cells.outgoing_dropped);
    counters.incoming_dropped = get(cells.incoming_dropped);
    counters.late_packets = get(cells.late_packets);
    counters.duplicate_packets = get(cells.duplicate_packets);
    counters.hook_late = get(cells.hook_late);
    counters.rejected_packets = get(cells.rejected_packets);
    counters.unknown_user_packets = get(cells.unknown_user_packets);
    counters.decode_errors = get(cells.decode_errors);
    counters.encode_errors = get(cells.encode_errors);
    counters.events_dropped = get(cells.events_dropped);
    counters.hook_errors = get(cells.hook_errors);
    counters.aec_dump_frames_dropped = get(cells.aec_dump_frames_dropped);
    counters.echo_delay_ms = shared_.echo_delay_ms.load(std::memory_order_relaxed);
    return counters;
  }

  void Shutdown() override {
    if (shut_down_) return;
    shut_down_ = true;
    wake_->enabled.store(false, std::memory_order_release);
    backend_->SetDeviceChangeListener({});
    backend_->Stop();  // joins the audio thread: from here on everything is this thread's
    audio_.Forget();
    shared_.aec_dump.store(nullptr);
    aec_dump_.reset();  // writes what is left and closes the files
    retired_aec_dumps_.clear();
    EngineCommand command;
    while (shared_.commands.Pop(command)) {
    }
    EngineEvent event;
    while (shared_.events.Pop(event)) {
    }
    EngineRelease release;
    while (shared_.releases.Pop(release)) {
    }
    unsent_commands_.clear();
    calls_.clear();
    retiring_calls_.clear();
    retiring_participants_.clear();
    js_logs_.clear();
  }

 private:
  struct ParticipantRecord {
    std::unique_ptr<EngineParticipant> live;  // null until added, and after removal
    float volume = float(limits::kUnityVolume);
    bool local_mute = false;
  };
  struct CallRecord {
    std::unique_ptr<EngineCall> call;
    std::unordered_map<uint64_t, ParticipantRecord> participants;
  };
  // A removed call waits here, with its participants, until the audio thread let it go.
  struct RetiringCall {
    std::unique_ptr<EngineCall> call;
    std::vector<std::unique_ptr<EngineParticipant>> participants;
  };

  bool Usable(std::string& error) const {
    if (shut_down_) {
      error = "the audio engine is shut down";
      return false;
    }
    return true;
  }

  CallRecord* FindCall(uint64_t call_id, const char* what) {
    if (shut_down_) return nullptr;
    FlushCommands();
    auto found = calls_.find(call_id);
    if (found != calls_.end()) return &found->second;
    LogFromJs(Severity(LoggingSeverity::Verbose),
              std::string("audio engine: ") + what + " for call " + std::to_string(call_id) + ", which it does not run");
    return nullptr;
  }

  static size_t LiveParticipants(const CallRecord& record) {
    size_t live = 0;
    for (const auto& entry : record.participants) live += entry.second.live ? 1 : 0;
    return live;
  }

  // The engine's own guard (the Call and Client setters check first): bounds from sdkpp/limits.h.
  bool InRange(const char* what, float value, double min_bound, double max_bound) {
    const auto min = static_cast<float>(min_bound);
    const auto max = static_cast<float>(max_bound);
    if (std::isfinite(value) && value >= min && value <= max) return true;
    LogFromJs(Severity(LoggingSeverity::Warning), std::string("audio engine: ") + what + " " + std::to_string(value) +
                                                      " refused (" + std::to_string(min) + ".." + std::to_string(max) + ")");
    return false;
  }

  void LogFromJs(int32_t severity, std::string message) {
    if (!shut_down_) js_logs_.emplace_back(severity, std::move(message));
  }

  // Commands go out in order; one the ring has no room for waits (with all after it) for the
  // next engine call on this thread.
  void Send(const EngineCommand& command) {
    unsent_commands_.push_back(command);
    FlushCommands();
  }
  void FlushCommands() {
    while (!unsent_commands_.empty() && shared_.commands.Push(unsent_commands_.front())) unsent_commands_.pop_front();
  }

  // The dump leaves the audio thread's sight first; it is destroyed (its files completed) once
  // the audio thread finished the tick that might still hold it, or at once when it is stopped.
  void RetireAecDump() {
    if (!aec_dump_) return;
    shared_.aec_dump.store(nullptr, std::memory_order_release);
    retired_aec_dumps_.emplace_back(std::move(aec_dump_), shared_.counters.ticks.load(std::memory_order_acquire));
    FreeRetiredAecDump();
  }
  void FreeRetiredAecDump() {
    // A tick that loaded the pointer before it was cleared ends within the next tick.
    const uint64_t ticks = shared_.counters.ticks.load(std::memory_order_acquire);
    const bool stopped = !backend_->IsRunning();
    std::erase_if(retired_aec_dumps_, [&](const auto& retired) { return stopped || ticks >= retired.second + 2; });
  }

  void StopWhenIdle() {
    if (calls_.empty() && retiring_calls_.empty() && backend_->IsRunning()) backend_->Stop();
  }

  void Dispatch(const EngineEvent& event, AudioEngineEvents& events) {
    switch (event.kind) {
      case EngineEvent::Kind::Speaking:
        events.OnSpeakingChanged(event.call_id, event.user_id, event.flag);
        return;
      case EngineEvent::Kind::LocalSpeaking:
        events.OnLocalSpeakingChanged(event.call_id, event.flag);
        return;
      case EngineEvent::Kind::NoAudioInput:
        events.OnNoAudioInput(event.flag);
        return;
      case EngineEvent::Kind::Log:
        events.OnAudioLog(event.severity, std::string(event.message));  // vsnprintf ended it with NUL
        return;
    }
  }

  std::unique_ptr<AudioDeviceBackend> backend_;
  const std::shared_ptr<EngineWake> wake_;
  const AudioCodecFactory codecs_;
  EngineShared shared_;
  EngineAudioThread audio_;  // after shared_: it keeps a reference

  std::unordered_map<uint64_t, CallRecord> calls_;
  std::unordered_map<EngineCall*, RetiringCall> retiring_calls_;
  std::unordered_map<EngineParticipant*, std::unique_ptr<EngineParticipant>> retiring_participants_;
  std::deque<EngineCommand> unsent_commands_;
  std::vector<std::pair<int32_t, std::string>> js_logs_;
  struct DumpLogs {
    std::mutex mutex;
    std::vector<std::pair<int32_t, std::string>> lines;
  };
  const std::shared_ptr<DumpLogs> dump_logs_ = std::make_shared<DumpLogs>();
  std::unique_ptr<AecDump> aec_dump_;
  std::vector<std::pair<std::unique_ptr<AecDump>, uint64_t>> retired_aec_dumps_;  // with the tick retired at
  bool shut_down_ = false;
};

}  // namespace

std::unique_ptr<AudioEngine> CreateAudioEngine(std::unique_ptr<AudioDeviceBackend> backend, std::function<void()> wake,
                                               AudioCodecFactory codecs) {
  return std::make_unique<NativeAudioEngine>(std::move(backend), std::move(wake), std::move(codecs));
}

}  // namespace sdkpp::voice
