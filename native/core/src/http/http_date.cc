#include "http/http_date.h"

#include <array>

#include "util/time_format.h"

namespace sdkpp::http {
std::optional<uint64_t> ParseHttpDate(std::string_view text) {
  // "Sun, 06 Nov 1994 08:49:37 GMT" — fixed positions.
  if (text.size() != 29 || text[3] != ',' || text[4] != ' ' || text.substr(26) != "GMT") {
    return std::nullopt;
  }
  static constexpr std::array<std::string_view, 12> kMonths = {
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  auto day = ParseDigits(text, 5, 2);
  auto year = ParseDigits(text, 12, 4);
  auto hour = ParseDigits(text, 17, 2);
  auto minute = ParseDigits(text, 20, 2);
  auto second = ParseDigits(text, 23, 2);
  unsigned month = 0;
  for (unsigned i = 0; i < kMonths.size(); ++i) {
    if (text.substr(8, 3) == kMonths[i]) month = i + 1;
  }
  if (!day || !year || !hour || !minute || !second || month == 0 || *day < 1 || *day > 31 ||
      *hour > 23 || *minute > 59 || *second > 60 || text[7] != ' ' || text[11] != ' ' ||
      text[16] != ' ' || text[19] != ':' || text[22] != ':' || *year < 1970) {
    return std::nullopt;
  }
  int64_t days = DaysFromCivil(*year, month, static_cast<unsigned>(*day));
  int64_t seconds = days * 86400 + *hour * 3600 + *minute * 60 + *second;
  return static_cast<uint64_t>(seconds) * 1000;
}

}  // namespace sdkpp::http
