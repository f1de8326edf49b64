// DAVE for one voice connection, on the JS thread (docs/protocols/dave.md): which protocol version is in
// effect, the MLS messages of ops 25–31 and the JSON transitions of ops 21, 22 and 24, the
// passthrough windows, the recovery after an invalid commit or too many undecryptable frames,
// and the end-to-end crypto of each media frame. The MLS work itself is the platform's
// PlatformDaveSession; this class only decides when to ask for it and what to answer.
//
// Behaviour follows @discordjs/voice 0.19.2 (its DAVESession) where the reference is silent.
// Nothing here logs key material; the voice privacy code is logged whenever it changes (it is
// not a secret: every member shows the same one).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#include "logging/logger.h"
#include "sdkpp/platform.h"
#include "sdkpp/platform_dave.h"
#include "voice/audio/audio_format.h"
#include "voice/dave/dave_counters.h"
#include "voice/net/voice_gateway_messages.h"

namespace sdkpp::voice {

// @discordjs/voice's numbers (docs/protocols/dave.md).
inline constexpr uint64_t kDaveTransitionPassthroughMs = 10'000;
inline constexpr uint64_t kDavePendingDowngradePassthroughMs = 24'000;
inline constexpr int kDaveDecryptFailureTolerance = 36;  // more than this in a row → op 31
inline constexpr size_t kDaveMaxPendingTransitions = 16;
inline constexpr size_t kDaveMaxKnownUsers = 1000;
// The largest frame DAVE handles: Opus's maximum plus what encryption adds.
inline constexpr size_t kDaveMaxFrameBytes = kMaxOpusPacketBytes + kDaveMaxFrameOverhead;

// Where the controller's answers go: the connection's gateway socket and its listener.
class DaveOutbox {
 public:
  virtual ~DaveOutbox() = default;
  virtual void SendDaveJson(std::string frame) = 0;
  virtual void SendDaveBinary(std::string frame) = 0;
  // The host cannot do DAVE (why, in words): the call goes on without it.
  virtual void DaveUnavailable(const std::string& reason) = 0;
  // The protocol version in effect or the voice privacy code changed (read them again): a
  // server's transition, a new group, a group that became ready. Not on End (the connection's
  // own reset).
  virtual void DaveStateChanged() {}
};

struct DaveFrame {
  const uint8_t* data = nullptr;
  size_t size = 0;
};

class DaveController {
 public:
  DaveController(Platform& platform, logging::Logger& logger, DaveOutbox& outbox, DaveCounters& counters);
  ~DaveController();
  DaveController(const DaveController&) = delete;
  DaveController& operator=(const DaveController&) = delete;

  // A fresh voice session (Connect, full rejoin): the old MLS state is reset and destroyed, the
  // platform asked what it supports. A resume keeps everything and calls nothing here.
  void Begin(uint64_t user_id, uint64_t channel_id);
  // The call's end (Close): the session reset and destroyed.
  void End();
  // What Identify announces (0: no DAVE).
  uint16_t max_protocol_version() const { return max_version_; }

  // --- signalling (JS thread)
  void OnSessionDescription(int64_t dave_protocol_version);
  void OnUsersConnected(const std::vector<uint64_t>& user_ids);
  void OnUserDisconnected(uint64_t user_id);
  void OnPrepareTransition(const DavePrepareTransitionMessage& message);
  void OnExecuteTransition(const DaveExecuteTransitionMessage& message);
  void OnPrepareEpoch(const DavePrepareEpochMessage& message);
  // A binary server frame's op and payload (after seq).
  void OnBinary(uint8_t op, std::string_view payload);

  // --- media (JS thread, once per frame; no allocation)
  // The frame to put in the RTP packet: `opus` itself, or its encryption in an internal buffer
  // valid until the next call; nullopt when it must be dropped.
  std::optional<DaveFrame> Outgoing(const uint8_t* opus, size_t size);
  // The Opus frame to play: `frame` itself, or its decryption in an internal buffer valid until
  // the next call; nullopt when it must be dropped (counted).
  std::optional<DaveFrame> Incoming(uint64_t sender_user_id, const uint8_t* frame, size_t size);

  uint16_t protocol_version() const { return version_; }
  bool has_session() const { return session_ != nullptr; }
  const std::string& privacy_code() const { return privacy_code_; }

 private:
  // The caller's site: the kind of line for the log's bound (logging/line_rate_limit.h).
  void Log(LoggingSeverity severity, const std::string& message,
           std::source_location site = std::source_location::current());
  void CreateSession(uint16_t version);
  void ReportUnavailable(const std::string& reason);
  // A fresh MLS state for `version` (0: the group dropped), then a key package when the
  // external sender is known.
  void Reinit(uint16_t version);
  void SendKeyPackage();
  void ApplyExternalSender(const std::string& external_sender);
  void HandleProposals(std::string_view payload);
  void HandleCommitOrWelcome(bool welcome, std::string_view payload);
  void Execute(uint16_t transition_id, uint16_t version);
  bool RememberPending(uint16_t transition_id, uint16_t version);
  // op 31 for `transition_id` and a fresh state (once until a transition executes again).
  void Recover(uint16_t transition_id, const std::string& why);
  void OpenPassthroughWindow(uint64_t duration_ms);
  // After every event that can change the group: reads its readiness once (the media path uses
  // the cached value: no host call per frame) and logs a new privacy code.
  void NoteGroupState();
  bool PlainFramesAllowed(uint64_t now_ms);
  std::optional<DaveFrame> DecryptFailed();
  void BadMessage(const std::string& why);

  Platform& platform_;
  logging::Logger& logger_;
  DaveOutbox& outbox_;
  DaveCounters& counters_;

  uint64_t user_id_ = 0;
  uint64_t channel_id_ = 0;
  uint16_t max_version_ = 0;
  bool unavailable_reported_ = false;

  std::unique_ptr<PlatformDaveSession> session_;
  uint16_t version_ = 0;      // the protocol version in effect for media
  uint16_t mls_version_ = 0;  // the version the MLS state was last built for
  bool external_sender_set_ = false;
  std::optional<std::string> early_external_sender_;  // op 25 that came before the session
  std::map<uint16_t, uint16_t> pending_;  // transition id → the version it switches to
  uint16_t last_transition_id_ = 0;
  bool reinitializing_ = false;
  int consecutive_failures_ = 0;
  uint64_t passthrough_until_ms_ = 0;
  std::set<uint64_t> connected_users_;
  std::string privacy_code_;
  // What DaveStateChanged last announced.
  uint16_t announced_version_ = 0;
  std::string announced_code_;
  bool group_ready_ = false;  // session_->IsReady() as of the last NoteGroupState

  std::array<uint8_t, kDaveMaxFrameBytes> out_buffer_{};
  std::array<uint8_t, kDaveMaxFrameBytes> in_buffer_{};
};

}  // namespace sdkpp::voice
