// The signalling half of one call's voice connection (voice_connection.cc joins it to the media
// half, voice_media.h): the voice gateway v8 socket — Hello, Identify or Resume, heartbeats with
// seq_ack, the numbered messages and their replay window, the connects retried before Ready,
// Speaking (op 5) — and DAVE's protocol messages, which go to the DaveController. The session's
// other messages (Ready, Resumed, Session Description, Speaking, Clients Connect/Disconnect) go
// up to VoiceSignallingEvents, whose owner ties them to the media path and the listener.
//
// One phase at a time, and the phase owns the socket and the timers: SetPhase is the one place
// that gives them back when the phase that owned them ends, so no path can leave a timer or a
// socket behind.
#pragma once

#include <cstdint>
#include <source_location>
#include <string>

#include "context/feature_context.h"
#include "voice/dave/dave_controller.h"
#include "voice/net/transport_crypto.h"
#include "voice/net/voice_connection.h"
#include "voice/net/voice_gateway_messages.h"

namespace sdkpp::voice {

// What the gateway tells the rest of the connection. Any of these may end in the connection's
// listener, which may destroy the connection and this object with it: the signalling calls one
// as the last thing it does.
class VoiceSignallingEvents {
 public:
  virtual ~VoiceSignallingEvents() = default;
  virtual void OnGatewayReady(const ReadyMessage& ready) = 0;  // the phase is Ready already
  virtual void OnGatewayResumed() = 0;                         // likewise
  virtual void OnSessionDescription(const SessionDescriptionMessage& description) = 0;
  virtual void OnSpeaking(const SpeakingMessage& speaking) = 0;
  virtual void OnClientsConnect(const ClientsConnectMessage& message) = 0;
  virtual void OnClientDisconnect(const ClientDisconnectMessage& message) = 0;
  // The gateway is gone for `loss` (`code` the close code, 0 if none); the socket is still the
  // phase's until the owner ends it (Drop, Stop).
  virtual void OnGatewayLost(VoiceLoss loss, int32_t code, const std::string& detail) = 0;
};

class VoiceSignalling final : public SocketOwner {
 public:
  VoiceSignalling(const FeatureContext& context, DaveController& dave, VoiceConnectionStats& stats,
                  VoiceSignallingEvents& events);

  // A new session for `info`: nothing of the last one's numbers survives; Identify on a new socket.
  void Identify(const VoiceJoinInfo& info);
  // No session to resume yet (no Ready since Identify): Identify again, with fresh retries.
  void Reidentify();
  // Resume the session on a new socket, with seq_ack.
  void Resume();
  // Ends the phase (socket closed with `code`, timers cancelled) without a loss: a rejoin, a
  // resume or the end.
  void Stop(int32_t code, const std::string& reason);
  // Ends the phase for a loss: the socket given up, Lost until the next Identify or Resume.
  void Drop();

  bool ready() const { return phase_ == Phase::Ready; }
  bool identified() const { return identified_; }  // a Ready came since the last Identify
  bool has_info() const { return has_info_; }
  const VoiceJoinInfo& info() const { return info_; }
  bool IsOwnSsrc(uint32_t ssrc) const { return identified_ && ssrc == ssrc_; }
  // Media was ready once in this session: a later close is classified as such.
  void MarkMediaConnected() { was_connected_ = true; }

  void SetSpeaking(bool speaking);
  // At Ready and Resumed: tells the server again that we speak, if we do.
  void AnnounceSpeaking();
  // Before our first media: the server drops media of an SSRC that never said it speaks
  // (docs/protocols/voice-gateway.md, step 9).
  void AnnounceBeforeMedia();
  void SelectProtocol(const std::string& address, uint16_t port, TransportMode mode);
  void Send(std::string frame);
  void SendBinary(std::string frame);

  // --- SocketOwner
  void OnWebSocketOpen(PlatformId socket) override;
  void OnWebSocketMessage(PlatformId socket, const std::string& text) override;
  void OnWebSocketBinary(PlatformId socket, const std::string& bytes) override;
  void OnWebSocketClosed(PlatformId socket, int32_t code, const std::string& reason) override;

 private:
  // Idle: no socket (before the first Identify, after Stop). Opening: socket requested, Hello
  // awaited. Identifying, Resuming: the answer awaited. Ready: the session runs. Retrying: a
  // connect before Ready failed, the next one waits. Lost: given up, the owner decides.
  enum class Phase { Idle, Opening, Identifying, Resuming, Ready, Retrying, Lost };

  // The one transition: cancels the timers and closes the socket (with `close_code`) that
  // `next` does not own. The handshake timer belongs to Opening, Identifying and Resuming; the
  // socket and the heartbeats to every phase from Opening to Ready; the retry timer to Retrying.
  void SetPhase(Phase next, int32_t close_code = 0, const std::string& close_reason = {});
  void Open(bool resume);
  void Failed(int32_t code, const std::string& detail);
  void StartHeartbeats(uint64_t interval_ms);
  void Heartbeat();
  bool SeenAlready(int64_t seq) const;
  void HandleHello(const HelloMessage& hello);
  void HandleReady(const ReadyMessage& ready);
  void HandleResumed();
  void SendSpeaking(bool speaking);
  void Log(LoggingSeverity severity, const std::string& message,
           std::source_location site = std::source_location::current());

  const FeatureContext context_;  // a copy of its references: the platform, timers, log, sockets
  DaveController& dave_;
  VoiceConnectionStats& stats_;
  VoiceSignallingEvents& events_;

  VoiceJoinInfo info_;
  bool has_info_ = false;
  Phase phase_ = Phase::Idle;
  PlatformId socket_ = 0;
  PlatformId handshake_timer_ = 0;
  PlatformId heartbeat_timer_ = 0;
  PlatformId retry_timer_ = 0;
  bool resuming_ = false;       // the current socket sends Resume instead of Identify
  bool identified_ = false;     // a Ready came since the last Identify: a session exists
  bool was_connected_ = false;  // media was ready once since the last Identify
  int failed_connects_ = 0;
  uint64_t heartbeat_interval_ms_ = 0;
  bool awaiting_ack_ = false;
  int missed_acks_ = 0;
  int64_t last_seq_ = -1;  // the last numbered message seen (−1: none)
  uint32_t ssrc_ = 0;      // ours, from Ready
  bool speaking_ = false;
  bool announced_ = false;  // a non-zero Speaking went out in this session
};

}  // namespace sdkpp::voice
