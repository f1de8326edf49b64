#include "voice/audio/wasapi/wasapi_audio_client.h"

#ifdef _WIN32

#include "voice/audio/audio_format.h"
#include "voice/audio/wasapi/wasapi_text.h"

#ifndef AUDCLNT_STREAMFLAGS_AUTOCONVERTPCM
#define AUDCLNT_STREAMFLAGS_AUTOCONVERTPCM 0x80000000
#endif
#ifndef AUDCLNT_STREAMFLAGS_SRC_DEFAULT_QUALITY
#define AUDCLNT_STREAMFLAGS_SRC_DEFAULT_QUALITY 0x08000000
#endif

namespace sdkpp::voice::wasapi {
namespace {

WAVEFORMATEX EngineFormat() {
  WAVEFORMATEX format{};
  format.wFormatTag = WAVE_FORMAT_PCM;
  format.nChannels = static_cast<WORD>(kChannels);
  format.nSamplesPerSec = static_cast<DWORD>(kSampleRate);
  format.wBitsPerSample = 16;
  format.nBlockAlign = static_cast<WORD>(kChannels * sizeof(int16_t));
  format.nAvgBytesPerSec = format.nSamplesPerSec * format.nBlockAlign;
  format.cbSize = 0;
  return format;
}

// "44100 Hz, 6 channels, 32 bits", for the error of a refused format.
std::string MixFormatText(IAudioClient* client) {
  WAVEFORMATEX* mix = nullptr;
  if (FAILED(client->GetMixFormat(&mix)) || mix == nullptr) return "unknown";
  std::string text = std::to_string(mix->nSamplesPerSec) + " Hz, " + std::to_string(mix->nChannels) + " channels, " +
                     std::to_string(mix->wBitsPerSample) + " bits";
  CoTaskMemFree(mix);
  return text;
}

HRESULT Activate(IMMDevice* device, ComPtr<IAudioClient>& client) {
  return device->Activate(__uuidof(IAudioClient), CLSCTX_ALL, nullptr, client.put_void());
}

}  // namespace

bool OpenEngineFormatClient(IMMDevice* device, const char* what, EngineFormatClient& opened, HRESULT& result,
                            std::string& error) {
  const WAVEFORMATEX format = EngineFormat();
  constexpr DWORD kConvert = AUDCLNT_STREAMFLAGS_AUTOCONVERTPCM | AUDCLNT_STREAMFLAGS_SRC_DEFAULT_QUALITY;
  ComPtr<IAudioClient> client;
  result = Activate(device, client);
  if (FAILED(result)) {
    error = std::string("cannot activate the ") + what + ": " + HresultText(result);
    return false;
  }
  result = client->Initialize(AUDCLNT_SHAREMODE_SHARED, kConvert, kBufferDuration, 0, &format, nullptr);
  if (result == E_INVALIDARG || result == AUDCLNT_E_UNSUPPORTED_FORMAT) {
    // A client whose Initialize failed is not initialised again: a fresh one takes the plain format.
    result = Activate(device, client);
    if (SUCCEEDED(result)) result = client->Initialize(AUDCLNT_SHAREMODE_SHARED, 0, kBufferDuration, 0, &format, nullptr);
    if (result == AUDCLNT_E_UNSUPPORTED_FORMAT) {
      error = std::string("the ") + what + " refuses 48000 Hz stereo 16-bit audio (its mix format: " +
              MixFormatText(client.get()) + ")";
      return false;
    }
  }
  if (FAILED(result)) {
    error = std::string("cannot open the ") + what + ": " + HresultText(result);
    return false;
  }
  result = client->GetBufferSize(&opened.buffer_frames);
  if (FAILED(result)) {
    error = std::string("cannot size the ") + what + " buffer: " + HresultText(result);
    return false;
  }
  opened.client = std::move(client);
  return true;
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
