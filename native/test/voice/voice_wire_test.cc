// The voice transport's wire pieces on their own: RTP headers (known bytes, the 65535 → 0 and
// 2^32 wraps, CC/X/P in received packets), IP discovery and keep-alive datagrams, the
// gateway's JSON messages, and the close-code table of docs/protocols/voice-gateway.md.
#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "framework/test.h"
#include "hex.h"
#include "json/json.h"
#include "voice/net/ip_discovery.h"
#include "voice/net/rtp_packet.h"
#include "voice/net/voice_close_codes.h"
#include "voice/net/voice_gateway_messages.h"

namespace sdkpp::voice {
namespace {

using testing::Hex;

TEST(RtpPacket, HeaderBytesAreTheKnownAnswer) {
  uint8_t out[kRtpHeaderBytes];
  WriteRtpHeader({0x1234, 0x89ABCDEF, 0x0000002A}, out);
  EXPECT_EQ(Hex(out, sizeof out), std::string("8078123489abcdef0000002a"));
}

TEST(RtpPacket, SequenceWrapsAt65536AndTimestampAt2To32) {
  RtpClock clock(65534, 0xFFFFFFFFu - 959);
  auto a = clock.Next(7, 0);
  auto b = clock.Next(7, 960);
  auto c = clock.Next(7, 1920);
  EXPECT_EQ(a.sequence, 65534);
  EXPECT_EQ(b.sequence, 65535);
  EXPECT_EQ(c.sequence, 0);
  EXPECT_EQ(a.timestamp, 0xFFFFFFFFu - 959);
  EXPECT_EQ(b.timestamp, 0u);    // base + 960 wrapped
  EXPECT_EQ(c.timestamp, 960u);
  EXPECT_EQ(c.ssrc, 7u);
  uint8_t out[kRtpHeaderBytes];
  WriteRtpHeader(c, out);
  EXPECT_EQ(Hex(out, sizeof out), std::string("80780000000003c000000007"));
}

std::vector<uint8_t> Packet(uint8_t first_byte, size_t extra_header, size_t body) {
  std::vector<uint8_t> packet(12 + extra_header + body, 0);
  packet[0] = first_byte;
  packet[1] = 0x78;
  packet[11] = 9;
  return packet;
}

TEST(RtpPacket, ParsesCsrcExtensionAndPaddingForms) {
  auto plain = Packet(0x80, 0, 20);
  auto view = ParseRtpHeader(plain.data(), plain.size());
  ASSERT_TRUE(view);
  EXPECT_EQ(view->aad_bytes, 12u);
  EXPECT_EQ(view->header.ssrc, 9u);
  EXPECT_FALSE(view->padding);

  auto csrc = Packet(0x82, 8, 20);  // CC = 2
  view = ParseRtpHeader(csrc.data(), csrc.size());
  ASSERT_TRUE(view);
  EXPECT_EQ(view->aad_bytes, 20u);

  auto extended = Packet(0x91, 4 + 4, 20);  // X, CC = 1: CSRC then the preamble
  extended[16] = 0xBE;
  extended[17] = 0xDE;
  extended[19] = 3;  // 3 words of extension body inside the ciphertext
  view = ParseRtpHeader(extended.data(), extended.size());
  ASSERT_TRUE(view);
  EXPECT_EQ(view->aad_bytes, 20u);
  EXPECT_EQ(view->extension_body_bytes, 12u);

  auto marker = Packet(0xA0, 0, 20);  // P set; the marker bit on the payload type is allowed
  marker[1] = 0xF8;
  view = ParseRtpHeader(marker.data(), marker.size());
  ASSERT_TRUE(view);
  EXPECT_TRUE(view->padding);
}

TEST(RtpPacket, RefusesWhatIsNotAnRtpSizeMediaPacket) {
  auto wrong_version = Packet(0x40, 0, 20);
  EXPECT_FALSE(ParseRtpHeader(wrong_version.data(), wrong_version.size()));
  auto wrong_type = Packet(0x80, 0, 20);
  wrong_type[1] = 0x60;
  EXPECT_FALSE(ParseRtpHeader(wrong_type.data(), wrong_type.size()));
  auto too_short = Packet(0x80, 0, 19);  // header + tag + nonce is 32
  EXPECT_FALSE(ParseRtpHeader(too_short.data(), too_short.size()));
  auto csrcs_past_the_end = Packet(0x8F, 0, 20);  // 15 CSRCs claimed
  EXPECT_FALSE(ParseRtpHeader(csrcs_past_the_end.data(), csrcs_past_the_end.size()));
  EXPECT_FALSE(ParseRtpHeader(nullptr, 0));
}

TEST(RtpPacket, PayloadSkipsTheExtensionBodyAndDropsPadding) {
  RtpView view;
  view.extension_body_bytes = 4;
  view.padding = true;
  const uint8_t plaintext[] = {0xE1, 0xE2, 0xE3, 0xE4, 'o', 'p', 'u', 's', 0, 0, 3};
  auto payload = RtpPayload(view, plaintext, sizeof plaintext);
  ASSERT_TRUE(payload);
  EXPECT_EQ(std::string(payload->begin(), payload->end()), std::string("opus"));

  RtpView padding_too_long;
  padding_too_long.padding = true;
  const uint8_t bad[] = {'x', 9};
  EXPECT_FALSE(RtpPayload(padding_too_long, bad, sizeof bad));
  const uint8_t zero_count[] = {'x', 0};
  EXPECT_FALSE(RtpPayload(padding_too_long, zero_count, sizeof zero_count));
  RtpView extension_too_long;
  extension_too_long.extension_body_bytes = 8;
  EXPECT_FALSE(RtpPayload(extension_too_long, plaintext, 4));
}

TEST(IpDiscovery, RequestAndResponseAreSeventyFourBytesBigEndian) {
  auto request = DiscoveryRequest(0x01020304);
  EXPECT_EQ(Hex(request.data(), 8), std::string("0001004601020304"));
  for (size_t i = 8; i < request.size(); ++i) EXPECT_EQ(request[i], 0) << i;

  std::array<uint8_t, kDiscoveryBytes> response{};
  response[1] = 2;
  response[3] = 70;
  response[7] = 4;
  const std::string address = "203.0.113.7";
  std::copy(address.begin(), address.end(), response.begin() + 8);
  response[72] = 0xC3;
  response[73] = 0x50;
  auto found = ParseDiscoveryResponse(response.data(), response.size(), 4);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->address, address);
  EXPECT_EQ(found->port, 50000);
  EXPECT_FALSE(ParseDiscoveryResponse(response.data(), response.size(), 5)) << "another SSRC";
  EXPECT_FALSE(ParseDiscoveryResponse(response.data(), 73, 4)) << "truncated";
  auto not_an_address = response;
  not_an_address[8] = 'x';
  EXPECT_FALSE(ParseDiscoveryResponse(not_an_address.data(), not_an_address.size(), 4));
  auto unterminated = response;
  std::fill(unterminated.begin() + 8, unterminated.begin() + 72, '1');
  EXPECT_FALSE(ParseDiscoveryResponse(unterminated.data(), unterminated.size(), 4));
  auto request_echoed = response;
  request_echoed[1] = 1;
  EXPECT_FALSE(ParseDiscoveryResponse(request_echoed.data(), request_echoed.size(), 4));
}

TEST(IpDiscovery, KeepAliveIsALittleEndianCounterThenZeros) {
  auto keep_alive = KeepAlive(0x01020304);
  EXPECT_EQ(Hex(keep_alive.data(), keep_alive.size()), std::string("0403020100000000"));
}

TEST(VoiceGatewayMessages, ClientMessagesSpeakV8WithIdsAsStrings) {
  EXPECT_EQ(EncodeIdentify(11, 22, "sess", "tok", 0),
            std::string(R"({"op":0,"d":{"server_id":"11","user_id":"22","session_id":"sess","token":"tok","max_dave_protocol_version":0}})"));
  EXPECT_EQ(EncodeSelectProtocol("127.0.0.1", 50000, TransportMode::XChaCha20Poly1305RtpSize),
            std::string(R"({"op":1,"d":{"protocol":"udp","data":{"address":"127.0.0.1","port":50000,"mode":"aead_xchacha20_poly1305_rtpsize"}}})"));
  EXPECT_EQ(EncodeHeartbeat(1234, -1), std::string(R"({"op":3,"d":{"t":1234,"seq_ack":-1}})"));
  EXPECT_EQ(EncodeResume(11, "sess", "tok", 7),
            std::string(R"({"op":7,"d":{"server_id":"11","session_id":"sess","token":"tok","seq_ack":7}})"));
  EXPECT_EQ(EncodeSpeaking(1, 99), std::string(R"({"op":5,"d":{"speaking":1,"delay":0,"ssrc":99}})"));
}

TEST(VoiceGatewayMessages, ServerMessagesDecodeWithTheirSeq) {
  std::string error;
  auto ready = DecodeServerMessage(R"({"op":2,"d":{"ssrc":4000000000,"ip":"127.0.0.1","port":50001,"modes":["aead_aes256_gcm_rtpsize","x"]}})", error);
  ASSERT_TRUE(ready) << error;
  auto& r = std::get<ReadyMessage>(ready->payload);
  EXPECT_EQ(r.ssrc, 4000000000u);
  EXPECT_EQ(r.modes.size(), 2u);
  EXPECT_FALSE(ready->seq);

  auto speaking = DecodeServerMessage(R"({"op":5,"d":{"user_id":"77","ssrc":5,"speaking":1},"seq":12})", error);
  ASSERT_TRUE(speaking) << error;
  EXPECT_EQ(speaking->seq.value_or(-1), 12);
  EXPECT_EQ(std::get<SpeakingMessage>(speaking->payload).user_id, 77u);

  auto hello = DecodeServerMessage(R"({"op":8,"d":{"heartbeat_interval":13750.0}})", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_EQ(std::get<HelloMessage>(hello->payload).heartbeat_interval_ms, 13750u);

  std::string key = "[";
  for (int i = 0; i < 32; ++i) key += std::to_string(200 + i % 50) + (i < 31 ? "," : "]");
  auto description = DecodeServerMessage(R"({"op":4,"d":{"mode":"aead_aes256_gcm_rtpsize","secret_key":)" + key + R"(,"dave_protocol_version":0}})", error);
  ASSERT_TRUE(description) << error;
  auto& d = std::get<SessionDescriptionMessage>(description->payload);
  EXPECT_TRUE(d.mode == TransportMode::Aes256GcmRtpSize);
  EXPECT_EQ(d.key.bytes[31], 200 + 31 % 50);

  auto dave = DecodeServerMessage(R"({"op":21,"d":{"protocol_version":1,"transition_id":3},"seq":4})", error);
  ASSERT_TRUE(dave) << error;
  EXPECT_EQ(dave->seq.value_or(-1), 4);
  auto& prepare = std::get<DavePrepareTransitionMessage>(dave->payload);
  EXPECT_EQ(prepare.protocol_version, 1);
  EXPECT_EQ(prepare.transition_id, 3);
  auto execute = DecodeServerMessage(R"({"op":22,"d":{"transition_id":65535}})", error);
  ASSERT_TRUE(execute) << error;
  EXPECT_EQ(std::get<DaveExecuteTransitionMessage>(execute->payload).transition_id, 65535);
  auto epoch = DecodeServerMessage(R"({"op":24,"d":{"protocol_version":1,"epoch":1}})", error);
  ASSERT_TRUE(epoch) << error;
  EXPECT_EQ(std::get<DavePrepareEpochMessage>(epoch->payload).epoch, 1u);
  // A transition id is a u16 (ops 29 and 30 carry it in two bytes): anything else is unusable.
  EXPECT_FALSE(DecodeServerMessage(R"({"op":21,"d":{"protocol_version":1,"transition_id":65536}})", error));
  EXPECT_FALSE(DecodeServerMessage(R"({"op":22,"d":{}})", error));
  EXPECT_FALSE(DecodeServerMessage(R"({"op":24,"d":{"protocol_version":-1,"epoch":1}})", error));
  auto unknown = DecodeServerMessage(R"({"op":99,"d":null,"seq":5})", error);
  ASSERT_TRUE(unknown) << error;
  EXPECT_TRUE(std::holds_alternative<OtherMessage>(unknown->payload));
}

TEST(VoiceGatewayMessages, UnusableMessagesAreRefusedWithoutQuotingThem) {
  const std::vector<std::string> bad = {
      "", "not json", "[]", R"({"d":{}})", R"({"op":"2"})", R"({"op":2,"d":{"ssrc":-1,"ip":"x","port":1,"modes":[]}})",
      R"({"op":2,"d":{"ssrc":1,"ip":"x","port":70000,"modes":[]}})", R"({"op":4,"d":{"mode":"m","secret_key":[1,2]}})",
      R"({"op":4,"d":{"mode":"m","secret_key":"c2VjcmV0LXNlY3JldA"}})", R"({"op":5,"d":{"user_id":"x","ssrc":1,"speaking":1}})",
      R"({"op":11,"d":{"user_ids":[1.5]}})", R"({"op":13,"d":{}})", R"({"op":8,"d":{"heartbeat_interval":-5}})",
      R"({"op":5,"d":{"user_id":"1","ssrc":1,"speaking":1},"seq":"x"})", std::string(4097, ' ') + "{}"};
  for (const auto& text : bad) {
    std::string error;
    EXPECT_FALSE(DecodeServerMessage(text, error)) << text.substr(0, 80);
    EXPECT_FALSE(error.empty());
    EXPECT_EQ(error.find("c2VjcmV0"), std::string::npos);
  }
}

TEST(VoiceCloseCodes, EveryCodeOfTheTableIsClassified) {
  struct Row {
    int32_t code;
    VoiceLoss before_connected;
    VoiceLoss connected;
  };
  const Row rows[] = {
      {0, VoiceLoss::Resumable, VoiceLoss::Resumable},       {1000, VoiceLoss::Resumable, VoiceLoss::Resumable},
      {1006, VoiceLoss::Resumable, VoiceLoss::Resumable},    {3999, VoiceLoss::Resumable, VoiceLoss::Resumable},
      {4015, VoiceLoss::Resumable, VoiceLoss::Resumable},    {4006, VoiceLoss::Rejoin, VoiceLoss::Rejoin},
      {4009, VoiceLoss::Rejoin, VoiceLoss::Rejoin},          {4004, VoiceLoss::Refused, VoiceLoss::Refused},
      {4011, VoiceLoss::Refused, VoiceLoss::Refused},        {4016, VoiceLoss::Refused, VoiceLoss::Refused},
      {4017, VoiceLoss::Refused, VoiceLoss::Refused},        {4014, VoiceLoss::Terminated, VoiceLoss::Terminated},
      {4021, VoiceLoss::Terminated, VoiceLoss::Terminated},  {4022, VoiceLoss::Terminated, VoiceLoss::Terminated},
      {4001, VoiceLoss::Refused, VoiceLoss::Rejoin},         {4002, VoiceLoss::Refused, VoiceLoss::Rejoin},
      {4003, VoiceLoss::Refused, VoiceLoss::Rejoin},         {4005, VoiceLoss::Refused, VoiceLoss::Rejoin},
      {4012, VoiceLoss::Refused, VoiceLoss::Rejoin},         {4020, VoiceLoss::Refused, VoiceLoss::Rejoin},
      {4999, VoiceLoss::Refused, VoiceLoss::Rejoin},         {4000, VoiceLoss::Refused, VoiceLoss::Rejoin},
  };
  for (const auto& row : rows) {
    EXPECT_EQ(static_cast<int>(ClassifyVoiceClose(row.code, false, false)), static_cast<int>(row.before_connected)) << row.code;
    EXPECT_EQ(static_cast<int>(ClassifyVoiceClose(row.code, true, false)), static_cast<int>(row.connected)) << row.code;
  }
  // A refused Resume is a full rejoin; a termination stays one.
  EXPECT_EQ(static_cast<int>(ClassifyVoiceClose(4004, true, true)), static_cast<int>(VoiceLoss::Rejoin));
  EXPECT_EQ(static_cast<int>(ClassifyVoiceClose(4014, true, true)), static_cast<int>(VoiceLoss::Terminated));
}

TEST(VoiceCloseCodes, ProtocolErrorsAreTheCodesFrom4000ThatTheTableDoesNotName) {
  // The codes the table gives a meaning to; every other code from 4000 up is the server telling
  // us we broke the protocol (logged as a bug), every code below 4000 is the network's.
  const std::set<int32_t> named = {4004, 4006, 4009, 4011, 4014, 4015, 4016, 4017, 4021, 4022};
  std::vector<int32_t> codes = {0, 1000, 1001, 1006, 1011, 3000, 4999};
  for (int32_t code = 3990; code <= 4030; ++code) codes.push_back(code);
  for (const int32_t code : codes) {
    const bool expected = code >= 4000 && named.count(code) == 0;
    EXPECT_EQ(IsProtocolErrorClose(code), expected) << code;
  }
}

}  // namespace
}  // namespace sdkpp::voice
