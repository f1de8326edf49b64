#include "voice/audio/opus_codec.h"

#include <opus.h>

#include <algorithm>
#include <cstring>

#include "voice/audio/audio_format.h"

namespace sdkpp::voice {
namespace {

// 64 kbit/s for a stereo call: transparent for speech and good for the music a game or a shared
// clip may put on the microphone, and well under the 1,275-byte packet limit (160 bytes a frame).
constexpr opus_int32 kBitrate = 64000;

// OPUS_APPLICATION_VOIP rather than AUDIO: a call carries speech from a microphone, and VOIP mode
// tunes the encoder for intelligibility (its mode decisions lean towards the speech coders, SILK
// and hybrid, and it high-passes rumble below the voice band instead of only removing DC). Tones
// and music still come through at 64 kbit/s (the tests check a 440 Hz sine within 1 dB).
constexpr int kApplication = OPUS_APPLICATION_VOIP;

// The decoder does not use in-band FEC (OpusFrameDecoder conceals a lost frame instead), so the
// encoder spends no bits on it: every bit goes to the frame itself.

class LibopusEncoder final : public OpusFrameEncoder {
 public:
  explicit LibopusEncoder(OpusEncoder* state) : state_(state) {}
  ~LibopusEncoder() override { opus_encoder_destroy(state_); }
  LibopusEncoder(const LibopusEncoder&) = delete;
  LibopusEncoder& operator=(const LibopusEncoder&) = delete;

  int Encode(const int16_t* pcm, uint8_t* out, size_t capacity) override {
    if (pcm == nullptr || out == nullptr || capacity == 0) return -1;
    const auto max_bytes = static_cast<opus_int32>(std::min<size_t>(capacity, kMaxOpusPacketBytes));
    const opus_int32 size =
        opus_encode(state_, pcm, static_cast<int>(kSamplesPerChannel), out, max_bytes);
    return size < 0 ? -1 : static_cast<int>(size);
  }

 private:
  OpusEncoder* state_;
};

class LibopusDecoder final : public OpusFrameDecoder {
 public:
  explicit LibopusDecoder(OpusDecoder* state) : state_(state) {}
  ~LibopusDecoder() override { opus_decoder_destroy(state_); }
  LibopusDecoder(const LibopusDecoder&) = delete;
  LibopusDecoder& operator=(const LibopusDecoder&) = delete;

  int Decode(const uint8_t* packet, size_t size, int16_t* pcm) override {
    // A packet of another duration than 20 ms is refused before libopus sees it: the output
    // buffer holds exactly one 20 ms frame, and the call format is fixed (audio_format.h).
    if (packet == nullptr || size == 0 || size > kMaxOpusPacketBytes ||
        opus_packet_get_nb_samples(packet, static_cast<opus_int32>(size), kSampleRate) !=
            static_cast<int>(kSamplesPerChannel)) {
      return Silence(pcm);
    }
    const int decoded = opus_decode(state_, packet, static_cast<opus_int32>(size), pcm,
                                    static_cast<int>(kSamplesPerChannel), /*decode_fec=*/0);
    if (decoded != static_cast<int>(kSamplesPerChannel)) return Silence(pcm);
    return decoded;
  }

  void Conceal(int16_t* pcm) override {
    // A null packet asks libopus for packet loss concealment of one frame_size.
    const int concealed =
        opus_decode(state_, nullptr, 0, pcm, static_cast<int>(kSamplesPerChannel), /*decode_fec=*/0);
    if (concealed != static_cast<int>(kSamplesPerChannel)) Silence(pcm);
  }

 private:
  static int Silence(int16_t* pcm) {
    if (pcm != nullptr) std::memset(pcm, 0, kFrameBytes);
    return -1;
  }

  OpusDecoder* state_;
};

}  // namespace

std::unique_ptr<OpusFrameEncoder> OpusFrameEncoder::Create(std::string& error) {
  int status = OPUS_OK;
  OpusEncoder* state = opus_encoder_create(kSampleRate, static_cast<int>(kChannels), kApplication, &status);
  if (state == nullptr || status != OPUS_OK) {
    error = std::string("opus_encoder_create failed: ") + opus_strerror(status);
    if (state != nullptr) opus_encoder_destroy(state);
    return nullptr;
  }
  auto encoder = std::make_unique<LibopusEncoder>(state);  // owns `state` from here on
  const int bitrate_status = opus_encoder_ctl(state, OPUS_SET_BITRATE(kBitrate));
  if (bitrate_status != OPUS_OK) {
    error = std::string("opus_encoder_ctl(OPUS_SET_BITRATE) failed: ") + opus_strerror(bitrate_status);
    return nullptr;
  }
  return encoder;
}

std::unique_ptr<OpusFrameDecoder> OpusFrameDecoder::Create(std::string& error) {
  int status = OPUS_OK;
  OpusDecoder* state = opus_decoder_create(kSampleRate, static_cast<int>(kChannels), &status);
  if (state == nullptr || status != OPUS_OK) {
    error = std::string("opus_decoder_create failed: ") + opus_strerror(status);
    if (state != nullptr) opus_decoder_destroy(state);
    return nullptr;
  }
  return std::make_unique<LibopusDecoder>(state);
}

}  // namespace sdkpp::voice
