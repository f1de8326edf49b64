// The IPC pipe trust check (os/pipe_server_user.h): the refusal's words on every OS; on Windows
// (under Wine in `npm run test:cross:win32-x64`) a pipe this process serves is accepted, one
// whose server is made to look like another user's (the test seam) is refused, and an absent one
// is told apart.
#include "framework/test.h"

#include <string>

#include "os/pipe_server_user.h"

#ifdef _WIN32
#include <windows.h>
#endif

namespace sdkpp {
namespace {

using Verdict = os::PipeServerUser::Verdict;

TEST(PipeServerUser, RefusalsAreWordedAsThePosixOwnerCheck) {
  os::PipeServerUser check;
  check.verdict = Verdict::kOtherUser;
  check.server_sid = "S-1-5-18";
  EXPECT_EQ(os::PipeServerRefusal(check), "its server runs as S-1-5-18, not as this user");
  check.verdict = Verdict::kUnchecked;
  check.failure = "OpenProcess: error 5";
  EXPECT_EQ(os::PipeServerRefusal(check), "its owner cannot be checked (OpenProcess: error 5)");
  check.failure.clear();
  EXPECT_EQ(os::PipeServerRefusal(check), "its owner cannot be checked");
  check.verdict = Verdict::kSameUser;
  EXPECT_EQ(os::PipeServerRefusal(check), "");
  check.verdict = Verdict::kAbsent;
  EXPECT_EQ(os::PipeServerRefusal(check), "");
}

#ifdef _WIN32

// A pipe this process serves: one listening instance (one check connects to it and leaves it
// disconnected), closed at the end of its scope.
struct OwnPipe {
  std::string name = "\\\\.\\pipe\\sdkpp-pipe-owner-test-" + std::to_string(GetCurrentProcessId());
  HANDLE server = CreateNamedPipeA(name.c_str(), PIPE_ACCESS_DUPLEX, PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT,
                                   PIPE_UNLIMITED_INSTANCES, 4096, 4096, 0, nullptr);
  ~OwnPipe() {
    if (server != INVALID_HANDLE_VALUE) CloseHandle(server);
  }
};

std::string OwnSid() {
  // The pretended SID of this very user must be ignored: read it back from an accepted check.
  OwnPipe pipe;
  return os::CheckPipeServerUser(pipe.name).server_sid;
}

TEST(PipeServerUserWin, APipeOfThisUserIsAccepted) {
  OwnPipe pipe;
  ASSERT_TRUE(pipe.server != INVALID_HANDLE_VALUE) << GetLastError();
  os::PipeServerUser check = os::CheckPipeServerUser(pipe.name);
  EXPECT_EQ(static_cast<int>(check.verdict), static_cast<int>(Verdict::kSameUser)) << check.failure;
  EXPECT_EQ(check.server_sid.rfind("S-1-", 0), 0u) << check.server_sid;
  EXPECT_EQ(os::PipeServerRefusal(check), "");
}

TEST(PipeServerUserWin, AServerSeenAsAnotherUserIsRefused) {
  OwnPipe pipe;
  ASSERT_TRUE(pipe.server != INVALID_HANDLE_VALUE) << GetLastError();
  os::PipeServerUser check = os::CheckPipeServerUser(pipe.name, "S-1-5-18");
  EXPECT_EQ(static_cast<int>(check.verdict), static_cast<int>(Verdict::kOtherUser)) << check.failure;
  EXPECT_EQ(os::PipeServerRefusal(check), "its server runs as S-1-5-18, not as this user");
}

TEST(PipeServerUserWin, TheSeamCannotMakeAPipePass) {
  // Naming this user, or nothing readable, leaves the real comparison in place.
  const std::string own = OwnSid();
  ASSERT_EQ(own.rfind("S-1-", 0), 0u) << own;
  // One instance per pipe, used up by one check: a new pipe for each.
  {
    OwnPipe pipe;
    EXPECT_EQ(static_cast<int>(os::CheckPipeServerUser(pipe.name, own).verdict), static_cast<int>(Verdict::kSameUser));
  }
  {
    OwnPipe pipe;
    EXPECT_EQ(static_cast<int>(os::CheckPipeServerUser(pipe.name, "not a SID").verdict), static_cast<int>(Verdict::kSameUser));
  }
}

TEST(PipeServerUserWin, AnAbsentPipeIsAbsentAndAFileIsUnchecked) {
  const std::string absent = "\\\\?\\pipe\\sdkpp-pipe-owner-absent-" + std::to_string(GetCurrentProcessId());
  EXPECT_EQ(static_cast<int>(os::CheckPipeServerUser(absent).verdict), static_cast<int>(Verdict::kAbsent));
  char module[MAX_PATH] = {};
  GetModuleFileNameA(nullptr, module, MAX_PATH);
  os::PipeServerUser file = os::CheckPipeServerUser(module);
  EXPECT_EQ(static_cast<int>(file.verdict), static_cast<int>(Verdict::kUnchecked));
  EXPECT_EQ(os::PipeServerRefusal(file).rfind("its owner cannot be checked", 0), 0u) << os::PipeServerRefusal(file);
}

#else

TEST(PipeServerUser, ElsewhereThanWindowsNothingIsChecked) {
  EXPECT_EQ(static_cast<int>(os::CheckPipeServerUser("/tmp/sdkpp-ipc-0").verdict), static_cast<int>(Verdict::kUnchecked));
}

#endif

}  // namespace
}  // namespace sdkpp
