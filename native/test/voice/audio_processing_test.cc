// The microphone's audio processing measured end to end through two audio engines on
// manual-clock virtual devices (audio_processing_rig.h): echo cancellation with the speaker
// returning into the microphone after 40, 120 and 250 ms (the echo falls by at least 20 dB
// within 2 s while a near-end tone keeps its level within 3 dB), noise suppression, gain
// control, every setting off leaving the microphone bit for bit, no allocation on the audio
// thread, and the dump's WAV files.
#include <chrono>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "framework/test.h"
#include "voice/allocation_counter.h"
#include "voice/audio/audio_engine.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/capture_processing.h"
#include "voice/audio_processing_rig.h"

#if !defined(_WIN32)
#include <sys/stat.h>
#endif

namespace sdkpp::voice {
namespace {

using testing::Db;
using testing::EchoRoom;
using testing::Power;
using testing::SignalSource;
using testing::TonePower;

constexpr double kNearToneHz = 1000;  // a whole number of cycles in any whole second

size_t Second(double seconds) { return size_t(seconds * kSampleRate); }

// The processed microphone moved back by the processing's latency, in line with its input.
std::vector<double> Earlier(const std::vector<double>& signal, size_t samples) {
  std::vector<double> moved(signal.begin() + long(std::min(samples, signal.size())), signal.end());
  moved.resize(signal.size(), 0.0);
  return moved;
}

struct EchoResult {
  double erle_db = 0;
  double tone_change_db = 0;
  int32_t delay_ms = -1;
};

// The near end talks in a speech rhythm: its tone (−33 dBFS RMS, about as loud as the echo's
// −31) sounds for the first half of every half second. Always on, it would be no talker but a
// hum (and speexdsp's canceller adapts slowly under endless double talk: 13–17 dB in 2 s,
// measured with a tone as loud as the echo).
constexpr double kBurstSeconds = 0.25;
bool NearTalks(uint64_t n) { return std::fmod(double(n) / kSampleRate, 2 * kBurstSeconds) < kBurstSeconds; }
double NearTone(uint64_t n) {
  return NearTalks(n) ? 1036.0 * std::sin(2 * std::numbers::pi * kNearToneHz * double(n) / kSampleRate) : 0.0;
}

// Over [from, to) in whole bursts: the power while the near end is silent (ERLE is measured
// while only the far end talks, as usual: during a burst the tone's own small level changes
// would count as echo), and the tone's while it sounds.
struct Split {
  double silent = 0;
  double tone = 0;
};
Split SplitTone(const std::vector<double>& signal, size_t from, size_t to) {
  const auto burst = size_t(kBurstSeconds * kSampleRate);
  Split split;
  size_t bursts = 0, pauses = 0;
  for (size_t at = from; at + burst <= to; at += burst) {
    if (NearTalks(at)) {
      split.tone += TonePower(signal, at, at + burst, kNearToneHz);
      ++bursts;
    } else {
      split.silent += Power(signal, at, at + burst);
      ++pauses;
    }
  }
  split.silent /= double(pauses);
  split.tone /= double(bursts);
  return split;
}

// A talker at the far end (−20 dBFS) for 3 s, heard back at −10 dB; measured over the third
// second, after 2 s of convergence.
EchoResult MeasureEcho(uint32_t delay_ms) {
  EchoRoom room(delay_ms);
  room.near_sound = NearTone;
  if (!room.Start()) return {};
  room.near.engine->SetEchoCancellation(true);
  room.Run(3.0);
  const size_t from = Second(2.0), to = Second(3.0);
  const Split out = SplitTone(Earlier(room.processed, CaptureProcessing::kLatencySamples), from, to);
  const Split in = SplitTone(room.own, from, to);
  EchoResult result;
  const Split echo = SplitTone(room.echo, from, to);
  result.erle_db = Db(echo.silent) - Db(out.silent);
  result.tone_change_db = Db(out.tone) - Db(in.tone);
  result.delay_ms = room.near.engine->Counters().echo_delay_ms;
  std::printf("echo %u ms: ERLE %.1f dB, tone %+.2f dB, delay found %d ms, echo %.1f dBFS\n", delay_ms,
              result.erle_db, result.tone_change_db, result.delay_ms, Db(Power(room.echo, from, to)));
  return result;
}

TEST(AudioProcessing, EchoReturningAfter40msFallsBy20dBAndTheNearToneStays) {
  const EchoResult result = MeasureEcho(40);
  EXPECT_GE(result.erle_db, 20.0);
  EXPECT_LT(std::fabs(result.tone_change_db), 3.0);
}

TEST(AudioProcessing, EchoReturningAfter120msFallsBy20dBAndTheNearToneStays) {
  const EchoResult result = MeasureEcho(120);
  EXPECT_GE(result.erle_db, 20.0);
  EXPECT_LT(std::fabs(result.tone_change_db), 3.0);
  EXPECT_LE(std::abs(result.delay_ms - 120), 5);
}

TEST(AudioProcessing, EchoReturningAfter250msIsFoundAndFallsBy20dB) {
  const EchoResult result = MeasureEcho(250);
  EXPECT_GE(result.erle_db, 20.0);
  EXPECT_LT(std::fabs(result.tone_change_db), 3.0);
  EXPECT_LE(std::abs(result.delay_ms - 250), 5);
}

TEST(AudioProcessing, WithoutEchoCancellationTheEchoStays) {
  EchoRoom room(120);
  ASSERT_TRUE(room.Start());
  room.Run(3.0);
  const size_t from = Second(2.0), to = Second(3.0);
  EXPECT_LT(std::fabs(Db(Power(room.echo, from, to)) - Db(Power(room.processed, from, to))), 0.1);
}

TEST(AudioProcessing, NoiseSuppressionLowersStationaryNoiseBy10dBAndKeepsTheTone) {
  double reductions[2] = {};
  for (const bool stronger : {false, true}) {
    EchoRoom room(40);
    room.far_talks = false;
    SignalSource noise(777);
    // White noise at −40 dBFS RMS under the talking tone at −30 dBFS peak. (A tone that never
    // stops is stationary: the suppressor learns it as noise within a second, as it should.)
    room.near_sound = [&noise](uint64_t n) { return noise.White() * 1.7320508 * 327.68 + NearTone(n); };
    ASSERT_TRUE(room.Start());
    if (stronger) {
      room.near.engine->SetNoiseCancellation(true);
    } else {
      room.near.engine->SetNoiseSuppression(true);
    }
    room.Run(4.0);
    const size_t from = Second(3.0), to = Second(4.0);
    const Split in = SplitTone(room.own, from, to);
    const Split out = SplitTone(Earlier(room.processed, CaptureProcessing::kLatencySamples), from, to);
    const double reduction = Db(in.silent) - Db(out.silent);
    const double tone = Db(out.tone) - Db(in.tone);
    std::printf("%s: noise %.1f dB lower, tone %+.2f dB\n", stronger ? "noise cancellation" : "noise suppression",
                reduction, tone);
    reductions[stronger ? 1 : 0] = reduction;
    EXPECT_LT(std::fabs(tone), 3.0);
  }
  EXPECT_GE(reductions[0], 10.0);
  EXPECT_GE(reductions[1], reductions[0] + 3.0);  // noise cancellation goes deeper
}

// The level of the talking parts (the speech source's envelope is on) of [from, to).
double TalkingLevelDbfs(const std::vector<double>& signal, size_t from, size_t to) {
  double sum = 0;
  size_t count = 0;
  for (size_t i = from; i < to; ++i) {
    if (std::fmod(double(i) / kSampleRate, 1.5) > 1.2) continue;
    sum += signal[i] * signal[i];
    ++count;
  }
  return Db(sum / double(count) / (32768.0 * 32768.0));
}

TEST(AudioProcessing, GainControlBringsQuietAndLoudSpeechToItsTarget) {
  for (const double level : {-40.0, -10.0}) {
    EchoRoom room(40);
    room.far_talks = false;
    SignalSource talker(4242);
    room.near_sound = [&](uint64_t n) { return talker.Speech(n, level); };
    ASSERT_TRUE(room.Start());
    room.near.engine->SetAutomaticGainControl(true);
    room.Run(9.0);
    const double in = TalkingLevelDbfs(room.own, Second(6.0), Second(9.0));
    const double out = TalkingLevelDbfs(Earlier(room.processed, CaptureProcessing::kLatencySamples), Second(6.0), Second(9.0));
    std::printf("gain control: speech at %.1f dBFS comes out at %.1f dBFS (target %.1f)\n", in, out,
                double(CaptureProcessing::kAgcTargetDbfs));
    EXPECT_LT(std::fabs(out - CaptureProcessing::kAgcTargetDbfs), 3.0) << "input " << level;
  }
}

TEST(AudioProcessing, EverySettingOffLeavesTheMicrophoneBitForBit) {
  EchoRoom room(120);
  SignalSource near_talker(99);
  room.near_sound = [&](uint64_t n) { return near_talker.Speech(n, -25); };
  ASSERT_TRUE(room.Start());
  // On for a second (the state is warm), then each setting off again.
  room.near.engine->SetEchoCancellation(true);
  room.near.engine->SetNoiseSuppression(true);
  room.near.engine->SetNoiseCancellation(true);
  room.near.engine->SetAutomaticGainControl(true);
  room.Run(1.0);
  room.near.engine->SetEchoCancellation(false);
  room.near.engine->SetNoiseSuppression(false);
  room.near.engine->SetNoiseCancellation(false);
  room.near.engine->SetAutomaticGainControl(false);
  const size_t from = room.Now();
  room.Run(1.0);
  size_t differing = 0;
  for (size_t i = from; i < room.Now(); ++i) {
    differing += room.processed[i] != double(testing::ToSample(room.echo[i] + room.own[i])) ? 1 : 0;
  }
  EXPECT_EQ(differing, 0u);
}

TEST(AudioProcessing, AllProcessingAndTheDumpNeverAllocateOnTheAudioThread) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("sdkpp-test-aec-alloc-" + std::to_string(std::random_device{}()));
  EchoRoom room(120);
  room.near_sound = [](uint64_t n) { return 1036.0 * std::sin(2 * std::numbers::pi * kNearToneHz * double(n) / kSampleRate); };
  ASSERT_TRUE(room.Start());
  room.near.engine->SetEchoCancellation(true);
  room.near.engine->SetNoiseSuppression(true);
  room.near.engine->SetAutomaticGainControl(true);
  std::string error;
  ASSERT_TRUE(room.near.engine->SetAecDump(true, folder.string(), error)) << error;
  room.Run(0.5);  // settings applied, files made
  testing::ResetAllocationCounter();
  room.Run(2.0);
  EXPECT_EQ(testing::CountedAllocations().allocations, 0u);
  EXPECT_EQ(testing::CountedAllocations().frees, 0u);
  ASSERT_TRUE(room.near.engine->SetAecDump(false, "", error));
  room.near.engine->Shutdown();
  std::filesystem::remove_all(folder);
}

// The 44-byte header's fields and the samples of a dump file.
struct Wav {
  uint16_t format = 0, channels = 0, bits = 0;
  uint32_t rate = 0, data_bytes = 0;
  std::vector<int16_t> samples;
};
Wav ReadWav(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Wav wav;
  if (bytes.size() < 44) return wav;
  auto u16 = [&](size_t at) { return uint16_t(bytes[at] | bytes[at + 1] << 8); };
  auto u32 = [&](size_t at) { return uint32_t(u16(at) | uint32_t(u16(at + 2)) << 16); };
  wav.format = u16(20);
  wav.channels = u16(22);
  wav.rate = u32(24);
  wav.bits = u16(34);
  wav.data_bytes = u32(40);
  for (size_t at = 44; at + 1 < bytes.size(); at += 2) wav.samples.push_back(int16_t(u16(at)));
  return wav;
}

TEST(AudioProcessing, TheDumpWritesFarEndMicrophoneAndProcessedAsPrivateWavFiles) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("sdkpp-test-aec-dump-" + std::to_string(std::random_device{}()));
  EchoRoom room(120);
  room.near_sound = [](uint64_t n) { return 1036.0 * std::sin(2 * std::numbers::pi * kNearToneHz * double(n) / kSampleRate); };
  ASSERT_TRUE(room.Start());
  room.near.engine->SetEchoCancellation(true);
  std::string error;
  ASSERT_TRUE(room.near.engine->SetAecDump(true, folder.string(), error)) << error;
  for (int part = 0; part < 4; ++part) {
    room.Run(0.5);
    // The writer looks every 100 ms and its ring holds 1 s: this pace is the real clock's.
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  EXPECT_EQ(room.near.engine->Counters().aec_dump_frames_dropped, 0u);
  ASSERT_TRUE(room.near.engine->SetAecDump(false, "", error));
  room.Run(0.1);  // the audio thread lets go; the dump is completed at the next drain
  size_t made = 0;
  Wav far_end, microphone, processed;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    ++made;
    EXPECT_EQ(name.rfind("sdkpp-aec-dump-1-", 0), 0u) << name;  // the call's id
#if !defined(_WIN32)
    struct stat info {};
    ASSERT_EQ(::stat(entry.path().c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u) << name;
#endif
    const Wav wav = ReadWav(entry.path());
    EXPECT_EQ(wav.format, 1);
    EXPECT_EQ(wav.channels, 1);
    EXPECT_EQ(wav.bits, 16);
    EXPECT_EQ(wav.rate, uint32_t(kSampleRate));
    EXPECT_EQ(wav.data_bytes, wav.samples.size() * 2);
    if (name.find("-farend.wav") != std::string::npos) far_end = wav;
    if (name.find("-mic.wav") != std::string::npos) microphone = wav;
    if (name.find("-processed.wav") != std::string::npos) processed = wav;
  }
  EXPECT_EQ(made, 3u);
  ASSERT_EQ(microphone.samples.size(), size_t(2 * kSampleRate));  // every tick of the 2 s
  ASSERT_EQ(processed.samples.size(), microphone.samples.size());
  ASSERT_EQ(far_end.samples.size(), microphone.samples.size());
  // The microphone file is what the microphone heard, the processed one what the call got.
  size_t differing = 0;
  for (size_t i = 0; i < microphone.samples.size(); ++i) {
    differing += microphone.samples[i] != testing::ToSample(room.echo[i] + room.own[i]) ? 1 : 0;
    differing += processed.samples[i] != int16_t(room.processed[i]) ? 1 : 0;
  }
  EXPECT_EQ(differing, 0u);
  // The far end holds the speaker's sound (the reference), lined up with its echo.
  EXPECT_GT(Db(Power(room.speaker, Second(1.0), Second(2.0))), -40.0);
  double far_power = 0;
  for (size_t i = Second(1.0); i < Second(2.0); ++i) far_power += double(far_end.samples[i]) * far_end.samples[i];
  EXPECT_GT(Db(far_power / double(Second(1.0)) / (32768.0 * 32768.0)), -40.0);
  room.near.engine->Shutdown();
  std::filesystem::remove_all(folder);
}

TEST(AudioProcessing, TheDumpRestartedWithinASecondMakesNewFilesAndTheSameFolderAgainKeepsItsFiles) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("sdkpp-test-aec-restart-" + std::to_string(std::random_device{}()));
  testing::Side side;
  ASSERT_TRUE(side.AddCall(7));
  side.device->PlaySine(440, -20);
  std::string error;
  auto count = [&] {
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) files += entry.is_regular_file() ? 1 : 0;
    return files;
  };
  ASSERT_TRUE(side.engine->SetAecDump(true, folder.string(), error)) << error;
  side.Tick(5);
  std::this_thread::sleep_for(std::chrono::milliseconds(150));  // the writer made its files
  // The same folder again (SetVoiceLogDir with the same folder, say): the dump goes on.
  ASSERT_TRUE(side.engine->SetAecDump(true, folder.string(), error)) << error;
  side.Tick(5);
  ASSERT_TRUE(side.engine->SetAecDump(false, "", error));
  side.Tick(3);
  EXPECT_EQ(count(), 3u);
  // Off and on again for the same call, within the same second: three new files, none lost.
  ASSERT_TRUE(side.engine->SetAecDump(true, folder.string(), error)) << error;
  side.Tick(5);
  ASSERT_TRUE(side.engine->SetAecDump(false, "", error));
  side.Tick(3);
  EXPECT_EQ(count(), 6u);
  for (const auto& event : side.events.Of(testing::RecordedEvent::Kind::Log)) {
    EXPECT_EQ(event.message.find("cannot create"), std::string::npos) << event.message;
  }
  side.engine->Shutdown();
  std::filesystem::remove_all(folder);
}

