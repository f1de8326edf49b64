// IPC framing of the local RPC (docs/protocols/ipc.md): an 8-byte little-endian header — uint32
// opcode, uint32 length — then `length` bytes of UTF-8 JSON, at most limits::kMaxIpcFrameBytes (64 KiB).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sdkpp/limits.h"

namespace sdkpp::rpc {

enum class Opcode : uint32_t { Handshake = 0, Frame = 1, Close = 2, Ping = 3, Pong = 4 };

inline constexpr size_t kHeaderBytes = 8;

std::string EncodeFrame(Opcode opcode, std::string_view payload);

struct Frame {
  Opcode opcode;
  std::string payload;
};

class FrameDecoder {
 public:
  enum class Status { Ok, TooLarge, UnknownOpcode, InvalidUtf8 };

  // Appends `bytes` and moves every complete frame to `out`. Any status but Ok means the
  // stream is corrupt and must be closed; nothing more is decoded after it.
  Status Feed(std::string_view bytes, std::vector<Frame>& out);
  size_t buffered() const { return buffer_.size(); }

 private:
  std::string buffer_;
  bool failed_ = false;
};

const char* DecodeStatusToString(FrameDecoder::Status status);

}  // namespace sdkpp::rpc
