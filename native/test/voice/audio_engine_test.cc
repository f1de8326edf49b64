// The audio engine on manual-clock virtual devices: a tone through the codec from one engine's
// microphone to another's speaker, volumes and mutes in decibels, the hooks, the VAD and PTT
// gate with its silence frames, speaking events to the tick, a shuffled network, calls
// released, and no heap allocation on the audio thread in steady state.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "framework/test.h"
#include "voice/allocation_counter.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/opus_codec.h"
#include "voice/audio/pcm_math.h"
#include "voice/audio/virtual_audio_backend.h"
#include "voice/engine_rig.h"
#include "voice/tone_measure.h"

namespace sdkpp::voice {
namespace {

using testing::Link;
using testing::RecordedEvent;
using testing::Side;
using testing::ZeroCrossingHz;
using Kind = RecordedEvent::Kind;

constexpr uint64_t kCall = 10;
constexpr uint64_t kUser = 77;
constexpr double kRmsOfSine = 3.0103;  // a sine's RMS is this far below its peak

float Level(const std::vector<int16_t>& pcm) { return LevelDbfs(pcm.data(), pcm.size()); }

void Connect(Side& a, Side& b, CallAudioHooks hooks_b = {}) {
  ASSERT_TRUE(a.AddCall(kCall));
  ASSERT_TRUE(b.AddCall(kCall, std::move(hooks_b)));
  b.engine->AddParticipant(kCall, kUser);
}

TEST(AudioEngine, ASineThroughTheCodecReachesTheOtherSpeakerAt440Hz) {
  Side a, b;
  Connect(a, b);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(100);
  const auto heard = b.Heard(50);
  ASSERT_EQ(heard.size(), 50 * kFrameSamples);
  EXPECT_LT(std::fabs(ZeroCrossingHz(heard) - 440), 2.0);
  EXPECT_LT(std::fabs(Level(heard) - (-20 - kRmsOfSine)), 1.0f);
  const auto counters = b.engine->Counters();
  EXPECT_GE(counters.frames_decoded, 95u);
  EXPECT_EQ(counters.frames_concealed, 0u);
  EXPECT_EQ(a.engine->Counters().frames_encoded, 100u);
  // A's own speaker stays quiet: nobody talks to A.
  EXPECT_FLOAT_EQ(Level(a.Heard(50)), kSilenceDbfs);
}

TEST(AudioEngine, SentFramesCarryTheAudioClockAndTheRingKeepsTheNewest64) {
  Side a;
  ASSERT_TRUE(a.AddCall(kCall));
  a.device->PlaySine(440, -20);
  a.Tick(3);
  auto frames = a.Sent(kCall);
  ASSERT_EQ(frames.size(), 3u);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(frames[i].audio_timestamp, i * 960u);
    EXPECT_FALSE(frames[i].silence);
    EXPECT_GT(frames[i].size, 3u);
  }
  // The JS thread stalls for 100 ticks: the oldest frames go, counted.
  a.Tick(100);
  frames = a.Sent(kCall);
  ASSERT_EQ(frames.size(), 64u);
  EXPECT_EQ(frames.front().audio_timestamp, (103u - 64u) * 960u);
  EXPECT_EQ(frames.back().audio_timestamp, 102u * 960u);
  EXPECT_EQ(a.engine->Counters().outgoing_dropped, 36u);
  EXPECT_GE(a.wakes.load(), 1u);
  EXPECT_LE(a.wakes.load(), 103u);  // at most once per tick
}

// The level B hears from A once the tone settled, in dBFS.
float SettledLevel(Side& a, Side& b, Link& link) {
  b.device->ClearSpeakerHistory();
  link.Step(30);
  return Level(b.Heard(20));
}

TEST(AudioEngine, ParticipantOutputAndInputVolumesScaleTheLevelInDecibels) {
  Side a, b;
  Connect(a, b);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(20);
  const float unity = SettledLevel(a, b, link);
  EXPECT_LT(std::fabs(unity - (-20 - kRmsOfSine)), 1.0f);

  b.engine->SetParticipantVolume(kCall, kUser, 50);
  EXPECT_LT(std::fabs(SettledLevel(a, b, link) - unity - (-6.02f)), 0.5f) << "participant volume 50";
  b.engine->SetParticipantVolume(kCall, kUser, 200);
  EXPECT_LT(std::fabs(SettledLevel(a, b, link) - unity - 6.02f), 0.5f) << "participant volume 200";
  b.engine->SetParticipantVolume(kCall, kUser, 100);

  b.engine->SetOutputVolume(50);
  EXPECT_LT(std::fabs(SettledLevel(a, b, link) - unity - (-6.02f)), 0.5f) << "output volume 50";
  b.engine->SetOutputVolume(0);
  EXPECT_FLOAT_EQ(SettledLevel(a, b, link), kSilenceDbfs);
  b.engine->SetOutputVolume(100);

  a.engine->SetInputVolume(50);
  EXPECT_LT(std::fabs(SettledLevel(a, b, link) - unity - (-6.02f)), 0.5f) << "input volume 50";
  a.engine->SetInputVolume(100);

  // Out of range or not a number: refused with a log line, the volume unchanged.
  b.engine->SetParticipantVolume(kCall, kUser, 250);
  b.engine->SetOutputVolume(std::nanf(""));
  EXPECT_LT(std::fabs(SettledLevel(a, b, link) - unity), 0.5f);
  EXPECT_GE(b.events.Of(Kind::Log).size(), 2u);
}

TEST(AudioEngine, LocalMuteDeafenAndTheReceivedHookSilenceTheSpeaker) {
  Side a, b;
  bool hook_mutes = false;
  uint64_t hook_calls = 0;
  CallAudioHooks hooks;
  hooks.received = [&](uint64_t user_id, int16_t*, uint64_t samples, int32_t rate, uint64_t channels, bool& mute) {
    ++hook_calls;
    EXPECT_EQ(user_id, kUser);
    EXPECT_EQ(samples, 960u);
    EXPECT_EQ(rate, 48000);
    EXPECT_EQ(channels, 2u);
    mute = hook_mutes;
  };
  Connect(a, b, hooks);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(20);
  EXPECT_GT(SettledLevel(a, b, link), -30.0f);
  EXPECT_GT(hook_calls, 20u);

  b.engine->SetLocalMute(kCall, kUser, true);
  EXPECT_FLOAT_EQ(SettledLevel(a, b, link), kSilenceDbfs) << "local mute";
  b.engine->SetLocalMute(kCall, kUser, false);
  EXPECT_GT(SettledLevel(a, b, link), -30.0f);

  b.engine->SetSelfDeaf(kCall, true);
  EXPECT_FLOAT_EQ(SettledLevel(a, b, link), kSilenceDbfs) << "deafened";
  b.engine->SetSelfDeaf(kCall, false);
  EXPECT_GT(SettledLevel(a, b, link), -30.0f);

  hook_mutes = true;
  EXPECT_FLOAT_EQ(SettledLevel(a, b, link), kSilenceDbfs) << "outShouldMute";
  hook_mutes = false;
  EXPECT_GT(SettledLevel(a, b, link), -30.0f);
}

TEST(AudioEngine, TheCapturedHookEditsWhatIsSent) {
  Side a, b;
  double phase = 0;
  CallAudioHooks hooks;
  hooks.captured = [&](int16_t* data, uint64_t samples, int32_t rate, uint64_t channels) {
    EXPECT_EQ(samples, 960u);
    EXPECT_EQ(rate, 48000);
    EXPECT_EQ(channels, 2u);
    FillSine(data, samples, 660, -20, rate, phase);  // the app replaces the microphone
  };
  ASSERT_TRUE(a.AddCall(kCall, hooks));
  ASSERT_TRUE(b.AddCall(kCall));
  b.engine->AddParticipant(kCall, kUser);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(100);
  EXPECT_LT(std::fabs(ZeroCrossingHz(b.Heard(50)) - 660), 2.0);
}

// Frames sent over `ticks` ticks: {audio, silence}.
std::pair<int, int> CountSent(Side& side, int ticks) {
  int audio = 0, silence = 0;
  for (int i = 0; i < ticks; ++i) {
    side.Tick();
    for (const auto& frame : side.Sent(kCall)) {
      if (frame.silence) {
        ++silence;
        EXPECT_EQ(frame.size, 3u);
        EXPECT_EQ(std::memcmp(frame.data, kOpusSilenceFrame, 3), 0);
      } else {
        ++audio;
      }
    }
  }
  return {audio, silence};
}

TEST(AudioEngine, VadOpensThreeDecibelsAboveItsThresholdAndNotThreeBelow) {
  for (float threshold : {-60.0f, -40.0f}) {
    Side above;
    ASSERT_TRUE(above.AddCall(kCall));
    above.engine->SetVadThreshold(kCall, false, threshold);
    above.device->PlaySine(440, threshold + 3 + kRmsOfSine);  // RMS 3 dB above
    EXPECT_EQ(CountSent(above, 20), std::make_pair(20, 0)) << threshold;

    Side below;
    ASSERT_TRUE(below.AddCall(kCall));
    below.engine->SetVadThreshold(kCall, false, threshold);
    below.device->PlaySine(440, threshold - 3 + kRmsOfSine);
    EXPECT_EQ(CountSent(below, 20), std::make_pair(0, 0)) << threshold;
  }
  // The default threshold is −60 dB.
  Side quiet;
  ASSERT_TRUE(quiet.AddCall(kCall));
  quiet.device->PlaySine(440, -63 + kRmsOfSine);
  EXPECT_EQ(CountSent(quiet, 20), std::make_pair(0, 0));
}

TEST(AudioEngine, ExactlyFiveSilenceFramesWhenTheGateClosesThenNothing) {
  Side a;
  ASSERT_TRUE(a.AddCall(kCall));
  a.device->PlaySine(440, -20);
  EXPECT_EQ(CountSent(a, 10), std::make_pair(10, 0));
  a.device->PlaySilence();
  // The VAD hangover (200 ms) still sends, then five silence frames, then nothing at all.
  EXPECT_EQ(CountSent(a, 100), std::make_pair(10, 5));
  // Self-mute: the same five, then nothing while the tone goes on.
  a.device->PlaySine(440, -20);
  EXPECT_EQ(CountSent(a, 5), std::make_pair(5, 0));
  a.engine->SetSelfMute(kCall, true);
  EXPECT_EQ(CountSent(a, 50), std::make_pair(0, 5));
  a.engine->SetSelfMute(kCall, false);
  EXPECT_EQ(CountSent(a, 5), std::make_pair(5, 0));
  // The local speaking status follows the gate: on, off after the silence frames, on, off, on.
  const auto local = a.events.Of(Kind::LocalSpeaking);
  ASSERT_EQ(local.size(), 5u);
  EXPECT_TRUE(local[0].flag);
  EXPECT_EQ(local[0].tick, 1u);
  EXPECT_FALSE(local[1].flag);
  EXPECT_EQ(local[1].tick, 10u + 10u + 5u + 1u);  // the tick after the fifth silence frame
  EXPECT_TRUE(local[2].flag);
  EXPECT_FALSE(local[3].flag);
  EXPECT_TRUE(local[4].flag);
}

TEST(AudioEngine, PushToTalkHoldsForItsReleaseDelayToTheTick) {
  for (uint32_t delay : {0u, 20u, 30u, 100u, 2000u}) {
    Side a;
    ASSERT_TRUE(a.AddCall(kCall));
    a.engine->SetAudioMode(kCall, AudioModeType::MODE_PTT);
    a.engine->SetPttReleaseDelay(kCall, delay);
    a.device->PlaySine(440, -20);
    EXPECT_EQ(CountSent(a, 5), std::make_pair(0, 0)) << "not pressed";
    a.engine->SetPttActive(kCall, true);
    EXPECT_EQ(CountSent(a, 10), std::make_pair(10, 0)) << delay;
    a.engine->SetPttActive(kCall, false);
    const int hold = static_cast<int>((delay + 19) / 20);
    EXPECT_EQ(CountSent(a, hold), std::make_pair(hold, 0)) << delay << " ms";
    EXPECT_EQ(CountSent(a, 5), std::make_pair(0, 5)) << delay << " ms";
    EXPECT_EQ(CountSent(a, 20), std::make_pair(0, 0)) << delay << " ms";
  }
  Side refused;
  ASSERT_TRUE(refused.AddCall(kCall));
  refused.engine->SetPttReleaseDelay(kCall, 2001);
  refused.Tick();
  EXPECT_EQ(refused.events.Of(Kind::Log).size(), 1u);
}

TEST(AudioEngine, SpeakingStartsAtTheFirstDecodedSoundAndEnds200MsAfterTheLast) {
  Side a, b;
  uint64_t last_sound_tick = 0;
  CallAudioHooks hooks;
  hooks.received = [&](uint64_t, int16_t* pcm, uint64_t, int32_t, uint64_t, bool&) {
    if (LevelDbfs(pcm, kFrameSamples) > -80) last_sound_tick = b.events.tick + 1;  // the tick running
  };
  Connect(a, b, hooks);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(10);
  EXPECT_TRUE(b.events.Of(Kind::Speaking).empty()) << "silence is not speaking";
  a.device->PlaySine(440, -20);
  link.Step(30);
  auto speaking = b.events.Of(Kind::Speaking);
  ASSERT_EQ(speaking.size(), 1u);
  EXPECT_TRUE(speaking[0].flag);
  EXPECT_EQ(speaking[0].call_id, kCall);
  EXPECT_EQ(speaking[0].user_id, kUser);
  a.device->PlaySilence();
  link.Step(60);
  speaking = b.events.Of(Kind::Speaking);
  ASSERT_EQ(speaking.size(), 2u);
  EXPECT_FALSE(speaking[1].flag);
  EXPECT_EQ(speaking[1].tick, last_sound_tick + 10);
}

// 100 tone frames encoded by `a`, for tests that play the network themselves.
std::vector<OutgoingOpusFrame> RecordTone(size_t frames) {
  Side a;
  EXPECT_TRUE(a.AddCall(kCall));
  a.device->PlaySine(440, -20);
  std::vector<OutgoingOpusFrame> recorded;
  for (size_t i = 0; i < frames; ++i) {
    a.Tick();
    for (const auto& frame : a.Sent(kCall)) recorded.push_back(frame);
  }
  return recorded;
}

TEST(AudioEngine, ReorderedAndDuplicatedPacketsStillPlayTheTone) {
  const auto tone = RecordTone(100);
  ASSERT_EQ(tone.size(), 100u);
  Side b;
  ASSERT_TRUE(b.AddCall(kCall));
  b.engine->AddParticipant(kCall, kUser);
  const uint16_t first = 65500;  // across the 65535 → 0 wrap
  auto push = [&](size_t index) {
    if (index >= tone.size()) return;
    b.engine->PushReceived(kCall, kUser, static_cast<uint16_t>(first + index), tone[index].audio_timestamp,
                           tone[index].data, tone[index].size);
  };
  for (size_t tick = 0; tick < 100; ++tick) {
    if (tick % 2 == 0) {
      push(tick + 1);  // the later packet overtakes the earlier one
      push(tick);
    } else {
      push(tick - 1);  // and the earlier one comes again
    }
    b.Tick();
  }
  EXPECT_LT(std::fabs(ZeroCrossingHz(b.Heard(50)) - 440), 2.0);
  const auto counters = b.engine->Counters();
  EXPECT_GE(counters.duplicate_packets, 45u);
  EXPECT_EQ(counters.frames_concealed, 0u);
  EXPECT_EQ(counters.late_packets, 0u);
}

TEST(AudioEngine, PacketsForUnknownUsersOrOfBadSizeAreCountedNotPlayed) {
  Side b;
  ASSERT_TRUE(b.AddCall(kCall));
  b.engine->AddParticipant(kCall, kUser);
  const uint8_t big[kMaxOpusPacketBytes + 1] = {};
  b.engine->PushReceived(kCall, kUser, 1, 0, big, sizeof big);
  b.engine->PushReceived(kCall, kUser, 2, 0, big, 0);
  b.engine->PushReceived(kCall, kUser, 3, 0, nullptr, 10);
  b.engine->PushReceived(kCall, 999, 4, 0, big, 10);
  b.engine->PushReceived(12345, kUser, 5, 0, big, 10);  // no such call
  b.Tick(10);
  const auto counters = b.engine->Counters();
  EXPECT_EQ(counters.rejected_packets, 3u);
  EXPECT_EQ(counters.unknown_user_packets, 1u);
  EXPECT_EQ(counters.frames_decoded, 0u);
  // Corrupt packets (zeros: a 10 ms SILK packet, not the call's 20 ms) play as silence, logged once.
  for (uint16_t i = 0; i < 10; ++i) b.engine->PushReceived(kCall, kUser, static_cast<uint16_t>(100 + i), 0, big, 10);
  b.Tick(10);
  EXPECT_GE(b.engine->Counters().decode_errors, 5u);
  EXPECT_EQ(b.events.Of(Kind::Log).size(), 1u);
  EXPECT_FLOAT_EQ(Level(b.Heard(10)), kSilenceDbfs);
}

TEST(AudioEngine, RemoveCallReportsTheReleaseAfterTheAudioThreadLetGo) {
  Side a;
  ASSERT_TRUE(a.AddCall(1));
  ASSERT_TRUE(a.AddCall(2));
  std::string error;
  EXPECT_FALSE(a.engine->AddCall(1, {}, error));
  EXPECT_NE(error.find("already"), std::string::npos);
  a.engine->AddParticipant(1, kUser);
  a.Tick(2);
  EXPECT_TRUE(a.device->IsRunning());

  a.engine->RemoveCall(1);
  a.engine->DrainEvents(a.events);
  EXPECT_TRUE(a.events.Of(Kind::Released).empty()) << "not before the audio thread's next tick";
  a.Tick();
  auto released = a.events.Of(Kind::Released);
  ASSERT_EQ(released.size(), 1u);
  EXPECT_EQ(released[0].call_id, 1u);
  EXPECT_TRUE(a.device->IsRunning()) << "call 2 still runs";
  OutgoingOpusFrame frame;
  EXPECT_FALSE(a.engine->PopOutgoing(1, frame));

  a.engine->RemoveCall(2);
  a.Tick();
  released = a.events.Of(Kind::Released);
  ASSERT_EQ(released.size(), 2u);
  EXPECT_EQ(released[1].call_id, 2u);
  EXPECT_FALSE(a.device->IsRunning()) << "stopped after the last call was released";
  a.Tick(3);
  EXPECT_EQ(a.events.Of(Kind::Released).size(), 2u);

  // A new call starts the device again, on the same audio clock.
  ASSERT_TRUE(a.AddCall(3));
  EXPECT_TRUE(a.device->IsRunning());
  a.device->PlaySine(440, -20);
  a.Tick();
  const auto frames = a.Sent(3);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].audio_timestamp, 4u * 960u);

  a.engine->Shutdown();
  EXPECT_FALSE(a.device->IsRunning());
  EXPECT_FALSE(a.engine->AddCall(4, {}, error));
  EXPECT_NE(error.find("shut down"), std::string::npos);
}

