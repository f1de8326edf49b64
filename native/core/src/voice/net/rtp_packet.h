// The RTP framing of the voice transport (docs/protocols/voice-media.md). sdkpp sends the plain 12-byte header
// (V=2, no padding, no extension, no CSRC, PT 120); it reads the general form, because a server
// or another client may add CSRCs, a header extension or padding. In the rtpsize modes the
// unencrypted part (the AAD) is the fixed header, the CSRCs and, when X is set, the 4-byte
// extension preamble; the extension body and the padding are inside the ciphertext.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace sdkpp::voice {

inline constexpr size_t kRtpHeaderBytes = 12;
inline constexpr uint8_t kRtpPayloadType = 0x78;  // 120: Opus
inline constexpr size_t kMaxDatagramBytes = 1500;  // docs/voice-calls.md

struct RtpHeader {
  uint16_t sequence = 0;
  uint32_t timestamp = 0;
  uint32_t ssrc = 0;
};

// The 12-byte header sdkpp sends: 0x80, 0x78, then sequence, timestamp and SSRC big-endian.
void WriteRtpHeader(const RtpHeader& header, uint8_t out[kRtpHeaderBytes]);

// What the unencrypted part of a received packet says.
struct RtpView {
  RtpHeader header;
  size_t aad_bytes = 0;             // 12 + 4·CC (+ 4 when X)
  size_t extension_body_bytes = 0;  // 4·length from the preamble: leads the plaintext
  bool padding = false;             // P: the last plaintext byte counts the padding
};

// The header of a media packet of the rtpsize modes, or nullopt when it is not one: not V=2,
// not PT 120, or too short to hold its header, a 16-byte tag and the 4-byte nonce.
std::optional<RtpView> ParseRtpHeader(const uint8_t* packet, size_t size);

// The Opus payload inside a decrypted plaintext: the extension body skipped, the padding
// dropped. nullopt when they do not fit (a malformed packet).
std::optional<std::span<const uint8_t>> RtpPayload(const RtpView& view, const uint8_t* plaintext,
                                                   size_t size);

// The outgoing sequence and timestamp: both start at a random value (RFC 3550 §5.1), the
// sequence goes up by one per packet and the timestamp is the base plus the audio clock, both
// wrapping (2^16 and 2^32).
class RtpClock {
 public:
  RtpClock(uint16_t first_sequence, uint32_t timestamp_base)
      : next_sequence_(first_sequence), timestamp_base_(timestamp_base) {}
  // The header fields of the next packet for the frame at `audio_timestamp` (48 kHz samples).
  RtpHeader Next(uint32_t ssrc, uint32_t audio_timestamp) {
    RtpHeader header{next_sequence_, static_cast<uint32_t>(timestamp_base_ + audio_timestamp), ssrc};
    next_sequence_ = static_cast<uint16_t>(next_sequence_ + 1);
    return header;
  }

 private:
  uint16_t next_sequence_;
  uint32_t timestamp_base_;
};

}  // namespace sdkpp::voice
