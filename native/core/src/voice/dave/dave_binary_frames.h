// The voice gateway's binary frames, which carry DAVE's MLS messages (docs/protocols/voice-gateway.md): a server
// frame is `u16 BE seq | u8 op | payload` (numbered like JSON `seq`), a client frame
// `u8 op | payload`. Ops 29 and 30 start their payload with a `u16 BE transition id`.
// Parsing never throws and never reads past the bytes it was given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sdkpp::voice {

struct ServerBinaryFrame {
  uint16_t seq = 0;
  uint8_t op = 0;
  std::string_view payload;  // a view into the bytes given to ParseServerBinaryFrame
};

// nullopt when shorter than its 3-byte header.
std::optional<ServerBinaryFrame> ParseServerBinaryFrame(std::string_view bytes);

std::string EncodeClientBinaryFrame(uint8_t op, std::string_view payload);
// op 28's payload is the commit followed, when there is one, by the Welcome.
std::string EncodeClientBinaryFrame(uint8_t op, std::string_view first, std::string_view second);

struct TransitionPayload {
  uint16_t transition_id = 0;
  std::string_view body;  // the commit (op 29) or Welcome (op 30)
};

// nullopt when there is no room for the transition id or nothing after it.
std::optional<TransitionPayload> ParseTransitionPayload(std::string_view payload);

}  // namespace sdkpp::voice
