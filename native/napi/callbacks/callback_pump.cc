#include "callbacks/callback_pump.h"

namespace sdkpp::napi {

CallbackPump::CallbackPump(Napi::Env env, std::shared_ptr<callbacks::CallbackQueue> queue)
    : env_(env), queue_(std::move(queue)), js_thread_(std::this_thread::get_id()) {
  tsfn_ = Tsfn::New(env, "sdkpp.RunCallbacks", 0, 1, this,
                    [](Napi::Env, void*, CallbackPump* pump) { pump->closed_ = true; });
  tsfn_.Unref(env);
  queue_->SetWakeHandler([this] { Wake(); });
}

CallbackPump::~CallbackPump() {
  queue_->SetWakeHandler(nullptr);
  if (!closed_.exchange(true)) tsfn_.Abort();
}

void CallbackPump::Wake() {
  if (closed_) return;
  if (std::this_thread::get_id() == js_thread_ && !referenced_) {
    tsfn_.Ref(env_);
    referenced_ = true;
  }
  tsfn_.NonBlockingCall();
}

void CallbackPump::CallJs(Napi::Env env, Napi::Function, CallbackPump* pump, void*) {
  if (env == nullptr || pump == nullptr) return;
  pump->RunNow(env);
}

void CallbackPump::RunNow(Napi::Env env) {
  queue_->RunPending();
  if (referenced_ && queue_->Empty() && !closed_) {
    tsfn_.Unref(env);
    referenced_ = false;
  }
}

}  // namespace sdkpp::napi
