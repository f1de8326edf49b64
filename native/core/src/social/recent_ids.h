// A bounded memory of ids: it holds an id until `capacity` newer ids were remembered after it
// (or it is forgotten), so at most `capacity` ids, the oldest going first. The social layer keeps in it the things whose creation the app was told of and
// whose records the bounds then let go (record_bounds.h, message_cache.h), so that a replayed
// create of one stays silent (README "The API": when each Created/Updated callback fires).
//
// It sits on the gateway's message path (a burst longer than a channel's bound evicts one
// message per message), so its storage — a ring of the ids in the order remembered and an
// open-addressing index into the ring — is allocated once, at the first Remember; remembering,
// forgetting and asking never allocate after that.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sdkpp::social {

class RecentIds {
 public:
  explicit RecentIds(size_t capacity) : capacity_(capacity) {}

  // Remembers `id` (0 is no id: ignored). An id already held keeps its place in the order.
  void Remember(uint64_t id) {
    if (id == 0 || capacity_ == 0) return;
    if (ring_.empty()) Allocate();
    if (SlotOf(id) != kNone) return;
    uint64_t& place = ring_[next_];
    if (place != 0) {  // full: the oldest goes
      EraseSlot(SlotOf(place));
      --count_;
    }
    place = id;
    size_t slot = Home(id);
    while (slots_[slot] != 0) slot = (slot + 1) & mask_;
    slots_[slot] = static_cast<uint32_t>(next_ + 1);
    next_ = next_ + 1 == capacity_ ? 0 : next_ + 1;
    ++count_;
  }

  void Forget(uint64_t id) {
    size_t slot = SlotOf(id);
    if (slot == kNone) return;
    size_t position = slots_[slot] - 1;
    EraseSlot(slot);
    ring_[position] = 0;
    --count_;
  }

  bool Contains(uint64_t id) const { return count_ != 0 && SlotOf(id) != kNone; }
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }

  void Clear() {
    ring_.clear();
    slots_.clear();
    next_ = count_ = 0;
  }

 private:
  static constexpr size_t kNone = ~size_t{0};

  void Allocate() {
    ring_.assign(capacity_, 0);
    // At most half full, so every probe ends at an empty slot within a few steps.
    size_t size = 2;
    unsigned bits = 1;
    while (size < 2 * capacity_) {
      size <<= 1;
      ++bits;
    }
    slots_.assign(size, 0);
    mask_ = size - 1;
    shift_ = 64 - bits;
  }

  // Fibonacci hashing: snowflakes differ mostly in their middle bits; the multiply spreads them.
  size_t Home(uint64_t id) const { return static_cast<size_t>((id * 0x9E3779B97F4A7C15ull) >> shift_); }

  size_t SlotOf(uint64_t id) const {
    if (slots_.empty() || id == 0) return kNone;
    for (size_t slot = Home(id);; slot = (slot + 1) & mask_) {
      uint32_t entry = slots_[slot];
      if (entry == 0) return kNone;
      if (ring_[entry - 1] == id) return slot;
    }
  }

  // Linear probing's deletion: later entries of the same probe run move back into the hole, so
  // no lookup stops early at it.
  void EraseSlot(size_t hole) {
    for (size_t slot = (hole + 1) & mask_; slots_[slot] != 0; slot = (slot + 1) & mask_) {
      size_t home = Home(ring_[slots_[slot] - 1]);
      bool reachable_without_hole = hole <= slot ? (hole < home && home <= slot) : (hole < home || home <= slot);
      if (reachable_without_hole) continue;
      slots_[hole] = slots_[slot];
      hole = slot;
    }
    slots_[hole] = 0;
  }

  size_t capacity_;
  std::vector<uint64_t> ring_;   // the ids in the order remembered; 0: a free place
  std::vector<uint32_t> slots_;  // the index: a ring position + 1; 0: an empty slot
  size_t mask_ = 0;
  unsigned shift_ = 63;
  size_t next_ = 0;  // where in the ring the next id goes
  size_t count_ = 0;
};

}  // namespace sdkpp::social
