// The one adapter from a JS function to a core callback (std::function<void(Args...)>): each
// argument the core hands over becomes its JS value (JsArg, js_arg.h), and the function runs on the
// JS thread through JsCallback (from RunCallbacks). The façade builds its Promise form on top
// of these callbacks in one place too (lib/sdk/callback_or_promise.ts).
// How each kind of callback holds on to its Client (completions keep it alive until they have
// answered, handlers never do): client_handlers.h.
//
//   client_->LeaveLobby(lobby, Completion<Client::ResultCallback>(ArgRef{info, 1, m, "callback"}));
//   client_->SetLobbyCreatedCallback(Handler<Client::LobbyIdCallback>(ArgRef{info, 0, m, "callback"}));
#pragma once

#include <napi.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "callbacks/client_handlers.h"
#include "callbacks/js_arg.h"
#include "callbacks/js_callback.h"
#include "util/args.h"
#include "util/convert.h"

namespace sdkpp::napi {

namespace detail {

template <class Fn>
struct CoreCallback;

template <class... Args>
struct CoreCallback<std::function<void(Args...)>> {
  using Type = std::function<void(Args...)>;
  static Type Calling(std::shared_ptr<JsCallback> js, std::shared_ptr<PendingCallPin> pin = nullptr) {
    return [js = std::move(js), pin = std::move(pin)](Args... args) {
      if (!js) return;
      js->Call([&]([[maybe_unused]] Napi::Env env) { return std::vector<napi_value>{JsArg(JsArgTag{}, env, args)...}; });
      if (pin) pin->Release();
    };
  }
};

inline std::shared_ptr<JsCallback> ReadOptionalFunction(const ArgRef& arg) {
  if (IsNullish(arg.value())) return nullptr;
  return JsCallback::From(ReadFunction(arg));
}

// A handler of the Client `arg` belongs to: kept with the Client's JS object, held weakly here.
inline std::shared_ptr<JsCallback> HandlerOfClient(const ArgRef& arg, bool accumulate) {
  Napi::Function function = ReadFunction(arg);
  Napi::Value client = arg.info.This();
  if (!client.IsObject()) return JsCallback::From(function);
  KeepHandlerWithClient(client.As<Napi::Object>(), arg.method, function, accumulate);
  return JsCallback::Weak(function);
}

}  // namespace detail

// An operation's completion callback. Optional in JS: without one the core still gets a
// callable (some core flows use "no callback" as a state), and the answer is dropped. Until it
// has answered, it keeps its Client (`arg.info.This()`) alive.
template <class Fn>
Fn Completion(const ArgRef& arg) {
  auto js = detail::ReadOptionalFunction(arg);
  auto pin = js ? PendingCallPin::Of(arg.info.This()) : nullptr;
  return detail::CoreCallback<Fn>::Calling(std::move(js), std::move(pin));
}

// An event handler the app sets on its Client (`arg.info.This()`, in the slot `arg.method`);
// undefined or null clears it (the core gets no callback).
template <class Fn>
Fn Handler(const ArgRef& arg) {
  if (IsNullish(arg.value())) {
    if (arg.info.This().IsObject()) {
      KeepHandlerWithClient(arg.info.This().As<Napi::Object>(), arg.method, arg.info.Env().Undefined(), false);
    }
    return nullptr;
  }
  return detail::CoreCallback<Fn>::Calling(detail::HandlerOfClient(arg, false));
}

// An event handler that must be a function (a TypeError otherwise). With `accumulate`, setting
// another one adds it (AddLogCallback) instead of replacing it.
template <class Fn>
Fn RequiredHandler(const ArgRef& arg, bool accumulate = false) {
  return detail::CoreCallback<Fn>::Calling(detail::HandlerOfClient(arg, accumulate));
}

}  // namespace sdkpp::napi
