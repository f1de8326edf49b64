// A bounded ring for the audio thread's encoded frames: one producer (the audio thread) that,
// when the ring is full, drops the oldest entry instead of the newest, so the network always
// gets the freshest audio after a stalled JS thread (docs/voice-calls.md: "oldest dropped, counted").
//
// The producer cannot simply move the consumer's index of an SPSC ring (it could overwrite a
// slot the consumer is still copying), so this is a bounded queue with a sequence number per
// slot (after D. Vyukov's MPMC queue): a slot is claimed by a compare-exchange before it is
// read and handed back only after, and the producer drops the oldest by popping it as a second
// consumer would. Every slot is allocated at construction; nothing here allocates, locks or waits.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace sdkpp::voice {

template <class T>
class DropOldestRing {
 public:
  explicit DropOldestRing(size_t capacity) : capacity_(capacity), cells_(std::make_unique<Cell[]>(capacity)) {
    for (size_t i = 0; i < capacity_; ++i) cells_[i].sequence.store(i, std::memory_order_relaxed);
  }
  DropOldestRing(const DropOldestRing&) = delete;
  DropOldestRing& operator=(const DropOldestRing&) = delete;

  size_t Capacity() const { return capacity_; }

  // Producer thread only. `fill(T&)` writes the slot in place. Returns how many entries were
  // lost: 0; 1 when full (the oldest was dropped to make room) or when the slot needed is being
  // read right now (this entry is dropped instead: a consumer preempted mid-copy costs the
  // frames pushed until it resumes); 2 in the rare race of both.
  template <class Fill>
  int PushWith(Fill&& fill) {
    const size_t position = enqueue_.load(std::memory_order_relaxed);
    Cell& cell = cells_[position % capacity_];
    int lost = 0;
    if (cell.sequence.load(std::memory_order_acquire) != position) {
      // Either full (the oldest entry sits in this slot) or a consumer is copying it out.
      if (position - dequeue_.load(std::memory_order_acquire) >= capacity_ && PopWith([](T&) {})) ++lost;
      if (cell.sequence.load(std::memory_order_acquire) != position) return lost + 1;
    }
    fill(cell.value);
    cell.sequence.store(position + 1, std::memory_order_release);
    enqueue_.store(position + 1, std::memory_order_release);
    return lost;
  }

  // Any consumer thread (the JS thread, and the producer when it drops). `take(T&)` reads the
  // slot in place. False when empty.
  template <class Take>
  bool PopWith(Take&& take) {
    size_t position = dequeue_.load(std::memory_order_relaxed);
    Cell* cell = nullptr;
    for (;;) {
      cell = &cells_[position % capacity_];
      const size_t sequence = cell->sequence.load(std::memory_order_acquire);
      const auto difference = static_cast<std::ptrdiff_t>(sequence - (position + 1));
      if (difference == 0) {
        if (dequeue_.compare_exchange_weak(position, position + 1, std::memory_order_acq_rel)) break;
      } else if (difference < 0) {
        return false;  // empty
      } else {
        position = dequeue_.load(std::memory_order_relaxed);  // another consumer took it
      }
    }
    take(cell->value);
    cell->sequence.store(position + capacity_, std::memory_order_release);
    return true;
  }

  // Either thread; a snapshot that may be stale by the time it is read.
  size_t SizeApprox() const {
    const size_t out = dequeue_.load(std::memory_order_acquire);
    const size_t in = enqueue_.load(std::memory_order_acquire);
    return in > out ? in - out : 0;
  }

 private:
  struct Cell {
    std::atomic<size_t> sequence{0};
    T value{};
  };

  const size_t capacity_;
  std::unique_ptr<Cell[]> cells_;
  alignas(64) std::atomic<size_t> enqueue_{0};
  alignas(64) std::atomic<size_t> dequeue_{0};
};

}  // namespace sdkpp::voice
