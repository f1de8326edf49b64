// The service's rules for the arguments of Client calls (sdkpp/limits.h), checked before a
// request is sent so that a refused argument costs no round trip. Each check answers nullopt when
// the argument passes, else the text of a ValidationError naming the argument and the rule.
// "characters" in these texts always means code points, as the spec counts them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sdkpp::rules {

// `text` must be valid UTF-8 of `min_code_points` to `max_code_points` code points.
std::optional<std::string> CheckText(std::string_view argument, std::string_view text, uint64_t min_code_points,
                                     uint64_t max_code_points);

// Keys and values must be valid UTF-8 of at most `max_code_points` code points together.
std::optional<std::string> CheckMetadata(std::string_view argument,
                                         const std::unordered_map<std::string, std::string>& metadata,
                                         uint64_t max_code_points);

// `value` must be `min` to `max`.
std::optional<std::string> CheckRange(std::string_view argument, int64_t value, int64_t min, int64_t max);

}  // namespace sdkpp::rules
