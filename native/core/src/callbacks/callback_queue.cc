#include "callbacks/callback_queue.h"

#include "sdkpp/client.h"

namespace sdkpp::callbacks {

const std::shared_ptr<CallbackQueue>& CallbackQueue::ForCurrentThread() {
  thread_local const std::shared_ptr<CallbackQueue> queue = std::make_shared<CallbackQueue>();
  return queue;
}

void CallbackQueue::Post(std::function<void()> callback) {
  std::function<void()> wake;
  {
    std::lock_guard lock(mutex_);
    bool was_empty = pending_.empty();
    pending_.push_back(std::move(callback));
    if (was_empty) wake = wake_;
  }
  if (wake) wake();
}

void CallbackQueue::PostWhileAlive(std::weak_ptr<const void> owner, std::function<void()> callback) {
  Post([owner = std::move(owner), callback = std::move(callback)] {
    if (!owner.expired()) callback();
  });
}

size_t CallbackQueue::RunPending() {
  std::vector<std::function<void()>> batch;
  {
    std::lock_guard lock(mutex_);
    if (pending_.empty()) return 0;
    batch.swap(pending_);
  }
  for (auto& callback : batch) {
    if (callback) callback();
  }
  const size_t ran = batch.size();
  batch.clear();  // what the callbacks captured goes now, outside the lock: destructors may post
  std::function<void()> wake;
  {
    std::lock_guard lock(mutex_);
    if (!pending_.empty()) {
      wake = wake_;
    } else if (pending_.capacity() < batch.capacity()) {
      pending_.swap(batch);  // the storage serves the next posts
    }
  }
  if (wake) wake();
  return ran;
}

size_t CallbackQueue::DiscardPending() {
  std::vector<std::function<void()>> dropped;
  {
    std::lock_guard lock(mutex_);
    dropped.swap(pending_);
  }
  return dropped.size();  // destroyed here, outside the lock: their destructors may post
}

bool CallbackQueue::Empty() const {
  std::lock_guard lock(mutex_);
  return pending_.empty();
}

void CallbackQueue::SetWakeHandler(std::function<void()> wake) {
  std::lock_guard lock(mutex_);
  wake_ = std::move(wake);
}

}  // namespace sdkpp::callbacks

namespace sdkpp {
void RunCallbacks() { callbacks::CallbackQueue::ForCurrentThread()->RunPending(); }
}  // namespace sdkpp
