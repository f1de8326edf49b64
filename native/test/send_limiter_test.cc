// The gateway's send budget (120 events per 60 s, 5 of them kept for heartbeats), at its edges:
// the last event that fits, the first that waits and for how long, the heartbeat reserve, and a
// send leaving the window at exactly 60 s.
#include "framework/test.h"

#include "gateway/gateway_protocol.h"
#include "gateway/send_limiter.h"

namespace sdkpp::gateway {
namespace {

constexpr int kOrdinary = kSendLimit - kReservedForHeartbeats;  // 115

TEST(SendLimiter, OrdinaryEventsGetTheBudgetLessTheHeartbeatReserve) {
  static_assert(kSendLimit == 120 && kReservedForHeartbeats == 5 && kSendWindowMs == 60'000);
  SendLimiter limiter;
  // One send per millisecond from t = 1000: the 115th ordinary event still goes.
  for (int i = 0; i < kOrdinary; ++i) {
    ASSERT_EQ(limiter.WaitMs(1000 + i, false), 0u) << i;
    limiter.Record(1000 + i);
  }
  // The 116th waits until the first send (t = 1000) leaves the window at t = 61000.
  EXPECT_EQ(limiter.WaitMs(1000 + kOrdinary, false), 61'000u - (1000 + kOrdinary));
  // A heartbeat still has its reserve: five more, then it waits too.
  for (int i = 0; i < kReservedForHeartbeats; ++i) {
    ASSERT_EQ(limiter.WaitMs(2000 + i, true), 0u) << i;
    limiter.Record(2000 + i);
  }
  EXPECT_EQ(limiter.WaitMs(3000, true), 61'000u - 3000);
  EXPECT_EQ(limiter.WaitMs(3000, false), 61'000u + kReservedForHeartbeats - 3000);
}

TEST(SendLimiter, ASendLeavesTheWindowAtExactlySixtySeconds) {
  SendLimiter limiter;
  for (int i = 0; i < kOrdinary; ++i) limiter.Record(5000);
  EXPECT_EQ(limiter.WaitMs(5000 + kSendWindowMs - 1, false), 1u);
  EXPECT_EQ(limiter.WaitMs(5000 + kSendWindowMs, false), 0u);
}

TEST(SendLimiter, ResetForgetsEverySend) {
  SendLimiter limiter;
  for (int i = 0; i < kSendLimit; ++i) limiter.Record(10);
  EXPECT_GT(limiter.WaitMs(20, true), 0u);
  limiter.Reset();
  EXPECT_EQ(limiter.WaitMs(20, true), 0u);
}

}  // namespace
}  // namespace sdkpp::gateway
