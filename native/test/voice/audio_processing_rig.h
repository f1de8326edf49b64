// The audio processing tests' rig: two engines on manual-clock virtual devices, a far-end talker
// (engine A, whose microphone plays speech-like noise) heard on B's speaker, and a room around B
// that returns B's speaker into B's microphone after a delay and an attenuation, on top of what
// B's microphone hears itself (a near-end tone, noise). What B's engine makes of its microphone
// is read from B's captured hook, which sees the processed frame.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
#include <vector>

#include "voice/audio/audio_engine.h"
#include "voice/audio/audio_format.h"
#include "voice/engine_rig.h"

namespace sdkpp::voice::testing {

// A deterministic generator of test signals (no std::random: the same numbers everywhere).
class SignalSource {
 public:
  explicit SignalSource(uint32_t seed) : state_(seed) {}
  // Uniform in [−1, 1).
  double White() {
    state_ = state_ * 1664525u + 1013904223u;
    return double(state_ >> 8) / double(1u << 23) - 1.0;
  }
  // Speech-like: noise shaped to a voice's band (a low pass near 1.5 kHz over a high pass near
  // 150 Hz) under a syllable envelope (about 4 syllables a second, a pause of 0.3 s every 1.5 s),
  // scaled so that its RMS over the talking parts is `rms_dbfs`.
  double Speech(uint64_t sample, double rms_dbfs) {
    const double t = double(sample) / kSampleRate;
    const double white = White();
    low_ += 0.18 * (white - low_);
    high_ += 0.02 * (low_ - high_);
    const double band = (low_ - high_) * 4.2;  // ≈ unit RMS
    const double phrase = std::fmod(t, 1.5);
    const double syllable = phrase > 1.2 ? 0.0 : std::fabs(std::sin(2 * std::numbers::pi * 2.0 * t));
    return band * syllable * 1.93 * 32768.0 * std::pow(10.0, rms_dbfs / 20.0);
  }

 private:
  uint32_t state_;
  double low_ = 0, high_ = 0;
};

inline int16_t ToSample(double value) {
  return int16_t(std::lround(std::fmax(-32768.0, std::fmin(32767.0, value))));
}

// Power (mean square, full scale 1) of part of a signal, and in dB.
inline double Power(const std::vector<double>& signal, size_t from, size_t to) {
  double sum = 0;
  for (size_t i = from; i < to; ++i) sum += signal[i] * signal[i];
  return sum / double(to - from) / (32768.0 * 32768.0);
}
inline double Db(double power) { return 10 * std::log10(std::fmax(power, 1e-20)); }

// The power of the `hz` component of signal[from, to) (a whole number of cycles): its projection
// on a sine and a cosine of that frequency.
inline double TonePower(const std::vector<double>& signal, size_t from, size_t to, double hz) {
  double in_phase = 0, quadrature = 0;
  for (size_t i = from; i < to; ++i) {
    const double phase = 2 * std::numbers::pi * hz * double(i) / kSampleRate;
    in_phase += signal[i] * std::sin(phase);
    quadrature += signal[i] * std::cos(phase);
  }
  const double n = double(to - from);
  const double amplitude_squared = (in_phase * in_phase + quadrature * quadrature) * 4 / (n * n);
  return amplitude_squared / 2 / (32768.0 * 32768.0);
}

struct EchoRoom {
  static constexpr uint64_t kCall = 1;
  static constexpr uint64_t kFarUser = 2;

  uint32_t delay_samples = 0;  // speaker → microphone (at least one tick)
  double echo_gain_db = -10;
  double far_rms_dbfs = -20;   // the talker on A's microphone

  Side far;   // A
  Side near;  // B, the one with the echo (its audio thread armed: the allocation counter sees it)
  Link link{far, kCall, near, kCall, kFarUser};
  SignalSource far_talker{12345};

  // Per sample of B's microphone, mono: what each part contributed, and what B processed.
  std::vector<double> echo;
  std::vector<double> own;  // the near end's own sound (tone, noise)
  std::vector<double> processed;
  std::vector<double> speaker;  // B's speaker, mono
  // The near end's own sound for a sample (a tone, noise, or nothing).
  std::function<double(uint64_t sample)> near_sound = [](uint64_t) { return 0.0; };
  bool far_talks = true;

  explicit EchoRoom(uint32_t delay_ms) : delay_samples(delay_ms * uint32_t(kSampleRate) / 1000), near(true) {}

  // Both ends in the call, A's microphone raw (only B processes).
  // `seconds`: how long the test runs at most (the signals' room is reserved up front, so the
  // hook does not allocate on the audio thread).
  bool Start(double seconds = 30) {
    CallAudioHooks hooks;
    hooks.captured = [this](int16_t* data, uint64_t samples, int32_t, uint64_t) {
      for (uint64_t i = 0; i < samples; ++i) processed.push_back(data[2 * i]);
    };
    if (!far.AddCall(kCall) || !near.AddCall(kCall, std::move(hooks))) return false;
    near.engine->AddParticipant(kCall, kFarUser);
    const auto reserve = size_t(seconds * kSampleRate) + kSamplesPerChannel;
    for (auto* signal : {&echo, &own, &processed, &speaker}) signal->reserve(reserve);
    return true;
  }

  // One tick of both ends: A's microphone gets the next 20 ms of the talker, B's the room.
  void Step() {
    const uint64_t first = own.size();
    int16_t frame[kFrameSamples];
    for (size_t i = 0; i < kSamplesPerChannel; ++i) {
      const int16_t talk = far_talks ? ToSample(far_talker.Speech(first + i, far_rms_dbfs)) : int16_t{0};
      frame[2 * i] = frame[2 * i + 1] = talk;
    }
    far.device->FeedPcm(frame, kFrameSamples);
    const double gain = std::pow(10.0, echo_gain_db / 20.0);
    for (size_t i = 0; i < kSamplesPerChannel; ++i) {
      const uint64_t n = first + i;
      const double back = n >= delay_samples && n - delay_samples < speaker.size() ? gain * speaker[n - delay_samples] : 0.0;
      const double mine = near_sound(n);
      echo.push_back(back);
      own.push_back(mine);
      frame[2 * i] = frame[2 * i + 1] = ToSample(back + mine);
    }
    near.device->FeedPcm(frame, kFrameSamples);
    link.Step(1);
    const std::vector<int16_t> played = near.Heard(1);
    for (size_t i = 0; i < kSamplesPerChannel; ++i) speaker.push_back((double(played[2 * i]) + played[2 * i + 1]) / 2);
  }
  void Run(double seconds) {
    const auto ticks = uint64_t(std::lround(seconds * 1000 / kFrameMs));
    for (uint64_t i = 0; i < ticks; ++i) Step();
  }
  size_t Now() const { return own.size(); }
};

}  // namespace sdkpp::voice::testing
