// Each test starts with an empty callback queue: callbacks an earlier test queued and never
// pumped (its Client and locals are gone) are dropped, not run in the next test. ctest runs each
// test in its own process anyway; this keeps a direct run of the whole binary just as sound.
#include "framework/test.h"

#include "callbacks/callback_queue.h"
#include "sdkpp/client.h"

namespace {

const bool kRegistered = test_framework::AddTestStartHook(
    [] { sdkpp::callbacks::CallbackQueue::ForCurrentThread()->DiscardPending(); });

TEST(TestIsolation, DiscardedCallbacksNeverRun) {
  ASSERT_TRUE(kRegistered);
  auto queue = sdkpp::callbacks::CallbackQueue::ForCurrentThread();
  int ran = 0;
  queue->Post([&] { ++ran; });
  queue->Post([&] { ++ran; });
  EXPECT_EQ(queue->DiscardPending(), 2u);
  sdkpp::RunCallbacks();
  EXPECT_EQ(ran, 0);
  EXPECT_TRUE(queue->Empty());
}

}  // namespace
