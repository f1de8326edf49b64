#include "auth/pkce.h"

#include <array>
#include <cstdint>

#include "crypto/base64url.h"
#include "crypto/secure_random.h"
#include "crypto/sha256.h"
#include "util/uri.h"

namespace sdkpp::auth {
namespace {

template <size_t N>
std::optional<std::string> RandomBase64Url() {
  std::array<uint8_t, N> bytes;
  if (!crypto::FillSecureRandom(bytes)) return std::nullopt;
  std::string text = crypto::Base64UrlEncode(bytes);
  bytes.fill(0);
  return text;
}

}  // namespace

std::optional<std::string> GenerateCodeVerifier() {
  return RandomBase64Url<kVerifierEntropyBytes>();
}

std::string CodeChallengeS256(std::string_view verifier) {
  return crypto::Base64UrlEncode(crypto::Sha256Of(verifier));
}

bool IsValidCodeVerifier(std::string_view verifier) {
  if (verifier.size() < kMinVerifierLength || verifier.size() > kMaxVerifierLength) return false;
  for (char c : verifier) {
    if (!uri::IsUnreserved(c)) return false;
  }
  return true;
}

std::optional<std::string> GenerateState() { return RandomBase64Url<kStateEntropyBytes>(); }

}  // namespace sdkpp::auth
