// The PulseAudio backend's audio thread (Client::Thread::Voice), from Start to Stop: its own
// server connection, a record stream on the chosen source and a playback stream on the chosen
// sink (48 kHz, s16le, 2 ch, 20 ms fragments), and the sink called once per captured frame.
// A steady 20 ms timer is the clock (sources deliver in bursts; the captured bytes wait in a
// small buffer); without a record stream (no server, the server died, the source failed) the
// microphone is silent, so calls go on, and the thread reconnects.
// A changed selection reopens the affected stream. Every wait is bounded (one poll ≤ 10 ms),
// so the destructor's join returns promptly.
#pragma once

#ifdef __linux__

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/pulse/pulse_api.h"
#include "voice/audio/pulse/pulse_connection.h"
#include "voice/audio/pulse/pulse_log.h"
#include "voice/audio/pulse/pulse_thread_priority.h"
#include "voice/audio/device_selection.h"

namespace sdkpp::voice::pulse {

class PulseStreamThread {
 public:
  PulseStreamThread(const PulseApi& api, AudioFrameSink& sink, const DeviceSelection& selection,
                    const AppThreadPriority& priority, PulseLog log);
  ~PulseStreamThread();  // stops and joins

  PulseStreamThread(const PulseStreamThread&) = delete;
  PulseStreamThread& operator=(const PulseStreamThread&) = delete;

 private:
  using Clock = std::chrono::steady_clock;

  void Run();
  void Connect();
  void OpenStreams(bool input, bool output);
  void CloseStream(pa_stream*& stream);
  // False (stream closed, logged) when the stream failed.
  bool CheckStream(pa_stream*& stream, const char* what);
  void PullCaptured();
  void Tick(const int16_t* captured);
  void WritePlayback();
  void ApplyPriorityIfChanged();

  const PulseApi& api_;
  AudioFrameSink& sink_;
  const DeviceSelection& selection_;
  const AppThreadPriority& priority_;
  PulseLog log_;
  std::atomic<bool> running_{true};

  // Audio thread only from here on.
  std::unique_ptr<PulseConnection> connection_;
  Clock::time_point next_connect_{};
  pa_stream* record_ = nullptr;
  pa_stream* playback_ = nullptr;
  uint64_t seen_generation_ = 0;
  uint64_t seen_priority_generation_ = 0;  // 0: the app never set one; the thread keeps its class
  DeviceSelection::Ids ids_;
  // Captured bytes not yet consumed: up to 200 ms (a source's bursts), the oldest dropped beyond.
  static constexpr size_t kPendingBytes = kFrameBytes * 10;
  uint8_t pending_[kPendingBytes] = {};
  size_t pending_size_ = 0;
  Clock::duration TimeToNextTick() const;

  Clock::time_point next_tick_{};
  bool capture_primed_ = false;  // the cushion is there: frames are taken from pending_
  uint64_t capture_underruns_ = 0;
  uint64_t capture_overflow_bytes_ = 0;
  uint64_t frame_index_ = 0;
  uint64_t playback_dropped_ = 0;
  int16_t captured_[kFrameSamples] = {};
  int16_t playback_frame_[kFrameSamples] = {};
  std::thread thread_;  // last: starts once every member above exists
};

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
