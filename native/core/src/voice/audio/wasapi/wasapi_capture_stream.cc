#include "voice/audio/wasapi/wasapi_capture_stream.h"

#ifdef _WIN32

#include "voice/audio/audio_format.h"
#include "voice/audio/wasapi/wasapi_audio_client.h"
#include "voice/audio/wasapi/wasapi_text.h"

namespace sdkpp::voice::wasapi {

std::unique_ptr<WasapiCaptureStream> WasapiCaptureStream::Open(IMMDevice* device, HRESULT& result,
                                                               std::string& error) {
  EngineFormatClient opened;
  if (!OpenEngineFormatClient(device, "microphone", opened, result, error)) return nullptr;
  std::unique_ptr<WasapiCaptureStream> stream(new WasapiCaptureStream());
  stream->client_ = std::move(opened.client);
  result = stream->client_->GetService(__uuidof(IAudioCaptureClient), stream->capture_.put_void());
  if (FAILED(result)) {
    error = "cannot read from the microphone: " + HresultText(result);
    return nullptr;
  }
  result = stream->client_->Start();
  if (FAILED(result)) {
    error = "cannot start the microphone: " + HresultText(result);
    return nullptr;
  }
  return stream;
}

WasapiCaptureStream::~WasapiCaptureStream() {
  // A device that went away answers with an error here too: nothing more to do about it.
  if (client_) client_->Stop();
}

HRESULT WasapiCaptureStream::Drain(CaptureFifo& fifo) {
  while (true) {
    UINT32 packet = 0;
    HRESULT result = capture_->GetNextPacketSize(&packet);
    if (FAILED(result) || packet == 0) return result;
    BYTE* data = nullptr;
    UINT32 frames = 0;
    DWORD flags = 0;
    result = capture_->GetBuffer(&data, &frames, &flags, nullptr, nullptr);
    if (result == AUDCLNT_S_BUFFER_EMPTY) return S_OK;
    if (FAILED(result)) return result;
    if (flags & AUDCLNT_BUFFERFLAGS_DATA_DISCONTINUITY) ++discontinuities_;
    const bool silent = (flags & AUDCLNT_BUFFERFLAGS_SILENT) != 0 || data == nullptr;
    fifo.Push(silent ? nullptr : reinterpret_cast<const int16_t*>(data), static_cast<size_t>(frames) * kChannels);
    result = capture_->ReleaseBuffer(frames);
    if (FAILED(result)) return result;
  }
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
