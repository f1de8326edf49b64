#include "crypto/sha256.h"

#include <algorithm>
#include <cstring>

#include "crypto/sha256_compress.h"

namespace sdkpp::crypto {
namespace {

constexpr std::array<uint32_t, 8> kInitialState = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                                   0x1f83d9ab, 0x5be0cd19};

using CompressFunction = void (*)(detail::Sha256State&, const uint8_t*);

// Chosen once per process: the CPU does not change under us.
CompressFunction ChooseCompress() {
  return detail::Sha256AcceleratedAvailable() ? &detail::Sha256CompressAccelerated
                                              : &detail::Sha256CompressPortable;
}

}  // namespace

Sha256::Sha256() : state_(kInitialState) {}

void Sha256::Compress(const uint8_t* block) {
  static const CompressFunction compress = ChooseCompress();
  compress(state_, block);
}

void Sha256::Update(std::span<const uint8_t> data) {
  total_bytes_ += data.size();
  size_t offset = 0;
  if (buffered_ > 0) {
    size_t take = std::min(data.size(), buffer_.size() - buffered_);
    std::memcpy(buffer_.data() + buffered_, data.data(), take);
    buffered_ += take;
    offset = take;
    if (buffered_ < buffer_.size()) return;
    Compress(buffer_.data());
    buffered_ = 0;
  }
  for (; offset + 64 <= data.size(); offset += 64) Compress(data.data() + offset);
  buffered_ = data.size() - offset;
  if (buffered_ > 0) std::memcpy(buffer_.data(), data.data() + offset, buffered_);
}

void Sha256::Update(std::string_view text) {
  Update(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

Sha256Digest Sha256::Finish() {
  uint64_t bit_length = total_bytes_ * 8;
  // 0x80, zeros up to 56 bytes into a block, then the big-endian bit length: one or two blocks.
  std::array<uint8_t, 72> padding{};
  padding[0] = 0x80;
  size_t zeros = buffered_ < 56 ? 55 - buffered_ : 119 - buffered_;
  for (int i = 0; i < 8; ++i) padding[1 + zeros + i] = static_cast<uint8_t>(bit_length >> (56 - 8 * i));
  Update(std::span<const uint8_t>(padding.data(), 1 + zeros + 8));
  Sha256Digest digest;
  for (int i = 0; i < 8; ++i) {
    digest[4 * i] = static_cast<uint8_t>(state_[i] >> 24);
    digest[4 * i + 1] = static_cast<uint8_t>(state_[i] >> 16);
    digest[4 * i + 2] = static_cast<uint8_t>(state_[i] >> 8);
    digest[4 * i + 3] = static_cast<uint8_t>(state_[i]);
  }
  *this = Sha256();  // a finished hasher starts over rather than hashing garbage
  return digest;
}

Sha256Digest Sha256Of(std::string_view text) {
  Sha256 hasher;
  hasher.Update(text);
  return hasher.Finish();
}

}  // namespace sdkpp::crypto
