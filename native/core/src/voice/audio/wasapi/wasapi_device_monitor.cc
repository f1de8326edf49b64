#include "voice/audio/wasapi/wasapi_device_monitor.h"

#ifdef _WIN32

#include <mmdeviceapi.h>

#include <exception>

#include "voice/audio/wasapi/com_apartment.h"
#include "voice/audio/wasapi/com_ptr.h"
#include "voice/audio/wasapi/wasapi_endpoints.h"
#include "voice/audio/wasapi/wasapi_notification_client.h"
#include "voice/audio/wasapi/wasapi_text.h"

namespace sdkpp::voice::wasapi {
namespace {

// How long the destructor can wait for the control thread when the wake-up is lost: one poll.
constexpr DWORD kPollMs = 250;

bool ReadLists(IMMDeviceEnumerator* enumerator, WasapiDeviceLists& lists, std::string& error) {
  return ListEndpoints(enumerator, eCapture, lists.inputs, error) &&
         ListEndpoints(enumerator, eRender, lists.outputs, error);
}

}  // namespace

std::unique_ptr<WasapiDeviceMonitor> WasapiDeviceMonitor::Start(WasapiLog log, std::chrono::milliseconds timeout,
                                                                std::string& error) {
  std::unique_ptr<WasapiDeviceMonitor> monitor(new WasapiDeviceMonitor(std::move(log)));
  if (monitor->wake_ == nullptr) {
    error = "cannot create an event: " + HresultText(HRESULT_FROM_WIN32(GetLastError()));
    return nullptr;
  }
  monitor->thread_ = std::thread([m = monitor.get()] { m->Run(); });
  std::unique_lock lock(monitor->start_mutex_);
  if (!monitor->start_done_.wait_for(lock, timeout, [&] { return monitor->start_finished_; })) {
    error = "Windows did not list its audio devices within " + std::to_string(timeout.count()) + " ms";
    lock.unlock();
    return nullptr;  // the destructor stops the thread
  }
  if (!monitor->start_error_.empty()) {
    error = monitor->start_error_;
    lock.unlock();
    return nullptr;
  }
  return monitor;
}

WasapiDeviceMonitor::WasapiDeviceMonitor(WasapiLog log)
    : log_(std::move(log)), wake_(CreateEventW(nullptr, FALSE, FALSE, nullptr)) {}

WasapiDeviceMonitor::~WasapiDeviceMonitor() {
  running_.store(false);
  if (wake_) SetEvent(wake_);
  if (thread_.joinable()) thread_.join();
  if (wake_) CloseHandle(wake_);
}

WasapiDeviceLists WasapiDeviceMonitor::Lists() const {
  std::lock_guard lock(mutex_);
  return lists_;
}

void WasapiDeviceMonitor::SetListener(std::function<void()> listener) {
  std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

void WasapiDeviceMonitor::FinishStart(std::optional<std::string> error) {
  std::lock_guard lock(start_mutex_);
  if (start_finished_) return;
  start_finished_ = true;
  if (error) start_error_ = std::move(*error);
  start_done_.notify_all();
}

void WasapiDeviceMonitor::Publish(WasapiDeviceLists lists, bool notify) {
  std::function<void()> listener;
  {
    std::lock_guard lock(mutex_);
    lists_ = std::move(lists);
    if (notify) listener = listener_;
  }
  if (listener) listener();
}

// No exception leaves the thread (it would end the process): a start that throws fails the
// creation; one later leaves the lists as they were.
void WasapiDeviceMonitor::Run() {
  try {
    Loop();
  } catch (const std::exception& error) {
    FinishStart(std::string("the device thread stopped: ") + error.what());
    log_(LoggingSeverity::Error, std::string("wasapi: the device thread stopped: ") + error.what());
  } catch (...) {
    FinishStart(std::string("the device thread stopped on an unknown exception"));
    log_(LoggingSeverity::Error, "wasapi: the device thread stopped on an unknown exception");
  }
}

void WasapiDeviceMonitor::Loop() {
  ComApartment com;
  if (!com.ok()) {
    FinishStart("cannot initialise COM on the device thread: " + HresultText(com.result()));
    return;
  }
  std::string error;
  ComPtr<IMMDeviceEnumerator> enumerator;
  WasapiDeviceLists lists;
  if (!CreateDeviceEnumerator(enumerator, error) || !ReadLists(enumerator.get(), lists, error)) {
    FinishStart(error);
    return;
  }
  if (lists.inputs.empty() && lists.outputs.empty()) {
    FinishStart(std::string("Windows lists no active audio device (no speaker, no microphone)"));
    return;
  }
  auto* client = new WasapiNotificationClient(wake_);
  const HRESULT registered = enumerator->RegisterEndpointNotificationCallback(client);
  if (FAILED(registered)) {
    client->Release();
    FinishStart("cannot subscribe to device changes: " + HresultText(registered));
    return;
  }
  Publish(std::move(lists), false);
  FinishStart(std::nullopt);

  while (running_.load()) {
    WaitForSingleObject(wake_, kPollMs);
    if (!running_.load()) break;
    const auto pending = client->Take();
    if (!pending.refresh) continue;
    WasapiDeviceLists fresh;
    if (!ReadLists(enumerator.get(), fresh, error)) {
      log_(LoggingSeverity::Warning, "wasapi: " + error + "; the device lists are stale");
      continue;
    }
    if (pending.defaults_changed) default_generation_.fetch_add(1, std::memory_order_acq_rel);
    Publish(std::move(fresh), pending.devices_changed);
  }
  enumerator->UnregisterEndpointNotificationCallback(client);
  client->Release();
}

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
