// Calendar fields (UTC) of a time_t for tests that write dates: gmtime_r is POSIX, Windows has
// gmtime_s with its arguments the other way round.
#pragma once

#include <ctime>

namespace sdkpp::testing {

inline std::tm UtcTime(std::time_t seconds) {
  std::tm utc{};
#if defined(_WIN32)
  gmtime_s(&utc, &seconds);
#else
  gmtime_r(&seconds, &utc);
#endif
  return utc;
}

}  // namespace sdkpp::testing
