#include "voice/audio/pulse/pulse_thread_priority.h"

#ifdef __linux__

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sdkpp::voice::pulse {
namespace {

// Modest: within rtkit's default ceiling (20) and far below the kernel's own real-time threads
// (50 and up), so a busy audio thread cannot starve the machine.
constexpr int kMaxRealtimePriority = 10;
constexpr int kMaxRaiseNice = 10;

// setpriority(PRIO_PROCESS, tid) acts on one thread on Linux (each thread has its own nice).
int SetNice(int nice) {
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  return setpriority(PRIO_PROCESS, tid, nice) == 0 ? 0 : errno;
}

// Back to the time-sharing class first: a thread that was real time keeps SCHED_RR otherwise.
int SetOther() {
  sched_param param{};
  param.sched_priority = 0;
  return pthread_setschedparam(pthread_self(), SCHED_OTHER, &param);
}

}  // namespace

std::string ApplyThreadPriority(int32_t priority, const PulseLog& log) {
  std::string got;
  if (priority > 0) {
    const int rt = std::min<int32_t>(priority, kMaxRealtimePriority);
    sched_param param{};
    param.sched_priority = rt;
    const int rt_error = pthread_setschedparam(pthread_self(), SCHED_RR, &param);
    if (rt_error == 0) {
      got = "SCHED_RR " + std::to_string(rt);
    } else {
      const int nice = -std::min<int32_t>(priority, kMaxRaiseNice);
      const int nice_error = SetNice(nice);
      got = nice_error == 0 ? "nice " + std::to_string(nice) + " (SCHED_RR refused: " + std::strerror(rt_error) + ")"
                            : "unchanged (no permission: SCHED_RR " + std::string(std::strerror(rt_error)) + ", nice " +
                                  std::to_string(nice) + " " + std::strerror(nice_error) + ")";
    }
  } else {
    const int nice = priority < -19 ? 19 : -priority;  // priority <= 0 here: no overflow
    const int other_error = SetOther();
    const int nice_error = other_error == 0 ? SetNice(nice) : other_error;
    got = nice_error == 0 ? "nice " + std::to_string(nice)
                          : "unchanged (no permission: nice " + std::to_string(nice) + " " + std::strerror(nice_error) + ")";
  }
  log(LoggingSeverity::Info, "pulseaudio: SetThreadPriority(Voice, " + std::to_string(priority) +
                                 "): audio thread priority: " + got);
  return got;
}

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
