// The text helpers every outside string passes through: UTF-8 counting and validation
// (native/core/src/util/utf8, which the IPC decoder and the limits rely on), percent-encoding
// (native/core/src/util/uri) and the OAuth2 scope normaliser.
// Checked: utf8::Count agrees with an independent decoder written from RFC 3629's table of
// well-formed byte sequences; percent-decoding inverts percent-encoding and an encoding uses
// only unreserved characters and %XX; normalising scopes twice changes nothing.
#include <optional>
#include <string>

#include "auth/authorize_request.h"
#include "fuzz_input.h"
#include "util/uri.h"
#include "util/utf8.h"

namespace {

// RFC 3629 section 4: the well-formed sequences, by the ranges each byte may take.
std::optional<sdkpp::utf8::Counts> ReferenceCount(std::string_view text) {
  sdkpp::utf8::Counts counts;
  auto in = [](unsigned char c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; };
  for (size_t i = 0; i < text.size();) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    auto at = [&](size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0; };
    size_t length = 0;
    if (b0 <= 0x7F) {
      length = 1;
    } else if (in(b0, 0xC2, 0xDF) && in(at(1), 0x80, 0xBF)) {
      length = 2;
    } else if ((b0 == 0xE0 && in(at(1), 0xA0, 0xBF)) || (in(b0, 0xE1, 0xEC) && in(at(1), 0x80, 0xBF)) ||
               (b0 == 0xED && in(at(1), 0x80, 0x9F)) || (in(b0, 0xEE, 0xEF) && in(at(1), 0x80, 0xBF))) {
      if (in(at(2), 0x80, 0xBF)) length = 3;
    } else if ((b0 == 0xF0 && in(at(1), 0x90, 0xBF)) || (in(b0, 0xF1, 0xF3) && in(at(1), 0x80, 0xBF)) ||
               (b0 == 0xF4 && in(at(1), 0x80, 0x8F))) {
      if (in(at(2), 0x80, 0xBF) && in(at(3), 0x80, 0xBF)) length = 4;
    }
    if (length == 0 || i + length > text.size()) return std::nullopt;
    counts.code_points += 1;
    counts.utf16_units += length == 4 ? 2 : 1;
    i += length;
  }
  return counts;
}

bool IsHex(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = sdkpp::fuzz::AsText(data, size);

  const auto counts = sdkpp::utf8::Count(text);
  const auto expected = ReferenceCount(text);
  FUZZ_CHECK(counts.has_value() == expected.has_value());
  if (counts) {
    FUZZ_CHECK(counts->code_points == expected->code_points);
    FUZZ_CHECK(counts->utf16_units == expected->utf16_units);
  }

  const std::string encoded = sdkpp::uri::PercentEncode(text);
  for (size_t i = 0; i < encoded.size(); ++i) {
    if (encoded[i] == '%') {
      FUZZ_CHECK(i + 2 < encoded.size() && IsHex(encoded[i + 1]) && IsHex(encoded[i + 2]));
      i += 2;
    } else {
      FUZZ_CHECK(sdkpp::uri::IsUnreserved(encoded[i]));
    }
  }
  FUZZ_CHECK(sdkpp::uri::PercentDecode(encoded) == text);
  (void)sdkpp::uri::PercentDecode(text);
  if (sdkpp::uri::IsValidScheme(text)) FUZZ_CHECK(!text.empty() && text.size() <= 64);

  if (auto scopes = sdkpp::auth::NormalizeScopes(text)) {
    FUZZ_CHECK(!scopes->empty());
    auto again = sdkpp::auth::NormalizeScopes(*scopes);
    FUZZ_CHECK(again.has_value() && *again == *scopes);
  }
  return 0;
}