TEST(AudioEngine, RemovedParticipantsStopSpeakingAndTheirPacketsAreCounted) {
  Side a, b;
  Connect(a, b);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(20);
  ASSERT_EQ(b.events.Of(Kind::Speaking).size(), 1u);
  b.engine->RemoveParticipant(kCall, kUser);
  link.Step(5);
  const auto speaking = b.events.Of(Kind::Speaking);
  ASSERT_EQ(speaking.size(), 2u);
  EXPECT_FALSE(speaking[1].flag);
  EXPECT_GE(b.engine->Counters().unknown_user_packets, 4u);
  EXPECT_FLOAT_EQ(Level(b.Heard(3)), kSilenceDbfs);
  // Back again, with the volume chosen while away.
  b.engine->SetParticipantVolume(kCall, kUser, 50);
  b.engine->AddParticipant(kCall, kUser);
  link.Step(40);
  EXPECT_LT(std::fabs(Level(b.Heard(20)) - (-20 - kRmsOfSine - 6.02f)), 1.0f);
}

TEST(AudioEngine, DeviceChangesAndMissingInputAreReported) {
  Side a;
  ASSERT_TRUE(a.AddCall(kCall));
  a.engine->SetNoAudioInputThreshold(-50);
  a.device->PlaySine(440, -60);  // below the threshold: no input
  a.Tick(49);
  EXPECT_TRUE(a.events.Of(Kind::NoInput).empty());
  a.Tick();
  auto input = a.events.Of(Kind::NoInput);
  ASSERT_EQ(input.size(), 1u);
  EXPECT_FALSE(input[0].flag);
  EXPECT_EQ(input[0].tick, 50u);
  a.device->PlaySine(440, -20);
  a.Tick();
  input = a.events.Of(Kind::NoInput);
  ASSERT_EQ(input.size(), 2u);
  EXPECT_TRUE(input[1].flag);

  a.engine->SetInputVolume(0);  // a turned-down microphone is not a missing one
  a.Tick(60);
  EXPECT_EQ(a.events.Of(Kind::NoInput).size(), 2u);

  const uint64_t wakes = a.wakes.load();
  a.device->AddVirtualDevice(true, {"usb-mic", "USB microphone", false});
  EXPECT_GT(a.wakes.load(), wakes);
  a.engine->DrainEvents(a.events);
  EXPECT_EQ(a.events.Of(Kind::Devices).size(), 1u);
}

