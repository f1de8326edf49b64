// Media through the voice connection and what a hostile network can do to it: outgoing packets
// (header, random start, sequence and timestamp, nonce counter) opened independently; incoming
// packets of the general RTP form; garbage, truncated, oversized and foreign datagrams, unknown
// SSRCs, tampered tags and bad gateway frames — all counted, none delivered, nothing crashes;
// and the token and key never in the log.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "framework/test.h"
#include "voice_connection_fixture.h"

namespace sdkpp::voice::testing {
namespace {

using sdkpp::testing::Pump;

uint16_t SequenceOf(const std::string& packet) {
  return static_cast<uint16_t>(static_cast<uint8_t>(packet[2]) << 8 | static_cast<uint8_t>(packet[3]));
}
uint32_t Be32(const std::string& packet, size_t at) {
  uint32_t value = 0;
  for (size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<uint8_t>(packet[at + i]);
  return value;
}

TEST(VoiceMedia, SendOpusBuildsSealedRtpPacketsAfterAnnouncingSpeaking) {
  VoiceFixture f;
  f.ToMediaReady();
  const size_t before = f.UdpSent().size();
  const std::string frame = "\xF8\xFF\xFE";
  f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>(frame.data()), frame.size());
  f.connection->SendOpus(960, reinterpret_cast<const uint8_t*>(frame.data()), frame.size());
  f.connection->SendOpus(1920, reinterpret_cast<const uint8_t*>(frame.data()), frame.size());
  auto speaking = f.LastSentOp(5);
  ASSERT_TRUE(speaking) << "Speaking goes out before the first packet";
  EXPECT_EQ(speaking->Root()["d"]["speaking"].Int().value_or(0), 1);
  EXPECT_EQ(f.SentOp(5).size(), 1u) << "once";
  ASSERT_EQ(f.UdpSent().size(), before + 3);
  const std::string a = f.UdpSent()[before], b = f.UdpSent()[before + 1], c = f.UdpSent()[before + 2];
  ASSERT_EQ(a.size(), 12 + frame.size() + 16 + 4);
  EXPECT_EQ(static_cast<uint8_t>(a[0]), 0x80);
  EXPECT_EQ(static_cast<uint8_t>(a[1]), 0x78);
  EXPECT_EQ(Be32(a, 8), VoiceFixture::kSsrc);
  EXPECT_EQ(static_cast<uint16_t>(SequenceOf(b) - SequenceOf(a)), 1);
  EXPECT_EQ(static_cast<uint16_t>(SequenceOf(c) - SequenceOf(a)), 2);
  EXPECT_EQ(Be32(b, 4) - Be32(a, 4), 960u);
  EXPECT_EQ(Be32(c, 4) - Be32(a, 4), 1920u);
  EXPECT_EQ(Be32(a, a.size() - 4), 1u) << "the first nonce is 1";
  EXPECT_EQ(Be32(c, c.size() - 4), 3u);
  for (const auto& packet : {a, b, c}) EXPECT_EQ(f.OpenSent(packet).value_or("?"), frame);
  EXPECT_EQ(f.connection->Stats().packets_sent, 3u);
  EXPECT_EQ(f.connection->Stats().bytes_sent, 3 * a.size());
}

TEST(VoiceMedia, SequenceAndTimestampStartAtRandom) {
  std::vector<uint32_t> starts;
  for (int i = 0; i < 4; ++i) {
    VoiceFixture f;
    f.ToMediaReady();
    f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>("x"), 1);
    starts.push_back(Be32(f.UdpSent().back(), 0) & 0xFFFF);
    starts.push_back(Be32(f.UdpSent().back(), 4));
  }
  // Eight random 16/32-bit values are all equal with a chance far below any test's concern.
  bool differ = false;
  for (size_t i = 2; i < starts.size(); i += 2) differ = differ || starts[i] != starts[0] || starts[i + 1] != starts[1];
  EXPECT_TRUE(differ);
}

TEST(VoiceMedia, NothingIsSentBeforeMediaIsReadyOrForBadFrames) {
  VoiceFixture f;
  f.ToReady();
  f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>("x"), 1);
  EXPECT_TRUE(f.UdpSent().empty());
  f.Discover();
  const size_t before = f.UdpSent().size();
  f.ServerSays(f.SessionDescription("aead_aes256_gcm_rtpsize"));
  std::string too_big(1276, 'x');
  f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>(too_big.data()), too_big.size());
  f.connection->SendOpus(0, nullptr, 0);
  EXPECT_EQ(f.UdpSent().size(), before);
  EXPECT_EQ(f.connection->Stats().packets_sent, 0u);
}

