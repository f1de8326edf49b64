#include "voice/audio/pulse/pulse_device_monitor.h"

#ifdef __linux__

#include <algorithm>

namespace sdkpp::voice::pulse {
namespace {

constexpr auto kListTimeout = std::chrono::milliseconds(1000);
constexpr auto kReconnectEvery = std::chrono::seconds(3);
constexpr auto kReconnectTimeout = std::chrono::milliseconds(1000);
// How long Stop can wait for the control thread: one poll.
constexpr auto kPollLimit = std::chrono::milliseconds(50);
constexpr const char* kClientName = "sdkpp devices";

// What the three introspection answers are collected into.
struct Collected {
  PulseDeviceLists lists;
  std::string default_sink;
  std::string default_source;
};

std::string Text(const char* value) { return value ? value : ""; }

AudioDeviceInfo Info(const char* name, const char* description) {
  std::string id = Text(name);
  std::string label = Text(description);
  return AudioDeviceInfo{id, label.empty() ? id : label, false};
}

void OnServer(pa_context*, const pa_server_info* info, void* user) {
  auto* collected = static_cast<Collected*>(user);
  if (!info) return;
  collected->default_sink = Text(info->default_sink_name);
  collected->default_source = Text(info->default_source_name);
}

void OnSink(pa_context*, const pa_sink_info* info, int eol, void* user) {
  if (eol || !info || !info->name) return;
  static_cast<Collected*>(user)->lists.outputs.push_back(Info(info->name, info->description));
}

void OnSource(pa_context*, const pa_source_info* info, int eol, void* user) {
  if (eol || !info || !info->name) return;
  static_cast<Collected*>(user)->lists.inputs.push_back(Info(info->name, info->description));
}

void MarkDefault(std::vector<AudioDeviceInfo>& devices, const std::string& default_id) {
  for (auto& device : devices) device.is_default = device.id == default_id;
}

}  // namespace

std::unique_ptr<PulseDeviceMonitor> PulseDeviceMonitor::Start(const PulseApi& api, PulseLog log,
                                                              std::chrono::milliseconds timeout, std::string& error) {
  // `timeout` bounds the whole start (connect, lists, subscription): the caller is the JS thread.
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const auto left = [&] {
    return std::max(std::chrono::milliseconds(1), std::chrono::duration_cast<std::chrono::milliseconds>(
                                                      deadline - std::chrono::steady_clock::now()));
  };
  auto connection = PulseConnection::Connect(api, kClientName, timeout, error);
  if (!connection) return nullptr;
  PulseDeviceLists lists;
  if (!Read(*connection, lists, left())) {
    error = "the PulseAudio server did not list its devices within " + std::to_string(timeout.count()) + " ms";
    return nullptr;
  }
  std::unique_ptr<PulseDeviceMonitor> monitor(
      new PulseDeviceMonitor(api, std::move(log), std::move(connection), std::move(lists)));
  if (!monitor->Subscribe(left())) {
    error = "the PulseAudio server refused the device subscription";
    return nullptr;
  }
  monitor->thread_ = std::thread([m = monitor.get()] { m->Run(); });
  return monitor;
}

PulseDeviceMonitor::PulseDeviceMonitor(const PulseApi& api, PulseLog log, std::unique_ptr<PulseConnection> connection,
                                       PulseDeviceLists lists)
    : api_(api), log_(std::move(log)), connection_(std::move(connection)), lists_(std::move(lists)) {}

PulseDeviceMonitor::~PulseDeviceMonitor() {
  running_.store(false);
  if (thread_.joinable()) thread_.join();
}

PulseDeviceLists PulseDeviceMonitor::Lists() const {
  std::lock_guard lock(mutex_);
  return lists_;
}

void PulseDeviceMonitor::SetListener(std::function<void()> listener) {
  std::lock_guard lock(mutex_);
  listener_ = std::move(listener);
}

bool PulseDeviceMonitor::Read(PulseConnection& connection, PulseDeviceLists& lists, std::chrono::milliseconds timeout) {
  Collected collected;
  const PulseApi& api = connection.api();
  pa_context* context = connection.context();
  // One budget for the three answers, not one each.
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  const auto left = [&] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  };
  if (!connection.Wait(api.context_get_server_info(context, &OnServer, &collected), left())) return false;
  if (!connection.Wait(api.context_get_sink_info_list(context, &OnSink, &collected), left())) return false;
  if (!connection.Wait(api.context_get_source_info_list(context, &OnSource, &collected), left())) return false;
  MarkDefault(collected.lists.outputs, collected.default_sink);
  MarkDefault(collected.lists.inputs, collected.default_source);
  lists = std::move(collected.lists);
  return true;
}

