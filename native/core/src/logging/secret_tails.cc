#include "logging/secret_tails.h"

namespace sdkpp::logging {
namespace {

constexpr uint64_t kWindowMask = (uint64_t{1} << (8 * SecretTails::kTailBytes)) - 1;

// The window's bytes as a number, the newest byte lowest: the same value whether it is built
// up byte by byte over a text or taken from a secret's tail.
uint64_t Shift(uint64_t window, char byte) {
  return ((window << 8) | static_cast<unsigned char>(byte)) & kWindowMask;
}

uint16_t BucketOfWindow(uint64_t window) {
  // Fibonacci hashing: the high bits of the product mix every byte of the window.
  return static_cast<uint16_t>((window * 0x9E3779B97F4A7C15ull) >> (64 - SecretTails::kBucketBits));
}

}  // namespace

uint16_t SecretTails::BucketOf(std::string_view secret) {
  uint64_t window = 0;
  for (char byte : secret.substr(secret.size() - kTailBytes)) window = Shift(window, byte);
  return BucketOfWindow(window);
}

void SecretTails::Add(uint16_t bucket) {
  if (count_.empty()) count_.resize(kBuckets);
  if (count_[bucket]++ == 0) occupied_.set(bucket);
}

void SecretTails::Remove(uint16_t bucket) {
  if (--count_[bucket] == 0) occupied_.reset(bucket);
}

SecretTails::Buckets SecretTails::Scan(std::string_view text) const {
  Buckets hits;
  if (count_.empty() || text.size() < kTailBytes) return hits;
  uint64_t window = 0;
  for (size_t i = 0; i < kTailBytes - 1; ++i) window = Shift(window, text[i]);
  for (size_t i = kTailBytes - 1; i < text.size(); ++i) {
    window = Shift(window, text[i]);
    uint16_t bucket = BucketOfWindow(window);
    if (occupied_[bucket]) hits[bucket] = true;  // [] rather than test(): no range check
  }
  return hits;
}

}  // namespace sdkpp::logging
