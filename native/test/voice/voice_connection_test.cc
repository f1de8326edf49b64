// The voice connection's state machine against a scripted voice server: the handshake to
// OnMediaReady, mode selection, IP discovery's three tries, heartbeats with seq_ack, three
// missed ACKs, Resume with seq_ack (UDP kept, or rediscovered after silence), replayed messages
// delivered once, the close codes of docs/protocols/voice-gateway.md and three failed connects.
#include <string>
#include <vector>

#include "framework/test.h"
#include "voice/net/voice_gateway_messages.h"
#include "voice_connection_fixture.h"

namespace sdkpp::voice::testing {
namespace {

using sdkpp::testing::Pump;

TEST(VoiceConnection, HandshakeReachesMediaReady) {
  VoiceFixture f;
  f.connection->Connect(VoiceFixture::Info());
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 1u);
  EXPECT_EQ(f.h.platform->sockets_opened.back().second, std::string("wss://127.0.0.1:50001/?v=8"));
  f.events().OnWebSocketOpen(f.ws());
  EXPECT_TRUE(f.Sent().empty()) << "nothing before Hello";
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":13750}})");
  auto identify = f.LastSentOp(0);
  ASSERT_TRUE(identify);
  auto d = identify->Root()["d"];
  EXPECT_EQ(d["server_id"].String().value_or(""), std::string_view("111"));
  EXPECT_EQ(d["user_id"].String().value_or(""), std::string_view("222"));
  EXPECT_EQ(d["session_id"].String().value_or(""), std::string_view("main-session-1"));
  EXPECT_EQ(d["token"].String().value_or(""), std::string_view(VoiceFixture::kToken));
  EXPECT_EQ(d["max_dave_protocol_version"].Int().value_or(-1), 0);

  f.ServerSays(R"({"op":2,"d":{"ssrc":4242,"ip":"127.0.0.1","port":50001,"modes":["aead_aes256_gcm_rtpsize","aead_xchacha20_poly1305_rtpsize"],"heartbeat_interval":1}})");
  EXPECT_EQ(f.listener.signaling_ready, 1);
  ASSERT_EQ(f.h.platform->udp_opened.size(), 1u);
  EXPECT_EQ(f.h.platform->udp_opened[0].host, std::string("127.0.0.1"));
  EXPECT_EQ(f.h.platform->udp_opened[0].port, 50001);
  f.events().OnUdpOpen(f.udp(), 40000);
  ASSERT_EQ(f.UdpSent().size(), 1u);
  auto request = DiscoveryRequest(VoiceFixture::kSsrc);
  EXPECT_EQ(f.UdpSent()[0], std::string(request.begin(), request.end()));

  f.Datagram(f.DiscoveryAnswer("198.51.100.4", 40000));
  auto select = f.LastSentOp(1);
  ASSERT_TRUE(select);
  auto data = select->Root()["d"]["data"];
  EXPECT_EQ(select->Root()["d"]["protocol"].String().value_or(""), std::string_view("udp"));
  EXPECT_EQ(data["address"].String().value_or(""), std::string_view("198.51.100.4"));
  EXPECT_EQ(data["port"].Int().value_or(0), 40000);
  EXPECT_EQ(data["mode"].String().value_or(""), std::string_view("aead_aes256_gcm_rtpsize"));
  ASSERT_EQ(f.UdpSent().size(), 2u) << "a keep-alive at once";
  EXPECT_EQ(f.UdpSent()[1], std::string(8, '\0'));
  EXPECT_FALSE(f.connection->IsMediaReady());
  EXPECT_STREQ(f.connection->Mode(), "");

  f.ServerSays(f.SessionDescription("aead_aes256_gcm_rtpsize"));
  EXPECT_EQ(f.listener.media_ready, 1);
  EXPECT_TRUE(f.connection->IsMediaReady());
  EXPECT_STREQ(f.connection->Mode(), "aead_aes256_gcm_rtpsize");
  EXPECT_TRUE(f.listener.lost.empty());

  f.h.platform->Advance(5000);
  ASSERT_EQ(f.UdpSent().size(), 3u) << "a keep-alive every 5 s";
  EXPECT_EQ(f.UdpSent()[2], std::string("\x01\0\0\0\0\0\0\0", 8));
}

