// URI pieces for building OAuth2 requests (RFC 3986).
#pragma once

#include <string>
#include <string_view>

namespace sdkpp::uri {

// Percent-encodes everything but the unreserved set (ALPHA DIGIT - . _ ~); space becomes %20.
std::string PercentEncode(std::string_view text);
// Inverse of PercentEncode; '+' is a space (form encoding). Invalid escapes are kept verbatim.
std::string PercentDecode(std::string_view text);
// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), at most 64 characters.
bool IsValidScheme(std::string_view scheme);
// Characters a PKCE verifier or challenge may use (RFC 7636 section 4.1).
bool IsUnreserved(char c);

}  // namespace sdkpp::uri
