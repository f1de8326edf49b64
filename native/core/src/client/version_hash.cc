#include "client/version_hash.h"

// Set by the build (binding.gyp, CMakeLists.txt) for this file only.
#ifndef SDKPP_VERSION_HASH
#define SDKPP_VERSION_HASH "unknown"
#endif

namespace sdkpp {

const char* BuildVersionHash() { return SDKPP_VERSION_HASH; }

}  // namespace sdkpp
