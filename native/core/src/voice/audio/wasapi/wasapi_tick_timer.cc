#include "voice/audio/wasapi/wasapi_tick_timer.h"

#ifdef _WIN32

#include <algorithm>
#include <thread>

#ifndef CREATE_WAITABLE_TIMER_HIGH_RESOLUTION
#define CREATE_WAITABLE_TIMER_HIGH_RESOLUTION 0x00000002
#endif

namespace sdkpp::voice::wasapi {

TickTimer::TickTimer() {
  timer_ = CreateWaitableTimerExW(nullptr, nullptr, CREATE_WAITABLE_TIMER_HIGH_RESOLUTION, TIMER_ALL_ACCESS);
  high_resolution_ = timer_ != nullptr;
  if (!timer_) timer_ = CreateWaitableTimerExW(nullptr, nullptr, 0, TIMER_ALL_ACCESS);
}

TickTimer::~TickTimer() {
  if (timer_) CloseHandle(timer_);
}

void TickTimer::SleepUntil(std::chrono::steady_clock::time_point deadline) {
  const auto left = deadline - std::chrono::steady_clock::now();
  if (left <= std::chrono::steady_clock::duration::zero()) return;
  const auto units = std::chrono::duration_cast<std::chrono::duration<LONGLONG, std::ratio<1, 10'000'000>>>(left);
  LARGE_INTEGER due;
  due.QuadPart = -(std::max<LONGLONG>)(1, units.count());  // negative: relative to now; (std::max): windows.h may define max
  if (timer_ && SetWaitableTimer(timer_, &due, 0, nullptr, nullptr, FALSE)) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(left).count();
    WaitForSingleObject(timer_, static_cast<DWORD>(ms) + 5);  // bounded even if the timer never fires
    return;
  }
  std::this_thread::sleep_for(left);
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
