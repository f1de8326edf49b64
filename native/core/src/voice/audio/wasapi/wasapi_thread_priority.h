// The audio thread's scheduling on Windows. By default it joins the Multimedia Class Scheduler's
// "Pro Audio" task (avrt.dll, loaded at run time: it is missing from some server editions), else
// it runs at THREAD_PRIORITY_HIGHEST. A priority the app sets (Client::SetThreadPriority with
// Thread::Voice) is a Windows thread priority (-15, -2..2, 15) and replaces that choice.
// Constructed, used and destroyed on the audio thread.
#pragma once

#ifdef _WIN32

#include <windows.h>

#include "voice/audio/app_thread_priority.h"

#include <atomic>
#include <cstdint>
#include <string>

#include "voice/audio/wasapi/wasapi_log.h"

namespace sdkpp::voice::wasapi {

using AppThreadPriority = sdkpp::voice::AppThreadPriority;

class AudioThreadPriority {
 public:
  explicit AudioThreadPriority(const WasapiLog& log);
  ~AudioThreadPriority();  // leaves the MMCSS task
  AudioThreadPriority(const AudioThreadPriority&) = delete;
  AudioThreadPriority& operator=(const AudioThreadPriority&) = delete;

  void ApplyAppPriority(int32_t priority);
  // "mmcss Pro Audio", "priority 2", ...: what the thread runs with (logs, tests).
  const std::string& description() const { return description_; }

 private:
  void LeaveMmcss();

  const WasapiLog& log_;
  HMODULE avrt_ = nullptr;
  HANDLE mmcss_ = nullptr;
  std::string description_;
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
