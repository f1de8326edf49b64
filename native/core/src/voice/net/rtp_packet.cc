#include "voice/net/rtp_packet.h"

namespace sdkpp::voice {
namespace {

constexpr size_t kTagBytes = 16;
constexpr size_t kNonceSuffixBytes = 4;

uint16_t ReadU16(const uint8_t* p) { return static_cast<uint16_t>(p[0] << 8 | p[1]); }
uint32_t ReadU32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

}  // namespace

void WriteRtpHeader(const RtpHeader& header, uint8_t out[kRtpHeaderBytes]) {
  out[0] = 0x80;
  out[1] = kRtpPayloadType;
  out[2] = static_cast<uint8_t>(header.sequence >> 8);
  out[3] = static_cast<uint8_t>(header.sequence);
  for (int i = 0; i < 4; ++i) {
    out[4 + i] = static_cast<uint8_t>(header.timestamp >> (24 - 8 * i));
    out[8 + i] = static_cast<uint8_t>(header.ssrc >> (24 - 8 * i));
  }
}

std::optional<RtpView> ParseRtpHeader(const uint8_t* packet, size_t size) {
  if (packet == nullptr || size < kRtpHeaderBytes) return std::nullopt;
  if ((packet[0] >> 6) != 2) return std::nullopt;
  if ((packet[1] & 0x7F) != kRtpPayloadType) return std::nullopt;
  const size_t csrc_count = packet[0] & 0x0F;
  const bool extension = (packet[0] & 0x10) != 0;
  RtpView view;
  view.aad_bytes = kRtpHeaderBytes + 4 * csrc_count + (extension ? 4 : 0);
  if (size < view.aad_bytes + kTagBytes + kNonceSuffixBytes) return std::nullopt;
  view.padding = (packet[0] & 0x20) != 0;
  // The preamble is the last 4 bytes of the AAD: profile, then the body length in 32-bit words.
  if (extension) view.extension_body_bytes = 4 * size_t{ReadU16(packet + view.aad_bytes - 2)};
  view.header.sequence = ReadU16(packet + 2);
  view.header.timestamp = ReadU32(packet + 4);
  view.header.ssrc = ReadU32(packet + 8);
  return view;
}

std::optional<std::span<const uint8_t>> RtpPayload(const RtpView& view, const uint8_t* plaintext,
                                                   size_t size) {
  if (view.extension_body_bytes > size) return std::nullopt;
  size_t begin = view.extension_body_bytes;
  size_t end = size;
  if (view.padding) {
    if (end == begin) return std::nullopt;
    const size_t padding = plaintext[end - 1];
    // RFC 3550 §5.1: the count includes itself, so it is at least 1.
    if (padding == 0 || padding > end - begin) return std::nullopt;
    end -= padding;
  }
  return std::span<const uint8_t>(plaintext + begin, end - begin);
}

}  // namespace sdkpp::voice
