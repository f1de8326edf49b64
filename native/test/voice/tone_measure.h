// Measures what the voice tests hear: the frequency of interleaved stereo PCM (left channel) by
// counting upward zero crossings — exact enough for ±2 Hz over a second of a clean tone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "voice/audio/audio_format.h"

namespace sdkpp::voice::testing {

inline double ZeroCrossingHz(const std::vector<int16_t>& interleaved_stereo) {
  size_t crossings = 0, first = 0, last = 0;
  for (size_t i = 2; i < interleaved_stereo.size(); i += 2) {
    if (interleaved_stereo[i - 2] < 0 && interleaved_stereo[i] >= 0) {
      if (crossings++ == 0) first = i / 2;
      last = i / 2;
    }
  }
  return crossings < 2 ? 0 : (crossings - 1) * static_cast<double>(kSampleRate) / static_cast<double>(last - first);
}

}  // namespace sdkpp::voice::testing
