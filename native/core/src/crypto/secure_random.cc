#include "crypto/secure_random.h"

#if defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>
#pragma comment(lib, "bcrypt.lib")
#elif defined(__linux__)
#include <pthread.h>
#include <sys/random.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#else
#include <stdlib.h>
#endif

namespace sdkpp::crypto {

#if defined(__linux__)
namespace {

bool FillFromKernel(std::span<uint8_t> out) noexcept {
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
}

// A fork copies every thread-local pool into the child: without this, parent and child would
// hand out the same bytes. The child handler bumps the generation, which empties every pool
// before its next use.
std::atomic<uint64_t> fork_generation{0};

void CountFork() noexcept { fork_generation.fetch_add(1, std::memory_order_relaxed); }

// getrandom(2) is a system call per request (most of a PKCE verifier's cost here). Small
// requests are served from a per-thread pool refilled from the kernel 256 bytes at a time; each
// byte is handed out once and wiped as it leaves, so the pool holds only bytes nobody has seen.
struct RandomPool {
  std::array<uint8_t, 256> bytes{};
  size_t available = 0;
  uint64_t generation = 0;
};

constexpr size_t kLargestPooledRequest = 64;

bool FillFromPool(std::span<uint8_t> out) noexcept {
  static const bool registered = pthread_atfork(nullptr, nullptr, &CountFork) == 0;
  if (!registered) return FillFromKernel(out);
  thread_local RandomPool pool;
  const uint64_t generation = fork_generation.load(std::memory_order_relaxed);
  if (pool.generation != generation) {
    std::memset(pool.bytes.data(), 0, pool.bytes.size());
    pool.available = 0;
    pool.generation = generation;
  }
  if (pool.available < out.size()) {
    if (!FillFromKernel(pool.bytes)) {
      pool.available = 0;
      return false;
    }
    pool.available = pool.bytes.size();
  }
  uint8_t* taken = pool.bytes.data() + pool.available - out.size();
  std::memcpy(out.data(), taken, out.size());
  std::memset(taken, 0, out.size());
  pool.available -= out.size();
  return true;
}

}  // namespace
#endif

bool FillSecureRandom(std::span<uint8_t> out) noexcept {
#if defined(_WIN32)
  return BCRYPT_SUCCESS(BCryptGenRandom(nullptr, out.data(), static_cast<ULONG>(out.size()),
                                        BCRYPT_USE_SYSTEM_PREFERRED_RNG));
#elif defined(__linux__)
  return out.size() <= kLargestPooledRequest ? FillFromPool(out) : FillFromKernel(out);
#else
  arc4random_buf(out.data(), out.size());
  return true;
#endif
}

}  // namespace sdkpp::crypto
