// SHA-256 against the NIST examples (FIPS 180-4 / SHAVS) and split-input consistency.
#include "framework/test.h"
#include "hex.h"

#include <array>
#include <cstdio>
#include <string>

#include "crypto/sha256.h"
#include "crypto/sha256_compress.h"

namespace {

std::string Hex(const sdkpp::crypto::Sha256Digest& digest) { return sdkpp::testing::Hex(digest.data(), digest.size()); }

std::string HexOf(std::string_view text) { return Hex(sdkpp::crypto::Sha256Of(text)); }

TEST(Sha256, NistEmptyString) {
  EXPECT_EQ(HexOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, NistOneBlockAbc) {
  EXPECT_EQ(HexOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, NistTwoBlock448Bits) {
  EXPECT_EQ(HexOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, Nist896Bits) {
  EXPECT_EQ(HexOf("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
                  "klmnopqrlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256, NistShavsShortMessages) {
  EXPECT_EQ(HexOf("\xbd"), "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b");
  EXPECT_EQ(HexOf("\xc9\x8c\x8e\x55"),
            "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504");
}

TEST(Sha256, NistOneMillionA) {
  sdkpp::crypto::Sha256 hasher;
  std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i) hasher.Update(chunk);
  EXPECT_EQ(Hex(hasher.Finish()),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, SplitUpdatesEqualOneUpdate) {
  std::string message;
  for (int i = 0; i < 300; ++i) message += static_cast<char>(i * 7);
  std::string whole = HexOf(message);
  for (size_t split : {1u, 55u, 56u, 63u, 64u, 65u, 128u, 299u}) {
    sdkpp::crypto::Sha256 hasher;
    hasher.Update(std::string_view(message).substr(0, split));
    hasher.Update(std::string_view(message).substr(split));
    EXPECT_EQ(Hex(hasher.Finish()), whole) << "split at " << split;
  }
}

TEST(Sha256, PaddingBoundaryLengths) {
  // 55, 56 and 64 bytes straddle the one-block / two-block padding boundary.
  EXPECT_EQ(HexOf(std::string(55, 'a')),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(HexOf(std::string(56, 'a')),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(HexOf(std::string(64, 'a')),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

// The accelerated block function (x86 SHA extensions) must agree with the portable one on every
// input: chained blocks of varied bytes, so a wrong lane order or message schedule shows.
TEST(Sha256, AcceleratedBlockFunctionAgreesWithThePortableOne) {
  using sdkpp::crypto::detail::Sha256State;
  if (!sdkpp::crypto::detail::Sha256AcceleratedAvailable()) {
    std::printf("  (this CPU or build has no accelerated SHA-256: only the portable one runs)\n");
    return;
  }
  Sha256State portable = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  Sha256State accelerated = portable;
  std::array<uint8_t, 64> block{};
  uint32_t seed = 0x9e3779b9;
  for (int round = 0; round < 2000; ++round) {
    for (auto& b : block) {
      seed = seed * 1664525u + 1013904223u;
      b = static_cast<uint8_t>(seed >> 24);
    }
    if (round % 7 == 0) block.fill(static_cast<uint8_t>(round == 0 ? 0x00 : 0xff));
    sdkpp::crypto::detail::Sha256CompressPortable(portable, block.data());
    sdkpp::crypto::detail::Sha256CompressAccelerated(accelerated, block.data());
    ASSERT_TRUE(portable == accelerated);
  }
}

// One padding write: every message length across two blocks hashes as the byte-at-a-time
// reference (the NIST vectors above pin the algorithm, this pins every padding length).
TEST(Sha256, EveryLengthUpTo130MatchesBlockwiseReference) {
  for (size_t length = 0; length <= 130; ++length) {
    std::string message;
    for (size_t i = 0; i < length; ++i) message += static_cast<char>('a' + i % 26);
    sdkpp::crypto::Sha256 bytewise;
    for (char c : message) bytewise.Update(std::string_view(&c, 1));
    EXPECT_EQ(Hex(bytewise.Finish()), HexOf(message)) << "length " << length;
  }
}

}  // namespace