bool PulseDeviceMonitor::Subscribe(std::chrono::milliseconds timeout) {
  api_.context_set_subscribe_callback(connection_->context(), &OnEvent, this);
  const uint32_t mask = PA_SUBSCRIPTION_MASK_SINK | PA_SUBSCRIPTION_MASK_SOURCE | PA_SUBSCRIPTION_MASK_SERVER;
  return connection_->Wait(api_.context_subscribe(connection_->context(), mask, nullptr, nullptr), timeout);
}

// Runs inside dispatch: only notes what to do; the loop does it (no nested waits in callbacks).
void PulseDeviceMonitor::OnEvent(pa_context*, uint32_t event, uint32_t, void* user) {
  auto* self = static_cast<PulseDeviceMonitor*>(user);
  const uint32_t facility = event & PA_SUBSCRIPTION_EVENT_FACILITY_MASK;
  const uint32_t type = event & PA_SUBSCRIPTION_EVENT_TYPE_MASK;
  const bool device = facility == PA_SUBSCRIPTION_EVENT_SINK || facility == PA_SUBSCRIPTION_EVENT_SOURCE;
  // Descriptions change (CHANGE), defaults move (SERVER): new lists, no device change.
  self->refresh_ = true;
  if (device && (type == PA_SUBSCRIPTION_EVENT_NEW || type == PA_SUBSCRIPTION_EVENT_REMOVE)) {
    self->devices_changed_ = true;
  }
}

void PulseDeviceMonitor::Publish(PulseDeviceLists lists, bool notify) {
  std::function<void()> listener;
  {
    std::lock_guard lock(mutex_);
    lists_ = std::move(lists);
    if (notify) listener = listener_;
  }
  if (listener) listener();
}

void PulseDeviceMonitor::Run() {
  auto next_reconnect = std::chrono::steady_clock::now();
  while (running_.load()) {
    if (!connection_) {
      if (std::chrono::steady_clock::now() < next_reconnect) {
        std::this_thread::sleep_for(kPollLimit);
        continue;
      }
      std::string error;
      connection_ = PulseConnection::Connect(api_, kClientName, kReconnectTimeout, error);
      PulseDeviceLists lists;
      if (connection_ && Read(*connection_, lists, kListTimeout) && Subscribe(kListTimeout)) {
        log_(LoggingSeverity::Info, "pulseaudio: the server is back; devices listed again");
        Publish(std::move(lists), true);
      } else {
        connection_.reset();
        next_reconnect = std::chrono::steady_clock::now() + kReconnectEvery;
      }
      continue;
    }
    if (!connection_->Iterate(kPollLimit)) {
      log_(LoggingSeverity::Warning, "pulseaudio: lost the server (" + connection_->ErrorText() +
                                         "); no devices until it is back");
      connection_.reset();
      next_reconnect = std::chrono::steady_clock::now() + kReconnectEvery;
      Publish(PulseDeviceLists{}, true);
      continue;
    }
    if (!refresh_) continue;
    const bool notify = devices_changed_;
    refresh_ = devices_changed_ = false;
    PulseDeviceLists lists;
    if (Read(*connection_, lists, kListTimeout)) {
      Publish(std::move(lists), notify);
    } else {
      log_(LoggingSeverity::Warning, "pulseaudio: the server did not list its devices in time; the lists are stale");
      refresh_ = true;
      devices_changed_ = devices_changed_ || notify;
    }
  }
  connection_.reset();
}

}  // namespace sdkpp::voice::pulse

#endif  // __linux__
