// How a media frame looks to DAVE (docs/protocols/voice-media.md, §2.8): the Opus silence frame stays in the
// clear both ways, and an end-to-end encrypted frame ends with the FA FA marker.
#pragma once

#include <cstddef>
#include <cstdint>

#include "voice/audio/audio_format.h"  // IsOpusSilenceFrame

namespace sdkpp::voice {

inline bool HasDaveMarker(const uint8_t* frame, size_t size) {
  return size >= 2 && frame[size - 2] == 0xFA && frame[size - 1] == 0xFA;
}

}  // namespace sdkpp::voice
