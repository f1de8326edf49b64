#include "util/utf8.h"

#include <cstdint>

namespace sdkpp::utf8 {

std::optional<Counts> Count(std::string_view text) {
  Counts counts;
  for (size_t i = 0; i < text.size();) {
    auto lead = static_cast<uint8_t>(text[i]);
    size_t extra;
    uint32_t code;
    if (lead < 0x80) {
      extra = 0;
      code = lead;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1;
      code = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2;
      code = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3;
      code = lead & 0x07;
    } else {
      return std::nullopt;  // a continuation byte without a lead, or 0xF8..0xFF
    }
    if (extra >= text.size() - i) return std::nullopt;  // truncated sequence
    for (size_t k = 1; k <= extra; ++k) {
      auto next = static_cast<uint8_t>(text[i + k]);
      if ((next & 0xC0) != 0x80) return std::nullopt;
      code = (code << 6) | (next & 0x3F);
    }
    static constexpr uint32_t kMinForLength[] = {0, 0x80, 0x800, 0x10000};
    if (code < kMinForLength[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return std::nullopt;  // overlong, out of range or a surrogate
    }
    counts.code_points += 1;
    counts.utf16_units += code >= 0x10000 ? 2 : 1;
    i += extra + 1;
  }
  return counts;
}

}  // namespace sdkpp::utf8
