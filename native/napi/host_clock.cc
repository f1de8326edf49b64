#include "host_clock.h"

#include <limits>

#include "addon_data.h"

namespace sdkpp::napi {

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
  // The same bounds NodePlatform::NowMs puts on what the host's now() answers.
  if (!(ms >= 0 && ms < 9.0e15)) return std::nullopt;
  return static_cast<uint64_t>(ms);
}

HostEventScope::HostEventScope(Napi::Env env, const void* platform, const HostClockCell* cell)
    : clock_(AddonData::Of(env).host_event_clock), outer_platform_(clock_.platform) {
  clock_.platform = platform;
  clock_.now = cell ? cell->Take() : std::nullopt;
}

HostEventScope::~HostEventScope() {
  // The outer event's time was forgotten when JS ran to reach this one.
  clock_.platform = outer_platform_;
  clock_.now.reset();
}

std::optional<uint64_t> EventTime(Napi::Env env, const void* platform) {
  const HostEventClock& clock = AddonData::Of(env).host_event_clock;
  if (clock.platform != platform) return std::nullopt;
  return clock.now;
}

void ForgetEventTime(Napi::Env env) { AddonData::Of(env).host_event_clock.now.reset(); }

}  // namespace sdkpp::napi
