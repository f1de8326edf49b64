// The ring between the JS thread and the audio thread: bounded, first in first out, refuses when
// full, and keeps order across threads.
#include <cstdint>
#include <thread>

#include "framework/test.h"
#include "voice/audio/spsc_ring.h"

namespace sdkpp::voice {
namespace {

TEST(SpscRing, FirstInFirstOutAndRefusesWhenFull) {
  SpscRing<int> ring(3);
  EXPECT_EQ(ring.Capacity(), 3u);
  int out = 0;
  EXPECT_FALSE(ring.Pop(out));
  EXPECT_TRUE(ring.Push(1));
  EXPECT_TRUE(ring.Push(2));
  EXPECT_TRUE(ring.Push(3));
  EXPECT_FALSE(ring.Push(4));  // full: refused, nothing overwritten
  EXPECT_EQ(ring.SizeApprox(), 3u);
  ASSERT_TRUE(ring.Pop(out));
  EXPECT_EQ(out, 1);
  EXPECT_TRUE(ring.Push(5));
  for (int expected : {2, 3, 5}) {
    ASSERT_TRUE(ring.Pop(out));
    EXPECT_EQ(out, expected);
  }
  EXPECT_FALSE(ring.Pop(out));
}

TEST(SpscRing, KeepsOrderAcrossThreadsThroughManyWraps) {
  SpscRing<uint32_t> ring(7);
  constexpr uint32_t kCount = 200000;
  std::thread producer([&] {
    for (uint32_t i = 0; i < kCount;) {
      if (ring.Push(i)) ++i;
      else std::this_thread::yield();
    }
  });
  uint32_t expected = 0;
  bool in_order = true;
  while (expected < kCount) {
    uint32_t value = 0;
    if (!ring.Pop(value)) {
      std::this_thread::yield();
      continue;
    }
    in_order = in_order && value == expected;
    ++expected;
  }
  producer.join();
  EXPECT_TRUE(in_order);
}

}  // namespace
}  // namespace sdkpp::voice
