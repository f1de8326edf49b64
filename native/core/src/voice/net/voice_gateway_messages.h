// The voice gateway v8's JSON messages (docs/protocols/voice-gateway.md, §2.3): what sdkpp sends (Identify,
// Select Protocol, Heartbeat {t, seq_ack}, Resume, Speaking) and what it reads (Hello, Ready,
// Session Description, Speaking, Heartbeat ACK, Resumed, Clients Connect, Client Disconnect),
// with the top-level `seq` of numbered server messages. Ids are strings on the wire.
// Decoding never throws: a message that is not JSON, larger than 4 KiB, without an integer op,
// or whose known op has an unusable payload is refused with a reason that quotes none of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "voice/net/transport_crypto.h"

namespace sdkpp::voice {

inline constexpr size_t kMaxVoiceJsonBytes = 4 * 1024;     // docs/voice-calls.md
inline constexpr size_t kMaxVoiceBinaryBytes = 64 * 1024;  // docs/voice-calls.md

enum class VoiceOp : int32_t {
  Identify = 0,
  SelectProtocol = 1,
  Ready = 2,
  Heartbeat = 3,
  SessionDescription = 4,
  Speaking = 5,
  HeartbeatAck = 6,
  Resume = 7,
  Hello = 8,
  Resumed = 9,
  ClientsConnect = 11,
  ClientDisconnect = 13,
  // DAVE (docs/protocols/voice-gateway.md): JSON ones here, the binary MLS ones in voice/dave/dave_binary_frames.h.
  DavePrepareTransition = 21,
  DaveExecuteTransition = 22,
  DaveTransitionReady = 23,
  DavePrepareEpoch = 24,
  DaveMlsExternalSender = 25,
  DaveMlsKeyPackage = 26,
  DaveMlsProposals = 27,
  DaveMlsCommitWelcome = 28,
  DaveMlsAnnounceCommitTransition = 29,
  DaveMlsWelcome = 30,
  DaveMlsInvalidCommitWelcome = 31,
};

inline constexpr uint32_t kSpeakingMicrophone = 1;

// --- client → server
std::string EncodeIdentify(uint64_t server_id, uint64_t user_id, std::string_view session_id,
                           std::string_view token, int max_dave_protocol_version);
std::string EncodeSelectProtocol(std::string_view address, uint16_t port, TransportMode mode);
// `seq_ack` −1: nothing numbered seen yet.
std::string EncodeHeartbeat(uint64_t nonce, int64_t seq_ack);
std::string EncodeResume(uint64_t server_id, std::string_view session_id, std::string_view token,
                         int64_t seq_ack);
std::string EncodeSpeaking(uint32_t flags, uint32_t ssrc);
// DAVE: op 23 (ready for a transition) and op 31 (a commit or Welcome we could not process).
std::string EncodeDaveTransitionReady(uint16_t transition_id);
std::string EncodeDaveInvalidCommitWelcome(uint16_t transition_id);

// --- server → client
struct HelloMessage {
  uint64_t heartbeat_interval_ms = 0;
};
struct ReadyMessage {
  uint32_t ssrc = 0;
  std::string ip;
  uint16_t port = 0;
  std::vector<std::string> modes;
};
struct SessionDescriptionMessage {
  std::optional<TransportMode> mode;  // nullopt: a mode sdkpp does not know
  SecretKey key;
  int64_t dave_protocol_version = 0;
};
struct SpeakingMessage {
  uint64_t user_id = 0;
  uint32_t ssrc = 0;
  uint32_t flags = 0;
};
struct HeartbeatAckMessage {};
struct ResumedMessage {};
struct ClientsConnectMessage {
  std::vector<uint64_t> user_ids;
};
struct ClientDisconnectMessage {
  uint64_t user_id = 0;
};
// DAVE's JSON server messages (docs/protocols/voice-gateway.md, §2.8).
struct DavePrepareTransitionMessage {
  uint16_t protocol_version = 0;  // 0 = a downgrade
  uint16_t transition_id = 0;     // 0 = executes at once
};
struct DaveExecuteTransitionMessage {
  uint16_t transition_id = 0;
};
struct DavePrepareEpochMessage {
  uint16_t protocol_version = 0;
  uint64_t epoch = 0;  // 1 = a new group
};
// An op sdkpp does not act on (ops it does not know): still numbered.
struct OtherMessage {};

using ServerPayload =
    std::variant<OtherMessage, HelloMessage, ReadyMessage, SessionDescriptionMessage,
                 SpeakingMessage, HeartbeatAckMessage, ResumedMessage, ClientsConnectMessage,
                 ClientDisconnectMessage, DavePrepareTransitionMessage,
                 DaveExecuteTransitionMessage, DavePrepareEpochMessage>;

struct ServerMessage {
  int64_t op = -1;
  std::optional<int64_t> seq;  // numbered messages only
  ServerPayload payload;
};

// The message, or nullopt with `error` saying why it is unusable (never its content).
std::optional<ServerMessage> DecodeServerMessage(std::string_view text, std::string& error);

// The members of Clients Connect that sdkpp keeps from one message (a call has at most 25).
inline constexpr size_t kMaxUsersPerMessage = 1000;

}  // namespace sdkpp::voice
