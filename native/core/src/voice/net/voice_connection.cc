// One call's voice connection (docs/protocols/voice-gateway.md): the gateway socket (Hello, Identify or Resume,
// heartbeats with seq_ack, the numbered messages), the UDP socket (discovery, keep-alive,
// watchdog) and the media transport, as one state machine on the JS thread. It never decides
// to rejoin or give up a call: it classifies a loss and reports it once (OnConnectionLost).
//
// Listener calls may re-enter (Close, Resume, Connect) or even destroy this object, so every
// listener call is either the last thing a path does or followed by an `alive` check.
#include "voice/net/voice_connection.h"

#include <algorithm>
#include <array>
#include <optional>
#include <source_location>
#include <type_traits>
#include <unordered_map>
#include <variant>

#include "crypto/secure_random.h"
#include "voice/audio/audio_format.h"
#include "voice/dave/dave_binary_frames.h"
#include "voice/dave/dave_controller.h"
#include "voice/net/ip_discovery.h"
#include "voice/net/rtp_packet.h"
#include "voice/net/transport_crypto.h"
#include "voice/net/voice_close_codes.h"
#include "voice/net/voice_gateway_messages.h"

namespace sdkpp::voice {
namespace {

constexpr uint64_t kHandshakeTimeoutMs = 10'000;  // socket requested → Ready (or Resumed)
constexpr int kMaxConnectAttempts = 3;            // before Ready, then Refused
constexpr uint64_t kConnectRetryBaseMs = 1000;    // 1 s, then 2 s
constexpr int kMaxMissedAcks = 3;
constexpr uint64_t kMinHeartbeatMs = 100;
constexpr uint64_t kMaxHeartbeatMs = 600'000;
constexpr int kDiscoveryTries = 3;
constexpr uint64_t kDiscoveryRetryMs = 1000;
constexpr uint64_t kKeepAliveMs = 5000;
constexpr uint64_t kUdpSilenceMs = 5000;
// Keep-alives go out every 5 s, so with nobody talking the echoes are 5 s apart too: silence
// counts only once the latest keep-alive had this long to be echoed.
constexpr uint64_t kEchoGraceMs = 1000;
constexpr int32_t kCloseNormal = 1000;
constexpr int32_t kCloseGivenUp = 4900;  // private: our side gave the socket up (resumable)
constexpr size_t kMaxKnownSsrcs = 256;
constexpr int64_t kReplayWindow = 500;  // the emulator's replay buffer (docs/emulator.md)

// Both spellings reserve their whole length first: a buffer that grew would leave the first part
// of the key's text in the memory it freed, never wiped.
std::string KeyAsJsonArray(const SecretKey& key) {
  std::string text;
  text.reserve(2 + key.bytes.size() * 4);  // "[" + "255," per byte + "]"
  text += '[';
  for (size_t i = 0; i < key.bytes.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(key.bytes[i]);
  }
  text += ']';
  return text;
}

std::string KeyAsHex(const SecretKey& key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(key.bytes.size() * 2);
  for (uint8_t byte : key.bytes) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 0x0F];
  }
  return text;
}

class VoiceConnectionImpl final : public VoiceConnection, public SocketOwner, private DaveOutbox {
 public:
  VoiceConnectionImpl(const FeatureContext& context, VoiceConnectionListener& listener)
      : platform_(context.platform), ids_(context.ids), scheduler_(context.scheduler),
        logger_(context.logger), router_(context.sockets), listener_(listener) {}

  ~VoiceConnectionImpl() override {
    *alive_ = false;
    Shutdown();
  }

  // --- VoiceConnection
  void Connect(const VoiceJoinInfo& info) override;
  void Resume() override;
  void Close() override;
  void SetSpeaking(bool speaking) override;
  void SendOpus(uint32_t audio_timestamp, const uint8_t* opus, size_t size) override;
  bool IsMediaReady() const override { return !closed_ && media_ == Media::Ready; }
  const char* Mode() const override { return cipher_ ? ModeName(cipher_->mode()) : ""; }
  const VoiceConnectionStats& Stats() const override { return stats_; }
  VoiceEncryption Encryption() const override { return {dave_.protocol_version(), dave_.privacy_code()}; }

