#ifdef _WIN32

#include "os/windows_text.h"

#include <windows.h>

namespace sdkpp::os {

std::wstring WideFromUtf8(std::string_view text) {
  if (text.empty() || text.size() > 0x7fffffff) return {};
  const int length = static_cast<int>(text.size());
  const int wide_length = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), length, nullptr, 0);
  if (wide_length <= 0) return {};
  std::wstring wide(static_cast<size_t>(wide_length), L'\0');
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), length, wide.data(), wide_length);
  return wide;
}

std::string Utf8FromWide(std::wstring_view text) {
  if (text.empty() || text.size() > 0x7fffffff) return {};
  const int length = static_cast<int>(text.size());
  const int utf8_length = WideCharToMultiByte(CP_UTF8, 0, text.data(), length, nullptr, 0, nullptr, nullptr);
  if (utf8_length <= 0) return {};
  std::string utf8(static_cast<size_t>(utf8_length), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text.data(), length, utf8.data(), utf8_length, nullptr, nullptr);
  return utf8;
}

}  // namespace sdkpp::os

#endif  // _WIN32
