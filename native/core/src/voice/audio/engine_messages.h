// What passes between the JS thread and the audio thread of the audio engine besides audio:
// structural commands one way (a call or participant added or removed), and events and
// released objects the other. All are plain fixed-size values so the rings never allocate.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "sdkpp/limits.h"
#include "voice/audio/pcm_math.h"
#include "voice/audio/spsc_ring.h"

namespace sdkpp::voice {

class AecDump;
struct EngineCall;
struct EngineParticipant;

// JS thread → audio thread. The objects are the JS thread's until the audio thread takes them
// (Add*) and again once it gives them back through the release ring (Remove*).
struct EngineCommand {
  enum class Kind : uint8_t { AddCall, RemoveCall, AddParticipant, RemoveParticipant };
  Kind kind = Kind::AddCall;
  EngineCall* call = nullptr;
  EngineParticipant* participant = nullptr;  // the *Participant kinds
};

// Audio thread → JS thread: what DrainEvents reports.
inline constexpr size_t kEngineLogMessageBytes = 160;
struct EngineEvent {
  enum class Kind : uint8_t { Speaking, LocalSpeaking, NoAudioInput, Log };
  Kind kind = Kind::Log;
  uint64_t call_id = 0;
  uint64_t user_id = 0;
  bool flag = false;  // speaking / input detected
  int32_t severity = 0;
  char message[kEngineLogMessageBytes] = {};  // Log: NUL-terminated, cut to fit
};

// Audio thread → JS thread: an object the audio thread no longer touches (exactly one is set).
struct EngineRelease {
  EngineCall* call = nullptr;
  EngineParticipant* participant = nullptr;
};

// The numbers behind AudioEngineCounters: written by either thread, read by Counters().
struct EngineCounterCells {
  std::atomic<uint64_t> ticks{0};
  std::atomic<uint64_t> frames_encoded{0};
  std::atomic<uint64_t> frames_decoded{0};
  std::atomic<uint64_t> frames_concealed{0};
  std::atomic<uint64_t> outgoing_dropped{0};
  std::atomic<uint64_t> incoming_dropped{0};
  std::atomic<uint64_t> late_packets{0};
  std::atomic<uint64_t> duplicate_packets{0};
  std::atomic<uint64_t> hook_late{0};
  std::atomic<uint64_t> rejected_packets{0};
  std::atomic<uint64_t> unknown_user_packets{0};
  std::atomic<uint64_t> decode_errors{0};
  std::atomic<uint64_t> encode_errors{0};
  std::atomic<uint64_t> events_dropped{0};
  std::atomic<uint64_t> hook_errors{0};
  std::atomic<uint64_t> aec_dump_frames_dropped{0};

  static void Add(std::atomic<uint64_t>& cell, uint64_t amount = 1) { cell.fetch_add(amount, std::memory_order_relaxed); }
};

inline constexpr size_t kCommandRingSize = 256;
inline constexpr size_t kEventRingSize = 256;
// Each command gives back at most one object, and the audio thread takes a command only while
// this ring has room: a release is never lost.
inline constexpr size_t kReleaseRingSize = 256;

// What both threads share for the engine's whole life: the rings, the engine-wide settings and
// the counters.
struct EngineShared {
  SpscRing<EngineCommand> commands{kCommandRingSize};
  SpscRing<EngineEvent> events{kEventRingSize};
  SpscRing<EngineRelease> releases{kReleaseRingSize};
  std::atomic<float> input_volume{float(limits::kUnityVolume)};
  std::atomic<float> output_volume{float(limits::kUnityVolume)};
  std::atomic<float> no_input_threshold_db{kSilenceDbfs};
  std::atomic<bool> echo_cancellation{false};
  std::atomic<bool> noise_suppression{false};
  std::atomic<bool> noise_cancellation{false};
  std::atomic<bool> automatic_gain_control{false};
  std::atomic<int32_t> echo_delay_ms{-1};  // written by the audio thread
  // The echo-cancellation dump while it is on (the JS thread owns it; audio_engine.cc retires
  // it only once the audio thread can no longer be using it).
  std::atomic<AecDump*> aec_dump{nullptr};
  EngineCounterCells counters;
};

}  // namespace sdkpp::voice
