#include "callbacks/host_clock.h"

#include <limits>

#include "callbacks/addon_data.h"

namespace sdkpp::napi {

std::optional<uint64_t> HostTimeMs(double ms) {
  // Not NaN, not before the epoch, and exact in a double (below 2^53).
  if (!(ms >= 0 && ms < 9.0e15)) return std::nullopt;
  return static_cast<uint64_t>(ms);
}

HostClockCell::HostClockCell(Napi::Env env) : buffer_(Napi::Persistent(Napi::ArrayBuffer::New(env, sizeof(double)))) {
  *static_cast<double*>(buffer_.Value().Data()) = std::numeric_limits<double>::quiet_NaN();
}

Napi::Float64Array HostClockCell::View(Napi::Env env) const {
  return Napi::Float64Array::New(env, 1, buffer_.Value(), 0);
}

std::optional<uint64_t> HostClockCell::Take() const {
  Napi::ArrayBuffer buffer = buffer_.Value();
  if (buffer.IsEmpty() || buffer.ByteLength() != sizeof(double) || buffer.Data() == nullptr) return std::nullopt;
  double& cell = *static_cast<double*>(buffer.Data());
  const double ms = cell;
  cell = std::numeric_limits<double>::quiet_NaN();
  return HostTimeMs(ms);
}

namespace {

// The environment's record, or null while the addon's data is not (or no longer) there.
HostEventClock* ClockOf(Napi::Env env) {
  auto* data = env.GetInstanceData<AddonData>();
  return data ? &data->host_event_clock : nullptr;
}

}  // namespace

HostEventScope::HostEventScope(Napi::Env env, const void* platform, const HostClockCell* cell)
    : clock_(ClockOf(env)), outer_platform_(clock_ ? clock_->platform : nullptr) {
  std::optional<uint64_t> now = cell ? cell->Take() : std::nullopt;  // emptied in any case
  if (!clock_) return;
  clock_->platform = platform;
  clock_->now = now;
}

HostEventScope::~HostEventScope() {
  if (!clock_) return;
  // The outer event's time was forgotten when JS ran to reach this one.
  clock_->platform = outer_platform_;
  clock_->now.reset();
}

std::optional<uint64_t> EventTime(Napi::Env env, const void* platform) {
  const HostEventClock* clock = ClockOf(env);
  if (!clock || clock->platform != platform) return std::nullopt;
  return clock->now;
}

void ForgetEventTime(Napi::Env env) {
  if (HostEventClock* clock = ClockOf(env)) clock->now.reset();
}

}  // namespace sdkpp::napi
