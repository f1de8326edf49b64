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

#include "sdkpp/limits.h"

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

// The range of a numeric setting (a volume, a dB threshold, a delay), with bounds from
// sdkpp/limits.h. One rule for both layers: the core logs it and changes nothing, the addon
// throws it as a RangeError, and both say it in the same words.
struct SettingRange {
  int64_t min;
  int64_t max;
  const char* note;      // said in parentheses after the range ("dB"); "" for none
  bool integer = false;  // only whole numbers (a delay in ms)
};

// Finite, within [min, max], and whole when the range is an integer one.
bool InRange(double value, const SettingRange& range);
// "must be from -100 to 0 (dB)", "must be an integer from 0 to 2000 (ms)".
std::string RangeRule(const SettingRange& range);
// nullopt when `value` is in range, else "<where> <rule>": where is "SetVADThreshold: threshold".
std::optional<std::string> CheckSetting(std::string_view where, double value, const SettingRange& range);

// The voice settings (Call and Client setters, VADThresholdSettings).
inline constexpr SettingRange kParticipantVolumeRange{0, int64_t(limits::kMaxParticipantVolume), "100 = unchanged"};
static_assert(limits::kUnityVolume == 100, "kParticipantVolumeRange's note names the unity volume");
inline constexpr SettingRange kDeviceVolumeRange{0, int64_t(limits::kMaxDeviceVolume), ""};
inline constexpr SettingRange kVadThresholdRange{limits::kMinVadThresholdDb, limits::kMaxVadThresholdDb, "dB"};
inline constexpr SettingRange kNoAudioInputThresholdRange{limits::kMinNoAudioInputThresholdDbfs,
                                                          limits::kMaxNoAudioInputThresholdDbfs, "dBFS"};
inline constexpr SettingRange kPttReleaseDelayRange{0, int64_t(limits::kMaxPttReleaseDelayMs), "ms", true};

}  // namespace sdkpp::rules
