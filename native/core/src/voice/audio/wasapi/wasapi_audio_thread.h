// The WASAPI backend's audio thread (Client::Thread::Voice), from Start to Stop: COM (MTA) of its
// own, a capture stream on the chosen input and a render stream on the chosen output, and the
// sink called once per 20 ms tick of a steady timer (devices deliver in their own periods; the
// captured audio waits in a CaptureFifo). Without a microphone (none, failed, gone) the captured
// frame is silence, without a speaker the played frame goes nowhere: the call goes on and the
// failed side is opened again every 3 s. A chosen device that is gone or fails to open gives way
// to the default; a stream on the default follows Windows when the default changes. A changed
// selection reopens the affected stream. Every wait is bounded (one tick), so the destructor's
// join is prompt.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <mmdeviceapi.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/audio_format.h"
#include "voice/audio/device_selection.h"
#include "voice/audio/wasapi/capture_fifo.h"
#include "voice/audio/wasapi/com_ptr.h"
#include "voice/audio/wasapi/wasapi_capture_stream.h"
#include "voice/audio/wasapi/wasapi_device_monitor.h"
#include "voice/audio/wasapi/wasapi_log.h"
#include "voice/audio/wasapi/wasapi_render_stream.h"
#include "voice/audio/wasapi/wasapi_thread_priority.h"

namespace sdkpp::voice::wasapi {

class WasapiAudioThread {
 public:
  WasapiAudioThread(AudioFrameSink& sink, const DeviceSelection& selection, const WasapiDeviceMonitor& monitor,
                    const AppThreadPriority& priority, WasapiLog log);
  ~WasapiAudioThread();  // stops and joins

  WasapiAudioThread(const WasapiAudioThread&) = delete;
  WasapiAudioThread& operator=(const WasapiAudioThread&) = delete;

 private:
  using Clock = std::chrono::steady_clock;

  // One direction: its stream (null while closed), the id it was asked for ("" = default) and
  // when to try again after a failure.
  template <class Stream>
  struct Side {
    Side(const char* what, EDataFlow flow) : what(what), flow(flow) {}
    const char* what;  // "microphone", "speaker"
    EDataFlow flow;
    std::unique_ptr<Stream> stream;
    std::string id;
    Clock::time_point retry_at{};
    std::string last_error;  // logged once, not every 3 s
  };

  void Run();
  void Loop();
  void FollowSelection();
  // Closes the stream, keeping its counters for the summary logged at Stop.
  template <class Stream>
  void Close(Side<Stream>& side);
  template <class Stream>
  std::unique_ptr<Stream> OpenOn(EDataFlow flow, const std::string& id, std::string& error);
  template <class Stream>
  void Open(Side<Stream>& side);
  template <class Stream>
  void Fail(Side<Stream>& side, HRESULT result);
  void Tick();

  AudioFrameSink& sink_;
  const DeviceSelection& selection_;
  const WasapiDeviceMonitor& monitor_;
  const AppThreadPriority& priority_;
  WasapiLog log_;
  std::atomic<bool> running_{true};

  // Audio thread only from here on.
  ComPtr<IMMDeviceEnumerator> enumerator_;
  Clock::time_point enumerator_retry_at_{};
  Side<WasapiCaptureStream> input_{"microphone", eCapture};
  Side<WasapiRenderStream> output_{"speaker", eRender};
  uint64_t seen_selection_ = 0;
  uint64_t seen_default_ = 0;
  uint64_t seen_priority_ = 0;
  CaptureFifo fifo_;
  uint64_t frame_index_ = 0;
  uint64_t capture_discontinuities_ = 0;
  uint64_t playback_dropped_ = 0;
  uint64_t playback_underruns_ = 0;
  int16_t captured_[kFrameSamples] = {};
  int16_t playback_[kFrameSamples] = {};
  std::thread thread_;  // last: starts once every member above exists
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