TEST(VoiceConnection, PlainWsWhenTheApiBaseIsHttp) {
  VoiceFixture f;
  auto info = VoiceFixture::Info();
  info.secure = false;
  f.connection->Connect(info);
  EXPECT_EQ(f.h.platform->sockets_opened.back().second, std::string("ws://127.0.0.1:50001/?v=8"));
}

TEST(VoiceConnection, ModeSelectionPrefersAesGcmAndFallsBackToXChaCha) {
  {
    VoiceFixture f;
    f.ToReady(R"(["aead_xchacha20_poly1305_rtpsize","aead_aes256_gcm_rtpsize"])");
    f.Discover();
    auto select = f.LastSentOp(1);
    ASSERT_TRUE(select);
    EXPECT_EQ(select->Root()["d"]["data"]["mode"].String().value_or(""), std::string_view("aead_aes256_gcm_rtpsize"));
  }
  {
    VoiceFixture f;
    f.mode = TransportMode::XChaCha20Poly1305RtpSize;
    f.ToReady(R"(["aead_xchacha20_poly1305_rtpsize"])");
    f.Discover();
    auto select = f.LastSentOp(1);
    ASSERT_TRUE(select);
    EXPECT_EQ(select->Root()["d"]["data"]["mode"].String().value_or(""), std::string_view("aead_xchacha20_poly1305_rtpsize"));
    f.ServerSays(f.SessionDescription("aead_xchacha20_poly1305_rtpsize"));
    EXPECT_STREQ(f.connection->Mode(), "aead_xchacha20_poly1305_rtpsize");
    f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>("abc"), 3);
    ASSERT_FALSE(f.UdpSent().empty());
    EXPECT_EQ(f.OpenSent(f.UdpSent().back()).value_or("?"), std::string("abc"));
  }
}

TEST(VoiceConnection, NoCommonModeIsMediaFailed) {
  VoiceFixture f;
  f.ToReady(R"(["xsalsa20_poly1305","aead_aes256_gcm"])");
  EXPECT_EQ(f.listener.signaling_ready, 1);
  ASSERT_EQ(f.listener.lost.size(), 1u);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::MediaFailed));
  EXPECT_EQ(f.listener.lost[0].code, 0);
  EXPECT_NE(f.listener.lost[0].detail.find("xsalsa20_poly1305"), std::string::npos);
  EXPECT_TRUE(f.WsClosed(f.ws()));
  EXPECT_TRUE(f.h.platform->udp_opened.empty());
  EXPECT_TRUE(f.SentOp(1).empty());
}

TEST(VoiceConnection, DiscoveryTriesThreeTimesOneSecondApartThenMediaFailed) {
  VoiceFixture f;
  f.ToReady();
  f.events().OnUdpOpen(f.udp(), 40000);
  EXPECT_EQ(f.UdpSent().size(), 1u);
  f.h.platform->Advance(999);
  EXPECT_EQ(f.UdpSent().size(), 1u);
  f.h.platform->Advance(1);
  EXPECT_EQ(f.UdpSent().size(), 2u);
  f.h.platform->Advance(1000);
  EXPECT_EQ(f.UdpSent().size(), 3u);
  EXPECT_TRUE(f.listener.lost.empty());
  f.h.platform->Advance(1000);
  EXPECT_EQ(f.UdpSent().size(), 3u) << "three tries, no fourth";
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::MediaFailed));
  EXPECT_TRUE(f.UdpClosed(f.udp()));
  EXPECT_TRUE(f.WsClosed(f.ws()));
}

