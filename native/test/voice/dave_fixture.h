// A voice connection whose platform has DAVE (a ScriptedDaveSession over a DaveScript the test
// keeps), with the voice server's DAVE messages scripted: JSON ops 21, 22, 24 and binary ops
// 25, 27, 29, 30 go in numbered; what the connection answered (ops 23, 26, 28, 31) is read back
// from the scripted platform. One remote member, kFriend, speaks on kFriendSsrc.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "framework/test.h"
#include "scripted_dave_session.h"
#include "voice_connection_fixture.h"

namespace sdkpp::voice::testing {

struct DaveFixture : VoiceFixture {
  static constexpr uint64_t kMe = 222;       // Info().user_id
  static constexpr uint64_t kChannel = 111;  // Info().channel_id: the lobby id
  static constexpr uint64_t kFriend = 333;
  static constexpr uint32_t kFriendSsrc = 5555;

  std::shared_ptr<sdkpp::testing::DaveScript> script = std::make_shared<sdkpp::testing::DaveScript>();
  int seq = 1;  // the server's message numbers, JSON and binary alike
  uint16_t friend_sequence = 100;
  uint32_t friend_timestamp = 48'000;
  uint32_t audio_timestamp = 0;

  DaveFixture() { h.platform->dave = script; }

  std::string DaveSessionDescription(int version) const {
    std::string text = SessionDescription(ModeName(mode));
    const std::string zero = "\"dave_protocol_version\":0";
    text.replace(text.find(zero), zero.size(), "\"dave_protocol_version\":" + std::to_string(version));
    return text;
  }
  void ToDaveMediaReady(int version = 1) {
    ToReady();
    Discover();
    ServerSays(DaveSessionDescription(version));
  }

  // Moves the fake clock while the server keeps acknowledging heartbeats (the windows under
  // test are longer than three heartbeat intervals).
  void Wait(uint64_t ms) {
    for (uint64_t waited = 0; waited < ms;) {
      const uint64_t step = ms - waited < 1000 ? ms - waited : 1000;
      h.platform->Advance(step);
      waited += step;
      ServerSays(R"({"op":6,"d":{"t":0}})");
    }
  }
  void ServerJson(int op, const std::string& d) {
    ServerSays(R"({"op":)" + std::to_string(op) + R"(,"d":)" + d + R"(,"seq":)" + std::to_string(seq++) + "}");
  }
  void ServerBinary(uint8_t op, const std::string& payload) {
    std::string bytes;
    bytes += static_cast<char>((seq >> 8) & 0xFF);
    bytes += static_cast<char>(seq & 0xFF);
    ++seq;
    bytes += static_cast<char>(op);
    bytes += payload;
    events().OnWebSocketBinary(ws(), bytes);
  }
  static std::string Transition(uint16_t id, const std::string& body) {
    return std::string{static_cast<char>(id >> 8), static_cast<char>(id & 0xFF)} + body;
  }
  void PrepareTransition(int version, int id) {
    ServerJson(21, R"({"protocol_version":)" + std::to_string(version) + R"(,"transition_id":)" + std::to_string(id) + "}");
  }
  void ExecuteTransition(int id) { ServerJson(22, R"({"transition_id":)" + std::to_string(id) + "}"); }
  void PrepareEpoch(int version, int epoch) {
    ServerJson(24, R"({"protocol_version":)" + std::to_string(version) + R"(,"epoch":)" + std::to_string(epoch) + "}");
  }
  void FriendConnects() { ServerJson(11, R"({"user_ids":[")" + std::to_string(kFriend) + R"("]})"); }

  std::vector<std::string>& BinarySent() { return h.platform->socket_binary_sent[ws()]; }
  // The transition ids of the op 23 (or op 31) messages sent, oldest first.
  std::vector<int64_t> TransitionIdsSent(int op) {
    std::vector<int64_t> ids;
    for (const auto& frame : SentOp(op)) {
      auto document = json::Document::Parse(frame);
      ids.push_back(document ? document->Root()["d"]["transition_id"].Int().value_or(-1) : -1);
    }
    return ids;
  }

  // op 25, the friend connected, op 27, our commit announced back (op 29 with `transition`)
  // and, unless it is 0, executed (op 22): a group at epoch 1 with version 1 in effect.
  void EstablishGroup(uint16_t transition = 7) {
    ServerBinary(25, "EXTSENDER");
    FriendConnects();
    ServerBinary(27, std::string("\x00", 1) + "PROPOSALS");
    ServerBinary(29, Transition(transition, "COMMIT"));
    if (transition != 0) ExecuteTransition(transition);
  }

  // --- media
  void FriendSpeaks() { ServerMapsSsrc(kFriend, kFriendSsrc, seq++); }
  void FriendSends(const std::string& frame) {
    Datagram(ServerPacket(kFriendSsrc, friend_sequence++, friend_timestamp, frame));
    friend_timestamp += 960;
  }
  size_t Received() const { return listener.opus_received.size(); }
  std::string LastReceived() const { return listener.opus_received.empty() ? "" : listener.opus_received.back().payload; }
  // Sends one frame and returns the RTP payload the connection put on the wire, opened with the
  // transport key by the harness's own AEAD ("?" when it did not authenticate, "" if nothing went).
  std::string SendAndOpen(const std::string& opus) {
    const size_t before = UdpSent().size();
    connection->SendOpus(audio_timestamp, reinterpret_cast<const uint8_t*>(opus.data()), opus.size());
    audio_timestamp += 960;
    if (UdpSent().size() == before) return "";
    return OpenSent(UdpSent().back()).value_or("?");
  }

  bool Logged(const std::string& text) {
    sdkpp::testing::Pump();
    for (const auto& line : h.logs) {
      if (line.find(text) != std::string::npos) return true;
    }
    return false;
  }
  int CountLogged(const std::string& text) {
    sdkpp::testing::Pump();
    int n = 0;
    for (const auto& line : h.logs) n += line.find(text) != std::string::npos ? 1 : 0;
    return n;
  }
};

}  // namespace sdkpp::voice::testing
