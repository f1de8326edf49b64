// Bytes from the operating system's CSPRNG: getrandom(2) on Linux, arc4random_buf on macOS and
// the BSDs, BCryptGenRandom on Windows. There is deliberately no fallback to rand() or a time
// seed: a caller that cannot get secure bytes must fail. On Linux, requests of up to 64 bytes
// come from a per-thread pool refilled by getrandom(2) (one system call per 256 bytes; emptied
// after a fork; every byte wiped as it is handed out).
#pragma once

#include <cstdint>
#include <span>

namespace sdkpp::crypto {

// Fills `out` completely and returns true, or returns false if the OS refused.
bool FillSecureRandom(std::span<uint8_t> out) noexcept;

}  // namespace sdkpp::crypto
