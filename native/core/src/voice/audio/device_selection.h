// The devices the app chose, shared by a device backend (JS thread writes) and its audio thread
// (reads only when the generation moved, so the lock is taken once per change, not per frame).
// Used by the PulseAudio and WASAPI backends.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace sdkpp::voice {

class DeviceSelection {
 public:
  struct Ids {
    std::string input;   // "" = the system's default input
    std::string output;  // "" = the system's default output
  };

  void SetInput(std::string id) { Set(&Ids::input, std::move(id)); }
  void SetOutput(std::string id) { Set(&Ids::output, std::move(id)); }
  Ids Current() const {
    std::lock_guard lock(mutex_);
    return ids_;
  }
  uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

 private:
  void Set(std::string Ids::*field, std::string id) {
    std::lock_guard lock(mutex_);
    ids_.*field = std::move(id);
    generation_.fetch_add(1, std::memory_order_acq_rel);
  }

  mutable std::mutex mutex_;
  Ids ids_;
  std::atomic<uint64_t> generation_{0};
};

}  // namespace sdkpp::voice
