// Captured samples waiting for the next 20 ms tick: a device hands over packets of its own
// period (10 ms on most, more on some), the tick takes whole frames. Holds up to 200 ms; the
// oldest audio goes when the device runs ahead of the clock. After an open or a dry spell, frames
// are taken only once a cushion of two is there, so a device a little late does not starve
// every other tick (the PulseAudio backend does the same).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "voice/audio/audio_format.h"

namespace sdkpp::voice::wasapi {

class CaptureFifo {
 public:
  static constexpr size_t kCapacity = kFrameSamples * 10;
  static constexpr size_t kCushionFrames = 2;

  // `samples` interleaved values; null = that much silence (a packet the device marked silent).
  void Push(const int16_t* samples, size_t count) {
    if (count > kCapacity) {
      if (samples) samples += count - kCapacity;
      dropped_ += count - kCapacity;
      count = kCapacity;
    }
    if (size_ + count > kCapacity) {
      const size_t excess = size_ + count - kCapacity;
      std::memmove(data_, data_ + excess, (size_ - excess) * sizeof(int16_t));
      size_ -= excess;
      dropped_ += excess;
    }
    if (samples) {
      std::memcpy(data_ + size_, samples, count * sizeof(int16_t));
    } else {
      std::fill(data_ + size_, data_ + size_ + count, int16_t{0});
    }
    size_ += count;
  }

  // One frame into `frame`: captured audio, or silence when there is not enough (counted).
  void Take(int16_t* frame) {
    if (!primed_ && size_ >= kCushionFrames * kFrameSamples) primed_ = true;
    if (primed_ && size_ >= kFrameSamples) {
      std::memcpy(frame, data_, kFrameBytes);
      size_ -= kFrameSamples;
      std::memmove(data_, data_ + kFrameSamples, size_ * sizeof(int16_t));
      return;
    }
    std::fill(frame, frame + kFrameSamples, int16_t{0});
    if (primed_) ++underruns_;
    primed_ = false;
  }

  void Clear() {
    size_ = 0;
    primed_ = false;
  }
  uint64_t underruns() const { return underruns_; }
  uint64_t dropped_frames() const { return dropped_ / kFrameSamples; }

 private:
  int16_t data_[kCapacity] = {};
  size_t size_ = 0;
  bool primed_ = false;
  uint64_t underruns_ = 0;
  uint64_t dropped_ = 0;
};

}  // namespace sdkpp::voice::wasapi
