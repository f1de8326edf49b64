// The one adapter from a JS function to a core callback (std::function<void(Args...)>): each
// argument the core hands over becomes its JS value (JsArg below), and the function runs on the
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

#include "callbacks/js_callback.h"
#include "client/client_handlers.h"
#include "model/wrap_activity_invite.h"
#include "model/wrap_client_result.h"
#include "sdkpp/activity_invite.h"
#include "sdkpp/client.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "voice/wrap_call.h"

namespace sdkpp::napi {

// --- JS values of the core's callback arguments (scalars, strings and maps: convert.h)

inline Napi::Value JsArg(Napi::Env env, const ClientResult& result) { return ClientResultWrap::NewInstance(env, result); }
inline Napi::Value JsArg(Napi::Env env, const ActivityInvite& invite) { return ActivityInviteWrap::NewInstance(env, invite); }
inline Napi::Value JsArg(Napi::Env env, const std::optional<UserHandle>& user) { return Optional<UserHandleWrap>(env, user); }
inline Napi::Value JsArg(Napi::Env env, const std::vector<UserMessageSummary>& items) {
  return ArrayOf<UserMessageSummaryWrap>(env, items);
}
inline Napi::Value JsArg(Napi::Env env, const std::vector<GuildMinimal>& items) { return ArrayOf<GuildMinimalWrap>(env, items); }
inline Napi::Value JsArg(Napi::Env env, const std::vector<GuildChannel>& items) { return ArrayOf<GuildChannelWrap>(env, items); }
// Message history hands over ids, in a BigUint64Array (one object instead of one bigint per
// message): the façade makes its MessageHandle objects (see wrap_client_message_fields.cc for
// why a message handle is not a wrapped object).
inline Napi::Value JsArg(Napi::Env env, const std::vector<MessageHandle>& messages) {
  auto ids = Napi::TypedArrayOf<uint64_t>::New(env, messages.size(), napi_biguint64_array);
  for (size_t i = 0; i < messages.size(); ++i) ids[i] = messages[i].Id();
  return ids;
}
inline Napi::Value JsArg(Napi::Env env, const AudioDevice& device) { return AudioDeviceWrap::NewInstance(env, device); }
inline Napi::Value JsArg(Napi::Env env, const std::vector<AudioDevice>& devices) {
  return ArrayOf<AudioDeviceWrap>(env, devices);
}
inline Napi::Value JsArg(Napi::Env env, Call::Status status) { return Napi::Number::New(env, static_cast<int32_t>(status)); }
inline Napi::Value JsArg(Napi::Env env, Call::Error error) { return Napi::Number::New(env, static_cast<int32_t>(error)); }
inline Napi::Value JsArg(Napi::Env env, const Call::EncryptionState& state) { return EncryptionStateToJs(env, state); }
template <class T>
Napi::Value JsArg(Napi::Env env, const T& value) {
  return ToJs(env, value);
}

namespace detail {

template <class Fn>
struct CoreCallback;

template <class... Args>
struct CoreCallback<std::function<void(Args...)>> {
  using Type = std::function<void(Args...)>;
  static Type Calling(std::shared_ptr<JsCallback> js, std::shared_ptr<PendingCallPin> pin = nullptr) {
    return [js = std::move(js), pin = std::move(pin)](Args... args) {
      if (!js) return;
      js->Call([&]([[maybe_unused]] Napi::Env env) { return std::vector<napi_value>{JsArg(env, args)...}; });
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
