// SetThreadPriority(Voice) on Linux (pulse_thread_priority.h): what the calling thread gets, read
// back from the kernel, and the Info line saying so. As root (CI) real-time scheduling is allowed;
// the refusals are tested on a thread that dropped CAP_SYS_NICE (capabilities are per thread),
// under the usual limits of 0 for RLIMIT_RTPRIO and RLIMIT_NICE.
#ifdef __linux__

#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "framework/test.h"
#include "voice/audio/pulse/pulse_thread_priority.h"

namespace sdkpp::voice::pulse {
namespace {

struct Scheduling {
  int policy = -1;
  int rt_priority = -1;
  int nice = -100;
};

Scheduling Current() {
  Scheduling got;
  sched_param param{};
  pthread_getschedparam(pthread_self(), &got.policy, &param);
  got.rt_priority = param.sched_priority;
  errno = 0;
  got.nice = getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
  return got;
}

struct Applied {
  std::string description;
  Scheduling scheduling;
  std::vector<std::pair<LoggingSeverity, std::string>> log;
};

// On a fresh thread: the test's own thread keeps its scheduling. `drop_cap_sys_nice` first
// removes CAP_SYS_NICE from that thread's effective set.
Applied ApplyOnAThread(std::vector<int32_t> priorities, bool drop_cap_sys_nice = false) {
  Applied applied;
  std::thread([&] {
    if (drop_cap_sys_nice) {
      __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
      __user_cap_data_struct data[2] = {};
      syscall(SYS_capget, &header, data);
      data[CAP_SYS_NICE / 32].effective &= ~(1u << (CAP_SYS_NICE % 32));
      syscall(SYS_capset, &header, data);
    }
    const PulseLog log = [&](LoggingSeverity severity, const std::string& message) {
      applied.log.emplace_back(severity, message);
    };
    for (const int32_t priority : priorities) applied.description = ApplyThreadPriority(priority, log);
    applied.scheduling = Current();
  }).join();
  return applied;
}

bool Privileged() { return geteuid() == 0; }

TEST(PulseThreadPriority, RaisingGivesRealTimeRoundRobinAtAModestPriority) {
  if (!Privileged()) {
    std::printf("  [skipped: real-time scheduling needs root or CAP_SYS_NICE here]\n");
    return;
  }
  const Applied applied = ApplyOnAThread({15});
  EXPECT_EQ(applied.description, "SCHED_RR 10");
  EXPECT_EQ(applied.scheduling.policy, SCHED_RR);
  EXPECT_EQ(applied.scheduling.rt_priority, 10);
  ASSERT_EQ(applied.log.size(), 1u);
  EXPECT_TRUE(applied.log[0].first == LoggingSeverity::Info);
  EXPECT_EQ(applied.log[0].second, "pulseaudio: SetThreadPriority(Voice, 15): audio thread priority: SCHED_RR 10");
  EXPECT_EQ(ApplyOnAThread({2}).scheduling.rt_priority, 2);
}

TEST(PulseThreadPriority, LoweringAndZeroLeaveRealTimeForNiceLevels) {
  if (!Privileged()) {
    std::printf("  [skipped: needs root]\n");
    return;
  }
  Applied applied = ApplyOnAThread({2, -3});
  EXPECT_EQ(applied.description, "nice 3");
  EXPECT_EQ(applied.scheduling.policy, SCHED_OTHER);
  EXPECT_EQ(applied.scheduling.nice, 3);
  applied = ApplyOnAThread({-3, 0});
  EXPECT_EQ(applied.description, "nice 0");
  EXPECT_EQ(applied.scheduling.nice, 0);
  // The lowest the kernel has, not an error.
  EXPECT_EQ(ApplyOnAThread({-2147483647 - 1}).scheduling.nice, 19);
}

TEST(PulseThreadPriority, WithoutTheRightTheThreadStaysAndTheLogSaysWhy) {
  rlimit rtprio{}, nice{};
  getrlimit(RLIMIT_RTPRIO, &rtprio);
  getrlimit(RLIMIT_NICE, &nice);
  if (!Privileged() || rtprio.rlim_cur != 0 || nice.rlim_cur != 0) {
    std::printf("  [skipped: needs root with RLIMIT_RTPRIO and RLIMIT_NICE at 0]\n");
    return;
  }
  const Applied applied = ApplyOnAThread({15}, true);
  EXPECT_EQ(applied.scheduling.policy, SCHED_OTHER);
  EXPECT_EQ(applied.scheduling.nice, 0);
  EXPECT_TRUE(applied.description.rfind("unchanged (no permission: SCHED_RR ", 0) == 0) << applied.description;
  ASSERT_EQ(applied.log.size(), 1u);
  EXPECT_TRUE(applied.log[0].second.find("audio thread priority: unchanged (no permission") != std::string::npos)
      << applied.log[0].second;
}

}  // namespace
}  // namespace sdkpp::voice::pulse

#endif  // __linux__
