// PKCE (RFC 7636) with method S256, and the OAuth2 state value.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sdkpp::auth {

// 64 bytes from the CSPRNG give an 86-character verifier: RFC 7636 asks for 43 to 128
// characters and at least 256 bits of entropy; this has 512.
inline constexpr size_t kVerifierEntropyBytes = 64;
inline constexpr size_t kMinVerifierLength = 43;
inline constexpr size_t kMaxVerifierLength = 128;
inline constexpr size_t kStateEntropyBytes = 32;

// A fresh verifier, or nullopt when the OS's CSPRNG fails.
std::optional<std::string> GenerateCodeVerifier();
// BASE64URL(SHA-256(ASCII(verifier))) without padding.
std::string CodeChallengeS256(std::string_view verifier);
// 43 to 128 characters, all from the unreserved set: the form of a verifier and of an S256
// challenge (always 43).
bool IsValidCodeVerifier(std::string_view verifier);
// A secure random OAuth2 state, or nullopt when the CSPRNG fails.
std::optional<std::string> GenerateState();

}  // namespace sdkpp::auth