TEST(VoiceConnection, AnAnswerToTheSecondTryIsEnough) {
  VoiceFixture f;
  f.ToReady();
  f.events().OnUdpOpen(f.udp(), 40000);
  f.h.platform->Advance(1000);
  f.Datagram(f.DiscoveryAnswer());
  f.h.platform->Advance(10'000);
  EXPECT_TRUE(f.listener.lost.empty());
  EXPECT_EQ(f.SentOp(1).size(), 1u);
}

TEST(VoiceConnection, HeartbeatsCarrySeqAckOfTheLastNumberedMessage) {
  VoiceFixture f;
  f.ToMediaReady();
  f.h.platform->Advance(5000);
  auto first = f.LastSentOp(3);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->Root()["d"]["seq_ack"].Int().value_or(99), -1);
  EXPECT_TRUE(first->Root()["d"]["t"].Number().has_value());
  f.ServerSays(R"({"op":6,"d":{"t":1}})");
  f.ServerSays(R"({"op":11,"d":{"user_ids":["7"]},"seq":1})");
  f.ServerMapsSsrc(7, 77, 2);
  f.ServerSays(R"({"op":11,"d":{"user_ids":["8"]},"seq":3})");
  f.ServerSays(R"({"op":6,"d":{"t":2}})");  // not numbered: seq_ack stays
  f.h.platform->Advance(5000);
  auto second = f.LastSentOp(3);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->Root()["d"]["seq_ack"].Int().value_or(99), 3);
  EXPECT_EQ(f.SentOp(3).size(), 2u);
  ASSERT_EQ(f.listener.connected.size(), 2u);
  EXPECT_EQ(f.listener.connected[1][0], 8u);
  ASSERT_EQ(f.listener.speaking.size(), 1u);
  EXPECT_EQ(f.listener.speaking[0].user_id, 7u);
  EXPECT_EQ(f.listener.speaking[0].ssrc, 77u);
}

TEST(VoiceConnection, ThreeMissedAcksAreAResumableLoss) {
  VoiceFixture f;
  f.ToMediaReady();
  for (int i = 0; i < 3; ++i) {
    f.h.platform->Advance(5000);
    EXPECT_TRUE(f.listener.lost.empty()) << "beat " << i;
  }
  EXPECT_EQ(f.SentOp(3).size(), 3u);
  f.h.platform->Advance(5000);
  ASSERT_EQ(f.listener.lost.size(), 1u);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Resumable));
  EXPECT_EQ(f.listener.lost[0].code, 0);
  EXPECT_TRUE(f.WsClosed(f.ws()));
  EXPECT_FALSE(f.UdpClosed(f.udp())) << "UDP still works: kept for the resume";
}

TEST(VoiceConnection, AckedHeartbeatsKeepTheConnection) {
  VoiceFixture f;
  f.ToMediaReady();
  // Alone in the call: only keep-alive echoes come back, 20 ms after each keep-alive, so 5 s
  // apart — exactly the silence limit, which must not count as a dead path.
  f.h.platform->Advance(20);
  f.Datagram(std::vector<uint8_t>(8, 0));
  for (int i = 0; i < 10; ++i) {
    f.h.platform->Advance(4980);
    f.ServerSays(R"({"op":6,"d":{"t":0}})");
    f.h.platform->Advance(20);
    f.Datagram(std::vector<uint8_t>(8, 0));
  }
  EXPECT_TRUE(f.listener.lost.empty());
  EXPECT_EQ(f.SentOp(3).size(), 10u);
}

TEST(VoiceConnection, ResumeSendsOpSevenWithSeqAckAndKeepsAWorkingUdpPath) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerMapsSsrc(7, 77, 4);
  const PlatformId old_ws = f.ws();
  const PlatformId udp = f.udp();
  f.ServerCloses(1006);
  ASSERT_EQ(f.listener.lost.size(), 1u);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Resumable));
  EXPECT_EQ(f.listener.lost[0].code, 1006);

  f.connection->Resume();
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 2u);
  EXPECT_NE(f.ws(), old_ws);
  EXPECT_EQ(f.h.platform->sockets_opened.back().second, std::string("wss://127.0.0.1:50001/?v=8"));
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  EXPECT_TRUE(f.SentOp(0).empty()) << "no Identify on a resume";
  auto resume = f.LastSentOp(7);
  ASSERT_TRUE(resume);
  auto d = resume->Root()["d"];
  EXPECT_EQ(d["server_id"].String().value_or(""), std::string_view("111"));
  EXPECT_EQ(d["session_id"].String().value_or(""), std::string_view("main-session-1"));
  EXPECT_EQ(d["token"].String().value_or(""), std::string_view(VoiceFixture::kToken));
  EXPECT_EQ(d["seq_ack"].Int().value_or(-9), 4);

  f.ServerSays(R"({"op":9,"d":null})");
  f.ServerMapsSsrc(7, 77, 4);  // a replay of what was seen: dropped
  f.ServerSays(R"({"op":11,"d":{"user_ids":["9"]},"seq":5})");
  EXPECT_EQ(f.listener.resumed, 1);
  EXPECT_EQ(f.listener.speaking.size(), 1u);
  EXPECT_EQ(f.listener.connected.size(), 1u);
  EXPECT_EQ(f.h.platform->udp_opened.size(), 1u) << "the UDP path was kept";
  EXPECT_FALSE(f.UdpClosed(udp));
  EXPECT_TRUE(f.connection->IsMediaReady());
  f.Datagram(f.ServerPacket(77, 1, 2, "after"));
  ASSERT_EQ(f.listener.opus_received.size(), 1u);
  EXPECT_EQ(f.listener.opus_received[0].payload, std::string("after"));
}

