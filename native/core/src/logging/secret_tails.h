// Which remembered secrets can occur in a text, told in one pass over it. Every remembered
// secret is at least kTailBytes long, so an occurrence of it puts its last kTailBytes bytes (its
// tail) somewhere in the text: a secret whose tail's bucket no window of the text falls in
// cannot occur there, and the redactor skips its search. Tails rather than heads, because
// secrets of one kind share their first bytes (every JWT starts "eyJhbGciOi") and differ at
// the end. The counts (not bits) let a forgotten secret leave its bucket to the others in it.
// 2^15 buckets for at most 256 secrets: a window of the text falls in the bucket of some secret
// that is not there about once in 128, so a token response (~800 bytes) costs a handful of
// needless searches instead of 256 (4096 buckets left ~50).
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sdkpp::logging {

class SecretTails {
 public:
  static constexpr size_t kTailBytes = 6;
  static constexpr size_t kBucketBits = 15;
  static constexpr size_t kBuckets = size_t{1} << kBucketBits;
  using Buckets = std::bitset<kBuckets>;

  // The bucket of `secret`'s last kTailBytes bytes; `secret` is at least that long.
  static uint16_t BucketOf(std::string_view secret);

  void Add(uint16_t bucket);
  void Remove(uint16_t bucket);

  // The buckets, among those of the secrets added, that some kTailBytes-byte window of `text`
  // falls in.
  Buckets Scan(std::string_view text) const;

 private:
  // Scan reads only the bits (4 KiB, they stay in the L1 cache); the counts (64 KiB, allocated
  // by the first Add: a logger that never sees a secret does without) keep them right.
  Buckets occupied_;
  std::vector<uint16_t> count_;
};

}  // namespace sdkpp::logging
