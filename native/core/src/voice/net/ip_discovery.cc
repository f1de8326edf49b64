#include "voice/net/ip_discovery.h"

namespace sdkpp::voice {
namespace {

constexpr size_t kAddressOffset = 8;
constexpr size_t kAddressBytes = 64;

// Four decimal numbers 0-255 separated by dots: what Select Protocol may carry back.
bool IsDottedQuad(const std::string& text) {
  int parts = 0;
  size_t i = 0;
  while (i <= text.size()) {
    size_t digits = 0;
    unsigned value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 3) {
      value = value * 10 + static_cast<unsigned>(text[i] - '0');
      ++i;
      ++digits;
    }
    if (digits == 0 || value > 255) return false;
    ++parts;
    if (i == text.size()) break;
    if (text[i] != '.' || parts == 4) return false;
    ++i;
  }
  return parts == 4;
}

}  // namespace

std::array<uint8_t, kDiscoveryBytes> DiscoveryRequest(uint32_t ssrc) {
  std::array<uint8_t, kDiscoveryBytes> out{};
  out[1] = 1;   // type: request
  out[3] = 70;  // length of what follows type and length
  for (int i = 0; i < 4; ++i) out[4 + i] = static_cast<uint8_t>(ssrc >> (24 - 8 * i));
  return out;
}

std::optional<DiscoveredAddress> ParseDiscoveryResponse(const uint8_t* data, size_t size,
                                                        uint32_t ssrc) {
  if (data == nullptr || size != kDiscoveryBytes) return std::nullopt;
  if (data[0] != 0 || data[1] != 2 || data[2] != 0 || data[3] != 70) return std::nullopt;
  const uint32_t echoed = uint32_t{data[4]} << 24 | uint32_t{data[5]} << 16 | uint32_t{data[6]} << 8 | data[7];
  if (echoed != ssrc) return std::nullopt;
  DiscoveredAddress found;
  for (size_t i = 0; i < kAddressBytes && data[kAddressOffset + i] != 0; ++i) {
    found.address.push_back(static_cast<char>(data[kAddressOffset + i]));
  }
  found.port = static_cast<uint16_t>(data[72] << 8 | data[73]);
  if (!IsDottedQuad(found.address) || found.port == 0) return std::nullopt;
  return found;
}

std::array<uint8_t, kKeepAliveBytes> KeepAlive(uint32_t counter) {
  std::array<uint8_t, kKeepAliveBytes> out{};
  for (int i = 0; i < 4; ++i) out[i] = static_cast<uint8_t>(counter >> (8 * i));
  return out;
}

}  // namespace sdkpp::voice
