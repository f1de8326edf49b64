// One shared-mode IAudioClient in the engine's format (48 kHz, stereo, int16; audio_format.h).
// Windows converts from and to the device's mix format (AUDCLNT_STREAMFLAGS_AUTOCONVERTPCM with
// SRC_DEFAULT_QUALITY); a system that refuses the flags gets the engine format as such, which
// a device whose mix format it is accepts.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <audioclient.h>
#include <mmdeviceapi.h>

#include <cstdint>
#include <string>

#include "voice/audio/wasapi/com_ptr.h"

namespace sdkpp::voice::wasapi {

// The device buffer asked for: room for five 20 ms frames, so that a late tick of the audio
// thread neither starves the speaker nor loses microphone audio.
inline constexpr REFERENCE_TIME kBufferDuration = 1'000'000;  // 100 ms in 100 ns units

struct EngineFormatClient {
  ComPtr<IAudioClient> client;
  UINT32 buffer_frames = 0;
};

// False with `result` and `error` (naming the device's mix format when the format was refused).
bool OpenEngineFormatClient(IMMDevice* device, const char* what, EngineFormatClient& opened, HRESULT& result,
                            std::string& error);

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
