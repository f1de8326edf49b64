// UTF-8 (the SDK's text) to and from UTF-16 (the wide Win32 API) for the os/ code.
#pragma once

#ifdef _WIN32

#include <string>
#include <string_view>

namespace sdkpp::os {

// Empty for empty or invalid UTF-8.
std::wstring WideFromUtf8(std::string_view text);
std::string Utf8FromWide(std::wstring_view text);

}  // namespace sdkpp::os

#endif  // _WIN32
