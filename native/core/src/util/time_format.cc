#include "util/time_format.h"

namespace sdkpp {
std::optional<int> ParseDigits(std::string_view text, size_t pos, size_t count) {
  if (pos + count > text.size()) return std::nullopt;
  int value = 0;
  for (size_t i = 0; i < count; ++i) {
    char c = text[pos + i];
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

std::optional<uint64_t> ParseIso8601(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SS
  if (text.size() < 19 || text[4] != '-' || text[7] != '-' || (text[10] != 'T' && text[10] != ' ') ||
      text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  auto year = ParseDigits(text, 0, 4), month = ParseDigits(text, 5, 2), day = ParseDigits(text, 8, 2);
  auto hour = ParseDigits(text, 11, 2), minute = ParseDigits(text, 14, 2), second = ParseDigits(text, 17, 2);
  if (!year || !month || !day || !hour || !minute || !second || *month < 1 || *month > 12 ||
      *day < 1 || *day > 31 || *hour > 23 || *minute > 59 || *second > 60 || *year < 1970) {
    return std::nullopt;
  }
  size_t pos = 19;
  int64_t millis = 0;
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    int digits = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      if (digits < 3) millis = millis * 10 + (text[pos] - '0');
      ++digits;
      ++pos;
    }
    if (digits == 0) return std::nullopt;
    for (int i = digits; i < 3; ++i) millis *= 10;
  }
  int64_t offset_minutes = 0;
  if (pos < text.size() && text[pos] == 'Z') {
    ++pos;
  } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    int sign = text[pos] == '-' ? -1 : 1;
    auto oh = ParseDigits(text, pos + 1, 2);
    size_t minute_at = pos + 3 < text.size() && text[pos + 3] == ':' ? pos + 4 : pos + 3;
    auto om = ParseDigits(text, minute_at, 2);
    if (!oh || !om) return std::nullopt;
    offset_minutes = sign * (*oh * 60 + *om);
    pos = minute_at + 2;
  }
  if (pos != text.size()) return std::nullopt;
  int64_t seconds = DaysFromCivil(*year, static_cast<unsigned>(*month), static_cast<unsigned>(*day)) * 86400 +
                    *hour * 3600 + *minute * 60 + *second - offset_minutes * 60;
  if (seconds < 0) return std::nullopt;
  return static_cast<uint64_t>(seconds) * 1000 + static_cast<uint64_t>(millis);
}

std::tm UtcCalendar(std::time_t seconds) {
  std::tm utc{};
#if defined(_WIN32)
  gmtime_s(&utc, &seconds);
#else
  gmtime_r(&seconds, &utc);
#endif
  return utc;
}

}  // namespace sdkpp
