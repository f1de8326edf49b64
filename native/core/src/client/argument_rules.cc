#include "client/argument_rules.h"

#include "util/utf8.h"

namespace sdkpp::rules {

std::optional<std::string> CheckText(std::string_view argument, std::string_view text, uint64_t min_code_points,
                                     uint64_t max_code_points) {
  auto code_points = utf8::CountCodePoints(text);
  if (!code_points) return std::string(argument) + ": must be valid UTF-8";
  if (*code_points < min_code_points || *code_points > max_code_points) {
    if (min_code_points == 0) {
      return std::string(argument) + ": at most " + std::to_string(max_code_points) + " characters";
    }
    return std::string(argument) + ": must be " + std::to_string(min_code_points) + " to " +
           std::to_string(max_code_points) + " characters";
  }
  return std::nullopt;
}

std::optional<std::string> CheckMetadata(std::string_view argument,
                                         const std::unordered_map<std::string, std::string>& metadata,
                                         uint64_t max_code_points) {
  uint64_t total = 0;
  for (const auto& [key, value] : metadata) {
    auto key_code_points = utf8::CountCodePoints(key);
    auto value_code_points = utf8::CountCodePoints(value);
    if (!key_code_points || !value_code_points) {
      return std::string(argument) + ": keys and values must be valid UTF-8";
    }
    total += *key_code_points + *value_code_points;
  }
  if (total > max_code_points) {
    return std::string(argument) + ": at most " + std::to_string(max_code_points) +
           " characters of keys and values";
  }
  return std::nullopt;
}

std::optional<std::string> CheckRange(std::string_view argument, int64_t value, int64_t min, int64_t max) {
  if (value >= min && value <= max) return std::nullopt;
  return std::string(argument) + ": must be " + std::to_string(min) + " to " + std::to_string(max);
}

}  // namespace sdkpp::rules
