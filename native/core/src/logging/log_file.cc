#include "logging/log_file.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <system_error>

#include "util/time_format.h"
#include "util/utf8.h"
#include "util/utf8_path.h"

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace sdkpp::logging {
namespace {

std::string TimestampUtc() {
  using namespace std::chrono;
  auto now = system_clock::now();
  std::time_t seconds = system_clock::to_time_t(now);
  auto millis = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  const std::tm utc = UtcCalendar(seconds);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(millis));
  return buffer;
}

// The log can hold user ids, message text and request paths, so only its owner may read it:
// created 0600, and an existing file readable by others is narrowed to 0600 (it is ours: we
// append to it). On Windows the file is opened by its wide name (util/utf8_path.h), and its
// folder's ACL (the user's profile) already keeps it private.
std::FILE* OpenPrivateForAppend(const std::filesystem::path& path) {
#if defined(_WIN32)
  return ::_wfopen(path.c_str(), L"ab");
#else
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, S_IRUSR | S_IWUSR);
  if (fd < 0) return nullptr;
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    errno = EINVAL;
    return nullptr;
  }
  if ((info.st_mode & (S_IRWXG | S_IRWXO)) != 0) ::fchmod(fd, S_IRUSR | S_IWUSR);
  std::FILE* file = ::fdopen(fd, "ab");
  if (file == nullptr) ::close(fd);
  return file;
#endif
}

}  // namespace

std::unique_ptr<LogFile> LogFile::Open(const std::string& directory, LoggingSeverity min_severity,
                                       std::string& why, std::string_view file_name) {
  namespace fs = std::filesystem;
  if (directory.empty()) {
    why = "the log folder path is empty";
    return nullptr;
  }
  // Paths arrive as UTF-8 text; anything else cannot become a wide path on Windows (the
  // conversion throws) and would name a folder no UTF-8 caller can spell elsewhere.
  if (!utf8::IsValid(directory)) {
    why = "the log folder path is not valid UTF-8";
    return nullptr;
  }
  std::error_code error;
  fs::path folder = util::PathFromUtf8(directory);
  fs::create_directories(folder, error);
  if (error || !fs::is_directory(folder, error)) {
    why = "cannot create the log folder '" + directory + "'" +
          (error ? ": " + error.message() : ": not a folder");
    return nullptr;
  }
  fs::path file_path = folder / util::PathFromUtf8(file_name);
  std::string path = util::PathToUtf8(file_path);
  std::FILE* file = OpenPrivateForAppend(file_path);
  if (file == nullptr) {
    why = "cannot open '" + path + "' for writing: " + std::strerror(errno);
    return nullptr;
  }
  return std::unique_ptr<LogFile>(new LogFile(file, std::move(path), min_severity));
}

LogFile::LogFile(std::FILE* file, std::string path, LoggingSeverity min_severity)
    : file_(file), path_(std::move(path)), min_severity_(min_severity) {}

LogFile::~LogFile() { std::fclose(file_); }

void LogFile::Write(LoggingSeverity severity, std::string_view line) {
  std::string text = TimestampUtc() + " [" + EnumToString(severity) + "] ";
  text.append(line);
  text += '\n';
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fflush(file_);
}

}  // namespace sdkpp::logging
