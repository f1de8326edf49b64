// Per-environment state of the addon (one per Node main thread or worker): the constructors
// of the wrapped classes and the callback pump. Never static, so workers stay independent.
#pragma once

#include <napi.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "callbacks/callback_queue.h"
#include "callbacks/host_clock.h"

namespace sdkpp::napi {

class CallbackPump;
namespace detail {
struct LoopRef;
}

// A value class whose string getters the façade memoizes: its constructor, those getters and the
// methods that change its value (value_wrap.h, lib/sdk/string_getter_memo.ts).
struct ValueClassShape {
  Napi::FunctionReference* constructor;
  std::vector<const char*> string_getters;
  std::vector<const char*> mutators;
};

struct AddonData {
  Napi::FunctionReference activity;
  Napi::FunctionReference activity_assets;
  Napi::FunctionReference activity_button;
  Napi::FunctionReference activity_invite;
  Napi::FunctionReference activity_party;
  Napi::FunctionReference activity_secrets;
  Napi::FunctionReference activity_timestamps;
  Napi::FunctionReference authorization_args;
  Napi::FunctionReference authorization_code_challenge;
  Napi::FunctionReference authorization_code_verifier;
  Napi::FunctionReference client_result;
  Napi::FunctionReference client_create_options;
  Napi::FunctionReference device_authorization_args;
  Napi::FunctionReference client;
  // Constructors of the classes registered by name (handles and social values), keyed by the
  // address of each class's kClassName (unique per class; no string built per lookup).
  std::unordered_map<const char*, Napi::FunctionReference> classes;
  // The External that lets a wrap constructor adopt a C++ value (see value_wrap.h), made once:
  // handles are created by the hundred, and a fresh External each time showed in profiles.
  Napi::Reference<Napi::External<int>> construct_token;
  // The platform host's method names as property keys (node_platform.cc HostMethodKey), in the
  // order of kHostMethodNames; empty until the first host call.
  Napi::Reference<Napi::Array> host_method_keys;
  // The host event being handled and the time it came with (host_clock.h).
  HostEventClock host_event_clock;
  std::unique_ptr<CallbackPump> pump;
  // What keeps the event loop running while the SDK has work the app waits for
  // (event_loop_hold.h); made at the first hold.
  std::shared_ptr<detail::LoopRef> loop_ref;
  std::vector<ValueClassShape> value_class_shapes;

  static AddonData& Of(Napi::Env env);
};

}  // namespace sdkpp::napi
