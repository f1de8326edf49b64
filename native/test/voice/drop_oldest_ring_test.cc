// The audio thread's out ring: first in first out, the oldest dropped (and reported) when full,
// and across threads every value read whole and in order while the producer drops under the
// consumer's feet.
#include <atomic>
#include <cstdint>
#include <thread>

#include "framework/test.h"
#include "voice/audio/drop_oldest_ring.h"

namespace sdkpp::voice {
namespace {

bool Pop(DropOldestRing<int>& ring, int& out) {
  return ring.PopWith([&](int& value) { out = value; });
}

TEST(DropOldestRing, FirstInFirstOutAndTheOldestGoesWhenFull) {
  DropOldestRing<int> ring(3);
  int out = 0;
  EXPECT_FALSE(Pop(ring, out));
  for (int i = 1; i <= 3; ++i) EXPECT_EQ(ring.PushWith([&](int& slot) { slot = i; }), 0);
  EXPECT_EQ(ring.SizeApprox(), 3u);
  EXPECT_EQ(ring.PushWith([](int& slot) { slot = 4; }), 1);  // 1 dropped
  EXPECT_EQ(ring.PushWith([](int& slot) { slot = 5; }), 1);  // 2 dropped
  EXPECT_EQ(ring.SizeApprox(), 3u);
  for (int expected : {3, 4, 5}) {
    ASSERT_TRUE(Pop(ring, out));
    EXPECT_EQ(out, expected);
  }
  EXPECT_FALSE(Pop(ring, out));
  EXPECT_EQ(ring.PushWith([](int& slot) { slot = 6; }), 0);
  ASSERT_TRUE(Pop(ring, out));
  EXPECT_EQ(out, 6);
}

struct Frame {
  uint64_t sequence = 0;
  uint64_t copies[32] = {};  // all equal to sequence: a torn read would show
};

TEST(DropOldestRing, AcrossThreadsValuesArriveWholeAndInOrderAndEveryOneIsAccountedFor) {
  constexpr uint64_t kFrames = 200000;
  DropOldestRing<Frame> ring(8);
  std::atomic<bool> done{false};
  uint64_t lost = 0;
  std::thread producer([&] {
    for (uint64_t i = 1; i <= kFrames; ++i) {
      lost += static_cast<uint64_t>(ring.PushWith([&](Frame& frame) {
        frame.sequence = i;
        for (auto& copy : frame.copies) copy = i;
      }));
    }
    done.store(true);
  });
  uint64_t received = 0, last = 0, torn = 0, disorder = 0;
  Frame frame;
  for (;;) {
    const bool finished = done.load();
    while (ring.PopWith([&](const Frame& slot) { frame = slot; })) {
      ++received;
      for (uint64_t copy : frame.copies) torn += copy != frame.sequence ? 1 : 0;
      disorder += frame.sequence <= last ? 1 : 0;
      last = frame.sequence;
    }
    if (finished) break;
  }
  producer.join();
  EXPECT_EQ(torn, 0u);
  EXPECT_EQ(disorder, 0u);
  EXPECT_EQ(received + lost, kFrames);
  EXPECT_GT(received, 0u);
  // A consumer preempted while it copies a slot makes the producer drop new entries meanwhile
  // (there is no other slot to write); nothing stays stuck after it: the next one goes through.
  EXPECT_EQ(ring.PushWith([](Frame& slot) { slot.sequence = kFrames + 1; }), 0);
  ASSERT_TRUE(ring.PopWith([&](const Frame& slot) { frame = slot; }));
  EXPECT_EQ(frame.sequence, kFrames + 1);
}

}  // namespace
}  // namespace sdkpp::voice
