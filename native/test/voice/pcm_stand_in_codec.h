// A stand-in for libopus in the engine tests while the Opus codec is not in the tree: a
// "packet" is the left channel at 12 kHz (every fourth sample, 480 bytes), decoded back to
// 48 kHz stereo by linear interpolation. Clean enough for frequency and level checks; the
// silence frame decodes to silence, anything else of the wrong size is corrupt (−1).
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "voice/audio/audio_format.h"
#include "voice/audio/opus_codec.h"

namespace sdkpp::voice::testing {

inline constexpr size_t kStandInStep = 4;
inline constexpr size_t kStandInSamples = kSamplesPerChannel / kStandInStep;
inline constexpr size_t kStandInPacketBytes = kStandInSamples * 2;

class StandInEncoder final : public OpusFrameEncoder {
 public:
  int Encode(const int16_t* pcm, uint8_t* out, size_t capacity) override {
    if (capacity < kStandInPacketBytes) return -1;
    for (size_t i = 0; i < kStandInSamples; ++i) {
      const auto value = static_cast<uint16_t>(pcm[i * kStandInStep * kChannels]);
      out[2 * i] = static_cast<uint8_t>(value & 0xFF);
      out[2 * i + 1] = static_cast<uint8_t>(value >> 8);
    }
    return static_cast<int>(kStandInPacketBytes);
  }
};

class StandInDecoder final : public OpusFrameDecoder {
 public:
  int Decode(const uint8_t* packet, size_t size, int16_t* pcm) override {
    if (size == sizeof kOpusSilenceFrame && std::memcmp(packet, kOpusSilenceFrame, size) == 0) {
      std::fill(pcm, pcm + kFrameSamples, int16_t{0});
      last_ = 0;
      return static_cast<int>(kSamplesPerChannel);
    }
    if (size != kStandInPacketBytes) {
      std::fill(pcm, pcm + kFrameSamples, int16_t{0});
      return -1;
    }
    for (size_t i = 0; i < kStandInSamples; ++i) {
      const auto next = static_cast<int16_t>(packet[2 * i] | (packet[2 * i + 1] << 8));
      for (size_t k = 0; k < kStandInStep; ++k) {
        const auto value = static_cast<int16_t>(last_ + (next - last_) * static_cast<int>(k + 1) / static_cast<int>(kStandInStep));
        const size_t at = (i * kStandInStep + k) * kChannels;
        pcm[at] = value;
        pcm[at + 1] = value;
      }
      last_ = next;
    }
    return static_cast<int>(kSamplesPerChannel);
  }
  void Conceal(int16_t* pcm) override {
    std::fill(pcm, pcm + kFrameSamples, int16_t{0});
    last_ = 0;
  }

 private:
  int16_t last_ = 0;
};

}  // namespace sdkpp::voice::testing
