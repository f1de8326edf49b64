// One talker's jitter buffer (native/core/src/voice/audio/jitter_buffer) fed arbitrary
// sequence streams — reordered, duplicated, late, wrapping at 65535, jumping, empty or
// oversized packets — interleaved with playout ticks and resets.
//
// Input: events, each an opcode byte and its operands: push (sequence, size, bytes), pop,
// reset. Checked: a popped packet is one that was pushed, whole and unchanged; the target
// delay stays within its bounds and the depth within the slots.
#include <cstring>
#include <set>
#include <string>

#include "fuzz_input.h"
#include "voice/audio/jitter_buffer.h"

namespace {

using sdkpp::voice::JitterBuffer;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sdkpp::fuzz::Reader input(data, size);
  JitterBuffer buffer;
  // Every packet the buffer could have stored.
  std::set<std::string> pushed;
  for (int step = 0; step < 8192 && !input.empty(); ++step) {
    const uint8_t op = input.U8();
    if (op < 0x80) {
      const uint16_t sequence = input.U16();
      // Mostly small packets; the top bit of the length byte asks for a large one (up to the
      // limit and a little past it).
      const uint8_t length = input.U8();
      const size_t bytes = (length & 0x80) ? 1200 + (length & 0x7F) : length;
      std::string packet(bytes, '\0');
      const std::string_view given = input.Bytes(bytes);
      std::memcpy(packet.data(), given.data(), given.size());
      for (size_t i = given.size(); i < bytes; ++i) packet[i] = static_cast<char>(sequence + i);
      buffer.Push(sequence, reinterpret_cast<const uint8_t*>(packet.data()), packet.size());
      if (bytes > 0 && bytes <= sdkpp::voice::kMaxOpusPacketBytes) pushed.insert(std::move(packet));
    } else if (op < 0xF8) {
      const uint8_t* packet = nullptr;
      size_t packet_size = 0;
      const auto output = buffer.Pop(packet, packet_size);
      if (output == JitterBuffer::Output::Packet) {
        FUZZ_CHECK(packet != nullptr && packet_size > 0 && packet_size <= sdkpp::voice::kMaxOpusPacketBytes);
        FUZZ_CHECK(pushed.count(std::string(reinterpret_cast<const char*>(packet), packet_size)) == 1);
      } else {
        FUZZ_CHECK(packet == nullptr && packet_size == 0);
      }
    } else {
      buffer.Reset();
    }
    FUZZ_CHECK(buffer.TargetFrames() >= JitterBuffer::kMinFrames && buffer.TargetFrames() <= JitterBuffer::kMaxFrames);
    FUZZ_CHECK(buffer.DepthFrames() <= JitterBuffer::kSlots);
    const auto& counters = buffer.Counters();
    (void)(counters.stored + counters.duplicates + counters.late + counters.concealed + counters.skipped);
  }
  return 0;
}