TEST(VoiceMedia, ReceivedPacketsOfKnownSsrcsReachTheListener) {
  for (auto mode : {TransportMode::Aes256GcmRtpSize, TransportMode::XChaCha20Poly1305RtpSize}) {
    VoiceFixture f;
    f.mode = mode;
    f.ToMediaReady();
    f.ServerMapsSsrc(7, 77, 1);
    f.Datagram(f.ServerPacket(77, 65535, 0xFFFFFFFF, "plain"));
    // CC = 2, an extension with one word of body, and padding of 3.
    std::vector<uint8_t> extra = {0, 0, 0, 1, 0, 0, 0, 2, 0xBE, 0xDE, 0, 1};
    f.Datagram(f.ServerPacket(77, 0, 959, "general", extra, 0xB2, {1, 2, 3, 4}, {0, 0, 3}));
    ASSERT_EQ(f.listener.opus_received.size(), 2u) << ModeName(mode);
    EXPECT_EQ(f.listener.opus_received[0].user_id, 7u);
    EXPECT_EQ(f.listener.opus_received[0].sequence, 65535);
    EXPECT_EQ(f.listener.opus_received[0].timestamp, 0xFFFFFFFFu);
    EXPECT_EQ(f.listener.opus_received[0].payload, std::string("plain"));
    EXPECT_EQ(f.listener.opus_received[1].sequence, 0);
    EXPECT_EQ(f.listener.opus_received[1].payload, std::string("general"));
    EXPECT_EQ(f.connection->Stats().packets_received, 2u);
  }
}

TEST(VoiceMedia, HostileDatagramsAreCountedAndDropped) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerMapsSsrc(7, 77, 1);
  const auto good = f.ServerPacket(77, 1, 1, "good");

  f.Datagram(good, "203.0.113.9", VoiceFixture::kServerPort);  // third address
  f.Datagram(good, VoiceFixture::kServerIp, 50002);           // right host, other port
  EXPECT_EQ(f.connection->Stats().foreign_source, 2u);

  f.Datagram(f.ServerPacket(78, 1, 1, "who"));
  EXPECT_EQ(f.connection->Stats().unknown_ssrc, 1u);

  auto tampered = good;
  tampered[14] ^= 0x40;  // inside the ciphertext
  f.Datagram(tampered);
  auto bad_tag = good;
  bad_tag[bad_tag.size() - 5] ^= 1;
  f.Datagram(bad_tag);
  auto bad_nonce = good;
  bad_nonce.back() ^= 1;
  f.Datagram(bad_nonce);
  auto bad_header = good;
  bad_header[5] ^= 1;  // the timestamp is authenticated (AAD)
  f.Datagram(bad_header);
  EXPECT_EQ(f.connection->Stats().decrypt_failures, 4u);

  f.Datagram(std::vector<uint8_t>(good.begin(), good.begin() + 31));  // truncated
  f.Datagram(std::vector<uint8_t>(1501, 0x80));                       // oversized
  std::vector<uint8_t> wrong_type = good;
  wrong_type[1] = 0xC8;  // RTCP sender report
  f.Datagram(wrong_type);
  f.Datagram(nullptr, 0);
  f.Datagram(f.ServerPacket(77, 2, 2, "pad", {}, 0xA0, {}, {0, 9}));  // padding longer than the payload
  EXPECT_EQ(f.connection->Stats().malformed_packets, 5u);

  std::mt19937 random(1234);
  for (int i = 0; i < 2000; ++i) {
    std::vector<uint8_t> garbage(random() % 1600);
    for (auto& byte : garbage) byte = static_cast<uint8_t>(random());
    if (i % 2 == 0 && garbage.size() > 12) {
      garbage[0] = 0x80 | (garbage[0] & 0x3F);
      garbage[1] = 0x78;
      garbage[8] = garbage[9] = garbage[10] = 0;
      garbage[11] = 77;
    }
    f.Datagram(garbage);
  }
  EXPECT_TRUE(f.listener.opus_received.empty());
  f.Datagram(good);
  ASSERT_EQ(f.listener.opus_received.size(), 1u) << "still works";
  EXPECT_EQ(f.listener.opus_received[0].payload, std::string("good"));
  EXPECT_EQ(f.connection->Stats().packets_received, 1u);
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(VoiceMedia, DiscoveryIgnoresForeignAndMalformedAnswers) {
  VoiceFixture f;
  f.ToReady();
  f.events().OnUdpOpen(f.udp(), 40000);
  f.Datagram(f.DiscoveryAnswer(), "203.0.113.9", VoiceFixture::kServerPort);
  auto truncated = f.DiscoveryAnswer();
  truncated.pop_back();
  f.Datagram(truncated);
  auto wrong_ssrc = f.DiscoveryAnswer();
  wrong_ssrc[7] ^= 1;
  f.Datagram(wrong_ssrc);
  EXPECT_TRUE(f.SentOp(1).empty());
  EXPECT_EQ(f.connection->Stats().foreign_source, 1u);
  EXPECT_EQ(f.connection->Stats().malformed_packets, 2u);
  f.Datagram(f.DiscoveryAnswer());
  EXPECT_EQ(f.SentOp(1).size(), 1u);
}

