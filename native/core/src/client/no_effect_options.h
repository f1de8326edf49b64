// The ClientCreateOptions fields this build keeps but cannot act on (the CPU affinity of the
// SDK's threads, the experimental audio system, an Android Bluetooth setting): one Warning line
// for each that is set away from its default, so setting one is never a silent success.
#pragma once

#include <string>
#include <vector>

#include "sdkpp/client_create_options.h"

namespace sdkpp {

// The Warning lines for `options`, in field order; empty when none of those fields is set.
std::vector<std::string> NoEffectOptionWarnings(const ClientCreateOptions& options);

}  // namespace sdkpp
