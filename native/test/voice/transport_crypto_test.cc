// The rtpsize transport: packets sealed by TransportCipher equal the emulator's node:crypto
// packets byte for byte (lib/emulator/voice/rtp.ts sealedRtpPacket, key 00..1f, SSRC 42,
// sequence 1, timestamp 960, nonce 1, payload "opus frame"), the nonce counter starts at 1 and
// sits big-endian at the end, and packets sealed independently here (the harness AEAD with a
// nonce built by hand) open, while tampered ones do not.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "framework/test.h"
#include "hex.h"
#include "sdkpp/client.h"  // RunCallbacks, which scripted_platform.h uses
#include "scripted_platform.h"
#include "test_aead.h"
#include "voice/net/rtp_packet.h"
#include "voice/net/transport_crypto.h"

namespace sdkpp::voice {
namespace {

using testing::Hex;

using testing::ScriptedPlatform;

SecretKey CountingKey() {
  SecretKey key;
  for (size_t i = 0; i < key.bytes.size(); ++i) key.bytes[i] = static_cast<uint8_t>(i);
  return key;
}

const std::string kPayload = "opus frame";

size_t SealOne(TransportCipher& cipher, const RtpHeader& fields, const std::string& payload, uint8_t* out) {
  uint8_t header[kRtpHeaderBytes];
  WriteRtpHeader(fields, header);
  return cipher.Seal(header, sizeof header, reinterpret_cast<const uint8_t*>(payload.data()), payload.size(), out,
                     kMaxDatagramBytes);
}

TEST(TransportCipher, SealedPacketsEqualTheEmulatorsInBothModes) {
  ScriptedPlatform platform;
  struct Case {
    TransportMode mode;
    const char* expected;
  };
  const Case cases[] = {
      {TransportMode::Aes256GcmRtpSize,
       "80780001000003c00000002a2b46b8d92c3c86c9325981867afd8906126d06735b8e3cd5cb4800000001"},
      {TransportMode::XChaCha20Poly1305RtpSize,
       "80780001000003c00000002a66d724534f66e3bea38282497ceb4fce3740efd32c741eb8729f00000001"},
  };
  for (const auto& c : cases) {
    TransportCipher cipher(platform, c.mode, CountingKey());
    uint8_t out[kMaxDatagramBytes];
    size_t size = SealOne(cipher, {1, 960, 42}, kPayload, out);
    ASSERT_EQ(size, 12 + kPayload.size() + 16 + 4);
    EXPECT_EQ(Hex(out, size), std::string(c.expected)) << ModeName(c.mode);
  }
}

TEST(TransportCipher, TheNonceCounterStartsAtOneAndGoesUpByOne) {
  ScriptedPlatform platform;
  TransportCipher cipher(platform, TransportMode::Aes256GcmRtpSize, CountingKey());
  uint8_t out[kMaxDatagramBytes];
  for (uint32_t expected = 1; expected <= 3; ++expected) {
    size_t size = SealOne(cipher, {static_cast<uint16_t>(expected), 0, 42}, kPayload, out);
    ASSERT_GT(size, 4u);
    const uint8_t big_endian[4] = {0, 0, 0, static_cast<uint8_t>(expected)};
    EXPECT_EQ(Hex(out + size - 4, 4), Hex(big_endian, 4));
    EXPECT_EQ(cipher.last_nonce(), expected);
  }
}

TEST(TransportCipher, RefusesToSealWhenThePlatformCannot) {
  ScriptedPlatform platform;
  platform.aead_works = false;
  TransportCipher cipher(platform, TransportMode::Aes256GcmRtpSize, CountingKey());
  uint8_t out[kMaxDatagramBytes];
  EXPECT_EQ(SealOne(cipher, {1, 0, 42}, kPayload, out), 0u);
  EXPECT_EQ(cipher.last_nonce(), 0u) << "a failed seal does not use up a nonce";
  platform.aead_works = true;
  uint8_t small[20];
  uint8_t header[kRtpHeaderBytes] = {};
  EXPECT_EQ(cipher.Seal(header, sizeof header, reinterpret_cast<const uint8_t*>(kPayload.data()), kPayload.size(), small, sizeof small), 0u);
}

// A packet as another sender builds it: its own nonce (counter big-endian at offset 0 of a
// zeroed 12- or 24-byte nonce), the header bytes (CSRCs and extension preamble included) as AAD.
std::vector<uint8_t> SealIndependently(TransportMode mode, const SecretKey& key, const std::vector<uint8_t>& header,
                                       const std::vector<uint8_t>& plaintext, uint32_t counter) {
  const bool gcm = mode == TransportMode::Aes256GcmRtpSize;
  uint8_t nonce[24] = {};
  nonce[0] = static_cast<uint8_t>(counter >> 24);
  nonce[1] = static_cast<uint8_t>(counter >> 16);
  nonce[2] = static_cast<uint8_t>(counter >> 8);
  nonce[3] = static_cast<uint8_t>(counter);
  std::vector<uint8_t> packet(header);
  packet.resize(header.size() + plaintext.size() + 16);
  bool ok = testing::TestAeadSeal(gcm ? AeadAlgorithm::Aes256Gcm : AeadAlgorithm::XChaCha20Poly1305, key.bytes.data(),
                                  nonce, gcm ? 12 : 24, header.data(), header.size(), plaintext.data(), plaintext.size(),
                                  packet.data() + header.size());
  if (!ok) return {};
  packet.insert(packet.end(), nonce, nonce + 4);
  return packet;
}

TEST(TransportCipher, OpensIndependentlySealedPacketsOfTheGeneralForm) {
  ScriptedPlatform platform;
  SecretKey key = CountingKey();
  key.bytes[0] = 0xA5;
  for (auto mode : {TransportMode::Aes256GcmRtpSize, TransportMode::XChaCha20Poly1305RtpSize}) {
    // CC = 1, X and P: header 12 + 4 (CSRC) + 4 (preamble, 1 word of body).
    std::vector<uint8_t> header = {0xB1, 0x78, 0x00, 0x05, 0, 0, 0x03, 0xC0, 0, 0, 0, 42,
                                   0, 0, 0, 7, 0xBE, 0xDE, 0x00, 0x01};
    std::vector<uint8_t> plaintext = {0x10, 0x20, 0x30, 0x40, 'h', 'i', 0, 0, 3};
    auto packet = SealIndependently(mode, key, header, plaintext, 0xDEADBEEF);
    ASSERT_FALSE(packet.empty());
    auto view = ParseRtpHeader(packet.data(), packet.size());
    ASSERT_TRUE(view);
    EXPECT_EQ(view->aad_bytes, header.size());
    TransportCipher cipher(platform, mode, key);
    uint8_t out[kMaxDatagramBytes];
    auto opened = cipher.Open(packet.data(), packet.size(), view->aad_bytes, out, sizeof out);
    ASSERT_TRUE(opened) << ModeName(mode);
    ASSERT_EQ(*opened, plaintext.size());
    auto payload = RtpPayload(*view, out, *opened);
    ASSERT_TRUE(payload);
    EXPECT_EQ(std::string(payload->begin(), payload->end()), std::string("hi"));

    // Every byte matters: header (AAD), ciphertext, tag and nonce.
    for (size_t i = 0; i < packet.size(); ++i) {
      auto tampered = packet;
      tampered[i] ^= 0x01;
      EXPECT_FALSE(cipher.Open(tampered.data(), tampered.size(), view->aad_bytes, out, sizeof out)) << ModeName(mode) << " byte " << i;
    }
    SecretKey other = key;
    other.bytes[31] ^= 1;
    TransportCipher wrong_key(platform, mode, other);
    EXPECT_FALSE(wrong_key.Open(packet.data(), packet.size(), view->aad_bytes, out, sizeof out));
    EXPECT_FALSE(cipher.Open(packet.data(), 12 + 19, 12, out, sizeof out)) << "shorter than tag and nonce";
  }
}

TEST(TransportCipher, OurPacketsOpenWithAnIndependentlyBuiltNonce) {
  ScriptedPlatform platform;
  for (auto mode : {TransportMode::Aes256GcmRtpSize, TransportMode::XChaCha20Poly1305RtpSize}) {
    const bool gcm = mode == TransportMode::Aes256GcmRtpSize;
    TransportCipher cipher(platform, mode, CountingKey());
    uint8_t out[kMaxDatagramBytes];
    SealOne(cipher, {9, 9, 9}, kPayload, out);
    size_t size = SealOne(cipher, {10, 969, 9}, kPayload, out);
    uint8_t nonce[24] = {};
    std::memcpy(nonce, out + size - 4, 4);
    EXPECT_EQ(nonce[3], 2);
    uint8_t plain[64];
    SecretKey key = CountingKey();
    ASSERT_TRUE(testing::TestAeadOpen(gcm ? AeadAlgorithm::Aes256Gcm : AeadAlgorithm::XChaCha20Poly1305, key.bytes.data(),
                                      nonce, gcm ? 12 : 24, out, 12, out + 12, size - 16, plain));
    EXPECT_EQ(std::string(reinterpret_cast<char*>(plain), kPayload.size()), kPayload);
  }
}

TEST(TransportMode, AesGcmIsPreferredWhenOfferedAndNothingElseIsAccepted) {
  EXPECT_TRUE(ChooseMode({std::string(kModeXChaCha20), std::string(kModeAes256Gcm)}) == TransportMode::Aes256GcmRtpSize);
  EXPECT_TRUE(ChooseMode({std::string(kModeXChaCha20)}) == TransportMode::XChaCha20Poly1305RtpSize);
  EXPECT_FALSE(ChooseMode({"xsalsa20_poly1305", "aead_aes256_gcm", "xsalsa20_poly1305_lite_rtpsize"}));
  EXPECT_FALSE(ChooseMode({}));
  EXPECT_STREQ(ModeName(TransportMode::Aes256GcmRtpSize), "aead_aes256_gcm_rtpsize");
  EXPECT_STREQ(ModeName(TransportMode::XChaCha20Poly1305RtpSize), "aead_xchacha20_poly1305_rtpsize");
}

TEST(SecretKey, WipeZeroesEveryByte) {
  SecretKey key = CountingKey();
  key.bytes[0] = 0xFF;
  key.Wipe();
  for (uint8_t byte : key.bytes) EXPECT_EQ(byte, 0);
}

}  // namespace
}  // namespace sdkpp::voice
