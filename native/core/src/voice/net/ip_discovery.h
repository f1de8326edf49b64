// UDP housekeeping datagrams (docs/protocols/voice-media.md): IP discovery, 74 bytes big-endian — u16 type
// (1 request, 2 response), u16 length 70, u32 SSRC, 64-byte NUL-terminated address, u16 port —
// and the 8-byte keep-alive (a u32 little-endian counter, then zeros).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace sdkpp::voice {

inline constexpr size_t kDiscoveryBytes = 74;
inline constexpr size_t kKeepAliveBytes = 8;

std::array<uint8_t, kDiscoveryBytes> DiscoveryRequest(uint32_t ssrc);

struct DiscoveredAddress {
  std::string address;  // our address as the server sees it (IPv4 dotted quad)
  uint16_t port = 0;
};

// The answer to our request for `ssrc`, or nullopt when the datagram is not one: wrong size,
// type, length or SSRC, an address that is not a dotted IPv4 quad, or port 0.
std::optional<DiscoveredAddress> ParseDiscoveryResponse(const uint8_t* data, size_t size,
                                                        uint32_t ssrc);

std::array<uint8_t, kKeepAliveBytes> KeepAlive(uint32_t counter);

}  // namespace sdkpp::voice
