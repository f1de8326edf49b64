// Sample arithmetic of the audio engine on interleaved int16 frames: level in dBFS, gain from a
// volume, and the saturating mix. Volumes are linear amplitude percentages (100 = unity, 50 =
// −6.02 dB), as docs/guides/migrating-from-cpp.md's float volumes are read here (docs/voice-calls.md: 0–200, 100 = unity).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sdkpp::voice {

// The quietest level reported: an all-zero frame (log of zero has no value).
inline constexpr float kSilenceDbfs = -100.0f;

// RMS level of `samples` values relative to full scale (32767), in dB; kSilenceDbfs for
// silence and never below it.
float LevelDbfs(const int16_t* samples, size_t count);

// A volume percentage as a linear factor (negative → 0).
float VolumeToGain(float volume_percent);

// samples *= gain, saturating at the int16 range. A gain of exactly 1 leaves them untouched.
void ApplyGain(int16_t* samples, size_t count, float gain);

// Mix accumulator: int32 sums of several sources, saturated once at the end, so three loud
// talkers clip once instead of wrapping around.
void AccumulateInto(int32_t* accumulator, const int16_t* samples, size_t count, float gain);
void SaturateTo(int16_t* out, const int32_t* accumulator, size_t count, float gain);

// A sine into `out` (interleaved stereo, both channels equal) continuing at `phase` (radians,
// updated), at `level_dbfs` peak level. Used by the virtual microphone and the tests.
void FillSine(int16_t* out, size_t frames, double frequency_hz, double level_dbfs, double sample_rate,
              double& phase);

}  // namespace sdkpp::voice
