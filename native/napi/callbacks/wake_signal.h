// Platform::Wake for the Node host: any thread (the audio thread) asks for one call on the JS
// thread. It is a N-API thread-safe function without a JS function, unref'd (a pending wake must
// not keep Node running: the call's UDP socket does that while a call is live), coalesced by an
// atomic flag so at most one call is queued however often the audio thread wakes.
//
// Teardown is the delicate part. The thread-safe function goes away either by Close (the Client
// is finalized or the platform detached) or by Node itself when the environment is torn down
// (worker exit), in any order. A Wake racing either one never touches a freed thread-safe
// function: it announces itself in `calling` before it reads `closed`, and whoever closes sets
// `closed` first, then waits for `calling` to drain (a few microseconds at most) before the
// function is released or freed.
#pragma once

#include <napi.h>

#include <atomic>
#include <functional>
#include <memory>

namespace sdkpp::napi {

class WakeSignal {
 public:
  // `on_wake` runs on the JS thread, once per queued call, until Close.
  WakeSignal(Napi::Env env, std::function<void(Napi::Env)> on_wake);
  ~WakeSignal();
  WakeSignal(const WakeSignal&) = delete;
  WakeSignal& operator=(const WakeSignal&) = delete;

  // Any thread, never blocks, never calls into JS. A no-op after Close or once Node has torn
  // the environment down.
  void Wake();
  // JS thread. Drops the handler and releases the thread-safe function; idempotent.
  void Close();

 private:
  // Outlives this object while the thread-safe function exists (its finalizer holds a share).
  struct Shared {
    napi_threadsafe_function tsfn = nullptr;
    std::atomic<bool> closed{false};   // no new call may reach tsfn
    std::atomic<int> calling{0};       // Wake()s between their `closed` check and their call
    std::atomic<bool> pending{false};  // a call is queued and has not started yet
    std::function<void(Napi::Env)> on_wake;  // JS thread only

    void WaitForCallers() const;
  };

  static void CallJs(napi_env env, napi_value, void* context, void*);
  static void Finalize(napi_env, void* finalize_data, void*);

  std::shared_ptr<Shared> shared_;
};

}  // namespace sdkpp::napi
