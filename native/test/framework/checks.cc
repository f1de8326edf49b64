// The checks that are not templates, and the text of their failures.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <limits>

#include "framework/test.h"

namespace test_framework {

std::string Escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          char hex[8];
          std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(c));
          out += hex;
        } else {
          out += c;  // printable ASCII and UTF-8 bytes, which a terminal shows as text
        }
    }
  }
  return out;
}

std::string Operand(const char* text, const std::string& shown) {
  if (shown == text) return text;
  return std::string(text) + "\n    Which is: " + shown;
}

Outcome CheckBool(bool actual, bool expected, const char* text) {
  if (actual == expected) return {true, {}};
  return {false, std::string("Value of: ") + text + "\n  Actual: " + Show(actual) + "\nExpected: " + Show(expected)};
}

Outcome CheckStrEq(const char* a_text, const char* b_text, const char* a, const char* b) {
  const bool equal = (a == nullptr || b == nullptr) ? a == b : std::strcmp(a, b) == 0;
  if (equal) return {true, {}};
  return {false, "Expected equality of these values:\n  " + Operand(a_text, Show(a)) + "\n  " +
                     Operand(b_text, Show(b))};
}

namespace {

// The float's bits on a line where neighbouring floats are neighbouring integers, negative
// numbers included, so that the distance between two floats counts the floats between them.
uint32_t OrderedBits(float value) {
  const auto bits = std::bit_cast<uint32_t>(value);
  return (bits & 0x80000000u) ? ~bits + 1 : bits | 0x80000000u;
}

std::string ShowFloat(float value) {
  std::ostringstream out;
  out << std::setprecision(std::numeric_limits<float>::max_digits10) << value;
  return out.str();
}

}  // namespace

// Equal within 4 units in the last place, GoogleTest's rule: rounding in the code under test
// passes, a different value does not. NaN equals nothing.
Outcome CheckFloatEq(const char* a_text, const char* b_text, float a, float b) {
  if (!std::isnan(a) && !std::isnan(b)) {
    const uint32_t x = OrderedBits(a);
    const uint32_t y = OrderedBits(b);
    if ((x > y ? x - y : y - x) <= 4) return {true, {}};
  }
  return {false, "Expected equality of these values:\n  " + Operand(a_text, ShowFloat(a)) + "\n  " +
                     Operand(b_text, ShowFloat(b))};
}

}  // namespace test_framework
