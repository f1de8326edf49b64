// The virtual device backend: its microphone sources reach the sink, what the sink plays is the
// speaker history, devices come and go with the change listener, and the real-time clock ticks
// on its own thread until Stop (and never after).
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <thread>
#include <vector>

#include "framework/test.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/pcm_math.h"
#include "voice/tone_measure.h"
#include "voice/audio/virtual_audio_backend.h"

namespace sdkpp::voice {
namespace {

using testing::ZeroCrossingHz;

// Plays back what it captures (a loopback), and counts the frames.
struct LoopbackSink : AudioFrameSink {
  std::atomic<uint64_t> frames{0};
  uint64_t last_index = 0;
  void OnAudioFrame(const int16_t* captured, int16_t* playback, uint64_t frame_index) override {
    std::copy(captured, captured + kFrameSamples, playback);
    last_index = frame_index;
    ++frames;
  }
};

TEST(VirtualAudioBackend, TheMicrophoneSineReachesTheSpeakerThroughTheSink) {
  auto backend = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
  LoopbackSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error)) << error;
  backend->PlaySine(440, -6);
  backend->Advance(50);  // one second
  EXPECT_EQ(sink.frames.load(), 50u);
  EXPECT_EQ(sink.last_index, 49u);
  const auto heard = backend->SpeakerHistory(50);
  ASSERT_EQ(heard.size(), 50 * kFrameSamples);
  EXPECT_LT(std::fabs(ZeroCrossingHz(heard) - 440), 2.0);
  EXPECT_LT(std::fabs(LevelDbfs(heard.data(), heard.size()) - (-6 - 3.01f)), 0.2f);
  backend->PlaySilence();
  backend->ClearSpeakerHistory();
  backend->Advance(5);
  const auto quiet = backend->SpeakerHistory(100);
  ASSERT_EQ(quiet.size(), 5 * kFrameSamples);
  EXPECT_FLOAT_EQ(LevelDbfs(quiet.data(), quiet.size()), kSilenceDbfs);
  backend->Stop();
  backend->Advance(5);  // stopped: nothing runs
  EXPECT_EQ(sink.frames.load(), 55u);
}

TEST(VirtualAudioBackend, PcmClipsLoopOrEndAndFedPcmRunsDryIntoSilence) {
  auto backend = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
  LoopbackSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error));
  std::vector<int16_t> clip(kFrameSamples / 2, 1000);  // half a frame
  backend->PlayPcm(clip, false);
  backend->Advance(1);
  auto frame = backend->SpeakerHistory(1);
  EXPECT_EQ(frame[0], 1000);
  EXPECT_EQ(frame[kFrameSamples / 2 - 1], 1000);
  EXPECT_EQ(frame[kFrameSamples / 2], 0);  // the clip ended
  backend->PlayPcm(clip, true);
  backend->Advance(1);
  frame = backend->SpeakerHistory(1);
  EXPECT_EQ(frame[kFrameSamples - 1], 1000);  // looped

  std::vector<int16_t> fed(kFrameSamples + 10, -500);
  ASSERT_TRUE(backend->FeedPcm(fed.data(), fed.size()));
  backend->Advance(2);
  const auto two = backend->SpeakerHistory(2);
  EXPECT_EQ(two[0], -500);
  EXPECT_EQ(two[kFrameSamples + 9], -500);
  EXPECT_EQ(two[kFrameSamples + 10], 0);  // ran dry: silence
  std::vector<int16_t> too_much(kFrameSamples * 200, 1);
  EXPECT_FALSE(backend->FeedPcm(too_much.data(), too_much.size()));  // over the 2 s ring: refused whole
}

TEST(VirtualAudioBackend, DevicesComeAndGoWithTheChangeListener) {
  auto backend = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
  int changes = 0;
  backend->SetDeviceChangeListener([&] { ++changes; });
  ASSERT_EQ(backend->InputDevices().size(), 1u);
  EXPECT_TRUE(backend->InputDevices()[0].is_default);
  EXPECT_EQ(backend->CurrentInputId(), "");
  EXPECT_FALSE(backend->SelectInput("usb-headset"));
  backend->AddVirtualDevice(true, {"usb-headset", "USB headset", false});
  EXPECT_EQ(changes, 1);
  EXPECT_EQ(backend->InputDevices().size(), 2u);
  EXPECT_TRUE(backend->SelectInput("usb-headset"));
  EXPECT_EQ(backend->CurrentInputId(), "usb-headset");
  backend->RemoveVirtualDevice(true, "usb-headset");
  EXPECT_EQ(changes, 2);
  EXPECT_EQ(backend->CurrentInputId(), "");  // back to the default
  EXPECT_FALSE(backend->SelectOutput("nope"));
  EXPECT_TRUE(backend->SelectOutput("virtual-speaker"));
  EXPECT_EQ(std::string(backend->Name()), "virtual");
}

TEST(VirtualAudioBackend, TheRealTimeClockTicksOnItsOwnThreadUntilStop) {
  auto backend = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::RealTime);
  LoopbackSink sink;
  std::string error;
  ASSERT_TRUE(backend->Start(sink, error));
  EXPECT_FALSE(backend->Start(sink, error));  // already running
  EXPECT_FALSE(error.empty());
  // Bounded wait for a few ticks (no timing asserted beyond "it ticks").
  for (int i = 0; i < 200 && sink.frames.load() < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_GE(sink.frames.load(), 3u);
  backend->Stop();
  EXPECT_FALSE(backend->IsRunning());
  const uint64_t after_stop = sink.frames.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_EQ(sink.frames.load(), after_stop);
}

}  // namespace
}  // namespace sdkpp::voice
