// The one audio format of a call: 48 kHz, stereo, interleaved int16, 20 ms frames (docs/protocols/voice-media.md).
// Every stage of the engine, every device backend and every audio callback uses it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sdkpp::voice {

inline constexpr int32_t kSampleRate = 48000;
inline constexpr uint64_t kChannels = 2;
inline constexpr uint32_t kFrameMs = 20;
inline constexpr uint64_t kSamplesPerChannel = 960;  // per 20 ms frame
inline constexpr size_t kFrameSamples = kSamplesPerChannel * kChannels;  // int16 values
inline constexpr size_t kFrameBytes = kFrameSamples * sizeof(int16_t);   // 3,840
inline constexpr size_t kMaxOpusPacketBytes = 1275;
// The Opus silence frame: five go out before a pause (docs/protocols/voice-media.md).
inline constexpr uint8_t kOpusSilenceFrame[3] = {0xF8, 0xFF, 0xFE};
inline constexpr int kSilenceFramesBeforePause = 5;

inline bool IsOpusSilenceFrame(const uint8_t* frame, size_t size) {
  return size == sizeof kOpusSilenceFrame && frame[0] == kOpusSilenceFrame[0] && frame[1] == kOpusSilenceFrame[1] &&
         frame[2] == kOpusSilenceFrame[2];
}

}  // namespace sdkpp::voice
