// Sample arithmetic: levels, volume gains (±0.5 dB), saturation instead of wrap-around, and the
// test sine's frequency.
#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/test.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/pcm_math.h"
#include "voice/tone_measure.h"

namespace sdkpp::voice {
namespace {

using testing::ZeroCrossingHz;

std::vector<int16_t> Sine(double hz, double dbfs, size_t frames = kSamplesPerChannel * 50) {
  std::vector<int16_t> pcm(frames * 2);
  double phase = 0;
  FillSine(pcm.data(), frames, hz, dbfs, kSampleRate, phase);
  return pcm;
}

TEST(PcmMath, LevelOfSilenceAndOfAFullScaleSine) {
  std::vector<int16_t> silence(kFrameSamples, 0);
  EXPECT_FLOAT_EQ(LevelDbfs(silence.data(), silence.size()), kSilenceDbfs);
  auto sine = Sine(1000, 0);
  // A full-scale sine's RMS is 1/√2 of its peak: −3.01 dB.
  EXPECT_LT(std::fabs(LevelDbfs(sine.data(), sine.size()) + 3.01f), 0.05f);
  auto quiet = Sine(1000, -40);
  EXPECT_LT(std::fabs(LevelDbfs(quiet.data(), quiet.size()) + 43.01f), 0.1f);
}

TEST(PcmMath, VolumesAreLinearPercentagesWithinHalfADecibel) {
  const auto reference = Sine(440, -10);
  const float reference_db = LevelDbfs(reference.data(), reference.size());
  struct Case { float volume; double expected_db; };
  for (Case c : {Case{50, -6.02}, Case{25, -12.04}, Case{200, 6.02}, Case{100, 0}}) {
    auto pcm = reference;
    ApplyGain(pcm.data(), pcm.size(), VolumeToGain(c.volume));
    const double change = LevelDbfs(pcm.data(), pcm.size()) - reference_db;
    EXPECT_LT(std::fabs(change - c.expected_db), 0.5) << "volume " << c.volume << " changed " << change << " dB";
  }
  EXPECT_FLOAT_EQ(VolumeToGain(-5), 0.0f);
  auto muted = reference;
  ApplyGain(muted.data(), muted.size(), VolumeToGain(0));
  EXPECT_FLOAT_EQ(LevelDbfs(muted.data(), muted.size()), kSilenceDbfs);
}

TEST(PcmMath, GainAndMixSaturateInsteadOfWrappingAround) {
  std::vector<int16_t> loud = {30000, -30000, 20000, -20000};
  auto doubled = loud;
  ApplyGain(doubled.data(), doubled.size(), 2.0f);
  EXPECT_EQ(doubled, (std::vector<int16_t>{32767, -32768, 32767, -32768}));

  std::vector<int32_t> accumulator(4, 0);
  AccumulateInto(accumulator.data(), loud.data(), loud.size(), 1.0f);
  AccumulateInto(accumulator.data(), loud.data(), loud.size(), 1.0f);
  AccumulateInto(accumulator.data(), loud.data(), loud.size(), 1.0f);
  std::vector<int16_t> mixed(4);
  SaturateTo(mixed.data(), accumulator.data(), 4, 1.0f);
  EXPECT_EQ(mixed, (std::vector<int16_t>{32767, -32768, 32767, -32768}));
  // Under full scale the mix is the exact sum.
  std::vector<int16_t> a = {100, -200}, b = {1000, 50};
  std::vector<int32_t> sum(2, 0);
  AccumulateInto(sum.data(), a.data(), 2, 1.0f);
  AccumulateInto(sum.data(), b.data(), 2, 0.5f);
  SaturateTo(mixed.data(), sum.data(), 2, 1.0f);
  EXPECT_EQ(mixed[0], 600);
  EXPECT_EQ(mixed[1], -175);
}

TEST(PcmMath, TheTestSineHasItsFrequencyAcrossFrames) {
  // Filled frame by frame, as the virtual microphone does: the phase carries over.
  std::vector<int16_t> pcm(kFrameSamples * 50);
  double phase = 0;
  for (size_t frame = 0; frame < 50; ++frame) FillSine(pcm.data() + frame * kFrameSamples, kSamplesPerChannel, 440, -6, kSampleRate, phase);
  EXPECT_LT(std::fabs(ZeroCrossingHz(pcm) - 440), 2.0);
  EXPECT_LT(std::fabs(ZeroCrossingHz(Sine(660, -6)) - 660), 2.0);
}

}  // namespace
}  // namespace sdkpp::voice
