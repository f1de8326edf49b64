// libopus behind two small classes fixed to the call format (audio_format.h): 48 kHz, stereo,
// 20 ms frames. Made on the JS thread (libopus allocates its state there); Encode, Decode and
// Conceal run on the audio thread and never allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace sdkpp::voice {

class OpusFrameEncoder {
 public:
  // nullptr (with `error`) when libopus refused.
  static std::unique_ptr<OpusFrameEncoder> Create(std::string& error);
  virtual ~OpusFrameEncoder() = default;
  // One frame of kFrameSamples interleaved samples → an Opus packet in `out` (capacity
  // kMaxOpusPacketBytes is enough). The packet's size, or −1 on a libopus error.
  virtual int Encode(const int16_t* pcm, uint8_t* out, size_t capacity) = 0;
};

class OpusFrameDecoder {
 public:
  static std::unique_ptr<OpusFrameDecoder> Create(std::string& error);
  virtual ~OpusFrameDecoder() = default;
  // One Opus packet → kFrameSamples interleaved samples in `pcm`. Samples per channel decoded
  // (kSamplesPerChannel for a 20 ms packet), or −1 for a corrupt packet (`pcm` then holds
  // silence). Longer packets than 20 ms are refused (−1): the call format is fixed.
  virtual int Decode(const uint8_t* packet, size_t size, int16_t* pcm) = 0;
  // A lost frame: libopus's packet loss concealment fills one 20 ms frame.
  virtual void Conceal(int16_t* pcm) = 0;
};

}  // namespace sdkpp::voice