TEST(AudioEngine, AThrowingHookIsCaughtCountedAndLoggedOnce) {
  Side a;
  CallAudioHooks hooks;
  hooks.captured = [](int16_t*, uint64_t, int32_t, uint64_t) { throw std::runtime_error("app bug"); };
  ASSERT_TRUE(a.AddCall(kCall, hooks));
  a.device->PlaySine(440, -20);
  EXPECT_EQ(CountSent(a, 10), std::make_pair(10, 0)) << "the frame goes on as the hook left it";
  EXPECT_EQ(a.engine->Counters().hook_errors, 10u);
  EXPECT_EQ(a.events.Of(Kind::Log).size(), 1u);
}

TEST(AudioEngine, TickEndComesOncePerTickAfterTheOtherHooksAndCountsLateFrames) {
  Side a, b;
  std::string order;
  CallAudioHooks hooks;
  hooks.captured = [&](int16_t*, uint64_t, int32_t, uint64_t) { order += 'c'; };
  hooks.received = [&](uint64_t, int16_t*, uint64_t, int32_t, uint64_t, bool&) { order += 'r'; };
  hooks.tick_end = [&]() -> uint32_t {
    order += 'e';
    return 2;
  };
  Connect(a, b, hooks);
  a.device->PlaySine(440, -20);
  Link link{a, kCall, b, kCall, kUser};
  link.Step(20);
  // Every tick is "c", then "r" when A's frame plays, then "e"; the first ones have no talker
  // yet (the jitter buffer fills), the last ones do.
  ASSERT_EQ(order.size() - std::count(order.begin(), order.end(), 'r'), 40u);
  EXPECT_EQ(order.substr(0, 2), "ce");
  EXPECT_EQ(order.substr(order.size() - 3), "cre");
  EXPECT_EQ(order.find("rr"), std::string::npos);
  EXPECT_EQ(order.find("ec"), 1u);
  EXPECT_EQ(b.engine->Counters().hook_late, 40u) << "two per tick, as tick_end answered";

  Side c;
  CallAudioHooks throwing;
  throwing.tick_end = []() -> uint32_t { throw std::runtime_error("bridge bug"); };
  ASSERT_TRUE(c.AddCall(kCall, throwing));
  c.Tick(3);
  EXPECT_EQ(c.engine->Counters().hook_errors, 3u);
  EXPECT_EQ(c.engine->Counters().hook_late, 0u);
}

