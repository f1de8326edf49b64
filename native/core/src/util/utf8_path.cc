#include "util/utf8_path.h"

namespace sdkpp::util {

std::filesystem::path PathFromUtf8(std::string_view utf8) {
  // char8_t text is UTF-8 by type: path converts it to the native encoding (UTF-16 on Windows).
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

std::string PathToUtf8(const std::filesystem::path& path) {
  std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

}  // namespace sdkpp::util