  // --- SocketOwner
  void OnWebSocketOpen(PlatformId socket) override;
  void OnWebSocketMessage(PlatformId socket, const std::string& text) override;
  void OnWebSocketBinary(PlatformId socket, const std::string& bytes) override;
  void OnWebSocketClosed(PlatformId socket, int32_t code, const std::string& reason) override;
  void OnUdpOpen(PlatformId socket, uint16_t local_port) override;
  void OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size, const std::string& host,
                    uint16_t port) override;
  void OnUdpClosed(PlatformId socket, const std::string& reason) override;

 private:
  // --- DaveOutbox
  void SendDaveJson(std::string frame) override { Send(std::move(frame)); }
  void SendDaveBinary(std::string frame) override {
    if (socket_ != 0) platform_.SendWebSocketBinary(socket_, std::move(frame));
  }
  void DaveUnavailable(const std::string& reason) override { listener_.OnDaveUnavailable(reason); }
  void DaveStateChanged() override {
    if (!closed_) listener_.OnEncryptionChanged();
  }

  // The gateway socket's progress.
  enum class Signal { Idle, Opening, Identifying, Resuming, Ready, Lost };
  // The UDP path's progress.
  enum class Media { None, Opening, Discovering, Selecting, Ready };

  // The caller's site: the kind of line for the log's bound (logging/line_rate_limit.h).
  void Log(LoggingSeverity severity, const std::string& message,
           std::source_location site = std::source_location::current()) {
    logger_.Log(severity, "voice: " + message, site);
  }

  // Gateway socket.
  void OpenSocket(bool resume);
  void CloseSocket(int32_t code, const std::string& reason);
  void SocketFailed(int32_t code, const std::string& detail);
  void StartHeartbeats(uint64_t interval_ms);
  void Heartbeat();
  void Send(std::string frame);
  bool SeenAlready(int64_t seq) const;
  void HandleHello(const HelloMessage& hello);
  void HandleReady(const ReadyMessage& ready);
  void HandleResumed();
  void HandleSessionDescription(const SessionDescriptionMessage& description);
  void HandleSpeaking(const SpeakingMessage& speaking);
  void HandleClientsConnect(const ClientsConnectMessage& message);
  void HandleClientDisconnect(const ClientDisconnectMessage& message);
  void SendSpeaking(bool speaking);

  // UDP and media.
  void StartMedia();
  void StopMedia();
  void SendDiscovery();
  void HandleDiscovered(const DiscoveredAddress& address);
  void SendKeepAlive();
  void ArmWatchdog(uint64_t delay_ms);
  void CheckWatchdog();
  bool UdpStillReceives() const;
  void ReceiveMedia(const uint8_t* data, size_t size);

  // Ends the connection for `loss`: sockets closed (UDP kept only for a resumable loss while it
  // still receives), the key wiped unless UDP is kept, then the listener told. The caller must
  // return right after: the listener may have destroyed this object.
  void Lose(VoiceLoss loss, int32_t code, const std::string& detail);
  void Shutdown();

  Platform& platform_;
  IdSource& ids_;
  Scheduler& scheduler_;
  logging::Logger& logger_;
  // The token and the key's spellings: forgotten (wiped) with the connection.
  logging::SecretScope log_secrets_{logger_.redactor()};
  SocketRouter& router_;
  VoiceConnectionListener& listener_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);

  VoiceJoinInfo info_;
  bool has_info_ = false;
  bool closed_ = false;

  // --- the gateway session
  Signal signal_ = Signal::Idle;
  PlatformId socket_ = 0;
  bool resuming_ = false;        // the current socket sends Resume instead of Identify
  bool identified_ = false;      // a Ready came since the last Connect: a session exists
  bool was_connected_ = false;   // media was ready once since the last Connect
  int failed_connects_ = 0;
  PlatformId handshake_timer_ = 0;
  PlatformId heartbeat_timer_ = 0;
  PlatformId retry_timer_ = 0;
  uint64_t heartbeat_interval_ms_ = 0;
  bool awaiting_ack_ = false;
  int missed_acks_ = 0;
  int64_t last_seq_ = -1;  // the last numbered message seen (−1: none)
  bool speaking_ = false;
  bool announced_ = false;  // a non-zero Speaking went out in this session

  // --- the media path
  Media media_ = Media::None;
  PlatformId udp_ = 0;
  uint32_t ssrc_ = 0;
  std::string server_ip_;
  uint16_t server_port_ = 0;
  std::optional<TransportMode> chosen_mode_;
  int discovery_tries_ = 0;
  PlatformId discovery_timer_ = 0;
  PlatformId keepalive_timer_ = 0;
  PlatformId watchdog_timer_ = 0;
  uint32_t keepalive_counter_ = 0;
  bool echoes_seen_ = false;  // the server echoes keep-alives: silence means a dead path
  uint64_t last_udp_receive_ms_ = 0;
  uint64_t last_keepalive_sent_ms_ = 0;
  std::unique_ptr<TransportCipher> cipher_;
  std::optional<RtpClock> rtp_clock_;
  std::unordered_map<uint32_t, uint64_t> users_by_ssrc_;
  std::array<uint8_t, kMaxDatagramBytes> send_buffer_{};
  std::array<uint8_t, kMaxDatagramBytes> receive_buffer_{};

  VoiceConnectionStats stats_;
  // Declared after stats_, which it counts into.
  DaveController dave_{platform_, logger_, *this, stats_};
};

