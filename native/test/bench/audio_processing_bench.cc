// What the microphone's processing costs on the audio thread: CaptureProcessing (speexdsp's
// echo canceller with the delay estimator, noise suppression, gain control) run tick after tick
// on a speech-like far end whose echo returns 120 ms later, with noise and a near-end talker,
// timed by the thread's CPU clock. Prints µs per 20 ms tick and the share of one core, for each
// setting alone and all together (BENCHMARKS.md, "Notes on the voice figures").
//
//   cmake --build build-native --target sdkpp_audio_processing_bench
//   build-native/native/test/sdkpp_audio_processing_bench [seconds of audio, default 60]
#include <time.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "voice/audio/audio_format.h"
#include "voice/audio/capture_processing.h"
#include "voice/audio_processing_rig.h"

namespace {

using sdkpp::voice::CaptureProcessing;
using sdkpp::voice::CaptureProcessingFrame;
using sdkpp::voice::CaptureProcessingSettings;
using sdkpp::voice::kFrameMs;
using sdkpp::voice::kFrameSamples;
using sdkpp::voice::kSamplesPerChannel;

double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

// The microphone and speaker frames of `ticks` ticks, made before timing.
struct Signals {
  std::vector<int16_t> microphone, speaker;
};
Signals Make(size_t ticks) {
  sdkpp::voice::testing::SignalSource far(1), near(2), noise(3);
  const size_t samples = ticks * kSamplesPerChannel;
  const size_t delay = 120 * 48;
  std::vector<double> far_mono(samples);
  for (size_t n = 0; n < samples; ++n) far_mono[n] = far.Speech(n, -20);
  Signals signals;
  signals.microphone.resize(samples * 2);
  signals.speaker.resize(samples * 2);
  for (size_t n = 0; n < samples; ++n) {
    const double echo = n >= delay ? 0.3 * far_mono[n - delay] : 0.0;
    const double mic = echo + near.Speech(n + 24000, -30) + noise.White() * 300;
    signals.microphone[2 * n] = signals.microphone[2 * n + 1] = sdkpp::voice::testing::ToSample(mic);
    signals.speaker[2 * n] = signals.speaker[2 * n + 1] = sdkpp::voice::testing::ToSample(far_mono[n]);
  }
  return signals;
}

double MicrosecondsPerTick(const Signals& signals, size_t ticks, const CaptureProcessingSettings& settings, bool dump) {
  CaptureProcessing processing;
  processing.Prepare();
  CaptureProcessingFrame frame;
  int16_t mic[kFrameSamples];
  const double start = ThreadCpuSeconds();
  for (size_t tick = 0; tick < ticks; ++tick) {
    std::copy(signals.microphone.begin() + long(tick * kFrameSamples),
              signals.microphone.begin() + long((tick + 1) * kFrameSamples), mic);
    processing.Process(mic, settings, dump ? &frame : nullptr);
    processing.RememberFarEnd(signals.speaker.data() + tick * kFrameSamples);
  }
  return (ThreadCpuSeconds() - start) / double(ticks) * 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 60.0;
  const auto ticks = size_t(seconds * 1000 / kFrameMs);
  const Signals signals = Make(ticks);
  struct Row {
    const char* name;
    CaptureProcessingSettings settings;
    bool dump;
  };
  const Row rows[] = {
      {"all off (untouched)", {}, false},
      {"echo cancellation (with the delay estimator)", {true, false, false, false}, false},
      {"noise suppression", {false, true, false, false}, false},
      {"gain control", {false, false, false, true}, false},
      {"echo cancellation + noise suppression + gain control (the defaults)", {true, true, false, true}, false},
      {"the defaults + noise cancellation + the dump's copies", {true, true, true, true}, true},
  };
  std::printf("%zu ticks (%.0f s of audio) per row, thread CPU time\n", ticks, seconds);
  for (const Row& row : rows) {
    const double us = MicrosecondsPerTick(signals, ticks, row.settings, row.dump);
    std::printf("%-70s %8.1f us per 20 ms tick  %5.2f %% of one core\n", row.name, us, us / (kFrameMs * 10.0));
  }
  return 0;
}
