// The microphone's audio processing (Client::SetEchoCancellation, SetNoiseSuppression,
// SetNoiseCancellation, SetAutomaticGainControl): speexdsp's echo canceller (mdf.c) with what
// the speaker played as its reference, then its preprocessor (preprocess.c: noise suppression,
// the echo canceller's residual echo suppression, automatic gain control). Once per 20 ms tick on
// the audio thread, on the microphone after the input volume and before any call's hook.
//
// The speexdsp states are made on the JS thread (Prepare, while the audio thread is stopped);
// Process never allocates, locks or does I/O. With every setting off the frame is not touched at
// all (bit for bit); with one on, the microphone is processed as one channel (the mean of left
// and right) and written back to both: a voice is mono.
#pragma once

#include <cstdint>
#include <memory>

#include "voice/audio/audio_format.h"
#include "voice/audio/echo_delay_estimator.h"

struct SpeexEchoState_;
struct SpeexPreprocessState_;

namespace sdkpp::voice {

struct CaptureProcessingSettings {
  bool echo_cancellation = false;
  bool noise_suppression = false;
  bool noise_cancellation = false;  // the stronger suppression (kStrongNoiseSuppressDb)
  bool automatic_gain_control = false;
  bool Any() const { return echo_cancellation || noise_suppression || noise_cancellation || automatic_gain_control; }
};

// What one tick looked like, for the echo-cancellation dump (Client::SetAecDump): mono, 48 kHz.
struct CaptureProcessingFrame {
  int16_t far_end[kSamplesPerChannel];    // the reference: what the speaker played
  int16_t microphone[kSamplesPerChannel];  // the microphone before processing
  int16_t processed[kSamplesPerChannel];   // after it
};

class CaptureProcessing {
 public:
  // What processing delays the microphone by (the preprocessor's overlap-add) while any
  // setting is on: 5 ms. speexdsp runs in quarters of the tick: with 10 ms frames the delay was
  // 10 ms and a call's mouth-to-ear 14 ms longer than without processing (the voice bench); at
  // 5 ms echo return loss, noise suppression and gain control still meet their tests.
  static constexpr size_t kLatencySamples = kSamplesPerChannel / 4;
  // The echo canceller's filter: how much of the speaker's past it can subtract, after the
  // delay estimator lined the reference up with the microphone (echo_delay_estimator.h).
  static constexpr uint32_t kEchoFilterMs = 100;
  // Noise suppression's attenuation of noise (speexdsp's default is −15 dB); noise cancellation
  // is the same suppressor twice as deep.
  static constexpr int32_t kNoiseSuppressDb = -20;
  static constexpr int32_t kStrongNoiseSuppressDb = -40;
  // Where gain control brings speech: RMS in dBFS, with at most kAgcMaxGainDb of gain.
  static constexpr float kAgcTargetDbfs = -20.0f;
  static constexpr float kAgcLoudnessOffsetDb = 15.2f;  // capture_processing.cc
  static constexpr int32_t kAgcMaxGainDb = 30;

  CaptureProcessing();
  ~CaptureProcessing();
  CaptureProcessing(const CaptureProcessing&) = delete;
  CaptureProcessing& operator=(const CaptureProcessing&) = delete;

  // JS thread, while the audio thread is stopped: makes the speexdsp states (once).
  void Prepare();
  bool Prepared() const { return echo_ != nullptr; }

  // Audio thread. `stereo` is the microphone frame (kFrameSamples interleaved), processed in
  // place; the reference is what RememberFarEnd kept from the ticks before. `frame` (optional)
  // receives the dump's three signals.
  void Process(int16_t* stereo, const CaptureProcessingSettings& settings, CaptureProcessingFrame* frame);
  // Audio thread, after the speaker's frame was written (`stereo` null: nothing was played).
  void RememberFarEnd(const int16_t* stereo);

  // The echo delay the estimator settled on, in ms (−1 before it has one). Audio thread, or a
  // test between ticks.
  int32_t EstimatedEchoDelayMs() const { return delay_.DelayMs(); }

 private:
  void ApplySettings(const CaptureProcessingSettings& settings);

  SpeexEchoState_* echo_ = nullptr;
  SpeexPreprocessState_* preprocess_ = nullptr;
  EchoDelayEstimator delay_;
  CaptureProcessingSettings applied_;
  bool echo_attached_ = false;
  // The far end as played, mono: the last tick's, and a ring of the last kFarRingSamples (a
  // multiple of the tick, longer than the largest delay plus a tick).
  static constexpr size_t kFarRingSamples = 17 * kSamplesPerChannel;
  static constexpr int32_t kMaxReferenceDelay = int32_t(16 * kSamplesPerChannel);
  int16_t far_end_[kSamplesPerChannel] = {};
  int16_t far_ring_[kFarRingSamples] = {};
  size_t far_written_ = 0;  // ring position of the next far-end sample
  int32_t reference_delay_ = int32_t(kSamplesPerChannel);
  int16_t reference_[kSamplesPerChannel] = {};  // the far end, delayed to line up with the echo
  int16_t previous_mic_[kSamplesPerChannel] = {};
  int16_t mono_[kSamplesPerChannel] = {};
  int16_t cancelled_[kSamplesPerChannel] = {};
};

}  // namespace sdkpp::voice
