#include "model/wrap_client_result.h"

#include <cmath>

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"

namespace sdkpp::napi {

// Response bodies can be large (a 200-message history); 1 MiB bounds what JS may store back.
constexpr size_t kMaxResponseBody = 1 << 20;

Napi::Function ClientResultWrap::Define(Napi::Env env) {
  using W = ClientResultWrap;
  Napi::Function constructor =
      DefineClass(env, kClassName,
                  {StringMethod<&ClientResult::ToString>("ToString"),
                   InstanceMethod<&W::Type>("Type"),
                   Mutator<&W::SetType>("SetType"),
                   StringMethod<&ClientResult::Error>("Error"),
                   Mutator<&W::SetError>("SetError"),
                   InstanceMethod<&W::ErrorCode>("ErrorCode"),
                   Mutator<&W::SetErrorCode>("SetErrorCode"),
                   InstanceMethod<&W::Status>("Status"),
                   Mutator<&W::SetStatus>("SetStatus"),
                   StringMethod<&ClientResult::ResponseBody>("ResponseBody"),
                   Mutator<&W::SetResponseBody>("SetResponseBody"),
                   InstanceMethod<&W::Successful>("Successful"),
                   Mutator<&W::SetSuccessful>("SetSuccessful"),
                   InstanceMethod<&W::Retryable>("Retryable"),
                   Mutator<&W::SetRetryable>("SetRetryable"),
                   InstanceMethod<&W::RetryAfter>("RetryAfter"),
                   Mutator<&W::SetRetryAfter>("SetRetryAfter"),
                   ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).client_result);
}

Napi::Function ClientResultWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).client_result.Value();
}

Napi::Value ClientResultWrap::Type(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Type()));
}
void ClientResultWrap::SetType(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetType(static_cast<ErrorType>(ReadEnumValue(
      Arg(info, 0, "ClientResult.SetType", "type"), "ErrorType", &IsEnumMember<ErrorType>)));
}
void ClientResultWrap::SetError(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetError(ReadString(Arg(info, 0, "ClientResult.SetError", "error"), kMaxShortString));
}
Napi::Value ClientResultWrap::ErrorCode(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().ErrorCode());
}
void ClientResultWrap::SetErrorCode(const Napi::CallbackInfo& info, ClientResult& value) {
  ArgRef arg = Arg(info, 0, "ClientResult.SetErrorCode", "errorCode");
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double number = arg.value().As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number) || std::trunc(number) != number || number < INT32_MIN ||
      number > INT32_MAX) {
    ThrowRangeError(arg, "must be a 32-bit integer");
  }
  value.SetErrorCode(static_cast<int32_t>(number));
}
Napi::Value ClientResultWrap::Status(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Status()));
}
void ClientResultWrap::SetStatus(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetStatus(static_cast<HttpStatusCode>(
      ReadEnumValue(Arg(info, 0, "ClientResult.SetStatus", "status"), "HttpStatusCode",
                    &IsEnumMember<HttpStatusCode>)));
}
void ClientResultWrap::SetResponseBody(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetResponseBody(
      ReadString(Arg(info, 0, "ClientResult.SetResponseBody", "responseBody"), kMaxResponseBody));
}
Napi::Value ClientResultWrap::Successful(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), value().Successful());
}
void ClientResultWrap::SetSuccessful(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetSuccessful(ReadBool(Arg(info, 0, "ClientResult.SetSuccessful", "successful")));
}
Napi::Value ClientResultWrap::Retryable(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), value().Retryable());
}
void ClientResultWrap::SetRetryable(const Napi::CallbackInfo& info, ClientResult& value) {
  value.SetRetryable(ReadBool(Arg(info, 0, "ClientResult.SetRetryable", "retryable")));
}
Napi::Value ClientResultWrap::RetryAfter(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().RetryAfter());
}
void ClientResultWrap::SetRetryAfter(const Napi::CallbackInfo& info, ClientResult& value) {
  ArgRef arg = Arg(info, 0, "ClientResult.SetRetryAfter", "retryAfter");
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double seconds = arg.value().As<Napi::Number>().DoubleValue();
  if (!std::isfinite(seconds) || seconds < 0) {
    ThrowRangeError(arg, "must be a finite number of seconds >= 0");
  }
  value.SetRetryAfter(static_cast<float>(seconds));
}

}  // namespace sdkpp::napi
