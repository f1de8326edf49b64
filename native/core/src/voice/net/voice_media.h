// The media half of one call's voice connection (voice_connection.cc joins it to the signalling
// half, voice_signalling.h): the UDP socket to the voice server — IP discovery, keep-alives,
// the watchdog that notices a silent path — and the packets on it: RTP, DAVE frame encryption
// inside the rtpsize AEAD (docs/protocols/voice-media.md). It learns what it needs from Ready
// and the Session Description through its owner, and reports up through VoiceMediaEvents.
//
// One state at a time, and the state owns the socket, the timers and the key: SetState is the
// one place that gives them back when the state that owned them ends.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <source_location>
#include <string>
#include <unordered_map>

#include "context/feature_context.h"
#include "voice/dave/dave_controller.h"
#include "voice/net/ip_discovery.h"
#include "voice/net/rtp_packet.h"
#include "voice/net/transport_crypto.h"
#include "voice/net/voice_connection.h"
#include "voice/net/voice_gateway_messages.h"

namespace sdkpp::voice {

// What the media path tells the rest of the connection. OnMediaLost and OnOpusReceived may end
// in the connection's listener, which may destroy this object: the media path calls them as the
// last thing it does.
class VoiceMediaEvents {
 public:
  virtual ~VoiceMediaEvents() = default;
  // The server told us our address: time for Select Protocol with `mode`.
  virtual void OnDiscovered(const DiscoveredAddress& address, TransportMode mode) = 0;
  // The path is gone: no discovery answer, or the socket closed (then already stopped).
  virtual void OnMediaLost(VoiceLoss loss, const std::string& detail) = 0;
  // The server stopped echoing keep-alives for `detail`'s while; the path still stands.
  virtual void OnMediaSilent(const std::string& detail) = 0;
  virtual void OnOpusReceived(uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp,
                              const uint8_t* opus, size_t size) = 0;
};

class VoiceMedia final : public SocketOwner {
 public:
  VoiceMedia(const FeatureContext& context, DaveController& dave, VoiceConnectionStats& stats,
             VoiceMediaEvents& events);

  // Ready's SSRC, server address and modes: the mode chosen, a new RTP clock.
  void Prepare(const ReadyMessage& ready);
  bool has_mode() const { return chosen_mode_.has_value(); }
  // A new socket to the server, then IP discovery (a path that stood is stopped first).
  void Start();
  // No socket, no timer, no key.
  void Stop();
  bool idle() const { return state_ == State::None; }
  bool ready() const { return state_ == State::Ready; }
  // Select Protocol went out (or the key came already): a Session Description is expected.
  bool awaits_key() const { return state_ == State::Selecting || state_ == State::Ready; }
  // The Session Description's key: the path is Ready. True for the first key of this path.
  bool Secure(TransportMode mode, const SecretKey& key);
  // True unless the path is known to be dead (a server that never echoed gives no evidence).
  bool StillReceives() const;
  const char* Mode() const { return cipher_ ? ModeName(cipher_->mode()) : ""; }

  // Whose audio an SSRC carries (from Speaking): false when kMaxKnownSsrcs are known already.
  static constexpr size_t kMaxKnownSsrcs = 256;
  bool MapSsrc(uint32_t ssrc, uint64_t user_id);
  void ForgetUser(uint64_t user_id);
  void ForgetUsers() { users_by_ssrc_.clear(); }

  bool can_send() const { return state_ == State::Ready && cipher_ && udp_ != 0 && rtp_clock_; }
  // One Opus frame out (can_send, size checked): DAVE, then the RTP header and the AEAD.
  void Send(uint32_t audio_timestamp, const uint8_t* opus, size_t size);

  // --- SocketOwner
  void OnUdpOpen(PlatformId socket, uint16_t local_port) override;
  void OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size, const std::string& host,
                    uint16_t port) override;
  void OnUdpClosed(PlatformId socket, const std::string& reason) override;

 private:
  // None: no socket. Opening: socket requested. Discovering: our address asked for. Selecting:
  // Select Protocol sent, the key awaited. Ready: media flows.
  enum class State { None, Opening, Discovering, Selecting, Ready };

  // The one transition: what `next` does not own is given back. The discovery timer belongs to
  // Discovering; the socket, the keep-alives, the watchdog and the key to every state but None.
  void SetState(State next);
  void SendDiscovery();
  void HandleDiscovered(const DiscoveredAddress& address);
  void SendKeepAlive();
  void ArmWatchdog(uint64_t delay_ms);
  void CheckWatchdog();
  void Receive(const uint8_t* data, size_t size);
  void Log(LoggingSeverity severity, const std::string& message,
           std::source_location site = std::source_location::current());

  const FeatureContext context_;  // a copy of its references: the platform, timers, log, sockets
  DaveController& dave_;
  VoiceConnectionStats& stats_;
  VoiceMediaEvents& events_;

  State state_ = State::None;
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
};

}  // namespace sdkpp::voice