// ------------------------------------------------------------------------------------------
// Lifecycle

void VoiceConnectionImpl::Connect(const VoiceJoinInfo& info) {
  if (closed_) return;
  // A new session from scratch (also the full rejoin): nothing of the old one survives.
  CloseSocket(kCloseNormal, "rejoining");
  StopMedia();
  scheduler_.Cancel(retry_timer_);
  log_secrets_.Remember(info.token);
  info_ = info;
  has_info_ = true;
  identified_ = false;
  was_connected_ = false;
  failed_connects_ = 0;
  last_seq_ = -1;
  announced_ = false;
  users_by_ssrc_.clear();
  // A new voice session starts a new DAVE group (a resume keeps it).
  dave_.Begin(info_.user_id, info_.channel_id);
  OpenSocket(false);
}

void VoiceConnectionImpl::Resume() {
  if (closed_ || !has_info_) return;
  scheduler_.Cancel(retry_timer_);
  CloseSocket(kCloseGivenUp, "resuming");
  if (!identified_) {
    // No session to resume yet: start it.
    failed_connects_ = 0;
    StopMedia();
    dave_.Begin(info_.user_id, info_.channel_id);
    OpenSocket(false);
    return;
  }
  // Keep the UDP path only when it is complete and still hears the server.
  if (media_ != Media::Ready || !UdpStillReceives()) StopMedia();
  OpenSocket(true);
}

void VoiceConnectionImpl::Close() {
  if (closed_) return;
  Log(LoggingSeverity::Info, "closed");
  Shutdown();
}

void VoiceConnectionImpl::Shutdown() {
  closed_ = true;
  CloseSocket(kCloseNormal, "call ended");
  StopMedia();
  scheduler_.Cancel(retry_timer_);
  users_by_ssrc_.clear();
  dave_.End();
}

void VoiceConnectionImpl::Lose(VoiceLoss loss, int32_t code, const std::string& detail) {
  if (closed_) return;
  std::string line = std::string("connection lost (") + VoiceLossName(loss);
  if (code != 0) line += ", close code " + std::to_string(code);
  Log(loss == VoiceLoss::Resumable ? LoggingSeverity::Warning : LoggingSeverity::Error, line + "): " + detail);
  const bool keep_udp = loss == VoiceLoss::Resumable && media_ == Media::Ready && UdpStillReceives();
  CloseSocket(kCloseGivenUp, "connection lost");
  scheduler_.Cancel(retry_timer_);
  if (!keep_udp) StopMedia();
  signal_ = Signal::Lost;
  listener_.OnConnectionLost(loss, code, detail);
}

// ------------------------------------------------------------------------------------------
// The gateway socket

void VoiceConnectionImpl::OpenSocket(bool resume) {
  resuming_ = resume;
  socket_ = ids_.Next();
  router_.Add(socket_, *this);
  signal_ = Signal::Opening;
  awaiting_ack_ = false;
  missed_acks_ = 0;
  handshake_timer_ = scheduler_.After(kHandshakeTimeoutMs, [this] {
    handshake_timer_ = 0;
    SocketFailed(0, resuming_ ? "no Resumed within 10 s" : "no Ready within 10 s");
  });
  const std::string url = std::string(info_.secure ? "wss" : "ws") + "://" + info_.endpoint + "/?v=8";
  Log(LoggingSeverity::Info, std::string(resume ? "resuming at " : "connecting to ") + url);
  platform_.OpenWebSocket(socket_, url);
}

