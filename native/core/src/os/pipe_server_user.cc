#include "os/pipe_server_user.h"

#ifdef _WIN32
#include <windows.h>
#include <sddl.h>

#include <memory>
#include <vector>

#include "os/windows_text.h"
#endif

namespace sdkpp::os {

std::string PipeServerRefusal(const PipeServerUser& check) {
  switch (check.verdict) {
    case PipeServerUser::Verdict::kSameUser:
    case PipeServerUser::Verdict::kAbsent:
      return {};
    case PipeServerUser::Verdict::kOtherUser:
      return "its server runs as " + check.server_sid + ", not as this user";
    case PipeServerUser::Verdict::kUnchecked:
      break;
  }
  return "its owner cannot be checked" + (check.failure.empty() ? std::string() : " (" + check.failure + ")");
}

#ifdef _WIN32
namespace {

struct HandleCloser {
  void operator()(HANDLE handle) const {
    if (handle && handle != INVALID_HANDLE_VALUE) CloseHandle(handle);
  }
};
using UniqueHandle = std::unique_ptr<void, HandleCloser>;

struct LocalFreer {
  void operator()(void* memory) const { LocalFree(memory); }
};
template <typename T>
using LocalMemory = std::unique_ptr<T, LocalFreer>;

std::string Failure(const char* call) { return std::string(call) + ": error " + std::to_string(GetLastError()); }

// The token user of `process`: its SID in a buffer that owns it (TOKEN_USER points into it).
bool ReadTokenUser(HANDLE process, std::vector<unsigned char>& buffer, std::string& failure) {
  HANDLE raw_token = nullptr;
  if (!OpenProcessToken(process, TOKEN_QUERY, &raw_token)) {
    failure = Failure("OpenProcessToken");
    return false;
  }
  UniqueHandle token(raw_token);
  DWORD bytes = 0;
  GetTokenInformation(token.get(), TokenUser, nullptr, 0, &bytes);
  if (bytes == 0 || bytes > 4096) {
    failure = Failure("GetTokenInformation");
    return false;
  }
  buffer.assign(bytes, 0);
  if (!GetTokenInformation(token.get(), TokenUser, buffer.data(), bytes, &bytes)) {
    failure = Failure("GetTokenInformation");
    return false;
  }
  return true;
}

PSID SidOf(std::vector<unsigned char>& token_user) { return reinterpret_cast<TOKEN_USER*>(token_user.data())->User.Sid; }

std::string SidText(PSID sid) {
  wchar_t* raw = nullptr;
  if (!ConvertSidToStringSidW(sid, &raw)) return "an unreadable SID";
  LocalMemory<wchar_t> text(raw);
  return Utf8FromWide(text.get());
}

}  // namespace

PipeServerUser CheckPipeServerUser(std::string_view pipe_path, std::string_view pretend_server_sid) {
  PipeServerUser result;
  const std::wstring path = WideFromUtf8(pipe_path);
  if (path.empty()) {
    result.failure = "the pipe's name is not valid text";
    return result;
  }
  UniqueHandle pipe;
  // A libuv server keeps a few instances listening; while all are taken, wait for one (bounded).
  for (int attempt = 0; attempt < 4 && !pipe; ++attempt) {
    HANDLE opened = CreateFileW(path.c_str(), GENERIC_READ, 0, nullptr, OPEN_EXISTING,
                                SECURITY_SQOS_PRESENT | SECURITY_IDENTIFICATION, nullptr);
    if (opened != INVALID_HANDLE_VALUE) {
      pipe.reset(opened);
      break;
    }
    const DWORD error = GetLastError();
    if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND) {
      result.verdict = PipeServerUser::Verdict::kAbsent;
      return result;
    }
    if (error != ERROR_PIPE_BUSY) {
      result.failure = "CreateFile: error " + std::to_string(error);
      return result;
    }
    WaitNamedPipeW(path.c_str(), 500);
  }
  if (!pipe) {
    result.failure = "every instance of the pipe stayed busy";
    return result;
  }
  ULONG server_pid = 0;
  if (!GetNamedPipeServerProcessId(pipe.get(), &server_pid)) {
    result.failure = Failure("GetNamedPipeServerProcessId");
    return result;
  }
  UniqueHandle server(OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, server_pid));
  if (!server) {
    result.failure = Failure("OpenProcess");
    return result;
  }
  std::vector<unsigned char> server_user, own_user;
  if (!ReadTokenUser(server.get(), server_user, result.failure) ||
      !ReadTokenUser(GetCurrentProcess(), own_user, result.failure)) {
    return result;
  }
  PSID server_sid = SidOf(server_user);
  LocalMemory<void> pretended;
  if (!pretend_server_sid.empty()) {
    PSID raw = nullptr;
    if (ConvertStringSidToSidW(WideFromUtf8(pretend_server_sid).c_str(), &raw)) {
      pretended.reset(raw);
      // Only ever a refusal: this user's own SID is no stand-in.
      if (!EqualSid(raw, SidOf(own_user))) server_sid = raw;
    }
  }
  result.server_sid = SidText(server_sid);
  result.verdict = EqualSid(server_sid, SidOf(own_user)) ? PipeServerUser::Verdict::kSameUser : PipeServerUser::Verdict::kOtherUser;
  return result;
}

#else

PipeServerUser CheckPipeServerUser(std::string_view, std::string_view) {
  PipeServerUser result;
  result.failure = "named pipes exist on Windows only";
  return result;
}

#endif

}  // namespace sdkpp::os
