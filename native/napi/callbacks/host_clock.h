// The host's clock, handed over with each event. Just before the host (lib/platform/host/
// events.ts, deliver) calls one of the NativeClient's _On* methods it writes its now() into a
// one-number cell; NowMs answers from that time while the event is handled, until the addon runs
// any JS (a callback of the app, a host method). From then on NowMs asks the host again, so a
// clock the app moves (fake timers, the `now` option) is never read stale. Why: a gateway message
// needs the time once (the message cache's 72-hour bound), and a call back into JS for it was a
// tenth of the message's cost in the addon.
#pragma once

#include <napi.h>

#include <cstdint>
#include <optional>

namespace sdkpp::napi {

// A time the host gave (ms since the epoch, as a JS number), if it is one: NowMs and the cell
// apply this one rule.
std::optional<uint64_t> HostTimeMs(double ms);

// The cell: one Float64Array's bytes, NaN when it holds no time. A plain ArrayBuffer (Electron's
// V8 sandbox refuses external ones), looked up through the reference on each use, so a detached
// one is never read or written.
class HostClockCell {
 public:
  explicit HostClockCell(Napi::Env env);
  // The view the host writes (its method useClockCell).
  Napi::Float64Array View(Napi::Env env) const;
  // The time the host wrote, in ms since the epoch, if it is one; the cell is emptied, so an
  // _On* call the host did not stamp (a direct call) never reads an old time.
  std::optional<uint64_t> Take() const;

 private:
  Napi::Reference<Napi::ArrayBuffer> buffer_;
};

// Per environment (AddonData): whose event the addon is handling and the time it came with.
// `platform` is only compared, never followed: the platform may be gone by the next use.
struct HostEventClock {
  const void* platform = nullptr;
  std::optional<uint64_t> now;
};

// For the length of one _On* call of `platform` (null once the client is destroyed).
class HostEventScope {
 public:
  HostEventScope(Napi::Env env, const void* platform, const HostClockCell* cell);
  ~HostEventScope();
  HostEventScope(const HostEventScope&) = delete;
  HostEventScope& operator=(const HostEventScope&) = delete;

 private:
  HostEventClock* clock_;  // null without the addon's data (never while a JS call is running)
  const void* outer_platform_;
};

// The time of the event `platform` is handling, while no JS has run since the host stamped it.
std::optional<uint64_t> EventTime(Napi::Env env, const void* platform);
// Called before the addon runs JS: the event's time may no longer be the host's.
void ForgetEventTime(Napi::Env env);

}  // namespace sdkpp::napi
