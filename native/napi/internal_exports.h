// Functions of the core that are not public SDK surface but that the demo, the tests and the
// benchmarks need (exported under `binding.internal`).
#pragma once

#include <napi.h>

namespace sdkpp::napi {

Napi::Object DefineInternalExports(Napi::Env env);

}  // namespace sdkpp::napi
