#include "callbacks/js_callback.h"

#include "callbacks/host_clock.h"

namespace sdkpp::napi {

std::shared_ptr<JsCallback> JsCallback::From(Napi::Function function) {
  return std::shared_ptr<JsCallback>(new JsCallback(Napi::Persistent(function)));
}

std::shared_ptr<JsCallback> JsCallback::Weak(Napi::Function function) {
  return std::shared_ptr<JsCallback>(new JsCallback(Napi::Weak(function)));
}

JsCallback::JsCallback(Napi::FunctionReference function) : function_(std::move(function)) {}

void JsCallback::Call(const std::function<std::vector<napi_value>(Napi::Env)>& make_args) const {
  Napi::Env env = function_.Env();
  Napi::HandleScope scope(env);
  Napi::Function function = function_.Value();
  if (function.IsEmpty()) return;
  ForgetEventTime(env);  // the app's code may move its clock
  try {
    function.Call(make_args(env));
  } catch (const Napi::Error& error) {
    napi_fatal_exception(env, error.Value());
  }
}

}  // namespace sdkpp::napi
