#include "voice/audio/wasapi/wasapi_audio_backend.h"

#ifdef _WIN32

#include "voice/audio/monitored_device_backend.h"
#include "voice/audio/wasapi/wasapi_audio_thread.h"
#include "voice/audio/wasapi/wasapi_device_monitor.h"
#include "voice/audio/wasapi/wasapi_thread_priority.h"

namespace sdkpp::voice {
namespace {

using wasapi::WasapiAudioThread;
using wasapi::WasapiDeviceMonitor;

class WasapiAudioBackend final : public MonitoredDeviceBackend<WasapiDeviceMonitor, WasapiAudioThread> {
 public:
  WasapiAudioBackend(wasapi::WasapiLog log, std::unique_ptr<WasapiDeviceMonitor> monitor)
      : MonitoredDeviceBackend(std::move(monitor)), log_(std::move(log)) {}
  ~WasapiAudioBackend() override { Stop(); }

  const char* Name() const override { return "wasapi"; }
  // Applied by the audio thread at its next tick (wasapi_thread_priority.h).
  void SetThreadPriority(int32_t priority) override { priority_.Set(priority); }

 private:
  const char* DisplayName() const override { return "WASAPI"; }
  std::unique_ptr<WasapiAudioThread> StartAudioThread(AudioFrameSink& sink) override {
    return std::make_unique<WasapiAudioThread>(sink, selection(), monitor(), priority_, log_);
  }

  wasapi::WasapiLog log_;
  wasapi::AppThreadPriority priority_;
};

}  // namespace

std::unique_ptr<AudioDeviceBackend> CreateWasapiAudioBackend(wasapi::WasapiLog log, std::string& error,
                                                             const WasapiBackendOptions& options) {
  if (!log) log = [](LoggingSeverity, const std::string&) {};
  auto monitor = WasapiDeviceMonitor::Start(log, options.list_timeout, error);
  if (!monitor) return nullptr;
  return std::make_unique<WasapiAudioBackend>(std::move(log), std::move(monitor));
}

}  // namespace sdkpp::voice

#endif  // _WIN32
