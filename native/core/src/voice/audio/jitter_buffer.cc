#include "voice/audio/jitter_buffer.h"

#include <algorithm>
#include <cstring>

namespace sdkpp::voice {

void JitterBuffer::Push(uint16_t sequence, const uint8_t* data, size_t size) {
  if (size == 0 || size > kMaxOpusPacketBytes || data == nullptr) {
    ++counters_.rejected;
    return;
  }
  if (!has_reference_) {
    has_reference_ = true;
    next_ = sequence;
  }
  int32_t ahead = Ahead(sequence);
  if (ahead < 0) {
    if (playing_) {
      // Its turn has passed: a late packet says the network's jitter exceeds the target.
      ++counters_.late;
      target_ = std::min(kMaxFrames, target_ + 1);
      calm_ticks_ = 0;
      return;
    }
    // Still buffering: an earlier packet arrived after a later one; start from it instead,
    // unless that would push the buffered ones out of the window.
    if (DepthFrames() + static_cast<uint32_t>(-ahead) <= kSlots) {
      next_ = sequence;
      ahead = 0;
    } else {
      ++counters_.late;
      return;
    }
  }
  if (ahead >= static_cast<int32_t>(kSlots)) {
    // Too far ahead to be a gap (a sender restart, or an outage longer than the window): the
    // old state means nothing now.
    ++counters_.resets;
    Reset();
    has_reference_ = true;
    next_ = sequence;
    ahead = 0;
  }
  Slot& slot = SlotFor(sequence);
  if (slot.present && slot.sequence == sequence) {
    ++counters_.duplicates;
    return;
  }
  slot.present = true;
  slot.sequence = sequence;
  slot.size = static_cast<uint16_t>(size);
  std::memcpy(slot.data, data, size);
  ++counters_.stored;
}

uint32_t JitterBuffer::DepthFrames() const {
  if (!has_reference_) return 0;
  uint32_t depth = 0;
  for (const Slot& slot : slots_) {
    if (!slot.present) continue;
    const int32_t ahead = Ahead(slot.sequence);
    if (ahead >= 0 && ahead < static_cast<int32_t>(kSlots)) depth = std::max(depth, static_cast<uint32_t>(ahead) + 1);
  }
  return depth;
}

void JitterBuffer::SkipBacklog() {
  // Beyond the maximum delay: drop the oldest until the target is what is left.
  while (DepthFrames() > target_ && DepthFrames() > kMaxFrames) {
    Slot& slot = SlotFor(next_);
    if (slot.present && slot.sequence == next_) slot.present = false;
    ++counters_.skipped;
    ++next_;
  }
}

JitterBuffer::Output JitterBuffer::Pop(const uint8_t*& packet, size_t& size) {
  packet = nullptr;
  size = 0;
  if (!playing_) {
    if (!has_reference_ || DepthFrames() < target_) return Output::Idle;
    playing_ = true;
    concealed_in_a_row_ = 0;
  }
  if (++calm_ticks_ >= kCalmTicksToShrink) {
    calm_ticks_ = 0;
    target_ = std::max(kMinFrames, target_ - 1);
  }
  SkipBacklog();
  Slot& slot = SlotFor(next_);
  ++next_;
  if (slot.present && slot.sequence == static_cast<uint16_t>(next_ - 1)) {
    slot.present = false;
    concealed_in_a_row_ = 0;
    packet = slot.data;
    size = slot.size;
    return Output::Packet;
  }
  if (concealed_in_a_row_ >= kMaxConcealed && DepthFrames() == 0) {
    // The talker paused (or is gone): stop concealing, buffer up again when packets return.
    Reset();
    return Output::Idle;
  }
  ++concealed_in_a_row_;
  ++counters_.concealed;
  return Output::Conceal;
}

void JitterBuffer::Reset() {
  for (Slot& slot : slots_) slot.present = false;
  has_reference_ = false;
  playing_ = false;
  concealed_in_a_row_ = 0;
}

}  // namespace sdkpp::voice
