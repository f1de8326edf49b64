// Gateway wire facts (docs/protocols/gateway.md): opcodes, close codes and what each close means for the
// client — resume, identify again, or stop for good.
#pragma once

#include <cstdint>
#include <string_view>

namespace sdkpp::gateway {

enum class Op : int32_t {
  Dispatch = 0,
  Heartbeat = 1,
  Identify = 2,
  PresenceUpdate = 3,
  VoiceStateUpdate = 4,
  Resume = 6,
  Reconnect = 7,
  RequestGuildMembers = 8,
  InvalidSession = 9,
  Hello = 10,
  HeartbeatAck = 11,
  RequestChannelInfo = 43,
};

enum class CloseAction {
  Resume,      // reconnect and resume the session
  Reidentify,  // reconnect with a fresh session
  Stop,        // do not reconnect: the token or the request is wrong
};

// One close code of the service: what the client does, the service's name for it, what it
// means in a player's words, and what the app does about it (empty: nothing, the SDK reconnects
// by itself). The service documents 4004 and 4010-4014 as "do not reconnect": reconnecting
// cannot help, so the SDK stops and says why. 4007 and 4009 end the session: identify again.
struct CloseCodeRule {
  int32_t code;
  CloseAction action;
  std::string_view name;
  std::string_view meaning;
  std::string_view fix;
};

inline constexpr CloseCodeRule kCloseCodeRules[] = {
    {4000, CloseAction::Resume, "unknown error", "the service had an error", ""},
    {4001, CloseAction::Resume, "unknown opcode", "the service did not understand a command", ""},
    {4002, CloseAction::Resume, "decode error", "the service could not read a command", ""},
    {4003, CloseAction::Resume, "not authenticated", "a command came before the session was identified", ""},
    {4004, CloseAction::Stop, "authentication failed", "the token was refused",
     "call UpdateToken with a fresh token (RefreshToken, or Authorize again), then Connect"},
    {4005, CloseAction::Resume, "already authenticated", "the session was identified twice", ""},
    {4007, CloseAction::Reidentify, "invalid seq", "the session could not be resumed", ""},
    {4008, CloseAction::Resume, "rate limited", "too many commands were sent", ""},
    {4009, CloseAction::Reidentify, "session timed out", "the session timed out", ""},
    {4010, CloseAction::Stop, "invalid shard", "the service refused the session's shard",
     "report it: this SDK connects without shards, so reconnecting cannot help"},
    {4011, CloseAction::Stop, "sharding required", "the service asks for sharding",
     "report it: this SDK connects without shards, so reconnecting cannot help"},
    {4012, CloseAction::Stop, "invalid API version", "the service does not take this SDK's gateway version (v10)",
     "update sdkpp, then Connect"},
    {4013, CloseAction::Stop, "invalid intents", "the service refused the session's intents",
     "report it: the intents are not valid for the service, so reconnecting cannot help"},
    {4014, CloseAction::Stop, "disallowed intents",
     "the session asked for privileged intents the application may not use",
     "switch those intents on for the application in its settings on the service (or stop "
     "asking for them), then Connect"},
};

inline const CloseCodeRule* FindCloseCodeRule(int32_t code) {
  for (const auto& rule : kCloseCodeRules) {
    if (rule.code == code) return &rule;
  }
  return nullptr;
}

// Codes outside the table (1000, 1001, a dropped socket's 1006, 4900+) resume.
inline CloseAction ActionForClose(int32_t code) {
  const CloseCodeRule* rule = FindCloseCodeRule(code);
  return rule ? rule->action : CloseAction::Resume;
}

// HTTP statuses of the connection's bootstrap request (GET /gateway) that no retry can change:
// the request is refused (401, 403) or the API base points where there is no such route (404).
inline bool IsPermanentBootstrapStatus(int32_t status) {
  return status == 401 || status == 403 || status == 404;
}

// The service closes a connection that sends more than this many events per window.
inline constexpr int kSendLimit = 120;
inline constexpr uint64_t kSendWindowMs = 60'000;
// Kept free in every window for heartbeats, so chatty presence updates never starve them.
inline constexpr int kReservedForHeartbeats = 5;

// Sequence numbers: the service counts its dispatches 1, 2, 3... per session, and replays after
// a resume can repeat recent ones. Only a number within kDuplicateWindow below the last one is a
// repeat; anything else is taken as the service's new count (never a reason to drop every later
// event), and a number outside JSON's exact-integer range is not tracked at all.
inline constexpr int64_t kMaxSequence = (int64_t{1} << 53) - 1;
inline constexpr int64_t kDuplicateWindow = 1000;

}  // namespace sdkpp::gateway
