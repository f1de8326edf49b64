#include "voice/dave/dave_binary_frames.h"

namespace sdkpp::voice {
namespace {

// The big-endian 16-bit number the bytes start with.
uint16_t LeadingU16(std::string_view bytes) {
  return static_cast<uint16_t>(static_cast<uint8_t>(bytes[0]) << 8 | static_cast<uint8_t>(bytes[1]));
}

}  // namespace

std::optional<ServerBinaryFrame> ParseServerBinaryFrame(std::string_view bytes) {
  if (bytes.size() < 3) return std::nullopt;
  return ServerBinaryFrame{LeadingU16(bytes), static_cast<uint8_t>(bytes[2]), bytes.substr(3)};
}

std::string EncodeClientBinaryFrame(uint8_t op, std::string_view payload) {
  return EncodeClientBinaryFrame(op, payload, {});
}

std::string EncodeClientBinaryFrame(uint8_t op, std::string_view first, std::string_view second) {
  std::string frame;
  frame.reserve(1 + first.size() + second.size());
  frame += static_cast<char>(op);
  frame.append(first);
  frame.append(second);
  return frame;
}

std::optional<TransitionPayload> ParseTransitionPayload(std::string_view payload) {
  if (payload.size() < 3) return std::nullopt;
  return TransitionPayload{LeadingU16(payload), payload.substr(2)};
}

}  // namespace sdkpp::voice
