// Keeps the Node event loop of one environment (the process, or a worker) running while the SDK
// has work the app is waiting for — as a pending fetch or an open socket keeps it: a call that
// has not answered yet (PendingCallPin, client_handlers.h) and a Client that is connecting or
// connected (Platform::HoldEventLoop, node_platform.cc). The SDK's own housekeeping (a token
// expiry timer, an idle Client) never holds it, so a script that has nothing pending exits.
//
// One thread-safe function per environment that is never called: it is referenced (libuv counts
// it as a live handle) while at least one hold exists, and unreferenced otherwise. JS thread only.
// Node closes it when the environment is torn down (a worker's exit, the process's end); the
// shared state outlives it, so a hold released after that is a no-op.
#pragma once

#include <napi.h>

#include <memory>

namespace sdkpp::napi {

namespace detail {
struct LoopRef;
}

class EventLoopHold {
 public:
  // Holds nothing.
  EventLoopHold() = default;
  // A hold on `env`'s loop, released by Release() or when this object goes away.
  static EventLoopHold Acquire(Napi::Env env);

  EventLoopHold(EventLoopHold&& other) noexcept;
  EventLoopHold& operator=(EventLoopHold&& other) noexcept;
  EventLoopHold(const EventLoopHold&) = delete;
  EventLoopHold& operator=(const EventLoopHold&) = delete;
  ~EventLoopHold() { Release(); }

  void Release();
  bool held() const { return ref_ != nullptr; }

  // How many holds `env` has now (tests and diagnostics: the addon's _EventLoopHolds export).
  static int Count(Napi::Env env);

 private:
  explicit EventLoopHold(std::shared_ptr<detail::LoopRef> ref) : ref_(std::move(ref)) {}
  std::shared_ptr<detail::LoopRef> ref_;
};

// The environment's LoopRef, made at the first hold (AddonData keeps it).
std::shared_ptr<detail::LoopRef> LoopRefOf(Napi::Env env);

}  // namespace sdkpp::napi
