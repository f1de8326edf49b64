// The RunCallbacks queue: order, wake-ups, re-entrancy, threads.
#include "framework/test.h"

#include <atomic>
#include <thread>
#include <vector>

#include "callbacks/callback_queue.h"
#include "voice/allocation_counter.h"

namespace {

using sdkpp::callbacks::CallbackQueue;

TEST(CallbackQueue, RunsInPostingOrder) {
  CallbackQueue queue;
  std::vector<int> order;
  for (int i = 0; i < 5; ++i) queue.Post([&order, i] { order.push_back(i); });
  EXPECT_EQ(queue.RunPending(), 5u);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(queue.Empty());
}

TEST(CallbackQueue, ASteadyStreamOfPostsAndRunsAllocatesNothing) {
  // Every host event runs the queue, and most post one callback: after the first, the queue's
  // storage is reused (a callback small enough for std::function's own buffer allocates nothing
  // either), and running an empty queue allocates nothing.
  namespace counter = sdkpp::voice::testing;
  CallbackQueue queue;
  int ran = 0;
  queue.Post([&ran] { ++ran; });
  queue.RunPending();
  counter::ResetAllocationCounter();
  {
    counter::ArmedAllocations armed;
    for (int i = 0; i < 100; ++i) {
      queue.Post([&ran] { ++ran; });
      queue.RunPending();
      queue.RunPending();  // nothing pending
    }
  }
  EXPECT_EQ(ran, 101);
  EXPECT_EQ(counter::CountedAllocations().allocations, 0u);
}

TEST(CallbackQueue, WakesOnceWhenGoingNonEmpty) {
  CallbackQueue queue;
  int wakes = 0;
  queue.SetWakeHandler([&] { ++wakes; });
  queue.Post([] {});
  queue.Post([] {});
  EXPECT_EQ(wakes, 1);
  queue.RunPending();
  queue.Post([] {});
  EXPECT_EQ(wakes, 2);
}

TEST(CallbackQueue, CallbacksPostedDuringARunWaitForTheNextAndWakeAgain) {
  CallbackQueue queue;
  int wakes = 0;
  queue.SetWakeHandler([&] { ++wakes; });
  int second_ran = 0;
  queue.Post([&] { queue.Post([&] { ++second_ran; }); });
  EXPECT_EQ(queue.RunPending(), 1u);
  EXPECT_EQ(second_ran, 0);
  EXPECT_GE(wakes, 2);
  EXPECT_EQ(queue.RunPending(), 1u);
  EXPECT_EQ(second_ran, 1);
}

TEST(CallbackQueue, AcceptsPostsFromOtherThreads) {
  CallbackQueue queue;
  std::atomic<int> ran{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) queue.Post([&] { ++ran; });
    });
  }
  for (auto& thread : threads) thread.join();
  queue.RunPending();
  EXPECT_EQ(ran.load(), 4000);
}

TEST(CallbackQueue, EachThreadHasItsOwnQueue) {
  auto* main_queue = CallbackQueue::ForCurrentThread().get();
  CallbackQueue* other = nullptr;
  std::thread([&] { other = CallbackQueue::ForCurrentThread().get(); }).join();
  EXPECT_NE(main_queue, other);
}

}  // namespace
