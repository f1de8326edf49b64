// ISO 8601 timestamps as the service writes them ("2026-11-29T10:00:00.000000+00:00", "...Z").
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string_view>

namespace sdkpp {

// Milliseconds since the Unix epoch; nullopt for anything else.
std::optional<uint64_t> ParseIso8601(std::string_view text);
// `count` decimal digits at `pos` as a number; nullopt if any is missing or not a digit.
std::optional<int> ParseDigits(std::string_view text, size_t pos, size_t count);
// Days since 1970-01-01 of a civil date (proleptic Gregorian).
int64_t DaysFromCivil(int64_t year, unsigned month, unsigned day);
// Calendar fields (UTC) of a time_t: gmtime_r on POSIX, gmtime_s (arguments the other way
// round) on Windows.
std::tm UtcCalendar(std::time_t seconds);

}  // namespace sdkpp