void VoiceConnectionImpl::CloseSocket(int32_t code, const std::string& reason) {
  scheduler_.Cancel(handshake_timer_);
  scheduler_.Cancel(heartbeat_timer_);
  if (socket_ == 0) return;
  router_.Remove(socket_);
  platform_.CloseWebSocket(socket_, code, reason);
  socket_ = 0;
}

void VoiceConnectionImpl::SocketFailed(int32_t code, const std::string& detail) {
  const VoiceLoss loss = ClassifyVoiceClose(code, was_connected_, resuming_);
  if (IsProtocolErrorClose(code)) {
    Log(LoggingSeverity::Error, "the server reports a protocol error (" + std::to_string(code) + "); a bug");
  }
  if (loss == VoiceLoss::Resumable && !identified_ && !resuming_) {
    // Before Ready there is no session to resume: try again, three connects in all.
    if (++failed_connects_ >= kMaxConnectAttempts) {
      Lose(VoiceLoss::Refused, code, std::to_string(kMaxConnectAttempts) + " failed connects; the last: " + detail);
      return;
    }
    CloseSocket(kCloseGivenUp, "retrying");
    signal_ = Signal::Idle;
    const uint64_t delay = kConnectRetryBaseMs << (failed_connects_ - 1);
    Log(LoggingSeverity::Warning, "connect failed (" + detail + "); retrying in " + std::to_string(delay) + " ms");
    retry_timer_ = scheduler_.After(delay, [this] {
      retry_timer_ = 0;
      OpenSocket(false);
    });
    return;
  }
  Lose(loss, code, detail);
}

void VoiceConnectionImpl::OnWebSocketOpen(PlatformId socket) {
  if (socket != socket_) return;
  Log(LoggingSeverity::Verbose, "gateway socket open; waiting for Hello");
}

void VoiceConnectionImpl::OnWebSocketClosed(PlatformId socket, int32_t code, const std::string& reason) {
  if (socket != socket_) return;
  router_.Remove(socket_);
  socket_ = 0;
  std::string detail = "closed with " + std::to_string(code);
  if (!reason.empty()) {
    detail += ' ';
    detail.append(reason, 0, 123);  // a close reason is at most 123 bytes
  }
  SocketFailed(code, detail);
}

void VoiceConnectionImpl::Send(std::string frame) {
  if (socket_ != 0) platform_.SendWebSocket(socket_, std::move(frame));
}

bool VoiceConnectionImpl::SeenAlready(int64_t seq) const {
  if (last_seq_ < 0) return false;
  if (seq == last_seq_) return true;
  if (seq <= 0xFFFF && last_seq_ <= 0xFFFF) {
    // u16 numbers that wrap: "behind" modulo 2^16.
    const int64_t behind = (last_seq_ - seq) & 0xFFFF;
    return behind < kReplayWindow;
  }
  return seq < last_seq_ && last_seq_ - seq < kReplayWindow;
}

void VoiceConnectionImpl::OnWebSocketMessage(PlatformId socket, const std::string& text) {
  if (socket != socket_ || closed_) return;
  std::string error;
  auto message = DecodeServerMessage(text, error);
  if (!message) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped " + error);
    return;
  }
  if (message->seq) {
    if (SeenAlready(*message->seq)) {
      Log(LoggingSeverity::Verbose, "dropped a replayed message already seen (seq " + std::to_string(*message->seq) + ")");
      return;
    }
    last_seq_ = *message->seq;
  }
  std::visit(
      [this](const auto& payload) {
        using T = std::decay_t<decltype(payload)>;
        if constexpr (std::is_same_v<T, HelloMessage>) HandleHello(payload);
        else if constexpr (std::is_same_v<T, ReadyMessage>) HandleReady(payload);
        else if constexpr (std::is_same_v<T, SessionDescriptionMessage>) HandleSessionDescription(payload);
        else if constexpr (std::is_same_v<T, SpeakingMessage>) HandleSpeaking(payload);
        else if constexpr (std::is_same_v<T, HeartbeatAckMessage>) {
          awaiting_ack_ = false;
          missed_acks_ = 0;
        } else if constexpr (std::is_same_v<T, ResumedMessage>) HandleResumed();
        else if constexpr (std::is_same_v<T, ClientsConnectMessage>) HandleClientsConnect(payload);
        else if constexpr (std::is_same_v<T, ClientDisconnectMessage>) HandleClientDisconnect(payload);
        else if constexpr (std::is_same_v<T, DavePrepareTransitionMessage>) dave_.OnPrepareTransition(payload);
        else if constexpr (std::is_same_v<T, DaveExecuteTransitionMessage>) dave_.OnExecuteTransition(payload);
        else if constexpr (std::is_same_v<T, DavePrepareEpochMessage>) dave_.OnPrepareEpoch(payload);
      },
      message->payload);
}

