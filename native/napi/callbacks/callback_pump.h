// Runs the SDK's queued callbacks on the JS thread without the user pumping anything: when the
// queue goes from empty to non-empty, a thread-safe function schedules one drain on the event
// loop. It keeps the loop alive only while callbacks are waiting, so a pending result keeps
// Node running but an idle Client does not.
#pragma once

#include <napi.h>

#include <atomic>
#include <memory>
#include <thread>

#include "callbacks/callback_queue.h"

namespace sdkpp::napi {

class CallbackPump {
 public:
  CallbackPump(Napi::Env env, std::shared_ptr<callbacks::CallbackQueue> queue);
  ~CallbackPump();
  CallbackPump(const CallbackPump&) = delete;
  CallbackPump& operator=(const CallbackPump&) = delete;

  // Runs what is queued now (the exported RunCallbacks).
  void RunNow(Napi::Env env);

 private:
  static void CallJs(Napi::Env env, Napi::Function, CallbackPump* pump, void*);
  void Wake();

  using Tsfn = Napi::TypedThreadSafeFunction<CallbackPump, void, &CallbackPump::CallJs>;
  Tsfn tsfn_;
  Napi::Env env_;
  std::shared_ptr<callbacks::CallbackQueue> queue_;
  const std::thread::id js_thread_;
  bool referenced_ = false;  // touched on the JS thread only
  std::atomic<bool> closed_{false};
};

}  // namespace sdkpp::napi
