// Bytes from the operating system's CSPRNG: getrandom(2) on Linux, arc4random_buf on macOS and
// the BSDs, BCryptGenRandom on Windows. There is deliberately no fallback to rand() or a time
// seed: a caller that cannot get secure bytes must fail.
#pragma once

#include <cstdint>
#include <span>

namespace sdkpp::crypto {

// Fills `out` completely and returns true, or returns false if the OS refused.
bool FillSecureRandom(std::span<uint8_t> out) noexcept;

}  // namespace sdkpp::crypto
