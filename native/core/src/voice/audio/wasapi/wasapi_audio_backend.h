// The WASAPI device backend (Windows): the devices come from a control thread that Windows
// notifies of changes (wasapi_device_monitor.h) and the audio from an audio thread between Start
// and Stop with shared-mode streams in the engine's format (wasapi_audio_thread.h). Links with
// ole32 (COM); avrt.dll (MMCSS) is loaded at run time.
#pragma once

#ifdef _WIN32

#include <chrono>
#include <memory>
#include <string>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/wasapi/wasapi_log.h"

namespace sdkpp::voice {

struct WasapiBackendOptions {
  // How long creation may wait for Windows to list its devices.
  std::chrono::milliseconds list_timeout{2000};
};

// Null, with `error` saying why, when COM or the device API fails or Windows lists no active
// audio device at all.
std::unique_ptr<AudioDeviceBackend> CreateWasapiAudioBackend(wasapi::WasapiLog log, std::string& error,
                                                             const WasapiBackendOptions& options = {});

}  // namespace sdkpp::voice

#endif  // _WIN32
