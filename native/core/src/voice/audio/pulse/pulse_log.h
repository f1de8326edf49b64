// How the PulseAudio backend's threads log: any thread, any time (the voice logger is
// thread-safe). Never given a secret: device names and libpulse errors only.
#pragma once

#include <functional>
#include <string>

#include "sdkpp/enums.h"

namespace sdkpp::voice::pulse {

using PulseLog = std::function<void(LoggingSeverity severity, const std::string& message)>;

}  // namespace sdkpp::voice::pulse
