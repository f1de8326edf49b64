#include "voice/audio/capture_processing.h"

#include <algorithm>
#include <cmath>

#include <speex/speex_echo.h>
#include <speex/speex_preprocess.h>

namespace sdkpp::voice {
namespace {

constexpr int kFrame = int(kSamplesPerChannel);
// speexdsp works in quarters of the tick: the preprocessor's overlap-add delays its output by
// one of its frames (5 ms rather than 20), and the canceller's filter adapts four times a tick.
constexpr int kPart = int(CaptureProcessing::kLatencySamples);
static_assert(kFrame % kPart == 0);
constexpr int kEchoFilterSamples = int(CaptureProcessing::kEchoFilterMs) * kSampleRate / 1000;
// The reference is delayed by at least one tick (the speaker's frame of this tick is computed
// after the microphone's), and by the estimated delay less this much, so the filter also sees
// the part of the echo that comes a little earlier than the estimated peak.
constexpr int32_t kMinReferenceDelay = kFrame;
constexpr int32_t kDelayMarginSamples = 20 * kSampleRate / 1000;
// A new estimate moves the reference only when it differs by more than this (each move resets
// the canceller's filter).
constexpr int32_t kDelayToleranceSamples = 10 * kSampleRate / 1000;

int16_t Saturate(int32_t value) { return int16_t(std::clamp(value, -32768, 32767)); }

}  // namespace

CaptureProcessing::CaptureProcessing() = default;

CaptureProcessing::~CaptureProcessing() {
  if (preprocess_ != nullptr) speex_preprocess_state_destroy(preprocess_);
  if (echo_ != nullptr) speex_echo_state_destroy(echo_);
}

void CaptureProcessing::Prepare() {
  if (Prepared()) return;
  echo_ = speex_echo_state_init(kPart, kEchoFilterSamples);
  spx_int32_t rate = kSampleRate;
  speex_echo_ctl(echo_, SPEEX_ECHO_SET_SAMPLING_RATE, &rate);
  preprocess_ = speex_preprocess_state_init(kPart, kSampleRate);
  // speexdsp's gain control aims at a loudness of its own, which at 48 kHz in 5 ms frames lands
  // kAgcLoudnessOffsetDb below the RMS its level names (measured on speech-like noise of
  // several spectra, within ±1 dB, in 10 ms frames, where it was 18 dB; in 5 ms frames it is
  // 15.2 dB on the native test's speech): asked for that much more, it brings speech to the target.
  float agc_level = 32768.0f * std::pow(10.0f, (kAgcTargetDbfs + kAgcLoudnessOffsetDb) / 20.0f);
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_AGC_LEVEL, &agc_level);
  spx_int32_t max_gain = kAgcMaxGainDb;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_AGC_MAX_GAIN, &max_gain);
  spx_int32_t off = 0;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_DENOISE, &off);
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_AGC, &off);
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_VAD, &off);
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_DEREVERB, &off);
  applied_ = CaptureProcessingSettings{};
}

void CaptureProcessing::ApplySettings(const CaptureProcessingSettings& settings) {
  // speexdsp's controls only set fields: no allocation on the audio thread.
  // The preprocessor's spectral gain also takes off the echo the canceller left (its residual
  // echo suppression): with echo cancellation on it runs, suppressing noise by 0 dB when noise
  // suppression is off.
  spx_int32_t denoise = settings.noise_suppression || settings.noise_cancellation || settings.echo_cancellation ? 1 : 0;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_DENOISE, &denoise);
  spx_int32_t depth = settings.noise_cancellation ? kStrongNoiseSuppressDb
                      : settings.noise_suppression ? kNoiseSuppressDb
                                                   : 0;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &depth);
  spx_int32_t agc = settings.automatic_gain_control ? 1 : 0;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_AGC, &agc);
  // The residual echo suppression of the preprocessor needs the canceller's state.
  void* echo = settings.echo_cancellation ? echo_ : nullptr;
  speex_preprocess_ctl(preprocess_, SPEEX_PREPROCESS_SET_ECHO_STATE, echo);
  if (settings.echo_cancellation && !applied_.echo_cancellation) {
    // Turned on again: what the filter learnt before may no longer hold.
    speex_echo_state_reset(echo_);
  }
  applied_ = settings;
}

void CaptureProcessing::Process(int16_t* stereo, const CaptureProcessingSettings& settings,
                                CaptureProcessingFrame* frame) {
  if (!settings.Any() && frame == nullptr) return;  // untouched, and nothing to measure
  for (size_t i = 0; i < kSamplesPerChannel; ++i) {
    mono_[i] = int16_t((int32_t(stereo[2 * i]) + int32_t(stereo[2 * i + 1])) / 2);
  }
  // The estimator pairs the microphone with the far end of the same 20 ms: the last tick's of
  // both (this tick's speaker frame is not known yet).
  delay_.Update(previous_mic_, far_end_);
  std::copy(std::begin(mono_), std::end(mono_), previous_mic_);

  int32_t delay = kMinReferenceDelay;
  if (delay_.DelaySamples() >= 0) {
    delay = std::clamp(delay_.DelaySamples() - kDelayMarginSamples, kMinReferenceDelay, kMaxReferenceDelay);
  }
  if (std::abs(delay - reference_delay_) > kDelayToleranceSamples) {
    reference_delay_ = delay;
    if (Prepared()) speex_echo_state_reset(echo_);
  }
  // Sample i of this tick pairs with the far end reference_delay_ samples before it; the ring
  // holds the far end up to the sample just before this tick's first.
  for (size_t i = 0; i < kSamplesPerChannel; ++i) {
    const size_t at = (far_written_ + kFarRingSamples + i - size_t(reference_delay_)) % kFarRingSamples;
    reference_[i] = far_ring_[at];
  }

  if (frame != nullptr) {
    std::copy(std::begin(reference_), std::end(reference_), frame->far_end);
    std::copy(std::begin(mono_), std::end(mono_), frame->microphone);
  }
  if (!settings.Any() || !Prepared()) {
    if (frame != nullptr) std::copy(std::begin(mono_), std::end(mono_), frame->processed);
    return;  // untouched
  }
  if (settings.echo_cancellation != applied_.echo_cancellation ||
      settings.noise_suppression != applied_.noise_suppression ||
      settings.noise_cancellation != applied_.noise_cancellation ||
      settings.automatic_gain_control != applied_.automatic_gain_control) {
    ApplySettings(settings);
  }

  int16_t* out = settings.echo_cancellation ? cancelled_ : mono_;
  for (int part = 0; part < kFrame; part += kPart) {
    if (settings.echo_cancellation) speex_echo_cancellation(echo_, mono_ + part, reference_ + part, out + part);
    speex_preprocess_run(preprocess_, out + part);
  }
  for (size_t i = 0; i < kSamplesPerChannel; ++i) stereo[2 * i] = stereo[2 * i + 1] = out[i];
  if (frame != nullptr) std::copy(out, out + kSamplesPerChannel, frame->processed);
}

void CaptureProcessing::RememberFarEnd(const int16_t* stereo) {
  for (size_t i = 0; i < kSamplesPerChannel; ++i) {
    far_end_[i] = stereo == nullptr ? int16_t{0} : Saturate((int32_t(stereo[2 * i]) + int32_t(stereo[2 * i + 1])) / 2);
    far_ring_[(far_written_ + i) % kFarRingSamples] = far_end_[i];
  }
  far_written_ = (far_written_ + kSamplesPerChannel) % kFarRingSamples;
}

}  // namespace sdkpp::voice
