// The PulseAudio device backend (Linux; PipeWire answers through pipewire-pulse): libpulse is
// loaded at run time, the devices come from a control thread (pulse_device_monitor.h) and the
// audio from an audio thread between Start and Stop (pulse_stream_thread.h).
#pragma once

#ifdef __linux__

#include <chrono>
#include <memory>
#include <string>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/pulse/pulse_log.h"

namespace sdkpp::voice {

struct PulseBackendOptions {
  // Tests load another file to prove a missing library is reported; null = libpulse.so.0.
  const char* library = nullptr;
  // How long creation may wait for the server to answer and list its devices.
  std::chrono::milliseconds connect_timeout{1500};
};

// Null, with `error` saying why, when libpulse cannot be loaded or no server answers in time.
std::unique_ptr<AudioDeviceBackend> CreatePulseAudioBackend(pulse::PulseLog log, std::string& error,
                                                            const PulseBackendOptions& options = {});

}  // namespace sdkpp::voice

#endif  // __linux__
