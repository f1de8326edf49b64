#include "voice/net/voice_signalling.h"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <variant>

#include "voice/dave/dave_binary_frames.h"
#include "voice/net/voice_close_codes.h"

namespace sdkpp::voice {
namespace {

constexpr uint64_t kHandshakeTimeoutMs = 10'000;  // socket requested → Ready (or Resumed)
constexpr int kMaxConnectAttempts = 3;            // before Ready, then Refused
constexpr uint64_t kConnectRetryBaseMs = 1000;    // 1 s, then 2 s
constexpr int kMaxMissedAcks = 3;
constexpr uint64_t kMinHeartbeatMs = 100;
constexpr uint64_t kMaxHeartbeatMs = 600'000;
constexpr int64_t kReplayWindow = 500;   // the emulator's replay buffer (docs/emulator.md)

}  // namespace

VoiceSignalling::VoiceSignalling(const FeatureContext& context, DaveController& dave,
                                 VoiceConnectionStats& stats, VoiceSignallingEvents& events)
    : context_(context), dave_(dave), stats_(stats), events_(events) {}

void VoiceSignalling::Log(LoggingSeverity severity, const std::string& message, std::source_location site) {
  context_.logger.Log(severity, "voice: " + message, site);
}

void VoiceSignalling::SetPhase(Phase next, int32_t close_code, const std::string& close_reason) {
  const bool handshaking = next == Phase::Opening || next == Phase::Identifying || next == Phase::Resuming;
  const bool has_socket = handshaking || next == Phase::Ready;
  if (!handshaking) context_.scheduler.Cancel(handshake_timer_);
  if (!has_socket) {
    context_.scheduler.Cancel(heartbeat_timer_);
    if (socket_ != 0) {  // 0 when the server closed it first (OnWebSocketClosed)
      context_.sockets.Remove(socket_);
      context_.platform.CloseWebSocket(socket_, close_code, close_reason);
      socket_ = 0;
    }
  }
  if (next != Phase::Retrying) context_.scheduler.Cancel(retry_timer_);
  phase_ = next;
}

void VoiceSignalling::Stop(int32_t code, const std::string& reason) { SetPhase(Phase::Idle, code, reason); }

void VoiceSignalling::Drop() { SetPhase(Phase::Lost, kVoiceCloseGivenUp, "connection lost"); }

void VoiceSignalling::Identify(const VoiceJoinInfo& info) {
  info_ = info;
  has_info_ = true;
  identified_ = false;
  was_connected_ = false;
  failed_connects_ = 0;
  last_seq_ = -1;
  announced_ = false;
  Open(false);
}

void VoiceSignalling::Reidentify() {
  failed_connects_ = 0;
  Open(false);
}

void VoiceSignalling::Resume() { Open(true); }

void VoiceSignalling::Open(bool resume) {
  SetPhase(Phase::Opening);
  resuming_ = resume;
  socket_ = context_.ids.Next();
  context_.sockets.Add(socket_, *this);
  awaiting_ack_ = false;
  missed_acks_ = 0;
  handshake_timer_ = context_.scheduler.After(kHandshakeTimeoutMs, [this] {
    handshake_timer_ = 0;
    Failed(0, resuming_ ? "no Resumed within 10 s" : "no Ready within 10 s");
  });
  const std::string url = std::string(info_.secure ? "wss" : "ws") + "://" + info_.endpoint + "/?v=8";
  Log(LoggingSeverity::Info, std::string(resume ? "resuming at " : "connecting to ") + url);
  context_.platform.OpenWebSocket(socket_, url);
}

void VoiceSignalling::Failed(int32_t code, const std::string& detail) {
  const VoiceLoss loss = ClassifyVoiceClose(code, was_connected_, resuming_);
  if (IsProtocolErrorClose(code)) {
    Log(LoggingSeverity::Error, "the server reports a protocol error (" + std::to_string(code) + "); a bug");
  }
  if (loss == VoiceLoss::Resumable && !identified_ && !resuming_) {
    // Before Ready there is no session to resume: try again, three connects in all.
    if (++failed_connects_ >= kMaxConnectAttempts) {
      events_.OnGatewayLost(VoiceLoss::Refused, code,
                            std::to_string(kMaxConnectAttempts) + " failed connects; the last: " + detail);
      return;
    }
    SetPhase(Phase::Retrying, kVoiceCloseGivenUp, "retrying");
    const uint64_t delay = kConnectRetryBaseMs << (failed_connects_ - 1);
    Log(LoggingSeverity::Warning, "connect failed (" + detail + "); retrying in " + std::to_string(delay) + " ms");
    retry_timer_ = context_.scheduler.After(delay, [this] {
      retry_timer_ = 0;
      Open(false);
    });
    return;
  }
  events_.OnGatewayLost(loss, code, detail);
}

void VoiceSignalling::OnWebSocketOpen(PlatformId socket) {
  if (socket != socket_) return;
  Log(LoggingSeverity::Verbose, "gateway socket open; waiting for Hello");
}

void VoiceSignalling::OnWebSocketClosed(PlatformId socket, int32_t code, const std::string& reason) {
  if (socket != socket_) return;
  // Already closed: the phase that follows has no socket to close.
  context_.sockets.Remove(socket_);
  socket_ = 0;
  std::string detail = "closed with " + std::to_string(code);
  if (!reason.empty()) {
    detail += ' ';
    detail.append(reason, 0, 123);  // a close reason is at most 123 bytes
  }
  Failed(code, detail);
}

void VoiceSignalling::Send(std::string frame) {
  if (socket_ != 0) context_.platform.SendWebSocket(socket_, std::move(frame));
}

void VoiceSignalling::SendBinary(std::string frame) {
  if (socket_ != 0) context_.platform.SendWebSocketBinary(socket_, std::move(frame));
}

bool VoiceSignalling::SeenAlready(int64_t seq) const {
  if (last_seq_ < 0) return false;
  if (seq == last_seq_) return true;
  if (seq <= 0xFFFF && last_seq_ <= 0xFFFF) {
    // u16 numbers that wrap: "behind" modulo 2^16.
    const int64_t behind = (last_seq_ - seq) & 0xFFFF;
    return behind < kReplayWindow;
  }
  return seq < last_seq_ && last_seq_ - seq < kReplayWindow;
}

void VoiceSignalling::OnWebSocketMessage(PlatformId socket, const std::string& text) {
  if (socket != socket_) return;
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
  // Each branch is the last thing done: an event may destroy this object.
  std::visit(
      [this](const auto& payload) {
        using T = std::decay_t<decltype(payload)>;
        if constexpr (std::is_same_v<T, HelloMessage>) HandleHello(payload);
        else if constexpr (std::is_same_v<T, ReadyMessage>) HandleReady(payload);
        else if constexpr (std::is_same_v<T, SessionDescriptionMessage>) events_.OnSessionDescription(payload);
        else if constexpr (std::is_same_v<T, SpeakingMessage>) events_.OnSpeaking(payload);
        else if constexpr (std::is_same_v<T, HeartbeatAckMessage>) {
          awaiting_ack_ = false;
          missed_acks_ = 0;
        } else if constexpr (std::is_same_v<T, ResumedMessage>) HandleResumed();
        else if constexpr (std::is_same_v<T, ClientsConnectMessage>) events_.OnClientsConnect(payload);
        else if constexpr (std::is_same_v<T, ClientDisconnectMessage>) events_.OnClientDisconnect(payload);
        else if constexpr (std::is_same_v<T, DavePrepareTransitionMessage>) dave_.OnPrepareTransition(payload);
        else if constexpr (std::is_same_v<T, DaveExecuteTransitionMessage>) dave_.OnExecuteTransition(payload);
        else if constexpr (std::is_same_v<T, DavePrepareEpochMessage>) dave_.OnPrepareEpoch(payload);
      },
      message->payload);
}

void VoiceSignalling::OnWebSocketBinary(PlatformId socket, const std::string& bytes) {
  if (socket != socket_) return;
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

void VoiceSignalling::HandleHello(const HelloMessage& hello) {
  if (phase_ != Phase::Opening) return;  // one Hello per socket
  StartHeartbeats(std::clamp(hello.heartbeat_interval_ms, kMinHeartbeatMs, kMaxHeartbeatMs));
  if (resuming_) {
    SetPhase(Phase::Resuming);
    Send(EncodeResume(info_.server_id, info_.session_id, info_.token, last_seq_));
  } else {
    SetPhase(Phase::Identifying);
    Send(EncodeIdentify(info_.server_id, info_.user_id, info_.session_id, info_.token, dave_.max_protocol_version()));
  }
}

void VoiceSignalling::StartHeartbeats(uint64_t interval_ms) {
  heartbeat_interval_ms_ = interval_ms;
  awaiting_ack_ = false;
  missed_acks_ = 0;
  context_.scheduler.Cancel(heartbeat_timer_);
  heartbeat_timer_ = context_.scheduler.After(heartbeat_interval_ms_, [this] {
    heartbeat_timer_ = 0;
    Heartbeat();
  });
}

void VoiceSignalling::Heartbeat() {
  if (socket_ == 0) return;
  if (awaiting_ack_ && ++missed_acks_ >= kMaxMissedAcks) {
    Failed(0, std::to_string(kMaxMissedAcks) + " heartbeats without an ACK");
    return;
  }
  awaiting_ack_ = true;
  Send(EncodeHeartbeat(context_.platform.NowMs(), last_seq_));
  heartbeat_timer_ = context_.scheduler.After(heartbeat_interval_ms_, [this] {
    heartbeat_timer_ = 0;
    Heartbeat();
  });
}

void VoiceSignalling::HandleReady(const ReadyMessage& ready) {
  if (phase_ != Phase::Identifying) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Ready that answers no Identify");
    return;
  }
  SetPhase(Phase::Ready);
  identified_ = true;
  failed_connects_ = 0;
  ssrc_ = ready.ssrc;
  events_.OnGatewayReady(ready);
}

void VoiceSignalling::HandleResumed() {
  if (phase_ != Phase::Resuming) {
    ++stats_.bad_gateway_frames;
    Log(LoggingSeverity::Warning, "dropped a Resumed that answers no Resume");
    return;
  }
  SetPhase(Phase::Ready);
  events_.OnGatewayResumed();
}

void VoiceSignalling::SetSpeaking(bool speaking) {
  speaking_ = speaking;
  if (phase_ == Phase::Ready) SendSpeaking(speaking);
}

void VoiceSignalling::AnnounceSpeaking() {
  if (speaking_) SendSpeaking(true);
}

void VoiceSignalling::AnnounceBeforeMedia() {
  if (!announced_ && phase_ == Phase::Ready) SendSpeaking(true);
}

void VoiceSignalling::SendSpeaking(bool speaking) {
  Send(EncodeSpeaking(speaking ? kSpeakingMicrophone : 0, ssrc_));
  if (speaking) announced_ = true;
}

void VoiceSignalling::SelectProtocol(const std::string& address, uint16_t port, TransportMode mode) {
  Send(EncodeSelectProtocol(address, port, mode));
}

}  // namespace sdkpp::voice
