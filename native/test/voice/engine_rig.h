// The audio engine tests' rig: an engine on a manual-clock virtual device (so every tick is a
// deterministic call of Advance), its events recorded with the tick they were drained at, and
// helpers that relay one engine's sent frames into another's call as a remote user.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "voice/allocation_counter.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/virtual_audio_backend.h"

namespace sdkpp::voice::testing {

struct RecordedEvent {
  enum class Kind { Speaking, LocalSpeaking, Released, Devices, NoInput, Log } kind;
  uint64_t tick = 0;
  uint64_t call_id = 0;
  uint64_t user_id = 0;
  bool flag = false;
  std::string message;
};

struct RecordingEvents : AudioEngineEvents {
  std::vector<RecordedEvent> seen;
  uint64_t tick = 0;
  void OnSpeakingChanged(uint64_t call_id, uint64_t user_id, bool speaking) override {
    seen.push_back({RecordedEvent::Kind::Speaking, tick, call_id, user_id, speaking, {}});
  }
  void OnLocalSpeakingChanged(uint64_t call_id, bool speaking) override {
    seen.push_back({RecordedEvent::Kind::LocalSpeaking, tick, call_id, 0, speaking, {}});
  }
  void OnCallReleased(uint64_t call_id) override { seen.push_back({RecordedEvent::Kind::Released, tick, call_id, 0, false, {}}); }
  void OnDevicesChanged() override { seen.push_back({RecordedEvent::Kind::Devices, tick, 0, 0, false, {}}); }
  void OnNoAudioInput(bool detected) override { seen.push_back({RecordedEvent::Kind::NoInput, tick, 0, 0, detected, {}}); }
  void OnAudioLog(int32_t, const std::string& message) override {
    seen.push_back({RecordedEvent::Kind::Log, tick, 0, 0, false, message});
  }
  std::vector<RecordedEvent> Of(RecordedEvent::Kind kind) const {
    std::vector<RecordedEvent> out;
    for (const auto& event : seen) {
      if (event.kind == kind) out.push_back(event);
    }
    return out;
  }
};

// Wraps the virtual device so that the engine's OnAudioFrame (and nothing else of the tick)
// runs with the allocation counter armed on the audio thread.
class ArmingBackend final : public AudioDeviceBackend {
 public:
  explicit ArmingBackend(std::unique_ptr<VirtualAudioBackend> inner) : inner_(std::move(inner)) {}
  const char* Name() const override { return inner_->Name(); }
  std::vector<AudioDeviceInfo> InputDevices() override { return inner_->InputDevices(); }
  std::vector<AudioDeviceInfo> OutputDevices() override { return inner_->OutputDevices(); }
  bool Start(AudioFrameSink& sink, std::string& error) override {
    armed_sink_.inner = &sink;
    return inner_->Start(armed_sink_, error);
  }
  void Stop() override { inner_->Stop(); }
  bool IsRunning() const override { return inner_->IsRunning(); }
  bool SelectInput(const std::string& id) override { return inner_->SelectInput(id); }
  bool SelectOutput(const std::string& id) override { return inner_->SelectOutput(id); }
  std::string CurrentInputId() const override { return inner_->CurrentInputId(); }
  std::string CurrentOutputId() const override { return inner_->CurrentOutputId(); }
  void SetDeviceChangeListener(std::function<void()> listener) override { inner_->SetDeviceChangeListener(std::move(listener)); }
  void SetThreadPriority(int32_t priority) override { inner_->SetThreadPriority(priority); }

 private:
  struct ArmedSink : AudioFrameSink {
    AudioFrameSink* inner = nullptr;
    void OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) override {
      ArmedAllocations armed;
      inner->OnAudioFrame(captured, playback, frame_index);
    }
  };
  std::unique_ptr<VirtualAudioBackend> inner_;
  ArmedSink armed_sink_;
};

// One client's audio engine on a manual-clock virtual device.
struct Side {
  VirtualAudioBackend* device = nullptr;
  std::unique_ptr<AudioEngine> engine;
  RecordingEvents events;
  std::atomic<uint64_t> wakes{0};

  explicit Side(bool arm_audio_thread = false) {
    auto virtual_device = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
    device = virtual_device.get();
    std::unique_ptr<AudioDeviceBackend> backend;
    if (arm_audio_thread) {
      backend = std::make_unique<ArmingBackend>(std::move(virtual_device));
    } else {
      backend = std::move(virtual_device);
    }
    engine = CreateAudioEngine(std::move(backend), [this] { ++wakes; });  // with libopus
  }

  bool AddCall(uint64_t call_id, CallAudioHooks hooks = {}) {
    std::string error;
    return engine->AddCall(call_id, std::move(hooks), error);
  }
  // `ticks` ticks, draining events after each (as the JS thread would on wake).
  void Tick(uint64_t ticks = 1) {
    for (uint64_t i = 0; i < ticks; ++i) {
      device->Advance(1);
      ++events.tick;
      engine->DrainEvents(events);
    }
  }
  std::vector<OutgoingOpusFrame> Sent(uint64_t call_id) {
    std::vector<OutgoingOpusFrame> frames;
    OutgoingOpusFrame frame;
    while (engine->PopOutgoing(call_id, frame)) frames.push_back(frame);
    return frames;
  }
  std::vector<int16_t> Heard(size_t frames) const { return device->SpeakerHistory(frames); }
};

// Carries what one call of `from` sent into a call of `to`, as `user`, numbering the packets.
struct Link {
  Side& from;
  uint64_t from_call;
  Side& to;
  uint64_t to_call;
  uint64_t user;
  uint16_t sequence = 0;

  size_t Relay() {
    size_t relayed = 0;
    for (const auto& frame : from.Sent(from_call)) {
      to.engine->PushReceived(to_call, user, sequence++, frame.audio_timestamp, frame.data, frame.size);
      ++relayed;
    }
    return relayed;
  }
  // One tick of both ends, the network in between.
  void Step(uint64_t ticks = 1) {
    for (uint64_t i = 0; i < ticks; ++i) {
      from.Tick();
      Relay();
      to.Tick();
    }
  }
};

}  // namespace sdkpp::voice::testing
