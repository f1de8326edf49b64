// The microphone side of the audio thread: a started shared-mode capture client on one endpoint,
// drained into a CaptureFifo at every tick.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <audioclient.h>
#include <mmdeviceapi.h>

#include <memory>
#include <string>

#include "voice/audio/wasapi/capture_fifo.h"
#include "voice/audio/wasapi/com_ptr.h"

namespace sdkpp::voice::wasapi {

class WasapiCaptureStream {
 public:
  // Null with `result` and `error` when the endpoint cannot capture in the engine format.
  static std::unique_ptr<WasapiCaptureStream> Open(IMMDevice* device, HRESULT& result, std::string& error);
  ~WasapiCaptureStream();  // stops the client

  // Moves every packet the device holds into `fifo`. A failed HRESULT means the device failed
  // (AUDCLNT_E_DEVICE_INVALIDATED: it went away); the stream is then to be closed.
  HRESULT Drain(CaptureFifo& fifo);
  uint64_t discontinuities() const { return discontinuities_; }

 private:
  WasapiCaptureStream() = default;

  ComPtr<IAudioClient> client_;
  ComPtr<IAudioCaptureClient> capture_;
  uint64_t discontinuities_ = 0;
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
