#include "voice/audio/pcm_math.h"

#include <algorithm>
#include <cmath>

#include "sdkpp/limits.h"

namespace sdkpp::voice {
namespace {

constexpr double kFullScale = 32767.0;
constexpr double kTwoPi = 6.283185307179586;

int16_t Saturate(double value) {
  return static_cast<int16_t>(std::clamp(std::lround(value), -32768L, 32767L));
}

}  // namespace

float LevelDbfs(const int16_t* samples, size_t count) {
  if (count == 0) return kSilenceDbfs;
  double energy = 0;
  for (size_t i = 0; i < count; ++i) energy += static_cast<double>(samples[i]) * samples[i];
  const double rms = std::sqrt(energy / static_cast<double>(count));
  if (rms <= 0) return kSilenceDbfs;
  return std::max(kSilenceDbfs, static_cast<float>(20.0 * std::log10(rms / kFullScale)));
}

float VolumeToGain(float volume_percent) {
  return volume_percent > 0 ? volume_percent / float(limits::kUnityVolume) : 0.0f;
}

void ApplyGain(int16_t* samples, size_t count, float gain) {
  if (gain == 1.0f) return;
  for (size_t i = 0; i < count; ++i) samples[i] = Saturate(samples[i] * static_cast<double>(gain));
}

void AccumulateInto(int32_t* accumulator, const int16_t* samples, size_t count, float gain) {
  if (gain == 1.0f) {
    for (size_t i = 0; i < count; ++i) accumulator[i] += samples[i];
    return;
  }
  for (size_t i = 0; i < count; ++i) accumulator[i] += static_cast<int32_t>(std::lround(samples[i] * static_cast<double>(gain)));
}

void SaturateTo(int16_t* out, const int32_t* accumulator, size_t count, float gain) {
  for (size_t i = 0; i < count; ++i) out[i] = Saturate(accumulator[i] * static_cast<double>(gain));
}

void FillSine(int16_t* out, size_t frames, double frequency_hz, double level_dbfs, double sample_rate,
              double& phase) {
  const double amplitude = kFullScale * std::pow(10.0, level_dbfs / 20.0);
  const double step = kTwoPi * frequency_hz / sample_rate;
  for (size_t i = 0; i < frames; ++i) {
    const int16_t value = Saturate(amplitude * std::sin(phase));
    out[2 * i] = value;
    out[2 * i + 1] = value;
    phase += step;
    if (phase >= kTwoPi) phase -= kTwoPi;
  }
}

}  // namespace sdkpp::voice
