// The speaker side of the audio thread: a started shared-mode render client on one endpoint,
// fed one 20 ms frame per tick. It starts with two frames of silence queued (the cushion for the
// jitter of the device and of the thread, about 40 ms), and queues the cushion again after the
// device ran dry.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <audioclient.h>
#include <mmdeviceapi.h>

#include <cstdint>
#include <memory>
#include <string>

#include "voice/audio/wasapi/com_ptr.h"

namespace sdkpp::voice::wasapi {

class WasapiRenderStream {
 public:
  static std::unique_ptr<WasapiRenderStream> Open(IMMDevice* device, HRESULT& result, std::string& error);
  ~WasapiRenderStream();  // stops the client

  // Queues one frame (kFrameSamples); a full device buffer drops it (counted). A failed HRESULT
  // means the device failed; the stream is then to be closed.
  HRESULT Write(const int16_t* frame);
  uint64_t dropped() const { return dropped_; }
  uint64_t underruns() const { return underruns_; }

 private:
  WasapiRenderStream() = default;
  HRESULT Queue(const int16_t* frame, UINT32 frames);  // null frame = silence

  ComPtr<IAudioClient> client_;
  ComPtr<IAudioRenderClient> render_;
  UINT32 buffer_frames_ = 0;
  bool draining_ = false;  // back down to the cushion after the queue hit its limit
  uint64_t dropped_ = 0;
  uint64_t underruns_ = 0;
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
