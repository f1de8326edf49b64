// Counting UTF-8 text the way the limits of sdkpp/limits.h count it. One strict decoder behind
// every count: overlong forms, surrogates (U+D800..U+DFFF), values past U+10FFFF, truncated
// sequences and stray continuation bytes make the text invalid, so a count is never given for
// bytes the service would refuse as text.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace sdkpp::utf8 {

struct Counts {
  size_t code_points = 0;  // Unicode scalar values: the spec's "characters"
  size_t utf16_units = 0;  // what a JS string's length counts (an astral character is two)
};

// Both counts of `text`, or nullopt when it is not valid UTF-8.
std::optional<Counts> Count(std::string_view text);

inline std::optional<size_t> CountCodePoints(std::string_view text) {
  auto counts = Count(text);
  return counts ? std::optional<size_t>(counts->code_points) : std::nullopt;
}

inline std::optional<size_t> CountUtf16Units(std::string_view text) {
  auto counts = Count(text);
  return counts ? std::optional<size_t>(counts->utf16_units) : std::nullopt;
}

inline bool IsValid(std::string_view text) { return Count(text).has_value(); }

}  // namespace sdkpp::utf8