TEST(VoiceConnection, UdpSilentFiveSecondsAfterEchoesIsResumableAndTheResumeRediscovers) {
  VoiceFixture f;
  f.ToMediaReady();
  f.Datagram(std::vector<uint8_t>(8, 0));  // the server echoes keep-alives
  const PlatformId old_udp = f.udp();
  f.h.platform->Advance(5000);  // the next keep-alive goes out; no echo comes
  f.ServerSays(R"({"op":6,"d":{"t":0}})");
  f.h.platform->Advance(999);
  EXPECT_TRUE(f.listener.lost.empty()) << "the latest keep-alive had under a second";
  f.h.platform->Advance(1);
  ASSERT_EQ(f.listener.lost.size(), 1u);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Resumable));
  EXPECT_TRUE(f.UdpClosed(old_udp));
  EXPECT_FALSE(f.connection->IsMediaReady());

  f.connection->Resume();
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  f.ServerSays(R"({"op":9,"d":null})");
  EXPECT_EQ(f.listener.resumed, 1);
  ASSERT_EQ(f.h.platform->udp_opened.size(), 2u) << "a new UDP socket";
  f.Discover();
  EXPECT_EQ(f.SentOp(1).size(), 1u) << "Select Protocol again";
  f.key.bytes[0] ^= 0xFF;  // the server picks a new key
  f.ServerSays(f.SessionDescription("aead_aes256_gcm_rtpsize"));
  EXPECT_EQ(f.listener.media_ready, 2);
  EXPECT_TRUE(f.connection->IsMediaReady());
}

TEST(VoiceConnection, WithoutEchoesSilenceIsNoEvidence) {
  VoiceFixture f;
  f.ToMediaReady();
  for (int i = 0; i < 6; ++i) {
    f.h.platform->Advance(5000);
    f.ServerSays(R"({"op":6,"d":{"t":0}})");
  }
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(VoiceConnection, EveryCloseCodeIsClassifiedOnceConnected) {
  struct Row {
    int32_t code;
    VoiceLoss loss;
  };
  const Row rows[] = {{1000, VoiceLoss::Resumable}, {1001, VoiceLoss::Resumable}, {1006, VoiceLoss::Resumable},
                      {4015, VoiceLoss::Resumable}, {4006, VoiceLoss::Rejoin},     {4009, VoiceLoss::Rejoin},
                      {4004, VoiceLoss::Refused},   {4011, VoiceLoss::Refused},    {4016, VoiceLoss::Refused},
                      {4017, VoiceLoss::Refused},   {4014, VoiceLoss::Terminated}, {4021, VoiceLoss::Terminated},
                      {4022, VoiceLoss::Terminated}, {4001, VoiceLoss::Rejoin},    {4002, VoiceLoss::Rejoin},
                      {4003, VoiceLoss::Rejoin},    {4005, VoiceLoss::Rejoin},     {4012, VoiceLoss::Rejoin},
                      {4020, VoiceLoss::Rejoin}};
  for (const auto& row : rows) {
    VoiceFixture f;
    f.ToMediaReady();
    f.ServerCloses(row.code, "why");
    ASSERT_EQ(f.listener.lost.size(), 1u) << row.code;
    EXPECT_EQ(LossOf(f.listener), Loss(row.loss)) << row.code;
    EXPECT_EQ(f.listener.lost[0].code, row.code);
    const bool udp_kept = row.loss == VoiceLoss::Resumable;
    EXPECT_EQ(f.UdpClosed(f.udp()), !udp_kept) << row.code;
    EXPECT_EQ(f.connection->IsMediaReady(), udp_kept) << row.code;
  }
}

TEST(VoiceConnection, RefusalsBeforeReadyAreRefusedAndProtocolErrorsToo) {
  for (int32_t code : {4004, 4011, 4016, 4017, 4001, 4002, 4003, 4005, 4012, 4020}) {
    VoiceFixture f;
    f.connection->Connect(VoiceFixture::Info());
    f.events().OnWebSocketOpen(f.ws());
    f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
    f.ServerCloses(code);
    EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Refused)) << code;
    EXPECT_EQ(f.h.platform->sockets_opened.size(), 1u) << code << ": no retry";
  }
}

