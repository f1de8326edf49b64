// The per-talker jitter buffer: start delay, reorder, duplicates, 5/20/50 % loss, the 65535 → 0
// wrap, late packets raising the target, a backlog cut to the maximum, a pause going idle.
#include <cstdint>
#include <random>
#include <vector>

#include "framework/test.h"
#include "voice/audio/jitter_buffer.h"

namespace sdkpp::voice {
namespace {

// A packet whose first two bytes carry its sequence number, so the output can be checked.
void PushSeq(JitterBuffer& buffer, uint16_t sequence) {
  const uint8_t packet[3] = {static_cast<uint8_t>(sequence >> 8), static_cast<uint8_t>(sequence), 0xAB};
  buffer.Push(sequence, packet, sizeof packet);
}

struct Tick {
  JitterBuffer::Output output;
  int sequence;  // −1 unless Packet
};

Tick PopOne(JitterBuffer& buffer) {
  const uint8_t* packet = nullptr;
  size_t size = 0;
  const auto output = buffer.Pop(packet, size);
  if (output != JitterBuffer::Output::Packet) return {output, -1};
  return {output, (packet[0] << 8) | packet[1]};
}

using Output = JitterBuffer::Output;

TEST(JitterBuffer, StartsAfterSixtyMillisecondsThenPlaysInOrder) {
  JitterBuffer buffer;
  PushSeq(buffer, 100);
  EXPECT_EQ(PopOne(buffer).output, Output::Idle);
  PushSeq(buffer, 101);
  EXPECT_EQ(PopOne(buffer).output, Output::Idle);
  PushSeq(buffer, 102);  // three frames: 60 ms buffered
  for (int expected : {100, 101, 102}) {
    const Tick tick = PopOne(buffer);
    EXPECT_EQ(tick.output, Output::Packet);
    EXPECT_EQ(tick.sequence, expected);
  }
}

TEST(JitterBuffer, ReordersAndDropsDuplicates) {
  JitterBuffer buffer;
  for (uint16_t s : {10, 12, 11, 11, 13, 12, 15, 14}) PushSeq(buffer, s);
  EXPECT_EQ(buffer.Counters().duplicates, 2u);
  for (int expected = 10; expected <= 15; ++expected) {
    const Tick tick = PopOne(buffer);
    ASSERT_EQ(tick.output, Output::Packet);
    EXPECT_EQ(tick.sequence, expected);
  }
}

TEST(JitterBuffer, AnEarlierPacketArrivingWhileBufferingBecomesTheStart) {
  JitterBuffer buffer;
  PushSeq(buffer, 21);
  PushSeq(buffer, 20);
  PushSeq(buffer, 22);
  EXPECT_EQ(PopOne(buffer).sequence, 20);
  EXPECT_EQ(PopOne(buffer).sequence, 21);
}

// The reorder window while buffering: an earlier packet k behind the start becomes the new start
// when the buffered frames plus k still fit the 16 slots, and is late otherwise — so it never
// lands on a slot a buffered packet holds.
TEST(JitterBuffer, APacketTwoBehindWhileBufferingIsKept) {
  JitterBuffer buffer;
  PushSeq(buffer, 100);
  PushSeq(buffer, 98);  // two behind: 1 + 2 frames fit
  EXPECT_EQ(buffer.Counters().late, 0u);
  EXPECT_EQ(buffer.DepthFrames(), 3u);
  EXPECT_EQ(PopOne(buffer).sequence, 98);
  EXPECT_EQ(PopOne(buffer).output, Output::Conceal);  // 99 never came
  EXPECT_EQ(PopOne(buffer).sequence, 100);
}

TEST(JitterBuffer, TheReorderWindowEndsAtSixteenSlots) {
  static_assert(JitterBuffer::kSlots == 16);
  {
    // Ten buffered (100..109) and one six behind: 10 + 6 = 16 frames, exactly the window.
    JitterBuffer buffer;
    for (uint16_t s = 100; s < 110; ++s) PushSeq(buffer, s);
    PushSeq(buffer, 94);
    EXPECT_EQ(buffer.Counters().late, 0u);
    EXPECT_EQ(buffer.Counters().stored, 11u);
    EXPECT_EQ(buffer.DepthFrames(), 16u);
  }
  {
    // Seven behind: 17 frames would not fit. It is late, and 93 shares its slot with 109, which
    // must still be there and play.
    JitterBuffer buffer;
    for (uint16_t s = 100; s < 110; ++s) PushSeq(buffer, s);
    PushSeq(buffer, 93);
    EXPECT_EQ(buffer.Counters().late, 1u);
    EXPECT_EQ(buffer.Counters().stored, 10u);
    EXPECT_EQ(buffer.DepthFrames(), 10u);
    std::vector<int> played;
    for (int i = 0; i < 10; ++i) played.push_back(PopOne(buffer).sequence);
    EXPECT_EQ(played, (std::vector<int>{100, 101, 102, 103, 104, 105, 106, 107, 108, 109}));
  }
}

TEST(JitterBuffer, FifteenAheadIsAGapSixteenAheadStartsOver) {
  {
    JitterBuffer buffer;
    PushSeq(buffer, 200);
    PushSeq(buffer, 215);  // the last slot of the window
    EXPECT_EQ(buffer.Counters().resets, 0u);
    EXPECT_EQ(buffer.DepthFrames(), 16u);
  }
  {
    JitterBuffer buffer;
    PushSeq(buffer, 200);
    PushSeq(buffer, 216);  // one past it: a new run
    EXPECT_EQ(buffer.Counters().resets, 1u);
    EXPECT_EQ(buffer.DepthFrames(), 1u);
  }
}

TEST(JitterBuffer, OncePlayingEvenOneBehindIsTooLate) {
  JitterBuffer buffer;
  for (uint16_t s = 10; s < 14; ++s) PushSeq(buffer, s);
  EXPECT_EQ(PopOne(buffer).sequence, 10);
  PushSeq(buffer, 10);  // just played: too late, not a duplicate to play again
  PushSeq(buffer, 9);
  EXPECT_EQ(buffer.Counters().late, 2u);
  EXPECT_EQ(PopOne(buffer).sequence, 11);
  PushSeq(buffer, 12);  // still buffered: a duplicate, not late
  EXPECT_EQ(buffer.Counters().duplicates, 1u);
  EXPECT_EQ(buffer.Counters().late, 2u);
}

TEST(JitterBuffer, CrossesTheSequenceWrap) {
  JitterBuffer buffer;
  std::vector<int> played;
  uint16_t sequence = 65530;
  for (int i = 0; i < 14; ++i) {
    PushSeq(buffer, sequence++);
    const Tick tick = PopOne(buffer);
    if (tick.output == Output::Packet) played.push_back(tick.sequence);
  }
  const std::vector<int> expected = {65530, 65531, 65532, 65533, 65534, 65535, 0, 1, 2, 3, 4, 5};
  EXPECT_EQ(played, expected);
}

// Loss at `percent`, packets otherwise in order with one tick of arrival jitter: every packet
// that arrived is played once, in order, and every lost one is concealed.
void CheckLoss(int percent) {
  JitterBuffer buffer;
  std::mt19937 random(static_cast<uint32_t>(percent));
  std::uniform_int_distribution<int> roll(0, 99);
  constexpr int kFrames = 3000;
  std::vector<bool> lost(kFrames);
  int delivered = 0;
  for (int i = 0; i < kFrames; ++i) lost[i] = i > 0 && roll(random) < percent;  // the first always arrives
  int played = 0, concealed = 0, last = -1;
  bool in_order = true;
  for (int tick = 0; tick < kFrames + 40; ++tick) {
    if (tick < kFrames && !lost[tick]) {
      PushSeq(buffer, static_cast<uint16_t>(tick));
      ++delivered;
    }
    const Tick out = PopOne(buffer);
    if (out.output == Output::Packet) {
      in_order = in_order && out.sequence > last;
      last = out.sequence;
      ++played;
    } else if (out.output == Output::Conceal) {
      ++concealed;
    }
  }
  EXPECT_TRUE(in_order) << percent << "% loss";
  EXPECT_EQ(played, delivered) << percent << "% loss";
  EXPECT_EQ(buffer.Counters().late, 0u) << percent << "% loss";
  // Conceal covers the lost frames, except runs of more than five with nothing buffered (then
  // the buffer goes idle) and the tail after the last packet.
  EXPECT_GT(concealed, 0);
  EXPECT_LE(concealed, kFrames - delivered + static_cast<int>(JitterBuffer::kMaxConcealed));
}

TEST(JitterBuffer, FivePercentLoss) { CheckLoss(5); }
TEST(JitterBuffer, TwentyPercentLoss) { CheckLoss(20); }
TEST(JitterBuffer, FiftyPercentLoss) { CheckLoss(50); }

TEST(JitterBuffer, ALatePacketRaisesTheTargetAndIsNotPlayed) {
  JitterBuffer buffer;
  for (uint16_t s = 0; s < 3; ++s) PushSeq(buffer, s);
  EXPECT_EQ(PopOne(buffer).sequence, 0);
  EXPECT_EQ(PopOne(buffer).sequence, 1);
  EXPECT_EQ(PopOne(buffer).sequence, 2);
  PushSeq(buffer, 4);
  EXPECT_EQ(PopOne(buffer).output, Output::Conceal);  // 3 is missing
  const uint32_t before = buffer.TargetFrames();
  PushSeq(buffer, 3);  // its turn has passed
  EXPECT_EQ(buffer.Counters().late, 1u);
  EXPECT_EQ(buffer.TargetFrames(), before + 1);
  EXPECT_EQ(PopOne(buffer).sequence, 4);
}

TEST(JitterBuffer, TheTargetStaysBetweenFortyAndTwoHundredMilliseconds) {
  JitterBuffer buffer;
  PushSeq(buffer, 0);
  PushSeq(buffer, 1);
  PushSeq(buffer, 2);
  PopOne(buffer);
  for (int i = 0; i < 30; ++i) PushSeq(buffer, 0);  // late over and over
  EXPECT_EQ(buffer.TargetFrames(), JitterBuffer::kMaxFrames);
  // Calm for long enough: it comes down, never under the minimum.
  uint16_t sequence = 3;
  for (int tick = 0; tick < 20000; ++tick) {
    PushSeq(buffer, sequence++);
    PopOne(buffer);
  }
  EXPECT_EQ(buffer.TargetFrames(), JitterBuffer::kMinFrames);
}

TEST(JitterBuffer, ABacklogBeyondTheMaximumIsSkipped) {
  JitterBuffer buffer;
  // A burst of 15 frames at once (a stalled sender catching up).
  for (uint16_t s = 0; s < 15; ++s) PushSeq(buffer, s);
  const Tick first = PopOne(buffer);
  ASSERT_EQ(first.output, Output::Packet);
  EXPECT_GT(first.sequence, 0);  // the oldest were dropped
  EXPECT_GT(buffer.Counters().skipped, 0u);
  EXPECT_LE(buffer.DepthFrames(), JitterBuffer::kMaxFrames);
}

TEST(JitterBuffer, APauseGoesIdleAfterFiveConcealedFramesAndBuffersUpAgain) {
  JitterBuffer buffer;
  for (uint16_t s = 0; s < 3; ++s) PushSeq(buffer, s);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(PopOne(buffer).output, Output::Packet);
  for (uint32_t i = 0; i < JitterBuffer::kMaxConcealed; ++i) EXPECT_EQ(PopOne(buffer).output, Output::Conceal);
  EXPECT_EQ(PopOne(buffer).output, Output::Idle);
  EXPECT_FALSE(buffer.Playing());
  // The talker resumes later with a new run of sequence numbers.
  for (uint16_t s = 500; s < 503; ++s) PushSeq(buffer, s);
  EXPECT_EQ(PopOne(buffer).sequence, 500);
}

TEST(JitterBuffer, AJumpFarAheadStartsOverAndBadPacketsAreRefused) {
  JitterBuffer buffer;
  for (uint16_t s = 0; s < 3; ++s) PushSeq(buffer, s);
  PopOne(buffer);
  for (uint16_t s = 30000; s < 30003; ++s) PushSeq(buffer, s);
  EXPECT_EQ(buffer.Counters().resets, 1u);
  EXPECT_EQ(PopOne(buffer).sequence, 30000);
  buffer.Push(30003, nullptr, 0);
  std::vector<uint8_t> huge(kMaxOpusPacketBytes + 1, 1);
  buffer.Push(30004, huge.data(), huge.size());
  EXPECT_EQ(buffer.Counters().rejected, 2u);
}

// The size rule at its edges: one byte and exactly kMaxOpusPacketBytes are packets, empty and one
// byte over are refused.
TEST(JitterBuffer, PacketsFromOneByteToTheOpusMaximumAreTakenWhole) {
  JitterBuffer buffer;
  const uint8_t one[1] = {7};
  buffer.Push(100, one, sizeof one);
  std::vector<uint8_t> largest(kMaxOpusPacketBytes, 2);
  buffer.Push(101, largest.data(), largest.size());
  std::vector<uint8_t> over(kMaxOpusPacketBytes + 1, 3);
  buffer.Push(102, over.data(), over.size());
  buffer.Push(103, one, 0);
  EXPECT_EQ(buffer.Counters().stored, 2u);
  EXPECT_EQ(buffer.Counters().rejected, 2u);
  for (uint16_t s = 104; s < 110; ++s) PushSeq(buffer, s);  // enough to start playing
  std::vector<size_t> sizes;
  for (int i = 0; i < 20 && sizes.size() < 2; ++i) {
    const uint8_t* packet = nullptr;
    size_t size = 0;
    if (buffer.Pop(packet, size) == Output::Packet) sizes.push_back(size);
  }
  EXPECT_EQ(sizes, (std::vector<size_t>{1, kMaxOpusPacketBytes}));
}

// The target comes down one frame after exactly kCalmTicksToShrink ticks without a late packet,
// counted from the late packet itself.
TEST(JitterBuffer, TheTargetComesDownAfterExactlyTheCalmTicksSinceTheLastLatePacket) {
  JitterBuffer buffer;
  for (uint16_t s = 0; s < 3; ++s) PushSeq(buffer, s);
  EXPECT_EQ(PopOne(buffer).sequence, 0);
  PushSeq(buffer, 0);  // late: the target goes up and the calm count starts again
  const uint32_t raised = buffer.TargetFrames();
  ASSERT_EQ(raised, JitterBuffer::kStartFrames + 1);
  uint16_t sequence = 3;
  for (uint32_t tick = 1; tick < JitterBuffer::kCalmTicksToShrink; ++tick) {
    PushSeq(buffer, sequence++);
    PopOne(buffer);
  }
  EXPECT_EQ(buffer.TargetFrames(), raised) << "one calm tick short";
  PushSeq(buffer, sequence++);
  PopOne(buffer);
  EXPECT_EQ(buffer.TargetFrames(), raised - 1);
  // And the count starts again from there: the next frame down takes as long.
  for (uint32_t tick = 1; tick < JitterBuffer::kCalmTicksToShrink; ++tick) {
    PushSeq(buffer, sequence++);
    PopOne(buffer);
  }
  EXPECT_EQ(buffer.TargetFrames(), raised - 1) << "one calm tick short";
  PushSeq(buffer, sequence++);
  PopOne(buffer);
  EXPECT_EQ(buffer.TargetFrames(), raised - 2);
  static_assert(JitterBuffer::kStartFrames + 1 - 2 >= JitterBuffer::kMinFrames);
}

// Nothing buffered, before the first packet and after a reset: no depth, and a Pop gives no
// packet and no size.
TEST(JitterBuffer, AnEmptyBufferHasNoDepth) {
  JitterBuffer buffer;
  EXPECT_EQ(buffer.DepthFrames(), 0u);
  const uint8_t* packet = reinterpret_cast<const uint8_t*>("x");
  size_t size = 99;
  EXPECT_EQ(buffer.Pop(packet, size), Output::Idle);
  EXPECT_EQ(packet, nullptr);
  EXPECT_EQ(size, 0u);
  PushSeq(buffer, 5);
  EXPECT_EQ(buffer.DepthFrames(), 1u);
  buffer.Reset();
  EXPECT_EQ(buffer.DepthFrames(), 0u);
}

}  // namespace
}  // namespace sdkpp::voice
