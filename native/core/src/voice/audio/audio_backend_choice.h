// Which device backend a Client's audio engine gets (docs/voice-calls.md "Devices"): 'system' tries the
// machine's sound server (PulseAudio on Linux, WASAPI on Windows) and falls back to the virtual backend with a
// Warning when none answers; 'virtual' forces the virtual one (tests, CI, servers). The choice
// comes from the app (the Node option audio.backend, or CallManager::SetAudioBackend in C++),
// else from the environment variable SDKPP_AUDIO_BACKEND, else 'system'.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "sdkpp/enums.h"
#include "voice/audio/audio_device_backend.h"

namespace sdkpp::voice {

enum class AudioBackendKind { System, Virtual };

inline constexpr const char* kAudioBackendVariable = "SDKPP_AUDIO_BACKEND";

using AudioBackendLog = std::function<void(LoggingSeverity severity, const std::string& message)>;

// "system" or "virtual"; nothing for anything else.
std::optional<AudioBackendKind> ParseAudioBackendKind(std::string_view name);
const char* AudioBackendKindName(AudioBackendKind kind);

// SDKPP_AUDIO_BACKEND, or System when it is unset; an unknown value is logged and ignored.
AudioBackendKind AudioBackendKindFromEnvironment(const AudioBackendLog& log);

// The backend for `kind`; never null (the virtual one is the fallback). `log` may be called
// from the backend's threads later, so it must be thread-safe and outlive the backend.
std::unique_ptr<AudioDeviceBackend> CreateAudioBackend(AudioBackendKind kind, AudioBackendLog log);

}  // namespace sdkpp::voice
