#include "client/no_effect_options.h"

#include <cstdio>

namespace sdkpp {

std::vector<std::string> NoEffectOptionWarnings(const ClientCreateOptions& options) {
  std::vector<std::string> lines;
  if (auto mask = options.CpuAffinityMask()) {
    char hex[19];
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(*mask));
    lines.push_back(std::string("ClientCreateOptions::SetCpuAffinityMask(") + hex +
                    "): no effect; this SDK does its work on the thread that created the Client");
  }
  if (options.ExperimentalAudioSystem() != AudioSystem::Standard) {
    lines.push_back(std::string("ClientCreateOptions::SetExperimentalAudioSystem(") +
                    EnumToString(options.ExperimentalAudioSystem()) +
                    "): no effect; this sdkpp build has one audio system");
  }
  if (options.ExperimentalAndroidPreventCommsForBluetooth()) {
    lines.push_back(
        "ClientCreateOptions::SetExperimentalAndroidPreventCommsForBluetooth(true): no effect; "
        "it is an Android audio setting and this sdkpp build has no Android audio");
  }
  return lines;
}

}  // namespace sdkpp