TEST(AudioEngine, WithoutABackendTheVirtualOnePlaysWithAWarning) {
  auto engine = CreateAudioEngine(nullptr, {});
  EXPECT_STREQ(engine->Backend().Name(), "virtual");
  testing::RecordingEvents events;
  engine->DrainEvents(events);
  ASSERT_EQ(events.Of(Kind::Log).size(), 1u);
  EXPECT_NE(events.seen[0].message.find("virtual"), std::string::npos);
}

TEST(AudioEngine, ACodecThatCannotBeMadeRefusesTheCallOrTheTalkerClearly) {
  AudioCodecFactory broken;
  broken.encoder = [](std::string& error) -> std::unique_ptr<OpusFrameEncoder> {
    error = "no memory for the encoder";
    return nullptr;
  };
  broken.decoder = [](std::string& error) -> std::unique_ptr<OpusFrameDecoder> {
    error = "no memory for the decoder";
    return nullptr;
  };
  auto device = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual);
  VirtualAudioBackend* const speaker = device.get();
  auto engine = CreateAudioEngine(std::move(device), {}, broken);
  std::string error;
  EXPECT_FALSE(engine->AddCall(kCall, {}, error));
  EXPECT_NE(error.find("no memory for the encoder"), std::string::npos) << error;
  EXPECT_FALSE(speaker->IsRunning()) << "nothing started for a refused call";

  AudioCodecFactory half;
  half.encoder = [](std::string& error) { return OpusFrameEncoder::Create(error); };
  half.decoder = broken.decoder;
  auto engine2 = CreateAudioEngine(CreateVirtualAudioBackend(VirtualAudioBackend::Clock::Manual), {}, half);
  ASSERT_TRUE(engine2->AddCall(kCall, {}, error)) << error;
  engine2->AddParticipant(kCall, kUser);
  testing::RecordingEvents events;
  engine2->DrainEvents(events);
  const auto logs = events.Of(Kind::Log);
  ASSERT_EQ(logs.size(), 1u);
  EXPECT_NE(logs[0].message.find("no memory for the decoder"), std::string::npos) << logs[0].message;
  const uint8_t packet[3] = {0xF8, 0xFF, 0xFE};
  engine2->PushReceived(kCall, kUser, 1, 0, packet, sizeof packet);
  EXPECT_EQ(engine2->Counters().unknown_user_packets, 1u) << "the talker was not added";
}