TEST(VoiceMedia, HostileGatewayFramesAreCountedAndIgnored) {
  VoiceFixture f;
  f.ToMediaReady();
  const std::vector<std::string> frames = {
      "", "{", "null", "[1,2]", R"({"op":"x"})", std::string(5000, '{'),
      R"({"op":5,"d":{"user_id":"7","ssrc":"77","speaking":1},"seq":1})",
      R"({"op":11,"d":{"user_ids":"7"}})", R"({"op":13,"d":{"user_id":-1}})",
      R"({"op":4,"d":{"mode":"aead_aes256_gcm_rtpsize","secret_key":[1,2,3]}})",
      R"({"op":2,"d":{"ssrc":1,"ip":"1.2.3.4","port":1,"modes":[]}})",  // a Ready nobody asked for
      R"({"op":9,"d":null})",                                             // a Resumed likewise
      std::string(R"({"op":11,"d":{"user_ids":[")") + std::string(5000, '1') + "\"]}}",
      std::string(200, '[') + std::string(200, ']'),
  };
  for (const auto& frame : frames) f.ServerSays(frame);
  EXPECT_EQ(f.connection->Stats().bad_gateway_frames, frames.size());
  f.events().OnWebSocketBinary(f.ws(), std::string(70 * 1024, '\x01'));
  f.events().OnWebSocketBinary(f.ws(), "\x01");
  EXPECT_EQ(f.connection->Stats().bad_gateway_frames, frames.size() + 2);
  f.events().OnWebSocketBinary(f.ws(), std::string("\x00\x05\x19", 3) + "mls");  // numbered, ignored
  f.ServerSays(R"({"op":99,"d":{}})");  // an op this build does not know: ignored, not an error
  EXPECT_EQ(f.connection->Stats().bad_gateway_frames, frames.size() + 2);
  EXPECT_TRUE(f.listener.lost.empty());
  EXPECT_TRUE(f.connection->IsMediaReady());
  EXPECT_TRUE(f.listener.connected.empty());
  f.h.platform->Advance(5000);
  auto beat = f.LastSentOp(3);
  ASSERT_TRUE(beat);
  EXPECT_EQ(beat->Root()["d"]["seq_ack"].Int().value_or(-9), 5) << "the binary message's seq";
}

TEST(VoiceMedia, TheTokenAndTheKeyNeverReachTheLog) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerSays("{bad json " + std::string(VoiceFixture::kToken));
  f.ServerCloses(1006, VoiceFixture::kToken);  // even a close reason that carries it
  f.connection->Resume();
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  f.ServerSays(R"({"op":9,"d":null})");
  f.ServerCloses(4014);
  f.h.logger.Log(LoggingSeverity::Error, std::string("leak test ") + VoiceFixture::kToken);
  std::string key_json = "[";
  for (size_t i = 0; i < f.key.bytes.size(); ++i) key_json += (i ? "," : "") + std::to_string(f.key.bytes[i]);
  key_json += "]";
  f.h.logger.Log(LoggingSeverity::Error, "leak test " + key_json);
  Pump();
  ASSERT_GT(f.h.logs.size(), 5u);
  bool saw_voice_line = false;
  for (const auto& line : f.h.logs) {
    EXPECT_EQ(line.find(VoiceFixture::kToken), std::string::npos) << line;
    EXPECT_EQ(line.find(key_json), std::string::npos) << line;
    EXPECT_EQ(line.find("c0c1c2c3c4c5"), std::string::npos) << line;
    saw_voice_line = saw_voice_line || line.find("voice: ") != std::string::npos;
  }
  EXPECT_TRUE(saw_voice_line);
}

}  // namespace
}  // namespace sdkpp::voice::testing
