// Appends log lines to <directory>/sdkpp.log, one timestamped line each, flushed per line so a
// crash of the host loses nothing already logged.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "sdkpp/enums.h"

namespace sdkpp::logging {

class LogFile {
 public:
  static constexpr std::string_view kFileName = "sdkpp.log";
  static constexpr std::string_view kVoiceFileName = "sdkpp-voice.log";  // SetVoiceLogDir

  // Creates the folder if needed and opens <directory>/<file_name> for appending; on failure
  // returns null and sets `why` to a reason that names the path.
  static std::unique_ptr<LogFile> Open(const std::string& directory, LoggingSeverity min_severity,
                                       std::string& why, std::string_view file_name = kFileName);
  ~LogFile();
  LogFile(const LogFile&) = delete;
  LogFile& operator=(const LogFile&) = delete;

  void Write(LoggingSeverity severity, std::string_view line);
  LoggingSeverity min_severity() const { return min_severity_; }
  const std::string& path() const { return path_; }

 private:
  LogFile(std::FILE* file, std::string path, LoggingSeverity min_severity);
  std::FILE* file_;
  std::string path_;
  LoggingSeverity min_severity_;
};

}  // namespace sdkpp::logging
