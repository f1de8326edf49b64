// What a voice connection teaches the log's redactor (its token, its transport key as JSON and as
// hex text) is forgotten with the connection, and the redactor's copies are wiped before their
// memory is freed: after EndCall no copy of the key's text stays in the Client's memory for its
// lifetime. The freed-memory watch of allocation_counter.h sees every block operator delete frees.
#include <string>
#include <string_view>

#include "framework/test.h"
#include "voice/allocation_counter.h"
#include "voice_connection_fixture.h"

namespace sdkpp::voice::testing {
namespace {

std::string Hex(const SecretKey& key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (uint8_t byte : key.bytes) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 0x0F];
  }
  return text;
}

std::string JsonArray(const SecretKey& key) {
  std::string text = "[";
  for (size_t i = 0; i < key.bytes.size(); ++i) text += (i ? "," : "") + std::to_string(key.bytes[i]);
  return text + "]";
}

TEST(VoiceSecrets, TheKeysTextAndTheTokenAreForgottenAndWipedWithTheConnection) {
  VoiceFixture f;
  const std::string hex = Hex(f.key);
  const std::string json = JsonArray(f.key);
  const std::string description = f.SessionDescription(ModeName(f.mode));
  auto& redactor = f.h.logger.redactor();
  f.ToReady();
  f.Discover();
  // From the key's arrival on, no block freed may hold its hex text (the first 12 bytes of the
  // key are enough to find a partial copy).
  ASSERT_TRUE(WatchFreedMemoryFor({std::string_view(hex).substr(0, 24)}));
  f.ServerSays(description);
  const uint64_t while_connected = FreedBlocksHoldingAPattern();  // before this test's own copies
  WatchFreedMemoryFor({});
  ASSERT_TRUE(f.connection->IsMediaReady());
  EXPECT_EQ(redactor.Redact("key " + hex), "key [REDACTED]");
  EXPECT_EQ(redactor.Redact("key " + json), "key [REDACTED]");
  EXPECT_EQ(redactor.Redact(VoiceFixture::kToken), "[REDACTED]");

  ASSERT_TRUE(WatchFreedMemoryFor({std::string_view(hex).substr(0, 24), std::string_view(json).substr(0, 40)}));
  f.connection->Close();
  f.connection.reset();
  const uint64_t at_the_end = FreedBlocksHoldingAPattern();
  WatchFreedMemoryFor({});
  EXPECT_EQ(while_connected, 0u) << "a copy of the key's hex text was freed unwiped";
  EXPECT_EQ(at_the_end, 0u) << "a copy of the key's text was freed unwiped";
  EXPECT_EQ(redactor.Redact("key " + hex), "key " + hex) << "forgotten: no copy kept for the Client's lifetime";
  EXPECT_EQ(redactor.Redact("key " + json), "key " + json);
  EXPECT_EQ(redactor.Redact(VoiceFixture::kToken), std::string(VoiceFixture::kToken));
}

}  // namespace
}  // namespace sdkpp::voice::testing
