#include "context/argument_rules.h"

#include <cmath>

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

bool InRange(double value, const SettingRange& range) {
  if (!std::isfinite(value) || value < double(range.min) || value > double(range.max)) return false;
  return !range.integer || std::trunc(value) == value;
}

std::string RangeRule(const SettingRange& range) {
  std::string rule = range.integer ? "must be an integer from " : "must be from ";
  rule += std::to_string(range.min) + " to " + std::to_string(range.max);
  if (range.note[0] != '\0') rule += std::string(" (") + range.note + ")";
  return rule;
}

std::optional<std::string> CheckSetting(std::string_view where, double value, const SettingRange& range) {
  if (InRange(value, range)) return std::nullopt;
  return std::string(where) + " " + RangeRule(range);
}

}  // namespace sdkpp::rules
