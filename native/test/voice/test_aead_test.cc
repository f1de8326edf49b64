// The harness's own AEAD (test_aead.cc), which the voice transport tests trust: known answers
// for AES-256-GCM (NIST GCM test cases 13 and 14), XChaCha20-Poly1305 round trips, and every
// refusal the Platform contract names.
#include <cstdint>
#include <string>
#include <vector>

#include "framework/test.h"
#include "hex.h"
#include "test_aead.h"

namespace sdkpp::testing {
namespace {

TEST(TestAead, AesGcmMatchesNistCases13And14) {
  uint8_t key[32] = {};
  uint8_t nonce[12] = {};
  uint8_t tag_only[16];
  ASSERT_TRUE(TestAeadSeal(AeadAlgorithm::Aes256Gcm, key, nonce, 12, nullptr, 0, nullptr, 0, tag_only));
  EXPECT_EQ(Hex(tag_only, 16), std::string("530f8afbc74536b9a963b4f1c4cb738b"));
  uint8_t zeros[16] = {};
  uint8_t sealed[32];
  ASSERT_TRUE(TestAeadSeal(AeadAlgorithm::Aes256Gcm, key, nonce, 12, nullptr, 0, zeros, 16, sealed));
  EXPECT_EQ(Hex(sealed, 32),
            std::string("cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919"));
}

// Answers computed with OpenSSL (test_aead.cc): on Windows they hold the hand-written
// XChaCha20-Poly1305 and BCrypt's GCM (test_aead_windows.cc) to the same results, with an AAD
// and a length that is not a multiple of the block size.
TEST(TestAead, BothModesMatchOpenSslKnownAnswers) {
  uint8_t key[32], nonce[24], aad[12];
  for (int i = 0; i < 32; ++i) key[i] = uint8_t(0x80 + i);
  for (int i = 0; i < 24; ++i) nonce[i] = uint8_t(0x40 + i);
  for (int i = 0; i < 12; ++i) aad[i] = uint8_t(0xc0 + i);
  std::vector<uint8_t> plain(70);
  for (size_t i = 0; i < plain.size(); ++i) plain[i] = uint8_t(i * 3);
  std::vector<uint8_t> sealed(plain.size() + 16);
  ASSERT_TRUE(TestAeadSeal(AeadAlgorithm::XChaCha20Poly1305, key, nonce, 24, aad, 12, plain.data(),
                           plain.size(), sealed.data()));
  EXPECT_EQ(Hex(sealed.data(), sealed.size()),
            std::string("f10f75fd57ffe64fe30969f2d289b77802744457397bdea982f1bb5d16025795605f76144702ed08"
                        "49a89fc8ea14d4d751823c8d30a406d5064f39e6c9d12e808123244dae14f42e5c0e20603c7df8ad"
                        "08e432b07ea3"));
  ASSERT_TRUE(TestAeadSeal(AeadAlgorithm::Aes256Gcm, key, nonce, 12, aad, 12, plain.data(),
                           plain.size(), sealed.data()));
  EXPECT_EQ(Hex(sealed.data(), sealed.size()),
            std::string("d9c9074f3feaac7f60eacf581b89311040502107d67e8fec7a00f4023abe60d64dd644dcf5f0cf44"
                        "add8834c716ccd7ec2c2128beabb6b6df6e45ae6531b9a674fd95e2b85828d7c696209b45b417a9b"
                        "296ff1e2476b"));
}

TEST(TestAead, BothModesRoundTripAndRefuseEveryTamperedByte) {
  for (auto algorithm : {AeadAlgorithm::Aes256Gcm, AeadAlgorithm::XChaCha20Poly1305}) {
    size_t nonce_size = algorithm == AeadAlgorithm::Aes256Gcm ? 12 : 24;
    uint8_t key[32];
    for (int i = 0; i < 32; ++i) key[i] = uint8_t(i * 7 + 1);
    std::vector<uint8_t> nonce(nonce_size, 0);
    nonce[3] = 1;
    uint8_t aad[12] = {0x80, 0x78, 0, 1, 0, 0, 3, 0xc0, 0, 0, 0, 42};
    std::vector<uint8_t> plain(120);
    for (size_t i = 0; i < plain.size(); ++i) plain[i] = uint8_t(i);
    std::vector<uint8_t> sealed(plain.size() + 16);
    ASSERT_TRUE(TestAeadSeal(algorithm, key, nonce.data(), nonce_size, aad, 12, plain.data(),
                             plain.size(), sealed.data()));
    std::vector<uint8_t> opened(plain.size());
    ASSERT_TRUE(TestAeadOpen(algorithm, key, nonce.data(), nonce_size, aad, 12, sealed.data(),
                             sealed.size(), opened.data()));
    EXPECT_TRUE(opened == plain);
    for (size_t i = 0; i < sealed.size(); i += 13) {
      auto tampered = sealed;
      tampered[i] ^= 0x01;
      EXPECT_FALSE(TestAeadOpen(algorithm, key, nonce.data(), nonce_size, aad, 12,
                                tampered.data(), tampered.size(), opened.data()));
    }
    aad[11] ^= 1;  // a header the sender did not write
    EXPECT_FALSE(TestAeadOpen(algorithm, key, nonce.data(), nonce_size, aad, 12, sealed.data(),
                              sealed.size(), opened.data()));
  }
}

TEST(TestAead, WrongNonceSizesAndShortInputsAreRefused) {
  uint8_t key[32] = {};
  uint8_t nonce[24] = {};
  uint8_t buffer[64] = {};
  EXPECT_FALSE(TestAeadSeal(AeadAlgorithm::Aes256Gcm, key, nonce, 24, nullptr, 0, buffer, 8, buffer + 32));
  EXPECT_FALSE(TestAeadSeal(AeadAlgorithm::XChaCha20Poly1305, key, nonce, 12, nullptr, 0, buffer, 8, buffer + 32));
  EXPECT_FALSE(TestAeadOpen(AeadAlgorithm::Aes256Gcm, key, nonce, 12, nullptr, 0, buffer, 15, buffer + 32));
  EXPECT_FALSE(TestAeadSeal(static_cast<AeadAlgorithm>(7), key, nonce, 12, nullptr, 0, buffer, 8, buffer + 32));
}

}  // namespace
}  // namespace sdkpp::testing
