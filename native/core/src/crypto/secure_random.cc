#include "crypto/secure_random.h"

#if defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>
#pragma comment(lib, "bcrypt.lib")
#elif defined(__linux__)
#include <sys/random.h>
#include <cerrno>
#else
#include <stdlib.h>
#endif

namespace sdkpp::crypto {

bool FillSecureRandom(std::span<uint8_t> out) noexcept {
#if defined(_WIN32)
  return BCRYPT_SUCCESS(BCryptGenRandom(nullptr, out.data(), static_cast<ULONG>(out.size()),
                                        BCRYPT_USE_SYSTEM_PREFERRED_RNG));
#elif defined(__linux__)
  size_t filled = 0;
  while (filled < out.size()) {
    ssize_t got = getrandom(out.data() + filled, out.size() - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    filled += static_cast<size_t>(got);
  }
  return true;
#else
  arc4random_buf(out.data(), out.size());
  return true;
#endif
}

}  // namespace sdkpp::crypto
