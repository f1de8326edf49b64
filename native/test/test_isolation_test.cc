// Each test starts with an empty callback queue: callbacks an earlier test queued and never
// pumped (its Client and locals are gone) are dropped, not run in the next test. ctest runs each
// test in its own process anyway; this keeps a direct run of the whole binary just as sound.
#include <gtest/gtest.h>

#include "callbacks/callback_queue.h"
#include "sdkpp/client.h"

namespace {

class DropLeftoverCallbacks : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo&) override {
    sdkpp::callbacks::CallbackQueue::ForCurrentThread()->DiscardPending();
  }
};

const bool kRegistered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new DropLeftoverCallbacks);
  return true;
}();

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
