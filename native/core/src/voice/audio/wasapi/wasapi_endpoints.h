// The Windows audio endpoints as the SDK names them: the endpoint id (UTF-8) is the device id,
// PKEY_Device_FriendlyName ("Speakers (Realtek Audio)") its name, and the default endpoint of the
// console role (what Windows' sound settings call the default device) is marked. Only active
// endpoints are listed: unplugged or disabled ones cannot be opened.
#pragma once

#ifdef _WIN32

#include <windows.h>
#include <mmdeviceapi.h>

#include <string>
#include <vector>

#include "voice/audio/audio_device_backend.h"
#include "voice/audio/wasapi/com_ptr.h"

namespace sdkpp::voice::wasapi {

// The role whose default the SDK follows. eConsole, not eCommunications: a game's voice chat
// should not make Windows duck the other sounds of the machine.
inline constexpr ERole kDefaultRole = eConsole;

// On a thread in the MTA (com_apartment.h). False with `error` when Windows has no device API.
bool CreateDeviceEnumerator(ComPtr<IMMDeviceEnumerator>& enumerator, std::string& error);

// eRender = outputs, eCapture = inputs. False with `error` (the list then is empty).
bool ListEndpoints(IMMDeviceEnumerator* enumerator, EDataFlow flow, std::vector<AudioDeviceInfo>& devices,
                   std::string& error);

// The active endpoint `id`, or the default one for "" ; false with `result` and `error` when it
// does not exist, is not active or the default is missing (E_NOTFOUND).
bool OpenEndpoint(IMMDeviceEnumerator* enumerator, EDataFlow flow, const std::string& id, ComPtr<IMMDevice>& device,
                  HRESULT& result, std::string& error);

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