TEST(AudioEngine, TheAllocationCounterSeesAnAllocatingHookOnTheAudioThread) {
  Side a(/*arm_audio_thread=*/true);
  bool allocate = false;
  // A hook that allocates (and frees) a small vector each tick.
  CallAudioHooks allocating;
  allocating.captured = [&](int16_t*, uint64_t, int32_t, uint64_t) {
    if (allocate) std::vector<int> scratch(16);
  };
  ASSERT_TRUE(a.AddCall(kCall, allocating));
  a.Tick(5);
  testing::ResetAllocationCounter();
  a.Tick(5);
  EXPECT_EQ(testing::CountedAllocations().allocations, 0u);
  allocate = true;
  a.Tick(5);
  EXPECT_EQ(testing::CountedAllocations().allocations, 5u);
  EXPECT_EQ(testing::CountedAllocations().frees, 5u);
  // The test thread itself is not armed outside the audio frame.
  testing::ResetAllocationCounter();
  // Direct operator calls: a new-expression paired with its delete may be elided by the compiler.
  ::operator delete(::operator new(8));
  EXPECT_EQ(testing::CountedAllocations().allocations, 0u);
  {
    testing::ArmedAllocations armed;
    ::operator delete(::operator new(8));
  }
  EXPECT_EQ(testing::CountedAllocations().allocations, 1u);
}

