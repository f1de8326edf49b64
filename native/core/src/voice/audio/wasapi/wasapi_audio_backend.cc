#include "voice/audio/wasapi/wasapi_audio_backend.h"

#ifdef _WIN32

#include <algorithm>
#include <atomic>

#include "voice/audio/device_selection.h"
#include "voice/audio/wasapi/wasapi_audio_thread.h"
#include "voice/audio/wasapi/wasapi_device_monitor.h"
#include "voice/audio/wasapi/wasapi_thread_priority.h"

namespace sdkpp::voice {
namespace {

using wasapi::WasapiAudioThread;
using wasapi::WasapiDeviceMonitor;

bool Lists(const std::vector<AudioDeviceInfo>& devices, const std::string& id) {
  return std::any_of(devices.begin(), devices.end(), [&](const auto& d) { return d.id == id; });
}

class WasapiAudioBackend final : public AudioDeviceBackend {
 public:
  WasapiAudioBackend(wasapi::WasapiLog log, std::unique_ptr<WasapiDeviceMonitor> monitor)
      : log_(std::move(log)), monitor_(std::move(monitor)) {}
  ~WasapiAudioBackend() override { Stop(); }

  const char* Name() const override { return "wasapi"; }
  std::vector<AudioDeviceInfo> InputDevices() override { return monitor_->Lists().inputs; }
  std::vector<AudioDeviceInfo> OutputDevices() override { return monitor_->Lists().outputs; }

  // The audio thread opens the devices on its own; one that fails is retried while the call
  // goes on with silence, so Start cannot fail once the backend exists.
  bool Start(AudioFrameSink& sink, std::string& error) override {
    if (audio_) {
      error = "the WASAPI device is already running";
      return false;
    }
    audio_ = std::make_unique<WasapiAudioThread>(sink, selection_, *monitor_, priority_, log_);
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
  // Applied by the audio thread at its next tick (wasapi_thread_priority.h).
  void SetThreadPriority(int32_t priority) override { priority_.Set(priority); }

 private:
  std::string Present(const std::string& id, bool input) const {
    if (id.empty()) return id;
    const auto lists = monitor_->Lists();
    return Lists(input ? lists.inputs : lists.outputs, id) ? id : std::string();
  }

  wasapi::WasapiLog log_;
  std::unique_ptr<WasapiDeviceMonitor> monitor_;
  DeviceSelection selection_;
  wasapi::AppThreadPriority priority_;
  std::unique_ptr<WasapiAudioThread> audio_;  // JS thread only (Start/Stop)
  std::atomic<bool> running_{false};
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
