// Lower-case hex of bytes, for known-answer tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sdkpp::testing {

inline std::string Hex(const uint8_t* data, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < size; ++i) {
    out += kDigits[data[i] >> 4];
    out += kDigits[data[i] & 15];
  }
  return out;
}

}  // namespace sdkpp::testing
