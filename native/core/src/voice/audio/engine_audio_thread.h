// The audio engine's work on the device backend's audio thread: one OnAudioFrame per 20 ms.
// It takes the JS thread's commands, runs every call's send path (input volume, captured hook,
// gate, encode, outgoing ring) and receive path (incoming ring, jitter buffers, decode or
// conceal, received hook, volumes and mutes, mix), writes the speaker frame, and tells the JS
// thread through the event and release rings. In steady state it never allocates, locks or
// does I/O: every buffer it uses was made on the JS thread.
#pragma once

#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <functional>
#include <memory>

#include "sdkpp/enums.h"
#include "voice/audio/audio_device_backend.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/capture_processing.h"
#include "voice/audio/engine_call.h"
#include "voice/audio/engine_messages.h"

namespace sdkpp::voice {

// The number a severity is logged with (EngineAudioThread::Log and the engine's LogFromJs).
constexpr int32_t Severity(LoggingSeverity severity) { return static_cast<int32_t>(severity); }

// The JS thread's wake, shared with the device change listener (which may outlive a call into
// the engine on another thread), so a late listener call finds it alive or switched off.
struct EngineWake {
  explicit EngineWake(std::function<void()> function) : wake(std::move(function)) {}
  void Wake() const {
    if (enabled.load(std::memory_order_acquire) && wake) wake();
  }
  const std::function<void()> wake;
  std::atomic<bool> enabled{true};
  std::atomic<bool> devices_changed{false};
};

class EngineAudioThread final : public AudioFrameSink {
 public:
  // Microphone frames at or below the no-input threshold for this long report "no input".
  static constexpr uint32_t kNoInputTicks = 50;  // 1 s

  EngineAudioThread(EngineShared& shared, std::shared_ptr<EngineWake> wake) : shared_(shared), wake_(std::move(wake)) {}

  void OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) override;

  // JS thread, while the backend is stopped: the audio clock goes on from where it stopped, so
  // a call started after a restart does not reuse old timestamps.
  void ContinueClock() { clock_base_ = clock_next_; }
  // JS thread, while the backend is stopped: makes the audio processing's state (once).
  void PrepareProcessing() { processing_.Prepare(); }
  // JS thread, after the backend stopped for good (Shutdown): the calls it listed are gone.
  void Forget() {
    call_count_ = 0;
    input_state_ = InputState::Unknown;
  }

 private:
  enum class InputState { Unknown, Detected, Missing };

  // The microphone's processing and, while it is on, the dump's frame.
  void ProcessCapture();
  bool ApplyCommands();
  bool ApplyCommand(const EngineCommand& command);
  bool TrackInput(float level_dbfs);
  bool TakeIncoming(EngineCall& call);
  bool Send(EngineCall& call, uint32_t audio_timestamp);
  bool PushOutgoing(EngineCall& call, const uint8_t* data, size_t size, bool silence, uint32_t audio_timestamp);
  bool Receive(EngineCall& call);
  bool EndTick(EngineCall& call);
  bool UpdateSpeaking(EngineCall& call, EngineParticipant& participant, bool heard);
  bool HookThrew(EngineCall& call, const char* which);

  EngineCall* FindCall(const EngineCall* call) const;
  static EngineParticipant* FindParticipant(const EngineCall& call, uint64_t user_id);
  bool Emit(const EngineEvent& event);
  bool Log(int32_t severity, const char* format, ...);

  EngineShared& shared_;
  const std::shared_ptr<EngineWake> wake_;

  EngineCall* calls_[kMaxEngineCalls] = {};
  size_t call_count_ = 0;
  uint64_t clock_base_ = 0;
  uint64_t clock_next_ = 0;
  InputState input_state_ = InputState::Unknown;
  uint32_t quiet_ticks_ = 0;
  int16_t input_[kFrameSamples] = {};
  int32_t mix_[kFrameSamples] = {};
  CaptureProcessing processing_;
  CaptureProcessingFrame dump_frame_;
};

}  // namespace sdkpp::voice