void VoiceConnectionImpl::OnWebSocketBinary(PlatformId socket, const std::string& bytes) {
  if (socket != socket_ || closed_) return;
  // `u16 BE seq | u8 op | payload`: DAVE's MLS messages, numbered like the JSON ones.
  auto frame = bytes.size() > kMaxVoiceBinaryBytes ? std::nullopt : ParseServerBinaryFrame(bytes);
  if (!frame) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a binary message of " + std::to_string(bytes.size()) + " bytes");
    return;
  }
  if (SeenAlready(frame->seq)) {
    Log(LoggingSeverity::Verbose, "dropped a replayed binary message already seen (seq " + std::to_string(frame->seq) + ")");
    return;
  }
  last_seq_ = frame->seq;
  dave_.OnBinary(frame->op, frame->payload);
}

void VoiceConnectionImpl::HandleHello(const HelloMessage& hello) {
  if (signal_ != Signal::Opening) return;  // one Hello per socket
  StartHeartbeats(std::clamp(hello.heartbeat_interval_ms, kMinHeartbeatMs, kMaxHeartbeatMs));
  if (resuming_) {
    signal_ = Signal::Resuming;
    Send(EncodeResume(info_.server_id, info_.session_id, info_.token, last_seq_));
  } else {
    signal_ = Signal::Identifying;
    Send(EncodeIdentify(info_.server_id, info_.user_id, info_.session_id, info_.token, dave_.max_protocol_version()));
  }
}

void VoiceConnectionImpl::StartHeartbeats(uint64_t interval_ms) {
  heartbeat_interval_ms_ = interval_ms;
  awaiting_ack_ = false;
  missed_acks_ = 0;
  scheduler_.Cancel(heartbeat_timer_);
  heartbeat_timer_ = scheduler_.After(heartbeat_interval_ms_, [this] {
    heartbeat_timer_ = 0;
    Heartbeat();
  });
}

void VoiceConnectionImpl::Heartbeat() {
  if (socket_ == 0) return;
  if (awaiting_ack_ && ++missed_acks_ >= kMaxMissedAcks) {
    SocketFailed(0, std::to_string(kMaxMissedAcks) + " heartbeats without an ACK");
    return;
  }
  awaiting_ack_ = true;
  Send(EncodeHeartbeat(platform_.NowMs(), last_seq_));
  heartbeat_timer_ = scheduler_.After(heartbeat_interval_ms_, [this] {
    heartbeat_timer_ = 0;
    Heartbeat();
  });
}

void VoiceConnectionImpl::HandleReady(const ReadyMessage& ready) {
  if (signal_ != Signal::Identifying) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Ready that answers no Identify");
    return;
  }
  scheduler_.Cancel(handshake_timer_);
  signal_ = Signal::Ready;
  identified_ = true;
  failed_connects_ = 0;
  ssrc_ = ready.ssrc;
  server_ip_ = ready.ip;
  server_port_ = ready.port;
  chosen_mode_ = ChooseMode(ready.modes);
  std::array<uint8_t, 6> random{};
  if (!crypto::FillSecureRandom(random)) {
    // The RTP start values only need to be unpredictable to a passive observer; they are no
    // secret. The clock is the fallback when the OS refuses random bytes.
    const uint64_t now = platform_.NowMs();
    for (size_t i = 0; i < random.size(); ++i) random[i] = static_cast<uint8_t>(now >> (8 * i));
  }
  rtp_clock_.emplace(static_cast<uint16_t>(random[0] << 8 | random[1]),
                     uint32_t{random[2]} << 24 | uint32_t{random[3]} << 16 | uint32_t{random[4]} << 8 | random[5]);
  Log(LoggingSeverity::Info, "Ready (ssrc " + std::to_string(ssrc_) + ", media at " + server_ip_ + ":" +
                                 std::to_string(server_port_) + ")");
  auto alive = alive_;
  listener_.OnSignalingReady();
  if (!*alive || closed_ || signal_ != Signal::Ready) return;
  if (speaking_) SendSpeaking(true);
  if (!chosen_mode_) {
    std::string offered;
    for (const auto& mode : ready.modes) offered += (offered.empty() ? "" : ", ") + mode;
    Lose(VoiceLoss::MediaFailed, 0, "no common encryption mode (offered: " + (offered.empty() ? "none" : offered) + ")");
    return;
  }
  StartMedia();
}

