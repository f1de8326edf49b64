// Whether a Windows named pipe's server runs as the user this process runs as: the local IPC
// client's pipes (\\?\pipe\sdkpp-ipc-{n}) can be created first by any user of the machine, and the
// player's bearer token must reach only a local client this user started (the rule the POSIX
// side applies to a socket's owner, lib/platform/host/ipc_owner.ts).
#pragma once

#include <string>
#include <string_view>

namespace sdkpp::os {

struct PipeServerUser {
  enum class Verdict { kSameUser, kOtherUser, kAbsent, kUnchecked };
  Verdict verdict = Verdict::kUnchecked;
  // The server's user SID ("S-1-5-..."), read for kSameUser and kOtherUser.
  std::string server_sid;
  // For kUnchecked: which call failed and how.
  std::string failure;
};

// Opens `pipe_path` as a client (identification-level impersonation only: a foreign server
// cannot act as this user with the connection), asks for its server's process id
// (GetNamedPipeServerProcessId), reads that process's token user and compares it (EqualSid) with
// this process's. The connection is closed before this returns: it carries no byte. Blocks for
// at most about 2 s while every instance of the pipe is busy. Windows only: elsewhere kUnchecked.
//
// `pretend_server_sid` is a test seam (the refusal can only be exercised under Wine, where
// every process runs as the same user): a SID in string form that stands for the server's user
// in the comparison, so that a pipe of this user is seen as another user's. It is ignored when
// empty, unreadable or equal to this process's user, so it can only ever turn an acceptance into
// a refusal, never make another user's pipe pass.
PipeServerUser CheckPipeServerUser(std::string_view pipe_path, std::string_view pretend_server_sid = {});

// Why a pipe is refused, in the words of the POSIX check (an empty string: it may be used).
std::string PipeServerRefusal(const PipeServerUser& check);

}  // namespace sdkpp::os
