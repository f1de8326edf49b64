#include "logging/logger.h"

#include "callbacks/callback_queue.h"

namespace sdkpp::logging {

Logger::Logger(bool debug_build, std::shared_ptr<callbacks::CallbackQueue> queue,
               std::string_view file_name)
    : debug_build_(debug_build), queue_(std::move(queue)), file_name_(file_name) {}

bool Logger::Permitted(LoggingSeverity severity) const {
  if (severity < LoggingSeverity::Verbose || severity >= LoggingSeverity::None) return false;
  return debug_build_ || severity >= LoggingSeverity::Warning;
}

void Logger::AddCallback(LogCallback callback, LoggingSeverity min_severity) {
  if (!callback) return;
  auto shared = std::make_shared<const LogCallback>(std::move(callback));
  {
    std::lock_guard lock(mutex_);
    callbacks_.push_back({shared, min_severity});
  }
  if (debug_build_ && min_severity <= LoggingSeverity::Warning) {
    queue_->PostWhileAlive(lifetime_, [shared] { (*shared)(std::string(kDebugBuildWarning), LoggingSeverity::Warning); });
  }
}

bool Logger::SetLogDirectory(const std::string& directory, LoggingSeverity min_severity) {
  if (min_severity == LoggingSeverity::None) {
    std::lock_guard lock(mutex_);
    file_.reset();
    return true;
  }
  std::string why;
  std::unique_ptr<LogFile> file = LogFile::Open(directory, min_severity, why, file_name_);
  if (!file) {
    Log(LoggingSeverity::Error, "SetLogDir failed: " + why);
    return false;
  }
  if (debug_build_ && min_severity <= LoggingSeverity::Warning) {
    file->Write(LoggingSeverity::Warning, kDebugBuildWarning);
  }
  std::lock_guard lock(mutex_);
  file_ = std::move(file);
  return true;
}

bool Logger::Wants(LoggingSeverity severity) const {
  if (!Permitted(severity)) return false;
  std::lock_guard lock(mutex_);
  if (file_ && severity >= file_->min_severity()) return true;
  for (const auto& sink : callbacks_) {
    if (severity >= sink.min_severity) return true;
  }
  return false;
}

void Logger::Log(LoggingSeverity severity, std::string_view message) {
  if (!Wants(severity)) return;
  Deliver(severity, redactor_.Redact(message));
}

void Logger::Deliver(LoggingSeverity severity, const std::string& redacted) {
  std::lock_guard lock(mutex_);
  if (file_ && severity >= file_->min_severity()) file_->Write(severity, redacted);
  for (const auto& sink : callbacks_) {
    if (severity < sink.min_severity) continue;
    queue_->PostWhileAlive(lifetime_, [callback = sink.callback, redacted, severity] { (*callback)(redacted, severity); });
  }
}

}  // namespace sdkpp::logging
