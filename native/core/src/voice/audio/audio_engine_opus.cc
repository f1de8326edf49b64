// The audio engine with libopus: what the Client makes (tests may pass other codecs).
#include <string>

#include "voice/audio/audio_engine.h"
#include "voice/audio/opus_codec.h"

namespace sdkpp::voice {

std::unique_ptr<AudioEngine> CreateAudioEngine(std::unique_ptr<AudioDeviceBackend> backend, std::function<void()> wake) {
  AudioCodecFactory codecs;
  codecs.encoder = [](std::string& error) { return OpusFrameEncoder::Create(error); };
  codecs.decoder = [](std::string& error) { return OpusFrameDecoder::Create(error); };
  return CreateAudioEngine(std::move(backend), std::move(wake), std::move(codecs));
}

}  // namespace sdkpp::voice
