// A single-producer single-consumer ring of fixed capacity: the hand-over between the JS thread
// and the audio thread (received packets in, encoded frames out, events back). Every slot is
// allocated at construction; Push and Pop never allocate, lock or wait, so the audio thread can
// use them. A full ring refuses the push (the caller counts the drop); the oldest data is never
// overwritten under the consumer's feet.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <new>

namespace sdkpp::voice {

template <class T>
class SpscRing {
 public:
  // `capacity` usable slots (one more is kept free to tell full from empty).
  explicit SpscRing(size_t capacity) : size_(capacity + 1), slots_(std::make_unique<T[]>(capacity + 1)) {}
  SpscRing(const SpscRing&) = delete;
  SpscRing& operator=(const SpscRing&) = delete;

  size_t Capacity() const { return size_ - 1; }

  // Producer thread only. `fill(T&)` writes the slot in place (no copy of a large T).
  template <class Fill>
  bool PushWith(Fill&& fill) {
    const size_t head = head_.load(std::memory_order_relaxed);
    const size_t next = Next(head);
    if (next == tail_.load(std::memory_order_acquire)) return false;  // full
    fill(slots_[head]);
    head_.store(next, std::memory_order_release);
    return true;
  }
  bool Push(const T& value) {
    return PushWith([&](T& slot) { slot = value; });
  }

  // Consumer thread only. `take(T&)` reads the slot in place.
  template <class Take>
  bool PopWith(Take&& take) {
    const size_t tail = tail_.load(std::memory_order_relaxed);
    if (tail == head_.load(std::memory_order_acquire)) return false;  // empty
    take(slots_[tail]);
    tail_.store(Next(tail), std::memory_order_release);
    return true;
  }
  bool Pop(T& out) {
    return PopWith([&](T& slot) { out = slot; });
  }

  // Either thread; a snapshot that may be stale by the time it is read.
  size_t SizeApprox() const {
    const size_t head = head_.load(std::memory_order_acquire);
    const size_t tail = tail_.load(std::memory_order_acquire);
    return head >= tail ? head - tail : head + size_ - tail;
  }

 private:
  size_t Next(size_t index) const { return index + 1 == size_ ? 0 : index + 1; }

  const size_t size_;
  std::unique_ptr<T[]> slots_;
  // Producer and consumer indexes on their own cache lines: no false sharing between threads.
  alignas(64) std::atomic<size_t> head_{0};
  alignas(64) std::atomic<size_t> tail_{0};
};

}  // namespace sdkpp::voice
