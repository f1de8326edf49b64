// The WASAPI backend's capture FIFO (plain C++, so it is tested on every host): whole 20 ms
// frames out of device packets of any size, a two-frame cushion after an open or a dry spell,
// silence for packets the device marked silent, and the oldest audio dropped when it overflows.
#include <cstdint>
#include <vector>

#include "framework/test.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/wasapi/capture_fifo.h"

namespace sdkpp::voice::wasapi {
namespace {

// `frames` 20 ms frames whose samples all carry `value`.
std::vector<int16_t> Frames(size_t frames, int16_t value) { return std::vector<int16_t>(frames * kFrameSamples, value); }

TEST(CaptureFifo, WaitsForTwoFramesThenGivesWholeFramesFromSmallPackets) {
  CaptureFifo fifo;
  std::vector<int16_t> frame(kFrameSamples, -1);
  // 10 ms packets (480 samples per channel), as most devices deliver.
  const std::vector<int16_t> packet(kFrameSamples / 2, 7);
  fifo.Push(packet.data(), packet.size());
  fifo.Push(packet.data(), packet.size());
  fifo.Take(frame.data());  // one frame there, but no cushion yet: silence
  EXPECT_EQ(frame[0], 0);
  EXPECT_EQ(fifo.underruns(), 0u);  // not primed yet: not an underrun
  fifo.Push(packet.data(), packet.size());
  fifo.Push(packet.data(), packet.size());
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 7);
  EXPECT_EQ(frame[kFrameSamples - 1], 7);
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 7);
  // Dry: silence, counted once primed, and the cushion is needed again.
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 0);
  EXPECT_EQ(fifo.underruns(), 1u);
  const auto one = Frames(1, 9);
  fifo.Push(one.data(), one.size());
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 0);
}

TEST(CaptureFifo, ASilentPacketIsZerosInItsPlace) {
  CaptureFifo fifo;
  const auto loud = Frames(1, 100);
  fifo.Push(loud.data(), loud.size());
  fifo.Push(nullptr, kFrameSamples);
  std::vector<int16_t> frame(kFrameSamples);
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 100);
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 0);
  EXPECT_EQ(frame[kFrameSamples - 1], 0);
}

TEST(CaptureFifo, OverflowDropsTheOldestAudio) {
  CaptureFifo fifo;
  const auto old_audio = Frames(8, 1);
  const auto new_audio = Frames(4, 2);
  fifo.Push(old_audio.data(), old_audio.size());
  fifo.Push(new_audio.data(), new_audio.size());  // 12 frames into room for 10
  EXPECT_EQ(fifo.dropped_frames(), 2u);
  std::vector<int16_t> frame(kFrameSamples);
  for (int i = 0; i < 6; ++i) {
    fifo.Take(frame.data());
    EXPECT_EQ(frame[0], 1) << "frame " << i;
  }
  for (int i = 0; i < 4; ++i) {
    fifo.Take(frame.data());
    EXPECT_EQ(frame[0], 2) << "frame " << i;
  }
  // A packet larger than the whole FIFO keeps its newest part.
  std::vector<int16_t> huge = Frames(12, 3);
  huge.back() = 4;
  fifo.Push(huge.data(), huge.size());
  EXPECT_EQ(fifo.dropped_frames(), 4u);
  for (int i = 0; i < 10; ++i) fifo.Take(frame.data());
  EXPECT_EQ(frame[kFrameSamples - 1], 4);
}

TEST(CaptureFifo, ClearStartsOverWithTheCushion) {
  CaptureFifo fifo;
  const auto audio = Frames(3, 5);
  fifo.Push(audio.data(), audio.size());
  fifo.Clear();
  const auto one = Frames(1, 6);
  fifo.Push(one.data(), one.size());
  std::vector<int16_t> frame(kFrameSamples);
  fifo.Take(frame.data());
  EXPECT_EQ(frame[0], 0);
}

}  // namespace
}  // namespace sdkpp::voice::wasapi
