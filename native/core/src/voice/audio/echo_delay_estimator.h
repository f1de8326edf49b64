// Finds how late the speaker's sound comes back into the microphone (20–300 ms on a real
// device: output buffer, air, input buffer), so the echo canceller's reference can be delayed by
// that much and its filter only has to cover the room's reverberation, not the whole delay.
//
// How: both signals are cut into 2.5 ms blocks; each block's energy, minus its slow mean, is an
// envelope. The envelopes are cross-correlated over lags 0..kMaxDelayMs with an exponential
// forgetting of about a second; the lag of the peak is the delay, taken once the peak stands
// well above the rest for a while (a near-end talker or a tone adds no correlation with the far
// end). Fixed-size arrays only: it runs on the audio thread without allocating.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "voice/audio/audio_format.h"

namespace sdkpp::voice {

class EchoDelayEstimator {
 public:
  static constexpr uint32_t kMaxDelayMs = 300;
  static constexpr size_t kBlockSamples = 120;  // 2.5 ms at 48 kHz
  static constexpr size_t kBlocksPerTick = kSamplesPerChannel / kBlockSamples;
  static constexpr size_t kMaxLagBlocks = kMaxDelayMs * kSampleRate / 1000 / kBlockSamples;  // 120

  // One tick: `microphone` and `far_end` are the same 20 ms of time, mono (the far end as it
  // was played in that tick). The microphone's echo of a block can only come later, so the lag
  // runs from the far end to the microphone.
  void Update(const int16_t* microphone, const int16_t* far_end);

  // The delay in samples once it is known (−1 before), and in ms.
  int32_t DelaySamples() const { return delay_blocks_ < 0 ? -1 : delay_blocks_ * int32_t(kBlockSamples); }
  int32_t DelayMs() const { return delay_blocks_ < 0 ? -1 : delay_blocks_ * int32_t(kBlockSamples) * 1000 / kSampleRate; }
  void Reset();

 private:
  static constexpr size_t kHistory = kMaxLagBlocks + 1;

  float mic_mean_ = 0;
  float far_mean_ = 0;
  std::array<float, kHistory> far_history_{};  // the far-end envelope, newest at far_next_ - 1
  size_t far_next_ = 0;
  std::array<float, kHistory> correlation_{};  // by lag in blocks
  int32_t candidate_ = -1;
  uint32_t candidate_blocks_ = 0;  // how long the candidate has been the clear peak
  int32_t delay_blocks_ = -1;
};

}  // namespace sdkpp::voice
