// The one adapter from a JS function to a core callback (std::function<void(Args...)>): each
// argument the core hands over becomes its JS value (JsArg below), and the function runs on the
// JS thread through JsCallback (from RunCallbacks). The façade builds its Promise form on top
// of these callbacks in one place too (lib/sdk/callback_or_promise.ts).
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

#include "args.h"
#include "convert.h"
#include "js_callback.h"
#include "sdkpp/activity_invite.h"
#include "sdkpp/client.h"
#include "wrap_activity_invite.h"
#include "wrap_client_result.h"
#include "wrap_handles.h"

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
// Message history hands over ids: the façade makes its MessageHandle objects (see
// wrap_client_message_fields.cc for why a message handle is not a wrapped object).
inline Napi::Value JsArg(Napi::Env env, const std::vector<MessageHandle>& messages) {
  Napi::Array ids = Napi::Array::New(env, messages.size());
  for (uint32_t i = 0; i < messages.size(); ++i) ids.Set(i, U64ToJs(env, messages[i].Id()));
  return ids;
}
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
  static Type Calling(std::shared_ptr<JsCallback> js) {
    return [js = std::move(js)](Args... args) {
      if (!js) return;
      js->Call([&]([[maybe_unused]] Napi::Env env) { return std::vector<napi_value>{JsArg(env, args)...}; });
    };
  }
};

inline std::shared_ptr<JsCallback> ReadOptionalFunction(const ArgRef& arg) {
  if (IsNullish(arg.value())) return nullptr;
  return JsCallback::From(ReadFunction(arg));
}

}  // namespace detail

// An operation's completion callback. Optional in JS: without one the core still gets a
// callable (some core flows use "no callback" as a state), and the answer is dropped.
template <class Fn>
Fn Completion(const ArgRef& arg) {
  return detail::CoreCallback<Fn>::Calling(detail::ReadOptionalFunction(arg));
}

// An event handler the app sets; undefined or null clears it (the core gets no callback).
template <class Fn>
Fn Handler(const ArgRef& arg) {
  auto js = detail::ReadOptionalFunction(arg);
  if (!js) return nullptr;
  return detail::CoreCallback<Fn>::Calling(std::move(js));
}

// An event handler that must be a function (a TypeError otherwise).
template <class Fn>
Fn RequiredHandler(const ArgRef& arg) {
  return detail::CoreCallback<Fn>::Calling(JsCallback::From(ReadFunction(arg)));
}

}  // namespace sdkpp::napi