void VoiceConnectionImpl::HandleResumed() {
  if (signal_ != Signal::Resuming) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Resumed that answers no Resume");
    return;
  }
  scheduler_.Cancel(handshake_timer_);
  signal_ = Signal::Ready;
  Log(LoggingSeverity::Info, std::string("resumed") + (media_ == Media::Ready ? "" : "; redoing IP discovery"));
  if (speaking_) SendSpeaking(true);
  auto alive = alive_;
  listener_.OnResumed();
  if (!*alive || closed_ || signal_ != Signal::Ready) return;
  if (media_ == Media::None) StartMedia();
}

void VoiceConnectionImpl::HandleSessionDescription(const SessionDescriptionMessage& description) {
  if (media_ != Media::Selecting && media_ != Media::Ready) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Session Description that answers no Select Protocol");
    return;
  }
  if (!description.mode) {
    Lose(VoiceLoss::MediaFailed, 0, "Session Description with an encryption mode sdkpp does not know");
    return;
  }
  // The key must never reach a log, in any spelling a log line could carry it.
  std::string as_json = KeyAsJsonArray(description.key);
  std::string as_hex = KeyAsHex(description.key);
  log_secrets_.Remember(as_json);
  log_secrets_.Remember(as_hex);
  WipeSecret(as_json.data(), as_json.size());
  WipeSecret(as_hex.data(), as_hex.size());
  cipher_ = std::make_unique<TransportCipher>(platform_, *description.mode, description.key);
  const bool first = media_ != Media::Ready;
  media_ = Media::Ready;
  was_connected_ = true;
  dave_.OnSessionDescription(description.dave_protocol_version);
  if (!first) {
    Log(LoggingSeverity::Info, "new session key");
    return;
  }
  Log(LoggingSeverity::Info, std::string("media ready (") + ModeName(*description.mode) + ")");
  listener_.OnMediaReady();
}

void VoiceConnectionImpl::HandleSpeaking(const SpeakingMessage& speaking) {
  if (speaking.ssrc == ssrc_ && identified_) return;  // our own, echoed
  // One SSRC per user: a user who came back with a new SSRC loses the old one.
  for (auto it = users_by_ssrc_.begin(); it != users_by_ssrc_.end();) {
    it = (it->second == speaking.user_id && it->first != speaking.ssrc) ? users_by_ssrc_.erase(it) : std::next(it);
  }
  if (!users_by_ssrc_.contains(speaking.ssrc) && users_by_ssrc_.size() >= kMaxKnownSsrcs) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Speaking: already " + std::to_string(kMaxKnownSsrcs) + " SSRCs known");
    return;
  }
  users_by_ssrc_[speaking.ssrc] = speaking.user_id;
  listener_.OnUserSpeaking(speaking.user_id, speaking.ssrc, speaking.flags);
}

void VoiceConnectionImpl::HandleClientsConnect(const ClientsConnectMessage& message) {
  if (message.user_ids.empty()) return;
  dave_.OnUsersConnected(message.user_ids);
  listener_.OnUsersConnected(message.user_ids);
}

void VoiceConnectionImpl::HandleClientDisconnect(const ClientDisconnectMessage& message) {
  std::erase_if(users_by_ssrc_, [&](const auto& entry) { return entry.second == message.user_id; });
  dave_.OnUserDisconnected(message.user_id);
  listener_.OnUserDisconnected(message.user_id);
}

void VoiceConnectionImpl::SetSpeaking(bool speaking) {
  if (closed_) return;
  speaking_ = speaking;
  if (signal_ == Signal::Ready) SendSpeaking(speaking);
}

void VoiceConnectionImpl::SendSpeaking(bool speaking) {
  Send(EncodeSpeaking(speaking ? kSpeakingMicrophone : 0, ssrc_));
  if (speaking) announced_ = true;
}

// ------------------------------------------------------------------------------------------
// UDP and media

void VoiceConnectionImpl::StartMedia() {
  StopMedia();
  udp_ = ids_.Next();
  router_.Add(udp_, *this);
  media_ = Media::Opening;
  platform_.OpenUdp(udp_, server_ip_, server_port_);
}

