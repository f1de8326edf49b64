// The vendored libopus behind OpusFrameEncoder/OpusFrameDecoder: a tone survives the round trip
// (frequency ±2 Hz, level ±1 dB), the silence frame decodes to silence, corrupt packets and
// packets of another duration than 20 ms are refused with silence, concealment continues a tone,
// and no packet exceeds 1,275 bytes.
#include "voice/audio/opus_codec.h"

#include <opus.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "framework/test.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/pcm_math.h"
#include "voice/tone_measure.h"

namespace sdkpp::voice {
namespace {

using testing::ZeroCrossingHz;

// Frames the encoder and decoder need to settle (codec delay, the encoder's first frames).
constexpr int kWarmUpFrames = 10;

struct Codec {
  std::unique_ptr<OpusFrameEncoder> encoder;
  std::unique_ptr<OpusFrameDecoder> decoder;
};

Codec MakeCodec() {
  std::string error;
  Codec codec{OpusFrameEncoder::Create(error), OpusFrameDecoder::Create(error)};
  if (!error.empty()) ADD_FAILURE() << error;
  return codec;
}

// A frame full of a recognisable non-zero pattern, so "filled with silence" is a real check.
std::vector<int16_t> Garbage() { return std::vector<int16_t>(kFrameSamples, 12345); }

bool AllZero(const std::vector<int16_t>& pcm) {
  for (int16_t s : pcm) {
    if (s != 0) return false;
  }
  return true;
}

// A packet of `samples_per_channel` of a 440 Hz tone from a plain libopus encoder, for packet
// durations our encoder never makes.
std::vector<uint8_t> ForeignPacket(int samples_per_channel) {
  int status = OPUS_OK;
  OpusEncoder* encoder = opus_encoder_create(kSampleRate, static_cast<int>(kChannels), OPUS_APPLICATION_AUDIO, &status);
  if (encoder == nullptr) return {};
  std::vector<int16_t> pcm(static_cast<size_t>(samples_per_channel) * kChannels);
  double phase = 0;
  FillSine(pcm.data(), static_cast<size_t>(samples_per_channel), 440, -10, kSampleRate, phase);
  std::vector<uint8_t> packet(4000);
  const opus_int32 size = opus_encode(encoder, pcm.data(), samples_per_channel, packet.data(),
                                      static_cast<opus_int32>(packet.size()));
  opus_encoder_destroy(encoder);
  packet.resize(size > 0 ? static_cast<size_t>(size) : 0);
  return packet;
}

TEST(OpusCodec, A440HzToneSurvivesEncodeAndDecode) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.encoder != nullptr);
  ASSERT_TRUE(codec.decoder != nullptr);
  constexpr int kFrames = 50;  // one second
  std::vector<int16_t> input(kFrameSamples * kFrames);
  double phase = 0;
  FillSine(input.data(), kSamplesPerChannel * kFrames, 440, -10, kSampleRate, phase);

  std::vector<int16_t> output;
  uint8_t packet[kMaxOpusPacketBytes];
  int16_t decoded[kFrameSamples];
  for (int frame = 0; frame < kFrames; ++frame) {
    const int size = codec.encoder->Encode(&input[frame * kFrameSamples], packet, sizeof packet);
    ASSERT_GT(size, 0);
    ASSERT_LE(size, static_cast<int>(kMaxOpusPacketBytes));
    ASSERT_EQ(codec.decoder->Decode(packet, static_cast<size_t>(size), decoded), static_cast<int>(kSamplesPerChannel));
    if (frame >= kWarmUpFrames) output.insert(output.end(), decoded, decoded + kFrameSamples);
  }

  const double hz = ZeroCrossingHz(output);
  EXPECT_LT(std::fabs(hz - 440.0), 2.0) << "decoded tone at " << hz << " Hz";
  const float input_db = LevelDbfs(&input[kWarmUpFrames * kFrameSamples], output.size());
  const float output_db = LevelDbfs(output.data(), output.size());
  EXPECT_LT(std::fabs(output_db - input_db), 1.0f) << "input " << input_db << " dBFS, decoded " << output_db;
}

TEST(OpusCodec, TheSilenceFrameDecodesToSilence) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.decoder != nullptr);
  auto pcm = Garbage();
  EXPECT_EQ(codec.decoder->Decode(kOpusSilenceFrame, sizeof kOpusSilenceFrame, pcm.data()),
            static_cast<int>(kSamplesPerChannel));
  EXPECT_LT(LevelDbfs(pcm.data(), pcm.size()), -80.0f);
}

