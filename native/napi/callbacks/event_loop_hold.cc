#include "callbacks/event_loop_hold.h"

#include "callbacks/addon_data.h"

namespace sdkpp::napi {

namespace detail {

struct LoopRef {
  napi_env env = nullptr;
  napi_threadsafe_function tsfn = nullptr;
  bool closed = false;  // Node finalized the function (environment teardown)
  int holds = 0;

  void Add() {
    if (++holds == 1 && !closed) napi_ref_threadsafe_function(env, tsfn);
  }
  void Remove() {
    if (holds > 0 && --holds == 0 && !closed) napi_unref_threadsafe_function(env, tsfn);
  }
};

}  // namespace detail

namespace {

void Finalize(napi_env, void* finalize_data, void*) {
  auto* share = static_cast<std::shared_ptr<detail::LoopRef>*>(finalize_data);
  (*share)->closed = true;
  (*share)->tsfn = nullptr;
  delete share;
}

// Never called: the function exists only to be referenced.
void NeverCalled(napi_env, napi_value, void*, void*) {}

}  // namespace

std::shared_ptr<detail::LoopRef> LoopRefOf(Napi::Env env) {
  auto& slot = AddonData::Of(env).loop_ref;
  if (slot) return slot;
  auto ref = std::make_shared<detail::LoopRef>();
  ref->env = env;
  auto* finalizer_share = new std::shared_ptr<detail::LoopRef>(ref);
  Napi::String name = Napi::String::New(env, "sdkpp.EventLoopHold");
  napi_status status = napi_create_threadsafe_function(env, nullptr, nullptr, name, 0, 1, finalizer_share,
                                                       &Finalize, nullptr, &NeverCalled, &ref->tsfn);
  if (status != napi_ok) {
    // A terminating worker: nothing to hold; holds only count.
    delete finalizer_share;
    ref->closed = true;
  } else {
    napi_unref_threadsafe_function(env, ref->tsfn);
  }
  slot = ref;
  return ref;
}

EventLoopHold EventLoopHold::Acquire(Napi::Env env) {
  auto ref = LoopRefOf(env);
  ref->Add();
  return EventLoopHold(std::move(ref));
}

EventLoopHold::EventLoopHold(EventLoopHold&& other) noexcept : ref_(std::move(other.ref_)) {}

EventLoopHold& EventLoopHold::operator=(EventLoopHold&& other) noexcept {
  if (this != &other) {
    Release();
    ref_ = std::move(other.ref_);
  }
  return *this;
}

void EventLoopHold::Release() {
  if (!ref_) return;
  ref_->Remove();
  ref_.reset();
}

int EventLoopHold::Count(Napi::Env env) {
  auto& slot = AddonData::Of(env).loop_ref;
  return slot ? slot->holds : 0;
}

}  // namespace sdkpp::napi
