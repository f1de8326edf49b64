// Text at the Windows boundary: endpoint ids and names are UTF-16 there and UTF-8 in the SDK, and
// a failed HRESULT is logged with its audio-specific name when it has one.
#pragma once

#ifdef _WIN32

#include <windows.h>

#include <string>

namespace sdkpp::voice::wasapi {

std::string Utf8FromWide(const wchar_t* text);
// Empty for invalid UTF-8 (an id the SDK never handed out).
std::wstring WideFromUtf8(const std::string& text);
// "0x88890004 AUDCLNT_E_DEVICE_INVALIDATED", or the system's message for other codes.
std::string HresultText(HRESULT result);

}  // namespace sdkpp::voice::wasapi

#endif  // _WIN32
