// JS class ClientResult (handed out by the SDK; no public constructor).
#pragma once

#include <napi.h>

#include "callbacks/js_arg.h"
#include "model/value_wrap.h"
#include "sdkpp/client_result.h"

namespace sdkpp::napi {

class ClientResultWrap : public ValueWrap<ClientResultWrap, ClientResult> {
 public:
  static constexpr const char* kClassName = "ClientResult";
  static constexpr const char* kMadeBy = "results come from Client operations";
  static constexpr bool kHasPublicConstructor = false;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x6c5b4a3928171605, 0xf4e3d2c1b0a99887};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value Type(const Napi::CallbackInfo& info);
  void SetType(const Napi::CallbackInfo& info, ClientResult& value);
  void SetError(const Napi::CallbackInfo& info, ClientResult& value);
  Napi::Value ErrorCode(const Napi::CallbackInfo& info);
  void SetErrorCode(const Napi::CallbackInfo& info, ClientResult& value);
  Napi::Value Status(const Napi::CallbackInfo& info);
  void SetStatus(const Napi::CallbackInfo& info, ClientResult& value);
  void SetResponseBody(const Napi::CallbackInfo& info, ClientResult& value);
  Napi::Value Successful(const Napi::CallbackInfo& info);
  void SetSuccessful(const Napi::CallbackInfo& info, ClientResult& value);
  Napi::Value Retryable(const Napi::CallbackInfo& info);
  void SetRetryable(const Napi::CallbackInfo& info, ClientResult& value);
  Napi::Value RetryAfter(const Napi::CallbackInfo& info);
  void SetRetryAfter(const Napi::CallbackInfo& info, ClientResult& value);
};

// A callback's ClientResult (callbacks/js_arg.h).
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const ClientResult& result) { return ClientResultWrap::NewInstance(env, result); }

}  // namespace sdkpp::napi
