#include "rpc/frame_codec.h"

#include "util/utf8.h"

namespace sdkpp::rpc {
namespace {

void PutU32(std::string& out, uint32_t value) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

uint32_t GetU32(std::string_view in, size_t at) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= uint32_t{static_cast<uint8_t>(in[at + i])} << (8 * i);
  return value;
}

}  // namespace

std::string EncodeFrame(Opcode opcode, std::string_view payload) {
  std::string out;
  out.reserve(kHeaderBytes + payload.size());
  PutU32(out, static_cast<uint32_t>(opcode));
  PutU32(out, static_cast<uint32_t>(payload.size()));
  out.append(payload);
  return out;
}

FrameDecoder::Status FrameDecoder::Feed(std::string_view bytes, std::vector<Frame>& out) {
  if (failed_) return Status::TooLarge;
  buffer_.append(bytes);
  size_t pos = 0;
  Status status = Status::Ok;
  while (buffer_.size() - pos >= kHeaderBytes) {
    uint32_t opcode = GetU32(buffer_, pos);
    uint32_t length = GetU32(buffer_, pos + 4);
    if (opcode > static_cast<uint32_t>(Opcode::Pong)) {
      status = Status::UnknownOpcode;
      break;
    }
    if (length > limits::kMaxIpcFrameBytes) {
      status = Status::TooLarge;
      break;
    }
    if (buffer_.size() - pos - kHeaderBytes < length) break;  // wait for the rest
    std::string_view payload(buffer_.data() + pos + kHeaderBytes, length);
    if (!utf8::IsValid(payload)) {
      status = Status::InvalidUtf8;
      break;
    }
    out.push_back({static_cast<Opcode>(opcode), std::string(payload)});
    pos += kHeaderBytes + length;
  }
  if (status != Status::Ok) {
    failed_ = true;
    buffer_.clear();
    return status;
  }
  buffer_.erase(0, pos);
  return Status::Ok;
}

const char* DecodeStatusToString(FrameDecoder::Status status) {
  switch (status) {
    case FrameDecoder::Status::Ok:
      return "ok";
    case FrameDecoder::Status::TooLarge:
      return "frame larger than 64 KiB";
    case FrameDecoder::Status::UnknownOpcode:
      return "unknown opcode";
    case FrameDecoder::Status::InvalidUtf8:
      return "payload is not valid UTF-8";
  }
  return "unknown";
}

}  // namespace sdkpp::rpc
