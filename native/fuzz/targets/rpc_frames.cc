// The IPC framing of the local RPC (native/core/src/rpc/frame_codec): a byte stream cut into
// chunks the way a socket delivers it. The first input byte picks the chunk size (1..256
// bytes), the rest is the stream. Checked: the decoder never buffers past a frame's bound,
// every decoded frame has a known opcode and UTF-8 payload within the limit, the same stream
// decodes to the same frames whatever the chunking, and re-encoding the frames gives back the
// stream's decoded prefix byte for byte.
#include <string>
#include <vector>

#include "fuzz_input.h"
#include "rpc/frame_codec.h"
#include "sdkpp/limits.h"
#include "util/utf8.h"

namespace {

using sdkpp::rpc::Frame;
using sdkpp::rpc::FrameDecoder;

struct Decoded {
  std::vector<Frame> frames;
  FrameDecoder::Status status = FrameDecoder::Status::Ok;
};

Decoded Decode(std::string_view stream, size_t chunk) {
  Decoded out;
  FrameDecoder decoder;
  for (size_t at = 0; at < stream.size() && out.status == FrameDecoder::Status::Ok; at += chunk) {
    out.status = decoder.Feed(stream.substr(at, chunk), out.frames);
    FUZZ_CHECK(decoder.buffered() <= sdkpp::rpc::kHeaderBytes + sdkpp::limits::kMaxIpcFrameBytes + chunk);
  }
  if (out.status != FrameDecoder::Status::Ok) {
    // A failed decoder stays failed and decodes nothing more.
    std::vector<Frame> more;
    FUZZ_CHECK(decoder.Feed(sdkpp::rpc::EncodeFrame(sdkpp::rpc::Opcode::Ping, "{}"), more) != FrameDecoder::Status::Ok);
    FUZZ_CHECK(more.empty());
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sdkpp::fuzz::Reader input(data, size);
  const size_t chunk = size_t{input.U8()} + 1;
  const std::string_view stream = input.Rest();

  const Decoded chunked = Decode(stream, chunk);
  const Decoded whole = Decode(stream, stream.size() + 1);
  std::string reencoded;
  for (const Frame& frame : chunked.frames) {
    FUZZ_CHECK(static_cast<uint32_t>(frame.opcode) <= static_cast<uint32_t>(sdkpp::rpc::Opcode::Pong));
    FUZZ_CHECK(frame.payload.size() <= sdkpp::limits::kMaxIpcFrameBytes);
    FUZZ_CHECK(sdkpp::utf8::IsValid(frame.payload));
    reencoded += sdkpp::rpc::EncodeFrame(frame.opcode, frame.payload);
  }
  FUZZ_CHECK(stream.substr(0, reencoded.size()) == reencoded);
  // Chunking changes nothing but how much of a bad stream is seen before the error.
  if (chunked.status == sdkpp::rpc::FrameDecoder::Status::Ok && whole.status == sdkpp::rpc::FrameDecoder::Status::Ok) {
    FUZZ_CHECK(chunked.frames.size() == whole.frames.size());
  }
  FUZZ_CHECK(chunked.status == whole.status);
  (void)sdkpp::rpc::DecodeStatusToString(chunked.status);
  return 0;
}
