// How the audio thread waits for its next 20 ms tick. Sleep() on Windows rounds up to the system
// timer (15.6 ms unless some process asked for better), which would make ticks come in bursts;
// a high-resolution waitable timer (Windows 10 1803 and later) wakes within a millisecond.
// Older systems get a plain waitable timer. Every wait is bounded by the time asked for.
#pragma once

#ifdef _WIN32

#include <windows.h>

#include <chrono>

namespace sdkpp::voice::wasapi {

class TickTimer {
 public:
  TickTimer();
  ~TickTimer();
  TickTimer(const TickTimer&) = delete;
  TickTimer& operator=(const TickTimer&) = delete;

  void SleepUntil(std::chrono::steady_clock::time_point deadline);
  bool high_resolution() const { return high_resolution_; }

 private:
  HANDLE timer_ = nullptr;
  bool high_resolution_ = false;
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
