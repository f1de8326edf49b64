// The WASAPI devices as the backend lists them: a control thread (in the MTA) keeps the active
// render endpoints (outputs) and capture endpoints (inputs) with the defaults marked, is told of
// changes by Windows (wasapi_notification_client.h) and calls the listener when a device comes,
// goes or changes state. Listing answers from the cache, so the JS thread never calls COM.
#pragma once

#ifdef _WIN32

#include <windows.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/wasapi/wasapi_log.h"

namespace sdkpp::voice::wasapi {

struct WasapiDeviceLists {
  std::vector<AudioDeviceInfo> inputs;
  std::vector<AudioDeviceInfo> outputs;
};

class WasapiDeviceMonitor {
 public:
  // Starts the control thread and waits up to `timeout` for its first lists. Null with `error`
  // when COM or the device API fails, or when Windows lists no active device at all (a machine
  // without sound hardware or audio service: the virtual devices serve it better).
  static std::unique_ptr<WasapiDeviceMonitor> Start(WasapiLog log, std::chrono::milliseconds timeout,
                                                    std::string& error);
  ~WasapiDeviceMonitor();  // unregisters and joins the control thread

  WasapiDeviceMonitor(const WasapiDeviceMonitor&) = delete;
  WasapiDeviceMonitor& operator=(const WasapiDeviceMonitor&) = delete;

  WasapiDeviceLists Lists() const;
  void SetListener(std::function<void()> listener);
  // Moves when the default input or output changes: streams on the default follow it.
  uint64_t default_generation() const { return default_generation_.load(std::memory_order_acquire); }

 private:
  explicit WasapiDeviceMonitor(WasapiLog log);
  void Run();
  void Loop();
  void FinishStart(std::optional<std::string> error);  // the first call counts
  void Publish(WasapiDeviceLists lists, bool notify);

  WasapiLog log_;
  HANDLE wake_ = nullptr;  // set by notifications and by the destructor
  std::atomic<bool> running_{true};
  std::atomic<uint64_t> default_generation_{0};

  std::mutex start_mutex_;
  std::condition_variable start_done_;
  bool start_finished_ = false;
  std::string start_error_;

  mutable std::mutex mutex_;
  WasapiDeviceLists lists_;
  std::function<void()> listener_;
  std::thread thread_;  // last: starts once every member above exists
};

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
