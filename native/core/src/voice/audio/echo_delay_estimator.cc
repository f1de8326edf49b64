#include "voice/audio/echo_delay_estimator.h"

#include <algorithm>
#include <cmath>

namespace sdkpp::voice {
namespace {

// The envelope's short-term mean (about 12 ms) is taken off, so a steady sound (a near-end
// tone, hum) adds nothing, and neither does the slow rise and fall of syllables, which would
// correlate over a broad range of lags: what is left is the block-to-block jitter of the energy,
// which correlates at the true lag only.
constexpr float kMeanRate = 1.0f / 5.0f;
// The correlation forgets with a time constant of about one second (400 blocks).
constexpr float kCorrelationKeep = 1.0f - 1.0f / 400.0f;
// The peak must stand this far above the mean magnitude of all lags, as the same lag (±1 block)
// for this long, before it becomes the delay.
constexpr float kPeakOverMean = 4.0f;
constexpr uint32_t kStableBlocks = 80;  // 200 ms

float BlockEnergy(const int16_t* samples) {
  float sum = 0;
  for (size_t i = 0; i < EchoDelayEstimator::kBlockSamples; ++i) {
    const float value = float(samples[i]) * (1.0f / 32768.0f);
    sum += value * value;
  }
  return sum * (1.0f / float(EchoDelayEstimator::kBlockSamples));
}

}  // namespace

void EchoDelayEstimator::Update(const int16_t* microphone, const int16_t* far_end) {
  for (size_t block = 0; block < kBlocksPerTick; ++block) {
    const float far = BlockEnergy(far_end + block * kBlockSamples);
    const float mic = BlockEnergy(microphone + block * kBlockSamples);
    far_mean_ += kMeanRate * (far - far_mean_);
    mic_mean_ += kMeanRate * (mic - mic_mean_);
    far_history_[far_next_] = far - far_mean_;
    far_next_ = (far_next_ + 1) % kHistory;
    const float mic_envelope = mic - mic_mean_;

    // Lag L pairs this microphone block with the far-end block L blocks before it.
    int32_t peak = 0;
    float peak_value = 0;
    float magnitude_sum = 0;
    for (size_t lag = 0; lag < kHistory; ++lag) {
      const float far_then = far_history_[(far_next_ + kHistory - 1 - lag) % kHistory];
      float& cell = correlation_[lag];
      cell = cell * kCorrelationKeep + mic_envelope * far_then;
      magnitude_sum += std::fabs(cell);
      if (cell > peak_value) {
        peak_value = cell;
        peak = int32_t(lag);
      }
    }
    const float mean = magnitude_sum / float(kHistory);
    if (peak_value <= 0 || peak_value < kPeakOverMean * mean) {
      candidate_blocks_ = 0;
      continue;
    }
    if (candidate_ >= 0 && std::abs(peak - candidate_) <= 1) {
      ++candidate_blocks_;
    } else {
      candidate_ = peak;
      candidate_blocks_ = 1;
    }
    if (candidate_blocks_ >= kStableBlocks) delay_blocks_ = candidate_;
  }
}

void EchoDelayEstimator::Reset() { *this = EchoDelayEstimator(); }

}  // namespace sdkpp::voice
