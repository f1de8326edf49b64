#include "voice/audio/pulse/pulse_audio_backend.h"

#ifdef __linux__

#include <atomic>

#include "voice/audio/monitored_device_backend.h"
#include "voice/audio/pulse/pulse_api.h"
#include "voice/audio/pulse/pulse_device_monitor.h"
#include "voice/audio/pulse/pulse_stream_thread.h"

namespace sdkpp::voice {
namespace {

using pulse::PulseDeviceMonitor;
using pulse::PulseStreamThread;

class PulseAudioBackend final : public MonitoredDeviceBackend<PulseDeviceMonitor, PulseStreamThread> {
 public:
  PulseAudioBackend(const pulse::PulseApi& api, pulse::PulseLog log, std::unique_ptr<PulseDeviceMonitor> monitor)
      : MonitoredDeviceBackend(std::move(monitor)), api_(api), log_(std::move(log)) {}
  ~PulseAudioBackend() override { Stop(); }

  const char* Name() const override { return "pulseaudio"; }
  // Applied by the audio thread (now, or when it starts): pulse_thread_priority.h says how.
  void SetThreadPriority(int32_t priority) override { priority_.Set(priority); }

 private:
  const char* DisplayName() const override { return "PulseAudio"; }
  // It connects on its own; without a server it ticks silence and retries.
  std::unique_ptr<PulseStreamThread> StartAudioThread(AudioFrameSink& sink) override {
    return std::make_unique<PulseStreamThread>(api_, sink, selection(), priority_, log_);
  }

  const pulse::PulseApi& api_;
  pulse::PulseLog log_;
  pulse::AppThreadPriority priority_;
};

}  // namespace

std::unique_ptr<AudioDeviceBackend> CreatePulseAudioBackend(pulse::PulseLog log, std::string& error,
                                                            const PulseBackendOptions& options) {
  if (!log) log = [](LoggingSeverity, const std::string&) {};
  const pulse::PulseApi* api = pulse::LoadPulseApi(error, options.library);
  if (!api) return nullptr;
  auto monitor = PulseDeviceMonitor::Start(*api, log, options.connect_timeout, error);
  if (!monitor) return nullptr;
  return std::make_unique<PulseAudioBackend>(*api, std::move(log), std::move(monitor));
}

}  // namespace sdkpp::voice

#endif  // __linux__
