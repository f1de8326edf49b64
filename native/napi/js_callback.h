// A JS function the SDK calls back later, on the JS thread (from RunCallbacks). If the function
// throws, the error becomes an uncaught exception on the event loop — exactly what a throwing
// setTimeout callback does — instead of unwinding through the SDK.
#pragma once

#include <napi.h>

#include <functional>
#include <memory>
#include <vector>

namespace sdkpp::napi {

class JsCallback {
 public:
  static std::shared_ptr<JsCallback> From(Napi::Function function);

  // `make_args` builds the arguments inside the call's handle scope.
  void Call(const std::function<std::vector<napi_value>(Napi::Env)>& make_args) const;

 private:
  explicit JsCallback(Napi::Function function);
  Napi::FunctionReference function_;
};

}  // namespace sdkpp::napi
