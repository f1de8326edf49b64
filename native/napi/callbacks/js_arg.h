// The JS value of one argument the core hands a callback (callback_adapter.h calls
// JsArg(JsArgTag{}, env, arg) for each). Scalars, strings and maps convert with ToJs (convert.h),
// below; the SDK's classes convert in an overload next to their JS class (model/, social/,
// voice/), found through the tag when a callback is made, so this header needs none of them.
// A class whose overload a file does not include does not compile (ToJs has no such overload),
// rather than convert some other way.
#pragma once

#include <napi.h>

#include "util/convert.h"

namespace sdkpp::napi {

// Puts sdkpp::napi among the places a JsArg call looks, wherever its overloads were declared.
struct JsArgTag {};

template <class T>
Napi::Value JsArg(JsArgTag, Napi::Env env, const T& value) {
  return ToJs(env, value);
}

}  // namespace sdkpp::napi
