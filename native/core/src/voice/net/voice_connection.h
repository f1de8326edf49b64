// One call's connection to its voice server, on the JS thread, sans-IO over the Platform: the
// voice gateway v8 (Hello, Identify, Ready, Select Protocol, Session Description, Speaking,
// heartbeats with seq_ack, Resume, Clients Connect/Disconnect, DAVE's transitions and MLS
// messages), the UDP socket (IP discovery, keep-alive, watchdog) and the media transport (RTP,
// DAVE frame encryption inside the rtpsize AEAD: AES-256-GCM preferred, XChaCha20-Poly1305
// otherwise). docs/protocols/voice-gateway.md is the wire; the Call's state machine (voice/call)
// decides what to do when the connection is lost — this class only reports how. Its two halves
// are voice_signalling.h (the gateway socket) and voice_media.h (the UDP path and the packets).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "context/feature_context.h"
#include "voice/dave/dave_counters.h"

namespace sdkpp::voice {

// From the user's VOICE_STATE_UPDATE and VOICE_SERVER_UPDATE (docs/protocols/voice-gateway.md, §5).
struct VoiceJoinInfo {
  std::string endpoint;  // "host:port", no scheme
  bool secure = true;    // wss, or ws when the API base is http://
  std::string token;     // secret: registered with the redactor before use
  std::string session_id;
  uint64_t server_id = 0;  // guild_id ?? channel_id
  uint64_t channel_id = 0;
  uint64_t user_id = 0;
};

// How the connection ended, classified per docs/protocols/voice-gateway.md and §6.
enum class VoiceLoss {
  Resumable,   // transport loss, < 4000 or 4015, 3 heartbeat ACKs missed, UDP silent 5 s
  Rejoin,      // 4006, 4009, resume refused, replay gap: a full rejoin is needed
  Refused,     // 4004, 4011, 4016, 4017 or 3 failed connects before Ready
  Terminated,  // 4014, 4021, 4022: never rejoin
  MediaFailed, // no IP discovery answer after 3 tries, or no common encryption mode
};

// The call's end-to-end encryption (DAVE) as of now: the protocol version in effect for media (0:
// none: the voice server can read the audio) and the voice privacy code once the group is ready.
struct VoiceEncryption {
  uint16_t protocol_version = 0;
  std::string privacy_code;
  bool operator==(const VoiceEncryption&) const = default;
};

// The DAVE counters (dave_encrypted, dave_decrypt_failures, ...) come from DaveCounters.
struct VoiceConnectionStats : DaveCounters {
  uint64_t packets_sent = 0;
  uint64_t packets_received = 0;
  uint64_t bytes_sent = 0;
  uint64_t bytes_received = 0;
  uint64_t decrypt_failures = 0;   // tampered or foreign packets
  uint64_t malformed_packets = 0;  // not RTP, wrong payload type, too short or too long
  uint64_t unknown_ssrc = 0;
  uint64_t foreign_source = 0;     // datagrams from an address other than the server's
  uint64_t bad_gateway_frames = 0; // undecodable or oversized gateway messages
};

class VoiceConnectionListener {
 public:
  virtual ~VoiceConnectionListener() = default;
  virtual void OnSignalingReady() = 0;  // Ready: → SignalingConnected
  virtual void OnMediaReady() = 0;      // discovery answered + Session Description: → Connected
  virtual void OnResumed() = 0;         // Resumed (the replay follows as ordinary events)
  virtual void OnUsersConnected(const std::vector<uint64_t>& user_ids) = 0;
  virtual void OnUserDisconnected(uint64_t user_id) = 0;
  virtual void OnUserSpeaking(uint64_t user_id, uint32_t ssrc, uint32_t flags) = 0;
  // A transport-decrypted Opus payload of a known user, valid only during the call.
  virtual void OnOpusReceived(uint64_t user_id, uint16_t sequence, uint32_t rtp_timestamp,
                              const uint8_t* opus, size_t size) = 0;
  // The connection is gone (sockets closed); `close_code` is the gateway's, 0 if none.
  virtual void OnConnectionLost(VoiceLoss loss, int32_t close_code, const std::string& detail) = 0;
  // The host cannot do DAVE end-to-end encryption (`reason` says why): the connection goes on
  // without it (Identify announces version 0, or no session is made), and the service may
  // downgrade the call or refuse it with 4017. Must not call back into the connection.
  virtual void OnDaveUnavailable(const std::string& reason) { (void)reason; }
  // Encryption() changed (a server's DAVE transition, a new group, a new privacy code). Must not
  // call back into the connection other than to read it.
  virtual void OnEncryptionChanged() {}
};

class VoiceConnection {
 public:
  virtual ~VoiceConnection() = default;
  // A fresh session: socket, Hello, Identify, ..., Connected. Also the full rejoin (new info).
  virtual void Connect(const VoiceJoinInfo& info) = 0;
  // Resume on a new socket with seq_ack; UDP kept if it still receives, else rediscovered.
  virtual void Resume() = 0;
  // Ends everything: close 1000, UDP closed, key wiped. No listener call after it.
  virtual void Close() = 0;

  virtual void SetSpeaking(bool speaking) = 0;  // op 5, flags Microphone
  // One Opus frame out: RTP header (timestamp = random base + audio_timestamp), AEAD, send.
  virtual void SendOpus(uint32_t audio_timestamp, const uint8_t* opus, size_t size) = 0;

  virtual bool IsMediaReady() const = 0;
  virtual const char* Mode() const = 0;  // the negotiated encryption mode, "" before
  virtual const VoiceConnectionStats& Stats() const = 0;
  virtual VoiceEncryption Encryption() const { return {}; }
};

std::unique_ptr<VoiceConnection> CreateVoiceConnection(const FeatureContext& context,
                                                       VoiceConnectionListener& listener);

}  // namespace sdkpp::voice
