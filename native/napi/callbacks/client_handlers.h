// Where the app's event handlers live: as a property of the Client's JS object (the
// NativeClient), under Symbol.for('sdkpp.handlers'), while the core holds them weakly
// (JsCallback::Weak). A handler usually closes over its Client; kept this way, handler and
// Client form a cycle inside the JS heap that the GC collects once the app drops the Client,
// where a strong native reference (a GC root) would keep both alive for ever (issue 11, item 2).
// An operation's completion is the opposite case (PendingCallPin): it keeps its Client alive
// until it has answered. README, "Lifetime", states both rules.
#pragma once

#include <napi.h>

#include <memory>

#include "callbacks/event_loop_hold.h"

namespace sdkpp::napi {

namespace detail {

inline Napi::Object HandlerStore(Napi::Object client) {
  Napi::Env env = client.Env();
  Napi::Symbol key = Napi::Symbol::For(env, "sdkpp.handlers");
  Napi::Value store = client.Get(key);
  if (store.IsObject()) return store.As<Napi::Object>();
  Napi::Object created = Napi::Object::New(env);
  // Not enumerable, writable or configurable: the store stays what the handlers hang on.
  client.DefineProperty(Napi::PropertyDescriptor::Value(key, created, napi_default));
  return created;
}

}  // namespace detail

// Keeps `handler` (a function, or nullish to forget the slot's handler) with `client` in
// `slot`, the setter's name: setting again replaces it. With `accumulate` (AddLogCallback,
// whose handlers add up in the core too) each one is kept.
inline void KeepHandlerWithClient(Napi::Object client, const char* slot, Napi::Value handler, bool accumulate) {
  Napi::Object store = detail::HandlerStore(client);
  if (!accumulate) {
    store.Set(slot, handler);
    return;
  }
  Napi::Value kept = store.Get(slot);
  Napi::Array list = kept.IsArray() ? kept.As<Napi::Array>() : Napi::Array::New(client.Env());
  list.Set(list.Length(), handler);
  store.Set(slot, list);
}

// While one of its operations is pending: a strong reference to the Client's JS object, and a
// hold on the event loop (event_loop_hold.h) so that a script awaiting the answer (Authorize
// waiting for the player, GetToken, any Promise) does not end before it comes. Both are dropped
// when the operation answers, or when the core lets go of it unanswered (at Destroy).
class PendingCallPin {
 public:
  static std::shared_ptr<PendingCallPin> Of(Napi::Value client) {
    if (!client.IsObject()) return nullptr;
    return std::make_shared<PendingCallPin>(client.As<Napi::Object>());
  }
  explicit PendingCallPin(Napi::Object client)
      : client_(Napi::Persistent(client)), loop_(EventLoopHold::Acquire(client.Env())) {}
  void Release() {
    client_.Reset();
    loop_.Release();
  }

 private:
  Napi::ObjectReference client_;
  EventLoopHold loop_;
};

}  // namespace sdkpp::napi
