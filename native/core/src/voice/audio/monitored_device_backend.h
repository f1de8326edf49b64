// What the system device backends (PulseAudio, WASAPI) share: the device lists come from a
// monitor (Lists() with .inputs/.outputs, SetListener) kept current by its own thread, the app's
// choice lives in a DeviceSelection the audio thread reads, and the audio thread object exists
// between Start and Stop. A backend names itself, makes its audio thread and decides what a
// thread priority means; the rest is here.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/device_selection.h"

namespace sdkpp::voice {

template <typename Monitor, typename AudioThread>
class MonitoredDeviceBackend : public AudioDeviceBackend {
 public:
  std::vector<AudioDeviceInfo> InputDevices() override { return monitor_->Lists().inputs; }
  std::vector<AudioDeviceInfo> OutputDevices() override { return monitor_->Lists().outputs; }

  // The audio thread opens the devices on its own; one that fails is retried while the call
  // goes on with silence, so Start cannot fail once the backend exists.
  bool Start(AudioFrameSink& sink, std::string& error) override {
    if (audio_) {
      error = std::string("the ") + DisplayName() + " device is already running";
      return false;
    }
    audio_ = StartAudioThread(sink);
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

 protected:
  explicit MonitoredDeviceBackend(std::unique_ptr<Monitor> monitor) : monitor_(std::move(monitor)) {}
  // A derived backend's destructor calls Stop() first: its audio thread uses the derived members.
  ~MonitoredDeviceBackend() override = default;

  // The name in messages ("PulseAudio", "WASAPI").
  virtual const char* DisplayName() const = 0;
  // The audio thread for this run: it ticks `sink` every 20 ms until destroyed.
  virtual std::unique_ptr<AudioThread> StartAudioThread(AudioFrameSink& sink) = 0;

  const Monitor& monitor() const { return *monitor_; }
  const DeviceSelection& selection() const { return selection_; }

 private:
  static bool Lists(const std::vector<AudioDeviceInfo>& devices, const std::string& id) {
    return std::any_of(devices.begin(), devices.end(), [&](const auto& d) { return d.id == id; });
  }
  std::string Present(const std::string& id, bool input) const {
    if (id.empty()) return id;
    const auto lists = monitor_->Lists();
    return Lists(input ? lists.inputs : lists.outputs, id) ? id : std::string();
  }

  std::unique_ptr<Monitor> monitor_;
  DeviceSelection selection_;
  std::unique_ptr<AudioThread> audio_;  // JS thread only (Start/Stop)
  std::atomic<bool> running_{false};
};

}  // namespace sdkpp::voice