TEST(AudioProcessing, TheDumpStopsAt60SecondsAndSaysSo) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("sdkpp-test-aec-limit-" + std::to_string(std::random_device{}()));
  testing::Side side;
  ASSERT_TRUE(side.AddCall(5));
  side.device->PlaySine(440, -20);
  std::string error;
  ASSERT_TRUE(side.engine->SetAecDump(true, folder.string(), error)) << error;
  for (int second = 0; second < 61; ++second) {
    side.Tick(50);
    // The ring holds a second and the writer looks every 100 ms: give it the time a real-time
    // clock would have given it.
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  ASSERT_TRUE(side.engine->SetAecDump(false, "", error));
  side.Tick(3);
  EXPECT_EQ(side.engine->Counters().aec_dump_frames_dropped, 0u);
  size_t made = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    ++made;
    EXPECT_EQ(ReadWav(entry.path()).samples.size(), size_t(60 * kSampleRate)) << entry.path().string();
  }
  EXPECT_EQ(made, 3u);
  bool said = false;
  for (const auto& event : side.events.Of(testing::RecordedEvent::Kind::Log)) {
    said |= event.message.find("reached 60 s") != std::string::npos;
  }
  EXPECT_TRUE(said);
  side.engine->Shutdown();
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace sdkpp::voice
