// The echo-cancellation dump (Client::SetAecDump): for each call, three 16-bit mono 48 kHz WAV
// files in the voice log folder — the far end the canceller got as reference, the raw
// microphone, and the processed microphone — so a bad echo can be looked at afterwards.
//
// The audio thread only copies a tick's three signals into a ring (Push: no allocation, no lock,
// no I/O; a full ring drops the frame, counted). A writer thread of the dump's own drains the
// ring into the files. Each file is created 0600 (the microphone is private) and stops at
// kMaxSeconds, which is logged; a new call starts new files.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "voice/audio/capture_processing.h"
#include "voice/audio/spsc_ring.h"

namespace sdkpp::voice {

class AecDump {
 public:
  static constexpr uint32_t kMaxSeconds = 60;
  static constexpr size_t kRingFrames = 50;  // 1 s of slack for the writer

  struct Frame {
    uint64_t call_id = 0;
    CaptureProcessingFrame signals;
  };

  // `log` is called from the writer thread (file made, limit reached, a write failed); it must
  // be thread-safe. Starts the writer thread.
  AecDump(std::string directory, std::function<void(int32_t severity, std::string line)> log);
  // Writes what the ring still holds, completes the files' headers and joins the writer.
  ~AecDump();
  AecDump(const AecDump&) = delete;
  AecDump& operator=(const AecDump&) = delete;

  // Audio thread: false when the ring was full (the frame is lost).
  bool Push(uint64_t call_id, const CaptureProcessingFrame& signals);

  // The files written so far (for tests and the log), in the order made. Any thread.
  std::vector<std::string> Files() const;
  const std::string& directory() const { return directory_; }

 private:
  struct WavFile;
  void Run();
  void RunLoop();
  void Write(const Frame& frame);
  void CloseFiles();

  const std::string directory_;
  const std::function<void(int32_t, std::string)> log_;
  SpscRing<Frame> ring_;

  // Writer thread.
  uint64_t current_call_ = 0;
  bool have_call_ = false;
  uint64_t frames_in_files_ = 0;
  bool limit_logged_ = false;
  std::unique_ptr<WavFile> files_[3];

  mutable std::mutex mutex_;
  std::condition_variable stop_signal_;
  bool stop_ = false;
  std::vector<std::string> made_;
  std::thread writer_;
};

}  // namespace sdkpp::voice
