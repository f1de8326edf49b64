#include "voice/audio/pulse/pulse_audio_backend.h"

#ifdef __linux__

#include <algorithm>
#include <atomic>

#include "voice/audio/pulse/pulse_api.h"
#include "voice/audio/pulse/pulse_device_monitor.h"
#include "voice/audio/pulse/pulse_selection.h"
#include "voice/audio/pulse/pulse_stream_thread.h"

namespace sdkpp::voice {
namespace {

using pulse::PulseDeviceMonitor;
using pulse::PulseSelection;
using pulse::PulseStreamThread;

bool Lists(const std::vector<AudioDeviceInfo>& devices, const std::string& id) {
  return std::any_of(devices.begin(), devices.end(), [&](const auto& d) { return d.id == id; });
}

class PulseAudioBackend final : public AudioDeviceBackend {
 public:
  PulseAudioBackend(const pulse::PulseApi& api, pulse::PulseLog log, std::unique_ptr<PulseDeviceMonitor> monitor)
      : api_(api), log_(std::move(log)), monitor_(std::move(monitor)) {}
  ~PulseAudioBackend() override { Stop(); }

  const char* Name() const override { return "pulseaudio"; }
  std::vector<AudioDeviceInfo> InputDevices() override { return monitor_->Lists().inputs; }
  std::vector<AudioDeviceInfo> OutputDevices() override { return monitor_->Lists().outputs; }

  // The audio thread connects on its own; without a server it ticks silence and retries, so
  // Start itself cannot fail once the backend exists.
  bool Start(AudioFrameSink& sink, std::string& error) override {
    if (audio_) {
      error = "the PulseAudio device is already running";
      return false;
    }
    audio_ = std::make_unique<PulseStreamThread>(api_, sink, selection_, log_);
    running_.store(true);
    return true;
  }
  void Stop() override {
    audio_.reset();
    running_.store(false);
  }
  bool IsRunning() const override { return running_.load(); }

  bool SelectInput(const std::string& id) override {
    if (!id.empty() && !Lists(monitor_->Lists().inputs, id)) return false;
    selection_.SetInput(id);
    return true;
  }
  bool SelectOutput(const std::string& id) override {
    if (!id.empty() && !Lists(monitor_->Lists().outputs, id)) return false;
    selection_.SetOutput(id);
    return true;
  }
  // A chosen device that went away plays the default (the audio thread reopened on it): "".
  std::string CurrentInputId() const override { return Present(selection_.Current().input, true); }
  std::string CurrentOutputId() const override { return Present(selection_.Current().output, false); }

  void SetDeviceChangeListener(std::function<void()> listener) override { monitor_->SetListener(std::move(listener)); }
  // The server schedules its own threads; the value is kept, the audio thread keeps its class
  // (real-time scheduling needs rights an app rarely has; rtkit is the desktop's business).
  void SetThreadPriority(int32_t priority) override { priority_.store(priority); }

 private:
  std::string Present(const std::string& id, bool input) const {
    if (id.empty()) return id;
    const auto lists = monitor_->Lists();
    return Lists(input ? lists.inputs : lists.outputs, id) ? id : std::string();
  }

  const pulse::PulseApi& api_;
  pulse::PulseLog log_;
  std::unique_ptr<PulseDeviceMonitor> monitor_;
  PulseSelection selection_;
  std::unique_ptr<PulseStreamThread> audio_;  // JS thread only (Start/Stop)
  std::atomic<bool> running_{false};
  std::atomic<int32_t> priority_{0};
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
