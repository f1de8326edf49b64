// The HTTP Date header (RFC 9110 IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"). The SDK reads
// the service's clock from it, so time rules such as token expiry follow the service's clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sdkpp::http {

// Milliseconds since the Unix epoch, or nullopt for anything that is not an IMF-fixdate.
std::optional<uint64_t> ParseHttpDate(std::string_view text);

}  // namespace sdkpp::http
