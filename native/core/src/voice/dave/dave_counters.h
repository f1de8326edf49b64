// What DAVE did to a connection's media and signalling, for VoiceConnectionStats (it derives
// from this, so the fields read as stats.dave_encrypted and so on).
#pragma once

#include <cstdint>

namespace sdkpp::voice {

struct DaveCounters {
  uint64_t dave_encrypted = 0;         // outgoing Opus frames end-to-end encrypted
  uint64_t dave_encrypt_failures = 0;  // outgoing frames the session could not encrypt (dropped)
  uint64_t dave_withheld = 0;          // outgoing frames dropped because the group was not ready
  uint64_t dave_decrypted = 0;         // incoming frames decrypted
  uint64_t dave_decrypt_failures = 0;  // incoming frames that failed or came in the clear when they must not (dropped)
  uint64_t dave_passthrough = 0;       // incoming unencrypted frames let through (no group yet, a transition, a window)
  uint64_t dave_bad_messages = 0;      // DAVE messages that were undecodable, unknown or out of order (ignored)
  uint64_t dave_invalid_transitions = 0;  // op 31 sent: a commit or Welcome failed, or too many frames did
  uint64_t dave_reinits = 0;           // fresh MLS states (epoch 1, recovery)
};

}  // namespace sdkpp::voice
