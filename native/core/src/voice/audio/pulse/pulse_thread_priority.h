// The PulseAudio backend's audio thread scheduling on Linux (Client::SetThreadPriority with
// Thread::Voice). The value keeps the Windows meaning the C++ SDK gives it, mapped to what a
// user process may get here:
//   > 0  raise: real-time SCHED_RR at min(value, 10) (needs RLIMIT_RTPRIO or CAP_SYS_NICE);
//        refused, then SCHED_OTHER at nice -min(value, 10) (needs RLIMIT_NICE); refused too,
//        the thread stays as it is;
//   0    the default: SCHED_OTHER at nice 0;
//   < 0  lower: SCHED_OTHER at nice min(-value, 19).
// What the thread got is logged (Info). Until the app sets a value the thread keeps the class
// it was born with: rtkit and the desktop decide for a process that asked nothing.
#pragma once

#ifdef __linux__

#include "voice/audio/app_thread_priority.h"

#include <atomic>
#include <cstdint>
#include <string>

#include "voice/audio/pulse/pulse_log.h"

namespace sdkpp::voice::pulse {

using AppThreadPriority = sdkpp::voice::AppThreadPriority;

// Applies `priority` to the calling thread; returns what it got ("SCHED_RR 10", "nice -5",
// "unchanged (no permission: ...)") and logs it.
std::string ApplyThreadPriority(int32_t priority, const PulseLog& log);

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