TEST(AudioEngine, NoHeapAllocationPerTickInSteadyStateWithTwoCallsAndFourTalkers) {
  Side a(/*arm_audio_thread=*/true);
  uint64_t received = 0;
  CallAudioHooks hooks;
  hooks.captured = [](int16_t* data, uint64_t samples, int32_t, uint64_t channels) {
    ApplyGain(data, samples * channels, 0.9f);
  };
  hooks.received = [&](uint64_t, int16_t*, uint64_t, int32_t, uint64_t, bool&) { ++received; };
  ASSERT_TRUE(a.AddCall(1, hooks));
  ASSERT_TRUE(a.AddCall(2, hooks));
  for (uint64_t user : {101u, 102u}) a.engine->AddParticipant(1, user);
  for (uint64_t user : {201u, 202u}) a.engine->AddParticipant(2, user);
  a.engine->SetParticipantVolume(1, 101, 150);
  a.engine->SetLocalMute(2, 202, true);
  a.device->PlaySine(440, -20);
  // The engine's own frames come back as the four talkers (a loopback network).
  uint16_t sequence = 0;
  auto tick = [&] {
    a.Tick();
    for (uint64_t call : {1u, 2u}) {
      for (const auto& frame : a.Sent(call)) {
        for (uint64_t user : {call * 100 + 1, call * 100 + 2}) {
          a.engine->PushReceived(call, user, sequence, frame.audio_timestamp, frame.data, frame.size);
        }
      }
    }
    ++sequence;
  };
  for (int i = 0; i < 50; ++i) tick();  // warm-up: calls and talkers in, buffers playing
  const auto before = a.engine->Counters();
  const uint64_t received_before = received;
  testing::ResetAllocationCounter();
  for (int i = 0; i < 500; ++i) tick();
  const auto counted = testing::CountedAllocations();
  EXPECT_EQ(counted.allocations, 0u);
  EXPECT_EQ(counted.frees, 0u);
  const auto after = a.engine->Counters();
  EXPECT_EQ(after.ticks - before.ticks, 500u);
  EXPECT_EQ(after.frames_encoded - before.frames_encoded, 1000u);
  EXPECT_EQ(after.frames_decoded - before.frames_decoded, 2000u);
  EXPECT_EQ(received - received_before, 2000u);
  EXPECT_GT(Level(a.Heard(50)), -40.0f);
  // Structural changes may allocate (on the JS thread); the audio thread still does not.
  testing::ResetAllocationCounter();
  a.engine->RemoveParticipant(1, 102);
  a.engine->AddParticipant(1, 103);
  a.engine->RemoveCall(2);
  for (int i = 0; i < 20; ++i) tick();
  EXPECT_EQ(testing::CountedAllocations().allocations, 0u);
  EXPECT_EQ(a.events.Of(Kind::Released).size(), 1u);
}

