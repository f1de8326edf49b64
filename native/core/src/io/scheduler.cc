#include "io/scheduler.h"

namespace sdkpp {

PlatformId Scheduler::After(uint64_t delay_ms, std::function<void()> callback, bool keep_alive) {
  PlatformId id = ids_.Next();
  pending_.emplace(id, std::move(callback));
  platform_.StartTimer(id, delay_ms, keep_alive);
  return id;
}

void Scheduler::Cancel(PlatformId& timer) {
  if (timer != 0 && pending_.erase(timer) > 0) platform_.CancelTimer(timer);
  timer = 0;
}

void Scheduler::CancelAll() {
  for (auto& [id, callback] : pending_) platform_.CancelTimer(id);
  pending_.clear();
}

bool Scheduler::Fire(PlatformId timer) {
  auto it = pending_.find(timer);
  if (it == pending_.end()) return false;
  auto callback = std::move(it->second);
  pending_.erase(it);
  callback();
  return true;
}

}  // namespace sdkpp
