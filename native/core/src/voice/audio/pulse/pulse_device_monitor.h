// The PulseAudio devices as the backend lists them: a control thread with its own connection
// keeps the sinks (outputs) and sources (inputs, monitors included) with the server's defaults,
// subscribes to sink/source events and calls the listener when one appears or goes. Listing
// answers from the cache, so the JS thread never waits on the server. If the server goes away
// the lists empty (the listener fires) and the thread reconnects every few seconds.
#pragma once

#ifdef __linux__

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/pulse/pulse_api.h"
#include "voice/audio/pulse/pulse_connection.h"
#include "voice/audio/pulse/pulse_log.h"

namespace sdkpp::voice::pulse {

struct PulseDeviceLists {
  std::vector<AudioDeviceInfo> inputs;
  std::vector<AudioDeviceInfo> outputs;
};

class PulseDeviceMonitor {
 public:
  // Connects, reads the first lists and subscribes, all within `timeout` (on the calling
  // thread), then starts the control thread. Null with `error` when no server answers in time.
  static std::unique_ptr<PulseDeviceMonitor> Start(const PulseApi& api, PulseLog log,
                                                   std::chrono::milliseconds timeout, std::string& error);
  ~PulseDeviceMonitor();  // stops and joins the control thread

  PulseDeviceLists Lists() const;
  void SetListener(std::function<void()> listener);

 private:
  PulseDeviceMonitor(const PulseApi& api, PulseLog log, std::unique_ptr<PulseConnection> connection,
                     PulseDeviceLists lists);
  void Run();
  // Reads the server's lists; false (nothing changed) when it did not answer in time.
  static bool Read(PulseConnection& connection, PulseDeviceLists& lists, std::chrono::milliseconds timeout);
  void Publish(PulseDeviceLists lists, bool notify);
  static void OnEvent(pa_context*, uint32_t event, uint32_t index, void* self);
  bool Subscribe(std::chrono::milliseconds timeout);

  const PulseApi& api_;
  PulseLog log_;
  std::unique_ptr<PulseConnection> connection_;  // the control thread's once it runs
  std::atomic<bool> running_{true};
  bool refresh_ = false;        // control thread only: an event asked for new lists
  bool devices_changed_ = false;  // control thread only: ... and a device came or went
  std::thread thread_;

  mutable std::mutex mutex_;
  PulseDeviceLists lists_;
  std::function<void()> listener_;
};

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