TEST(VoiceConnection, AResumeRefusedIsAFullRejoin) {
  for (int32_t code : {4006, 4004}) {
    VoiceFixture f;
    f.ToMediaReady();
    f.ServerCloses(1006);
    f.connection->Resume();
    f.events().OnWebSocketOpen(f.ws());
    f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
    f.ServerCloses(code);
    ASSERT_EQ(f.listener.lost.size(), 2u);
    EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Rejoin)) << code;
  }
}

TEST(VoiceConnection, ThreeFailedConnectsBeforeReadyAreRefused) {
  VoiceFixture f;
  f.connection->Connect(VoiceFixture::Info());
  f.ServerCloses(1006);
  EXPECT_TRUE(f.listener.lost.empty());
  f.h.platform->Advance(1000);
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 2u);
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  f.ServerCloses(4015);
  EXPECT_TRUE(f.listener.lost.empty());
  f.h.platform->Advance(1999);
  EXPECT_EQ(f.h.platform->sockets_opened.size(), 2u);
  f.h.platform->Advance(1);
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 3u);
  // The third attempt never gets Ready: the handshake times out.
  f.events().OnWebSocketOpen(f.ws());
  f.h.platform->Advance(10'000);
  ASSERT_EQ(f.listener.lost.size(), 1u);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Refused));
  EXPECT_TRUE(f.WsClosed(f.ws()));
  f.h.platform->Advance(60'000);
  EXPECT_EQ(f.h.platform->sockets_opened.size(), 3u);
}

TEST(VoiceConnection, ClientsComeAndGo) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerSays(R"({"op":11,"d":{"user_ids":["7","8"]},"seq":1})");
  f.ServerMapsSsrc(7, 77, 2);
  f.ServerSays(R"({"op":13,"d":{"user_id":"7"},"seq":3})");
  ASSERT_EQ(f.listener.connected.size(), 1u);
  EXPECT_EQ(f.listener.connected[0], (std::vector<uint64_t>{7, 8}));
  ASSERT_EQ(f.listener.disconnected.size(), 1u);
  EXPECT_EQ(f.listener.disconnected[0], 7u);
  f.Datagram(f.ServerPacket(77, 1, 1, "gone"));
  EXPECT_TRUE(f.listener.opus_received.empty()) << "its SSRC left with it";
  EXPECT_EQ(f.connection->Stats().unknown_ssrc, 1u);
}

TEST(VoiceConnection, SpeakingGoesOutWithOurSsrcAndMicrophoneFlag) {
  VoiceFixture f;
  f.ToMediaReady();
  f.connection->SetSpeaking(true);
  auto on = f.LastSentOp(5);
  ASSERT_TRUE(on);
  EXPECT_EQ(on->Root()["d"]["speaking"].Int().value_or(-1), 1);
  EXPECT_EQ(on->Root()["d"]["ssrc"].Int().value_or(-1), VoiceFixture::kSsrc);
  EXPECT_EQ(on->Root()["d"]["delay"].Int().value_or(-1), 0);
  f.connection->SetSpeaking(false);
  auto off = f.LastSentOp(5);
  ASSERT_TRUE(off);
  EXPECT_EQ(off->Root()["d"]["speaking"].Int().value_or(-1), 0);
}

