// Functions of the core that are not public SDK surface but that the demo, the tests, the
// benchmarks and the Node host need (exported under `binding.internal`).
#pragma once

#include <napi.h>

namespace sdkpp::napi {

Napi::Object DefineInternalExports(Napi::Env env);

}  // namespace sdkpp::napi