void VoiceConnectionImpl::StopMedia() {
  scheduler_.Cancel(discovery_timer_);
  scheduler_.Cancel(keepalive_timer_);
  scheduler_.Cancel(watchdog_timer_);
  if (udp_ != 0) {
    router_.Remove(udp_);
    platform_.CloseUdp(udp_);
    udp_ = 0;
  }
  cipher_.reset();  // its destructor wipes the key
  media_ = Media::None;
  echoes_seen_ = false;
}

void VoiceConnectionImpl::OnUdpOpen(PlatformId socket, uint16_t) {
  if (socket != udp_ || media_ != Media::Opening) return;
  media_ = Media::Discovering;
  discovery_tries_ = 0;
  SendDiscovery();
}

void VoiceConnectionImpl::SendDiscovery() {
  if (discovery_tries_ >= kDiscoveryTries) {
    Lose(VoiceLoss::MediaFailed, 0, "no IP discovery answer after " + std::to_string(kDiscoveryTries) + " tries");
    return;
  }
  ++discovery_tries_;
  const auto request = DiscoveryRequest(ssrc_);
  platform_.SendUdp(udp_, request.data(), request.size());
  discovery_timer_ = scheduler_.After(kDiscoveryRetryMs, [this] {
    discovery_timer_ = 0;
    SendDiscovery();
  });
}

void VoiceConnectionImpl::HandleDiscovered(const DiscoveredAddress& address) {
  scheduler_.Cancel(discovery_timer_);
  media_ = Media::Selecting;
  Send(EncodeSelectProtocol(address.address, address.port, *chosen_mode_));
  // The server now knows our address: keep the NAT binding open, and learn whether it echoes.
  SendKeepAlive();
}

void VoiceConnectionImpl::SendKeepAlive() {
  if (udp_ == 0) return;
  const auto keep_alive = KeepAlive(keepalive_counter_++);
  platform_.SendUdp(udp_, keep_alive.data(), keep_alive.size());
  last_keepalive_sent_ms_ = platform_.NowMs();
  keepalive_timer_ = scheduler_.After(kKeepAliveMs, [this] {
    keepalive_timer_ = 0;
    SendKeepAlive();
  }, false);
}

bool VoiceConnectionImpl::UdpStillReceives() const {
  // A server that never echoed keep-alives gives no evidence either way: assume the path works.
  return !echoes_seen_ || platform_.NowMs() - last_udp_receive_ms_ < kUdpSilenceMs + kEchoGraceMs;
}

void VoiceConnectionImpl::ArmWatchdog(uint64_t delay_ms) {
  scheduler_.Cancel(watchdog_timer_);
  watchdog_timer_ = scheduler_.After(delay_ms, [this] {
    watchdog_timer_ = 0;
    CheckWatchdog();
  }, false);
}

void VoiceConnectionImpl::CheckWatchdog() {
  const uint64_t now = platform_.NowMs();
  const uint64_t silent_ms = now - last_udp_receive_ms_;
  const uint64_t probe_age_ms = now - last_keepalive_sent_ms_;
  if (silent_ms < kUdpSilenceMs || probe_age_ms < kEchoGraceMs) {
    ArmWatchdog(std::max(silent_ms < kUdpSilenceMs ? kUdpSilenceMs - silent_ms : 0,
                         probe_age_ms < kEchoGraceMs ? kEchoGraceMs - probe_age_ms : 0));
    return;
  }
  if (signal_ == Signal::Ready) {
    Lose(VoiceLoss::Resumable, 0, "UDP silent for " + std::to_string(kUdpSilenceMs / 1000) + " s");
    return;
  }
  // The gateway is already down or resuming: drop the dead path so the resume rediscovers.
  Log(LoggingSeverity::Warning, "UDP silent while the gateway resumes; will redo IP discovery");
  // With media_ None, a Resumed that comes later starts the media path again.
  StopMedia();
}