TEST(VoiceConnection, CloseEndsEverythingAndNothingIsHeardAfter) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerMapsSsrc(7, 77, 1);
  const PlatformId ws = f.ws();
  const PlatformId udp = f.udp();
  const size_t calls = f.listener.Calls();
  f.connection->Close();
  ASSERT_FALSE(f.h.platform->sockets_closed.empty());
  EXPECT_EQ(f.h.platform->sockets_closed.back().first, ws);
  EXPECT_EQ(f.h.platform->sockets_closed.back().second, 1000);
  EXPECT_TRUE(f.UdpClosed(udp));
  EXPECT_FALSE(f.connection->IsMediaReady());
  EXPECT_STREQ(f.connection->Mode(), "");
  // Late events for the old ids reach nobody; timers are gone.
  f.events().OnWebSocketMessage(ws, R"({"op":13,"d":{"user_id":"7"},"seq":2})");
  f.events().OnWebSocketClosed(ws, 4014, "");
  auto packet = f.ServerPacket(77, 1, 1, "late");
  f.events().OnUdpMessage(udp, packet.data(), packet.size(), "127.0.0.1", 50001);
  f.h.platform->Advance(60'000);
  EXPECT_EQ(f.listener.Calls(), calls);
  f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>("x"), 1);
  f.connection->Resume();
  EXPECT_EQ(f.h.platform->sockets_opened.size(), 1u);
  EXPECT_EQ(f.h.platform->PendingTimers(), 0u);
}

TEST(VoiceConnection, TheListenerMayDestroyTheConnectionWhenToldItIsLost) {
  VoiceFixture f;
  f.ToMediaReady();
  f.listener.on_lost = [&] { f.connection.reset(); };
  f.ServerCloses(4014);
  EXPECT_EQ(f.connection, nullptr);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Terminated));
  f.h.platform->Advance(60'000);
}

TEST(VoiceConnection, TheListenerMayResumeFromInsideTheLossCallback) {
  VoiceFixture f;
  f.ToMediaReady();
  f.listener.on_lost = [&] { f.connection->Resume(); };
  f.ServerCloses(4015);
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 2u);
  f.listener.on_lost = nullptr;
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  EXPECT_EQ(f.SentOp(7).size(), 1u);
  f.ServerSays(R"({"op":9,"d":null})");
  EXPECT_EQ(f.listener.resumed, 1);
  EXPECT_TRUE(f.connection->IsMediaReady());
}

TEST(VoiceConnection, ResumeWithoutASessionIdentifiesAfresh) {
  VoiceFixture f;
  f.connection->Connect(VoiceFixture::Info());
  f.connection->Resume();
  ASSERT_EQ(f.h.platform->sockets_opened.size(), 2u);
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  EXPECT_EQ(f.SentOp(0).size(), 1u);
  EXPECT_TRUE(f.SentOp(7).empty());
}

TEST(VoiceConnection, SpeakingAskedBeforeReadyGoesOutAtReady) {
  VoiceFixture f;
  f.connection->Connect(VoiceFixture::Info());
  f.connection->SetSpeaking(true);
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  EXPECT_TRUE(f.SentOp(5).empty());
  f.ServerSays(R"({"op":2,"d":{"ssrc":4242,"ip":"127.0.0.1","port":50001,"modes":["aead_aes256_gcm_rtpsize"]}})");
  auto speaking = f.LastSentOp(5);
  ASSERT_TRUE(speaking);
  EXPECT_EQ(speaking->Root()["d"]["speaking"].Int().value_or(0), 1);
  EXPECT_EQ(speaking->Root()["d"]["ssrc"].Int().value_or(0), 4242);
}

TEST(VoiceConnection, ConnectAgainIsAFreshSession) {
  VoiceFixture f;
  f.ToMediaReady();
  f.ServerMapsSsrc(7, 77, 9);
  f.ServerCloses(4006);
  EXPECT_EQ(LossOf(f.listener), Loss(VoiceLoss::Rejoin));
  auto info = VoiceFixture::Info();
  info.token = "another-voice-token-987654";
  f.connection->Connect(info);
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  auto identify = f.LastSentOp(0);
  ASSERT_TRUE(identify);
  EXPECT_EQ(identify->Root()["d"]["token"].String().value_or(""), std::string_view("another-voice-token-987654"));
  f.h.platform->Advance(5000);
  auto beat = f.LastSentOp(3);
  ASSERT_TRUE(beat);
  EXPECT_EQ(beat->Root()["d"]["seq_ack"].Int().value_or(99), -1) << "numbering starts over";
}

}  // namespace
}  // namespace sdkpp::voice::testing
