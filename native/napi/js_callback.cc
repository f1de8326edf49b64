#include "js_callback.h"

namespace sdkpp::napi {

std::shared_ptr<JsCallback> JsCallback::From(Napi::Function function) {
  return std::shared_ptr<JsCallback>(new JsCallback(function));
}

JsCallback::JsCallback(Napi::Function function) : function_(Napi::Persistent(function)) {}

void JsCallback::Call(const std::function<std::vector<napi_value>(Napi::Env)>& make_args) const {
  Napi::Env env = function_.Env();
  Napi::HandleScope scope(env);
  try {
    function_.Value().Call(make_args(env));
  } catch (const Napi::Error& error) {
    napi_fatal_exception(env, error.Value());
  }
}

}  // namespace sdkpp::napi