void VoiceConnectionImpl::OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size,
                                       const std::string& host, uint16_t port) {
  if (socket != udp_ || closed_) return;
  if (host != server_ip_ || port != server_port_) {
    ++stats_.foreign_source;
    return;
  }
  // Anything from the server's address proves the path alive, even a packet we then refuse.
  last_udp_receive_ms_ = platform_.NowMs();
  if (data == nullptr || size == 0 || size > kMaxDatagramBytes) {
    ++stats_.malformed_packets;
    return;
  }
  if (media_ == Media::Discovering) {
    if (auto address = ParseDiscoveryResponse(data, size, ssrc_)) {
      HandleDiscovered(*address);
    } else {
      ++stats_.malformed_packets;
    }
    return;
  }
  if (size == kKeepAliveBytes) {
    if (!echoes_seen_) {
      echoes_seen_ = true;
      ArmWatchdog(kUdpSilenceMs);
    }
    return;
  }
  if (size == kDiscoveryBytes && data[0] == 0 && data[1] == 2) return;  // a late discovery answer
  ReceiveMedia(data, size);
}

void VoiceConnectionImpl::ReceiveMedia(const uint8_t* data, size_t size) {
  auto view = ParseRtpHeader(data, size);
  if (!view) {
    ++stats_.malformed_packets;
    return;
  }
  auto user = users_by_ssrc_.find(view->header.ssrc);
  if (user == users_by_ssrc_.end()) {
    ++stats_.unknown_ssrc;
    return;
  }
  if (!cipher_) {
    ++stats_.decrypt_failures;  // no key yet (or any more): it cannot be opened
    return;
  }
  auto plaintext = cipher_->Open(data, size, view->aad_bytes, receive_buffer_.data(), receive_buffer_.size());
  if (!plaintext) {
    ++stats_.decrypt_failures;
    return;
  }
  auto payload = RtpPayload(*view, receive_buffer_.data(), *plaintext);
  if (!payload || payload->size() > kDaveMaxFrameBytes) {
    ++stats_.malformed_packets;
    return;
  }
  ++stats_.packets_received;
  stats_.bytes_received += size;
  if (payload->empty()) return;  // padding only: nothing to play
  // End-to-end encryption comes off after the transport's (a failure is counted and the frame
  // dropped: the jitter buffer conceals it).
  auto opus = dave_.Incoming(user->second, payload->data(), payload->size());
  if (!opus) return;
  if (opus->size == 0 || opus->size > kMaxOpusPacketBytes) {
    ++stats_.malformed_packets;
    return;
  }
  listener_.OnOpusReceived(user->second, view->header.sequence, view->header.timestamp, opus->data, opus->size);
}

void VoiceConnectionImpl::OnUdpClosed(PlatformId socket, const std::string& reason) {
  if (socket != udp_ || closed_) return;
  router_.Remove(udp_);
  udp_ = 0;
  const Media was = media_;
  StopMedia();
  if (signal_ != Signal::Ready) return;  // the gateway is resuming: Resumed restarts media
  const std::string detail = "UDP socket closed" + (reason.empty() ? std::string() : ": " + reason.substr(0, 200));
  Lose(was == Media::Ready ? VoiceLoss::Resumable : VoiceLoss::MediaFailed, 0, detail);
}

void VoiceConnectionImpl::SendOpus(uint32_t audio_timestamp, const uint8_t* opus, size_t size) {
  if (closed_ || media_ != Media::Ready || !cipher_ || udp_ == 0 || !rtp_clock_) return;
  if (opus == nullptr || size == 0 || size > kMaxOpusPacketBytes) {
    Log(LoggingSeverity::Warning, "refused to send an Opus frame of " + std::to_string(size) + " bytes");
    return;
  }
  // The server drops media of an SSRC that never said it speaks (docs/protocols/voice-gateway.md, step 9).
  if (!announced_ && signal_ == Signal::Ready) SendSpeaking(true);
  // End-to-end encryption goes on before the transport's (docs/protocols/dave.md).
  auto frame = dave_.Outgoing(opus, size);
  if (!frame) return;
  uint8_t header[kRtpHeaderBytes];
  WriteRtpHeader(rtp_clock_->Next(ssrc_, audio_timestamp), header);
  const size_t sealed =
      cipher_->Seal(header, sizeof header, frame->data, frame->size, send_buffer_.data(), send_buffer_.size());
  if (sealed == 0) {
    Log(LoggingSeverity::Warning, "could not seal an outgoing packet; dropped");
    return;
  }
  platform_.SendUdp(udp_, send_buffer_.data(), sealed);
  ++stats_.packets_sent;
  stats_.bytes_sent += sealed;
}

}  // namespace

std::unique_ptr<VoiceConnection> CreateVoiceConnection(const FeatureContext& context,
                                                       VoiceConnectionListener& listener) {
  return std::make_unique<VoiceConnectionImpl>(context, listener);
}

}  // namespace sdkpp::voice
