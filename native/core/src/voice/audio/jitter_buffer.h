// One remote talker's adaptive jitter buffer, on the audio thread: Opus packets go in as they
// arrive (out of order, duplicated or late) and come out one per 20 ms tick in sequence order,
// or as "conceal" (the decoder's loss concealment) when one is missing. Playout starts once
// `target` frames are buffered (60 ms at first); late packets raise the target a frame at a
// time up to 200 ms, a calm stretch lowers it down to 40 ms, and a backlog beyond the maximum
// is skipped so latency stays bounded. After five concealed frames in a row with nothing
// buffered the talker is taken to have paused: the buffer goes idle and buffers up again.
// Every slot is allocated at construction: Push and Pop never allocate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "voice/audio/audio_format.h"

namespace sdkpp::voice {

struct JitterBufferCounters {
  uint64_t stored = 0;
  uint64_t duplicates = 0;
  uint64_t late = 0;        // arrived after its turn was played or concealed
  uint64_t concealed = 0;   // ticks answered with Conceal
  uint64_t skipped = 0;     // dropped to cut a backlog beyond the maximum delay
  uint64_t rejected = 0;    // empty or larger than an Opus packet can be
  uint64_t resets = 0;      // a sequence jump too far ahead to be a gap: started over
};

class JitterBuffer {
 public:
  static constexpr uint32_t kMinFrames = 2;    // 40 ms
  static constexpr uint32_t kStartFrames = 3;  // 60 ms
  static constexpr uint32_t kMaxFrames = 10;   // 200 ms
  static constexpr uint32_t kMaxConcealed = 5;
  static constexpr size_t kSlots = 16;         // > kMaxFrames: room for a burst past the maximum
  // Ticks without a late packet before the target comes down a frame (5 s).
  static constexpr uint32_t kCalmTicksToShrink = 250;

  enum class Output {
    Idle,     // nothing to play (not started, or the talker paused)
    Packet,   // `packet` / `size` hold the next frame (valid until the next Push or Pop)
    Conceal,  // a frame is missing: the decoder conceals it
  };

  void Push(uint16_t sequence, const uint8_t* data, size_t size);
  Output Pop(const uint8_t*& packet, size_t& size);
  void Reset();

  bool Playing() const { return playing_; }
  uint32_t TargetFrames() const { return target_; }
  // Frames from the next one to play to the newest buffered (gaps included).
  uint32_t DepthFrames() const;
  const JitterBufferCounters& Counters() const { return counters_; }

 private:
  struct Slot {
    bool present = false;
    uint16_t sequence = 0;
    uint16_t size = 0;
    uint8_t data[kMaxOpusPacketBytes];
  };
  // Signed distance from the next sequence to play, across the 65535 → 0 wrap.
  int32_t Ahead(uint16_t sequence) const { return static_cast<int16_t>(static_cast<uint16_t>(sequence - next_)); }
  Slot& SlotFor(uint16_t sequence) { return slots_[sequence % kSlots]; }
  void SkipBacklog();

  std::array<Slot, kSlots> slots_{};
  bool has_reference_ = false;  // next_ means something
  bool playing_ = false;
  uint16_t next_ = 0;
  uint32_t target_ = kStartFrames;
  uint32_t concealed_in_a_row_ = 0;
  uint32_t calm_ticks_ = 0;
  JitterBufferCounters counters_;
};

}  // namespace sdkpp::voice
