// A voice connection over the feature harness, with the voice server's side scripted by the
// test: the gateway socket's frames go in through the platform's events and what the
// connection sent is read back from the scripted platform; UDP datagrams likewise. Packets the
// "server" sends are sealed here, independently of the code under test.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "feature_harness.h"
#include "json/json.h"
#include "test_aead.h"
#include "voice/net/ip_discovery.h"
#include "voice/net/transport_crypto.h"
#include "voice/net/voice_connection.h"

namespace sdkpp::voice::testing {

struct RecordingListener : VoiceConnectionListener {
  struct Speaking {
    uint64_t user_id;
    uint32_t ssrc;
    uint32_t flags;
  };
  struct Opus {
    uint64_t user_id;
    uint16_t sequence;
    uint32_t timestamp;
    std::string payload;
  };
  struct Lost {
    VoiceLoss loss;
    int32_t code;
    std::string detail;
  };

  void OnSignalingReady() override { ++signaling_ready; }
  void OnMediaReady() override { ++media_ready; }
  void OnResumed() override { ++resumed; }
  void OnUsersConnected(const std::vector<uint64_t>& ids) override { connected.push_back(ids); }
  void OnUserDisconnected(uint64_t id) override { disconnected.push_back(id); }
  void OnUserSpeaking(uint64_t id, uint32_t ssrc, uint32_t flags) override { speaking.push_back({id, ssrc, flags}); }
  void OnOpusReceived(uint64_t id, uint16_t sequence, uint32_t timestamp, const uint8_t* opus, size_t size) override {
    opus_received.push_back({id, sequence, timestamp, std::string(reinterpret_cast<const char*>(opus), size)});
  }
  void OnConnectionLost(VoiceLoss loss, int32_t code, const std::string& detail) override {
    lost.push_back({loss, code, detail});
    if (on_lost) on_lost();
  }
  void OnDaveUnavailable(const std::string& reason) override { dave_unavailable.push_back(reason); }
  size_t Calls() const {
    size_t all = static_cast<size_t>(signaling_ready + media_ready + resumed);
    return all + connected.size() + disconnected.size() + speaking.size() + opus_received.size() + lost.size();
  }

  int signaling_ready = 0;
  int media_ready = 0;
  int resumed = 0;
  std::vector<std::vector<uint64_t>> connected;
  std::vector<uint64_t> disconnected;
  std::vector<Speaking> speaking;
  std::vector<Opus> opus_received;
  std::vector<Lost> lost;
  std::vector<std::string> dave_unavailable;
  std::function<void()> on_lost;
};

inline int LossOf(const RecordingListener& listener) {
  return listener.lost.empty() ? -1 : static_cast<int>(listener.lost.back().loss);
}
inline int Loss(VoiceLoss loss) { return static_cast<int>(loss); }

inline int OpOf(const std::string& frame) {
  auto document = json::Document::Parse(frame);
  if (!document) return -1;
  return static_cast<int>(document->Root()["op"].Int().value_or(-1));
}

struct VoiceFixture {
  static constexpr const char* kToken = "voice-token-S3CRET-0123456789";
  static constexpr const char* kServerIp = "127.0.0.1";
  static constexpr uint16_t kServerPort = 50001;
  static constexpr uint32_t kSsrc = 4242;
  static constexpr const char* kBothModes = R"(["aead_aes256_gcm_rtpsize","aead_xchacha20_poly1305_rtpsize"])";

  sdkpp::testing::FeatureHarness h;
  RecordingListener listener;
  std::unique_ptr<VoiceConnection> connection = CreateVoiceConnection(h.context, listener);
  SecretKey key = [] {
    SecretKey k;
    for (size_t i = 0; i < k.bytes.size(); ++i) k.bytes[i] = static_cast<uint8_t>(0xC0 + i);
    return k;
  }();
  TransportMode mode = TransportMode::Aes256GcmRtpSize;
  uint32_t server_counter = 0;

  static VoiceJoinInfo Info() {
    VoiceJoinInfo info;
    info.endpoint = "127.0.0.1:50001";
    info.secure = true;
    info.token = kToken;
    info.session_id = "main-session-1";
    info.server_id = 111;
    info.channel_id = 111;
    info.user_id = 222;
    return info;
  }

  PlatformEvents& events() { return *h.platform->events(); }
  PlatformId ws() const { return h.platform->sockets_opened.back().first; }
  std::vector<std::string>& Sent() { return h.platform->socket_sent[ws()]; }
  std::vector<std::string> SentOp(int op) {
    std::vector<std::string> frames;
    for (const auto& frame : Sent()) {
      if (OpOf(frame) == op) frames.push_back(frame);
    }
    return frames;
  }
  std::optional<json::Document> LastSentOp(int op) {
    auto frames = SentOp(op);
    if (frames.empty()) return std::nullopt;
    return json::Document::Parse(frames.back());
  }
  void ServerSays(const std::string& text) { events().OnWebSocketMessage(ws(), text); }
  void ServerCloses(int32_t code, const std::string& reason = "") { events().OnWebSocketClosed(ws(), code, reason); }
  bool WsClosed(PlatformId socket) const {
    for (auto& [id, code] : h.platform->sockets_closed) {
      if (id == socket) return true;
    }
    return false;
  }

  PlatformId udp() const { return h.platform->udp_opened.back().socket; }
  std::vector<std::string>& UdpSent() { return h.platform->udp_sent[udp()]; }
  bool UdpClosed(PlatformId socket) const {
    for (auto id : h.platform->udp_closed) {
      if (id == socket) return true;
    }
    return false;
  }
  void Datagram(const uint8_t* data, size_t size, const std::string& host = kServerIp, uint16_t port = kServerPort) {
    events().OnUdpMessage(udp(), data, size, host, port);
  }
  void Datagram(const std::vector<uint8_t>& bytes, const std::string& host = kServerIp, uint16_t port = kServerPort) {
    Datagram(bytes.data(), bytes.size(), host, port);
  }

