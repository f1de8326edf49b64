// BASE64URL without padding (RFC 4648 section 5), as PKCE requires (RFC 7636 appendix A).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace sdkpp::crypto {

std::string Base64UrlEncode(std::span<const uint8_t> bytes);

}  // namespace sdkpp::crypto
