// The queue behind RunCallbacks(): SDK results, events and log lines wait here until the host
// runs them on its thread (a game once a frame; Node from its event loop). Thread-safe, so the
// audio thread can post too.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace sdkpp::callbacks {

class CallbackQueue {
 public:
  // The queue of the calling thread. A Client keeps the queue of the thread that created it,
  // so each Node worker thread (each with its own event loop) runs its own callbacks.
  static const std::shared_ptr<CallbackQueue>& ForCurrentThread();

  void Post(std::function<void()> callback);
  // Posts `callback` to run only if `owner` still lives when its turn comes: what an object
  // queued for the app is dropped once the object is gone.
  void PostWhileAlive(std::weak_ptr<const void> owner, std::function<void()> callback);
  // Runs the callbacks queued before the call; ones they post wait for the next run (and wake
  // the host again), so a callback that posts another cannot starve the host.
  size_t RunPending();
  bool Empty() const;
  // Drops what is queued without running it (a test harness between tests, so one test's
  // leftovers never run in the next). Returns how many were dropped.
  size_t DiscardPending();
  // Called, outside the lock, whenever the queue goes from empty to non-empty.
  void SetWakeHandler(std::function<void()> wake);

 private:
  mutable std::mutex mutex_;
  // A vector whose storage RunPending hands back when it is done with a batch: in a steady
  // stream of events the queue allocates nothing (a std::deque allocated twice per run, even an
  // empty one, and every host event runs the queue).
  std::vector<std::function<void()>> pending_;
  std::function<void()> wake_;
};

}  // namespace sdkpp::callbacks
