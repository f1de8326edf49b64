// The devices the app chose (device_selection.h, shared with the WASAPI backend): "" is the
// server's default source or sink.
#pragma once

#include "voice/audio/device_selection.h"

namespace sdkpp::voice::pulse {

using PulseSelection = DeviceSelection;

}  // namespace sdkpp::voice::pulse
