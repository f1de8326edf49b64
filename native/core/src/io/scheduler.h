// Timers of the core, on the platform's clock. Each timer is a callback that runs once from
// the platform's OnTimer; cancelling is always safe, also for a timer that already fired.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>

#include "sdkpp/platform.h"

namespace sdkpp {

class IdSource {
 public:
  PlatformId Next() { return ++last_; }

 private:
  PlatformId last_ = 0;
};

class Scheduler {
 public:
  Scheduler(Platform& platform, IdSource& ids) : platform_(platform), ids_(ids) {}
  ~Scheduler() { CancelAll(); }

  PlatformId After(uint64_t delay_ms, std::function<void()> callback, bool keep_alive = true);
  void Cancel(PlatformId& timer);  // sets `timer` to 0
  void CancelAll();
  // From PlatformEvents::OnTimer; false for an unknown (cancelled) timer.
  bool Fire(PlatformId timer);
  uint64_t NowMs() { return platform_.NowMs(); }

 private:
  Platform& platform_;
  IdSource& ids_;
  std::unordered_map<PlatformId, std::function<void()>> pending_;
};

}  // namespace sdkpp
