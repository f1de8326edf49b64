// Gateway wire facts (protocols.md §3): opcodes, close codes and what each close means for the
// client — resume, identify again, or stop for good.
#pragma once

#include <cstdint>

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

// 4004 authentication failed, 4010 invalid shard, 4011 sharding required, 4012 invalid API
// version, 4013 invalid intents, 4014 disallowed intents: reconnecting cannot help.
// 4007 invalid seq and 4009 session timed out: the session is gone, identify again.
inline CloseAction ActionForClose(int32_t code) {
  switch (code) {
    case 4004:
    case 4010:
    case 4011:
    case 4012:
    case 4013:
    case 4014:
      return CloseAction::Stop;
    case 4007:
    case 4009:
      return CloseAction::Reidentify;
    default:
      return CloseAction::Resume;
  }
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
