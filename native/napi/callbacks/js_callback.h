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
  // Held strongly: an operation's completion, alive until the core lets go of it.
  static std::shared_ptr<JsCallback> From(Napi::Function function);
  // Held weakly: an event handler, kept alive by its Client's JS object instead
  // (client_handlers.h), so that a handler closing over the Client cannot pin it.
  static std::shared_ptr<JsCallback> Weak(Napi::Function function);

  // `make_args` builds the arguments inside the call's handle scope. A weak function that was
  // collected (its Client is gone) is not called.
  void Call(const std::function<std::vector<napi_value>(Napi::Env)>& make_args) const;

 private:
  explicit JsCallback(Napi::FunctionReference function);
  Napi::FunctionReference function_;
};

}  // namespace sdkpp::napi
