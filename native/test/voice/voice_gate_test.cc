// The send gate: VAD at its threshold (±3 dB) with its hangover, five silence frames when it
// closes, push-to-talk's release delay to the tick, self-mute, and the automatic threshold.
#include <cmath>
#include <cstdint>

#include "framework/test.h"
#include "voice/audio/voice_gate.h"

namespace sdkpp::voice {
namespace {

using Action = VoiceGate::Action;

TEST(VoiceGate, VadOpensThreeDecibelsAboveTheThresholdNotThreeBelow) {
  for (float threshold : {-60.0f, -40.0f, -20.0f}) {
    VoiceGate below;
    below.SetVadThreshold(false, threshold);
    EXPECT_EQ(below.Tick(threshold - 3), Action::Idle) << threshold;
    VoiceGate above;
    above.SetVadThreshold(false, threshold);
    EXPECT_EQ(above.Tick(threshold + 3), Action::Transmit) << threshold;
  }
}

// A level exactly at the threshold opens the gate (the threshold is the quietest level sent).
TEST(VoiceGate, VadOpensAtExactlyTheThreshold) {
  VoiceGate gate;
  gate.SetVadThreshold(false, -40);
  EXPECT_EQ(gate.Tick(-40), Action::Transmit);
}

// The automatic threshold follows noise, not the talker: ten seconds of steady speech 40 dB over
// a -60 dB floor lift the floor by about 0.05 dB a frame, so the talker is sent all along.
TEST(VoiceGate, SteadySpeechDoesNotLiftTheAutomaticThresholdOverTheTalker) {
  VoiceGate gate;
  gate.SetVadThreshold(true, -60);
  for (int i = 0; i < 50; ++i) gate.Tick(-60);  // the floor settles on the noise
  for (int i = 0; i < 500; ++i) ASSERT_EQ(gate.Tick(-20), Action::Transmit) << "frame " << i;
  EXPECT_LT(gate.EffectiveThresholdDb(), -20.0f);
}

// The split between noise (the floor follows within a second) and speech (slowly) is the margin
// itself: a level exactly 12 dB over the floor is speech.
TEST(VoiceGate, ALevelExactlyTheMarginOverTheFloorRisesItSlowly) {
  static_assert(VoiceGate::kAutomaticMarginDb == 12.0f);
  VoiceGate noise;
  noise.SetVadThreshold(true, -60);
  noise.Tick(-48.5f);  // under the margin: noise, the floor rises 0.5 dB
  EXPECT_FLOAT_EQ(noise.EffectiveThresholdDb(), -60.0f + 0.5f + 12.0f);
  VoiceGate speech;
  speech.SetVadThreshold(true, -60);
  speech.Tick(-48.0f);  // exactly the margin: speech, 0.05 dB
  EXPECT_FLOAT_EQ(speech.EffectiveThresholdDb(), -60.0f + 0.05f + 12.0f);
}

TEST(VoiceGate, ClosingSendsFiveSilenceFramesAfterTheHangoverThenNothing) {
  VoiceGate gate;
  gate.SetVadThreshold(false, -40);
  EXPECT_EQ(gate.Tick(-10), Action::Transmit);
  EXPECT_TRUE(gate.Speaking());
  for (uint32_t i = 0; i < VoiceGate::kVadHangoverTicks; ++i) EXPECT_EQ(gate.Tick(-90), Action::Transmit);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(gate.Tick(-90), Action::SilenceFrame);
    EXPECT_TRUE(gate.Speaking());
  }
  EXPECT_EQ(gate.Tick(-90), Action::Idle);
  EXPECT_FALSE(gate.Speaking());
}

TEST(VoiceGate, PushToTalkHoldsForItsReleaseDelayToTheTick) {
  for (uint32_t delay : {0u, 1u, 20u, 21u, 30u, 200u, 1999u, 2000u}) {
    VoiceGate gate;
    gate.SetMode(AudioModeType::MODE_PTT);
    gate.SetPttReleaseDelayMs(delay);
    EXPECT_EQ(gate.Tick(-10), Action::Idle) << "not pressed";
    gate.SetPttActive(true);
    EXPECT_EQ(gate.Tick(-90), Action::Transmit) << "pressed, even when quiet";
    gate.SetPttActive(false);
    const uint32_t hold_ticks = (delay + 19) / 20;
    for (uint32_t i = 0; i < hold_ticks; ++i) EXPECT_EQ(gate.Tick(-90), Action::Transmit) << delay << " ms, tick " << i;
    EXPECT_EQ(gate.Tick(-90), Action::SilenceFrame) << delay << " ms";
  }
  VoiceGate capped;
  capped.SetMode(AudioModeType::MODE_PTT);
  capped.SetPttReleaseDelayMs(60000);  // beyond 2000 ms: held to the maximum
  capped.SetPttActive(true);
  capped.Tick(0);
  capped.SetPttActive(false);
  int held = 0;
  while (capped.Tick(0) == Action::Transmit) ++held;
  EXPECT_EQ(held, 100);
}

TEST(VoiceGate, SelfMuteClosesTheGateWithSilenceFrames) {
  VoiceGate gate;
  gate.SetVadThreshold(false, -60);
  EXPECT_EQ(gate.Tick(-10), Action::Transmit);
  gate.SetMuted(true);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(gate.Tick(-10), Action::SilenceFrame);
  EXPECT_EQ(gate.Tick(-10), Action::Idle);
  gate.SetMuted(false);
  EXPECT_EQ(gate.Tick(-10), Action::Transmit);
}

TEST(VoiceGate, TheAutomaticThresholdFollowsTheNoiseFloor) {
  VoiceGate gate;
  gate.SetVadThreshold(true, -60);
  // A room at −50 dB: the threshold settles 12 dB above it and the noise itself stays out.
  for (int i = 0; i < 50; ++i) gate.Tick(-50);
  EXPECT_LT(std::abs(gate.EffectiveThresholdDb() - (-38.0f)), 1.0f);
  for (int i = 0; i < 20; ++i) gate.Tick(-50);
  EXPECT_EQ(gate.Tick(-50), Action::Idle);
  EXPECT_EQ(gate.Tick(-20), Action::Transmit);  // speech over it
  // Thresholds are kept to −100..0 dB.
  VoiceGate clamped;
  clamped.SetVadThreshold(false, 12);
  EXPECT_FLOAT_EQ(clamped.EffectiveThresholdDb(), 0.0f);
  clamped.SetVadThreshold(false, -400);
  EXPECT_FLOAT_EQ(clamped.EffectiveThresholdDb(), -100.0f);
}

}  // namespace
}  // namespace sdkpp::voice