TEST(AudioEngine, OnARealTimeClockTheAudioThreadWakesTheJsThreadAndReleasesTheCall) {
  std::atomic<uint64_t> wakes{0};
  auto device = CreateVirtualAudioBackend(VirtualAudioBackend::Clock::RealTime);
  VirtualAudioBackend* const mic = device.get();
  auto engine = CreateAudioEngine(std::move(device), [&] { ++wakes; });
  std::string error;
  ASSERT_TRUE(engine->AddCall(kCall, {}, error)) << error;
  mic->PlaySine(440, -20);
  testing::RecordingEvents events;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  size_t popped = 0;
  OutgoingOpusFrame frame;
  while (popped < 10 && std::chrono::steady_clock::now() < deadline) {
    while (engine->PopOutgoing(kCall, frame)) ++popped;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GE(popped, 10u);
  EXPECT_GE(wakes.load(), 1u);
  engine->RemoveCall(kCall);
  while (events.Of(RecordedEvent::Kind::Released).empty() && std::chrono::steady_clock::now() < deadline) {
    engine->DrainEvents(events);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(events.Of(RecordedEvent::Kind::Released).size(), 1u);
  EXPECT_FALSE(mic->IsRunning());
  engine->Shutdown();
}

}  // namespace
}  // namespace sdkpp::voice