TEST(OpusCodec, CorruptPacketsAreRefusedWithSilenceAndTheDecoderGoesOn) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.decoder != nullptr);
  // Each claims 20 ms (two 10 ms frames) where that can be read, but cannot be decoded.
  const std::vector<std::vector<uint8_t>> corrupt = {
      {0x02, 200, 1, 2},           // code 2: first frame of 200 bytes, 2 bytes follow
      {0x03, 0x82, 200, 1, 2, 3},  // code 3 VBR, two frames, first of 200 bytes, 3 follow
      {0x03, 0x00},                // code 3 with zero frames
      {0x0B},                      // code 3 without its frame count byte
  };
  for (const auto& packet : corrupt) {
    auto pcm = Garbage();
    EXPECT_EQ(codec.decoder->Decode(packet.data(), packet.size(), pcm.data()), -1)
        << "packet starting " << static_cast<int>(packet[0]) << " of " << packet.size() << " bytes";
    EXPECT_TRUE(AllZero(pcm));
  }
  auto pcm = Garbage();
  EXPECT_EQ(codec.decoder->Decode(nullptr, 0, pcm.data()), -1);
  EXPECT_TRUE(AllZero(pcm));
  const std::vector<uint8_t> oversized(kMaxOpusPacketBytes + 1, 0xF8);
  pcm = Garbage();
  EXPECT_EQ(codec.decoder->Decode(oversized.data(), oversized.size(), pcm.data()), -1);
  EXPECT_TRUE(AllZero(pcm));

  // A good packet right after still decodes.
  EXPECT_EQ(codec.decoder->Decode(kOpusSilenceFrame, sizeof kOpusSilenceFrame, pcm.data()),
            static_cast<int>(kSamplesPerChannel));
}

TEST(OpusCodec, PacketsOfAnotherDurationThan20MsAreRefused) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.decoder != nullptr);
  for (int samples : {1920, 480, 2880}) {  // 40, 10 and 60 ms
    const auto packet = ForeignPacket(samples);
    ASSERT_FALSE(packet.empty());
    ASSERT_EQ(opus_packet_get_nb_samples(packet.data(), static_cast<opus_int32>(packet.size()), kSampleRate),
              samples);
    auto pcm = Garbage();
    EXPECT_EQ(codec.decoder->Decode(packet.data(), packet.size(), pcm.data()), -1) << samples << " samples";
    EXPECT_TRUE(AllZero(pcm));
  }
  // The same encoder's 20 ms packet is accepted: the refusal is about the duration.
  const auto packet = ForeignPacket(static_cast<int>(kSamplesPerChannel));
  auto pcm = Garbage();
  EXPECT_EQ(codec.decoder->Decode(packet.data(), packet.size(), pcm.data()), static_cast<int>(kSamplesPerChannel));
}

TEST(OpusCodec, ConcealmentAfterAToneFillsAFrame) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.encoder != nullptr);
  ASSERT_TRUE(codec.decoder != nullptr);
  int16_t frame[kFrameSamples];
  uint8_t packet[kMaxOpusPacketBytes];
  double phase = 0;
  for (int i = 0; i < kWarmUpFrames; ++i) {
    FillSine(frame, kSamplesPerChannel, 440, -10, kSampleRate, phase);
    const int size = codec.encoder->Encode(frame, packet, sizeof packet);
    ASSERT_GT(size, 0);
    ASSERT_EQ(codec.decoder->Decode(packet, static_cast<size_t>(size), frame), static_cast<int>(kSamplesPerChannel));
  }
  const float tone_db = LevelDbfs(frame, kFrameSamples);
  std::vector<int16_t> concealed(kFrameSamples, 0);
  codec.decoder->Conceal(concealed.data());
  const float concealed_db = LevelDbfs(concealed.data(), concealed.size());
  // Concealment continues the tone, fading: well above silence, not louder than the tone.
  EXPECT_GT(concealed_db, tone_db - 10.0f) << "tone " << tone_db << " dBFS, concealed " << concealed_db;
  EXPECT_LT(concealed_db, tone_db + 1.0f);

  // On a fresh decoder (nothing to continue) concealment is silence.
  auto fresh = MakeCodec();
  ASSERT_TRUE(fresh.decoder != nullptr);
  auto pcm = Garbage();
  fresh.decoder->Conceal(pcm.data());
  EXPECT_LT(LevelDbfs(pcm.data(), pcm.size()), -80.0f);
}

TEST(OpusCodec, NoPacketExceeds1275BytesEvenForFullScaleNoise) {
  auto codec = MakeCodec();
  ASSERT_TRUE(codec.encoder != nullptr);
  uint32_t state = 1;
  int16_t frame[kFrameSamples];
  uint8_t packet[kMaxOpusPacketBytes];
  int largest = 0;
  for (int i = 0; i < 50; ++i) {
    for (auto& sample : frame) {
      state = state * 1664525u + 1013904223u;
      sample = static_cast<int16_t>(state >> 16);
    }
    const int size = codec.encoder->Encode(frame, packet, sizeof packet);
    ASSERT_GT(size, 0);
    largest = size > largest ? size : largest;
  }
  EXPECT_LE(largest, static_cast<int>(kMaxOpusPacketBytes));
  // 64 kbit/s is 160 bytes a frame; the encoder may vary around it but not by a factor of three.
  EXPECT_LT(largest, 480) << "largest packet " << largest << " bytes";
}

}  // namespace
}  // namespace sdkpp::voice
