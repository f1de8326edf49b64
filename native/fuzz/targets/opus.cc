// Opus from the network (native/core/src/voice/audio/opus_codec over the vendored libopus):
// the decoder of one remote talker fed arbitrary packets and losses, with its state carried
// from packet to packet as in a call.
//
// Input: events — a byte whose low bit asks for a lost frame (concealment) or a packet, which
// follows as a record (u16 length, bytes). Checked: a decode answers a 20 ms frame or −1 with
// silence, never anything else.
#include <array>
#include <string>

#include "fuzz_input.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/opus_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string error;
  // A fresh decoder for every input: the replay of one input must not depend on others.
  auto decoder = sdkpp::voice::OpusFrameDecoder::Create(error);
  FUZZ_CHECK(decoder != nullptr);
  std::array<int16_t, sdkpp::voice::kFrameSamples> pcm{};
  sdkpp::fuzz::Reader input(data, size);
  for (int step = 0; step < 256 && !input.empty(); ++step) {
    if (input.U8() & 1) {
      decoder->Conceal(pcm.data());
      continue;
    }
    const std::string_view packet = input.Record();
    const int decoded = decoder->Decode(reinterpret_cast<const uint8_t*>(packet.data()), packet.size(), pcm.data());
    FUZZ_CHECK(decoded == static_cast<int>(sdkpp::voice::kSamplesPerChannel) || decoded == -1);
    if (decoded == -1) {
      for (int16_t sample : pcm) FUZZ_CHECK(sample == 0);
    }
  }
  return 0;
}
