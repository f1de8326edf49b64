#include "voice/audio/audio_backend_choice.h"

#include <cstdlib>

#include "voice/audio/virtual_audio_backend.h"
#ifdef __linux__
#include "voice/audio/pulse/pulse_audio_backend.h"
#endif
#ifdef _WIN32
#include "voice/audio/wasapi/wasapi_audio_backend.h"
#endif

namespace sdkpp::voice {

std::optional<AudioBackendKind> ParseAudioBackendKind(std::string_view name) {
  if (name == "system") return AudioBackendKind::System;
  if (name == "virtual") return AudioBackendKind::Virtual;
  return std::nullopt;
}

const char* AudioBackendKindName(AudioBackendKind kind) {
  return kind == AudioBackendKind::Virtual ? "virtual" : "system";
}

AudioBackendKind AudioBackendKindFromEnvironment(const AudioBackendLog& log) {
  const char* value = std::getenv(kAudioBackendVariable);
  if (value == nullptr || *value == '\0') return AudioBackendKind::System;
  if (auto kind = ParseAudioBackendKind(value)) return *kind;
  if (log) {
    log(LoggingSeverity::Warning, std::string(kAudioBackendVariable) + "='" + std::string(value).substr(0, 32) +
                                      "' is neither system nor virtual: system is used");
  }
  return AudioBackendKind::System;
}

std::unique_ptr<AudioDeviceBackend> CreateAudioBackend(AudioBackendKind kind, AudioBackendLog log) {
  if (kind == AudioBackendKind::System) {
    std::string why;
#ifdef __linux__
    if (auto backend = CreatePulseAudioBackend(log, why)) {
      if (log) log(LoggingSeverity::Info, "audio devices: PulseAudio");
      return backend;
    }
#elif defined(_WIN32)
    if (auto backend = CreateWasapiAudioBackend(log, why)) {
      if (log) log(LoggingSeverity::Info, "audio devices: WASAPI");
      return backend;
    }
#else
    why = "no system audio backend on this platform yet";
#endif
    if (log) log(LoggingSeverity::Warning, "audio devices: " + why + "; the virtual devices play instead");
  }
  return CreateVirtualAudioBackend(VirtualAudioBackend::Clock::RealTime);
}

}  // namespace sdkpp::voice
