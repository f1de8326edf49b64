// How a Client's features hand callbacks to the app: queued on the Client's callback queue and
// run from RunCallbacks, never inside an SDK call. Two kinds, because they end differently when
// the Client is destroyed.
#pragma once

#include <functional>
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
  // The owner is going away: events queued before and after this are dropped.
  void End() { lifetime_.reset(); }

  const std::shared_ptr<CallbackQueue>& queue() const { return queue_; }

 private:
  std::shared_ptr<CallbackQueue> queue_;
  std::shared_ptr<const bool> lifetime_ = std::make_shared<const bool>(true);
};

}  // namespace sdkpp::callbacks