  // ws opened, Hello, Identify, Ready.
  void ToReady(const std::string& modes = kBothModes, uint64_t heartbeat_ms = 5000) {
    connection->Connect(Info());
    events().OnWebSocketOpen(ws());
    ServerSays(R"({"op":8,"d":{"heartbeat_interval":)" + std::to_string(heartbeat_ms) + "}}");
    ServerSays(R"({"op":2,"d":{"ssrc":)" + std::to_string(kSsrc) + R"(,"ip":"127.0.0.1","port":50001,"modes":)" + modes + "}}");
  }
  std::vector<uint8_t> DiscoveryAnswer(const std::string& address = "198.51.100.4", uint16_t port = 40000) {
    std::vector<uint8_t> answer(kDiscoveryBytes, 0);
    answer[1] = 2;
    answer[3] = 70;
    for (int i = 0; i < 4; ++i) answer[4 + i] = static_cast<uint8_t>(kSsrc >> (24 - 8 * i));
    std::copy(address.begin(), address.end(), answer.begin() + 8);
    answer[72] = static_cast<uint8_t>(port >> 8);
    answer[73] = static_cast<uint8_t>(port);
    return answer;
  }
  // UDP opened, discovery answered (Select Protocol goes out).
  void Discover() {
    events().OnUdpOpen(udp(), 40000);
    Datagram(DiscoveryAnswer());
  }
  std::string SessionDescription(const char* mode_name) const {
    std::string text = R"({"op":4,"d":{"mode":")" + std::string(mode_name) + R"(","secret_key":[)";
    for (size_t i = 0; i < key.bytes.size(); ++i) text += (i ? "," : "") + std::to_string(key.bytes[i]);
    return text + R"(],"dave_protocol_version":0,"audio_codec":"opus","video_codec":null}})";
  }
  void ToMediaReady(const std::string& modes = kBothModes) {
    ToReady(modes);
    Discover();
    ServerSays(SessionDescription(ModeName(mode)));
  }
  // The server's Speaking: `ssrc` belongs to `user_id`.
  void ServerMapsSsrc(uint64_t user_id, uint32_t ssrc, int seq) {
    ServerSays(R"({"op":5,"d":{"user_id":")" + std::to_string(user_id) + R"(","ssrc":)" + std::to_string(ssrc) +
               R"(,"speaking":1},"seq":)" + std::to_string(seq) + "}");
  }

  // A media packet from `ssrc`, sealed here under `key` the way a server does.
  std::vector<uint8_t> ServerPacket(uint32_t ssrc, uint16_t sequence, uint32_t timestamp, const std::string& payload,
                                    std::vector<uint8_t> header_extra = {}, uint8_t first_byte = 0x80,
                                    std::vector<uint8_t> plaintext_prefix = {}, std::vector<uint8_t> padding = {}) {
    std::vector<uint8_t> header = {first_byte, 0x78, static_cast<uint8_t>(sequence >> 8), static_cast<uint8_t>(sequence)};
    for (int i = 0; i < 4; ++i) header.push_back(static_cast<uint8_t>(timestamp >> (24 - 8 * i)));
    for (int i = 0; i < 4; ++i) header.push_back(static_cast<uint8_t>(ssrc >> (24 - 8 * i)));
    header.insert(header.end(), header_extra.begin(), header_extra.end());
    std::vector<uint8_t> plaintext = plaintext_prefix;
    plaintext.insert(plaintext.end(), payload.begin(), payload.end());
    plaintext.insert(plaintext.end(), padding.begin(), padding.end());
    const bool gcm = mode == TransportMode::Aes256GcmRtpSize;
    const uint32_t counter = ++server_counter;
    uint8_t nonce[24] = {static_cast<uint8_t>(counter >> 24), static_cast<uint8_t>(counter >> 16),
                         static_cast<uint8_t>(counter >> 8), static_cast<uint8_t>(counter)};
    std::vector<uint8_t> packet = header;
    packet.resize(header.size() + plaintext.size() + 16);
    sdkpp::testing::TestAeadSeal(gcm ? AeadAlgorithm::Aes256Gcm : AeadAlgorithm::XChaCha20Poly1305, key.bytes.data(), nonce,
                                 gcm ? 12 : 24, header.data(), header.size(), plaintext.data(), plaintext.size(),
                                 packet.data() + header.size());
    packet.insert(packet.end(), nonce, nonce + 4);
    return packet;
  }

  // Opens a packet the connection sent, independently; nullopt if it does not authenticate.
  std::optional<std::string> OpenSent(const std::string& packet) {
    if (packet.size() < 12 + 20) return std::nullopt;
    const bool gcm = mode == TransportMode::Aes256GcmRtpSize;
    uint8_t nonce[24] = {};
    std::copy(packet.end() - 4, packet.end(), nonce);
    std::string plain(packet.size() - 12 - 20, '\0');
    auto* bytes = reinterpret_cast<const uint8_t*>(packet.data());
    if (!sdkpp::testing::TestAeadOpen(gcm ? AeadAlgorithm::Aes256Gcm : AeadAlgorithm::XChaCha20Poly1305, key.bytes.data(),
                                      nonce, gcm ? 12 : 24, bytes, 12, bytes + 12, packet.size() - 12 - 4,
                                      reinterpret_cast<uint8_t*>(plain.data()))) {
      return std::nullopt;
    }
    return plain;
  }
};

}  // namespace sdkpp::voice::testing
