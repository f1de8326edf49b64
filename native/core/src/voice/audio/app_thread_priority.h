// The audio thread priority the app asked for (Client::SetThreadPriority with Thread::Voice),
// shared by the device backends that apply it (pulse/, wasapi/): written by the JS thread,
// read by the audio thread once per loop, which applies a value only when `generation` moved.
#pragma once

#include <atomic>
#include <cstdint>

namespace sdkpp::voice {

struct AppThreadPriority {
  std::atomic<int32_t> value{0};
  std::atomic<uint64_t> generation{0};  // 0: never set
  void Set(int32_t priority) {
    value.store(priority);
    generation.fetch_add(1);
  }
};

}  // namespace sdkpp::voice
