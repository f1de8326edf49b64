// How the WASAPI backend's threads log: any thread, any time (the voice logger is thread-safe).
// Never given a secret: device names, endpoint ids and HRESULTs only.
#pragma once

#ifdef _WIN32

#include <functional>
#include <string>

#include "sdkpp/enums.h"

namespace sdkpp::voice::wasapi {

using WasapiLog = std::function<void(LoggingSeverity severity, const std::string& message)>;

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
