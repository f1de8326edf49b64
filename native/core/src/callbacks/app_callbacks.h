// How a Client's features hand callbacks to the app: queued on the Client's callback queue and
// run from RunCallbacks, never inside an SDK call. Three kinds, because they end differently
// when the Client is destroyed.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <utility>

#include "callbacks/callback_queue.h"

namespace sdkpp::callbacks {

class AppCallbacks {
 public:
  explicit AppCallbacks(std::shared_ptr<CallbackQueue> queue) : queue_(std::move(queue)) {}

  // For results of the app's calls: delivered even after the Client is destroyed (with a
  // ClientDestroyed result), so every call is answered and every Promise settles.
  void Post(std::function<void()> callback) { queue_->Post(std::move(callback)); }
  // For events (status, lobby, message, relationship, presence, invite, authorize-request,
  // token-expiry callbacks): dropped if still queued after End(), so an app's callback never runs
  // after the Client it belongs to is gone.
  void PostEvent(std::function<void()> callback) { queue_->PostWhileAlive(lifetime_, std::move(callback)); }
  // For the SDK's own next step of a call, deferred to the queue (e.g. a request refused before
  // it was sent): code that reads the owner's state and then answers the app, so it must never
  // run once the owner is freed. `step` runs from the queue while the owner lives; if the owner
  // ends first, `ended` runs instead, inside End(), while the owner's state is still whole (it
  // answers the call ClientDestroyed). Exactly one of the two runs, once. After End(), `ended`
  // runs at once. Only from the owner's thread (the one that runs its queue), as End().
  void PostStep(std::function<void()> step, std::function<void()> ended) {
    if (!lifetime_) {
      if (ended) ended();
      return;
    }
    uint64_t id = steps_->next_id++;
    steps_->pending.emplace(id, Step{std::move(step), std::move(ended)});
    queue_->PostWhileAlive(lifetime_, [steps = steps_, id] {
      auto node = steps->pending.extract(id);
      if (node && node.mapped().step) node.mapped().step();
    });
  }
  // The owner is going away: events queued before and after this are dropped, and the steps
  // still queued run their `ended` now, in the order they were posted. Call it while the
  // owner's state is still whole.
  void End() {
    lifetime_.reset();
    while (!steps_->pending.empty()) {
      auto node = steps_->pending.extract(steps_->pending.begin());
      if (node.mapped().ended) node.mapped().ended();
    }
  }

  const std::shared_ptr<CallbackQueue>& queue() const { return queue_; }

 private:
  struct Step {
    std::function<void()> step;
    std::function<void()> ended;
  };
  // Shared with the queued entries, which find their step by id (or find it gone).
  struct Steps {
    uint64_t next_id = 0;
    std::map<uint64_t, Step> pending;
  };

  std::shared_ptr<CallbackQueue> queue_;
  std::shared_ptr<const bool> lifetime_ = std::make_shared<const bool>(true);
  std::shared_ptr<Steps> steps_ = std::make_shared<Steps>();
};

}  // namespace sdkpp::callbacks
