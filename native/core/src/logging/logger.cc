#include "logging/logger.h"

#include <chrono>

#include "callbacks/callback_queue.h"

namespace sdkpp::logging {

namespace {

uint64_t SteadyNowMs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace

Logger::Logger(bool debug_build, std::shared_ptr<callbacks::CallbackQueue> queue,
               std::string_view file_name)
    : debug_build_(debug_build), queue_(std::move(queue)), file_name_(file_name), now_ms_(SteadyNowMs) {}

void Logger::SetMonotonicClock(std::function<uint64_t()> now_ms) {
  std::lock_guard lock(limit_mutex_);
  now_ms_ = now_ms ? std::move(now_ms) : SteadyNowMs;
}

bool Logger::Permitted(LoggingSeverity severity) const {
  if (severity < LoggingSeverity::Verbose || severity >= LoggingSeverity::None) return false;
  return debug_build_ || severity >= LoggingSeverity::Warning;
}

void Logger::AddCallback(LogCallback callback, LoggingSeverity min_severity) {
  if (!callback) return;
  auto shared = std::make_shared<const LogCallback>(std::move(callback));
  std::vector<std::string> opening;
  {
    std::lock_guard lock(mutex_);
    callbacks_.push_back({shared, min_severity});
    opening = opening_warnings_;
  }
  if (min_severity > LoggingSeverity::Warning) return;
  if (debug_build_) {
    queue_->PostWhileAlive(lifetime_, [shared] { (*shared)(std::string(kDebugBuildWarning), LoggingSeverity::Warning); });
  }
  for (auto& line : opening) {
    queue_->PostWhileAlive(lifetime_, [shared, line = std::move(line)] { (*shared)(line, LoggingSeverity::Warning); });
  }
}

void Logger::AddOpeningWarning(std::string_view message) {
  std::string redacted = redactor_.Redact(message);
  {
    std::lock_guard lock(mutex_);
    opening_warnings_.push_back(redacted);
  }
  Deliver(LoggingSeverity::Warning, redacted);  // the sinks already there
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
  std::lock_guard lock(mutex_);
  if (min_severity <= LoggingSeverity::Warning) {
    if (debug_build_) file->Write(LoggingSeverity::Warning, kDebugBuildWarning);
    for (const auto& line : opening_warnings_) file->Write(LoggingSeverity::Warning, line);
  }
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

bool Logger::HasCallbackFor(LoggingSeverity severity) const {
  if (!Permitted(severity)) return false;
  std::lock_guard lock(mutex_);
  for (const auto& sink : callbacks_) {
    if (severity >= sink.min_severity) return true;
  }
  return false;
}

void Logger::Log(LoggingSeverity severity, std::string_view message, std::source_location site) {
  if (!Wants(severity)) return;
  if (severity < LoggingSeverity::Warning) {
    Deliver(severity, redactor_.Redact(message));
    return;
  }
  std::vector<LineRateLimit::Summary> due;
  LineRateLimit::Verdict verdict;
  {
    std::lock_guard lock(limit_mutex_);
    verdict = limit_.Admit(site, severity, now_ms_(), due);
  }
  for (const auto& summary : due) Deliver(summary.severity, summary.line);  // made of redacted lines
  if (verdict == LineRateLimit::Verdict::Drop) return;  // not even redacted: a flood costs little
  std::string redacted = redactor_.Redact(message);
  if (verdict == LineRateLimit::Verdict::WriteAsSample) {
    std::lock_guard lock(limit_mutex_);
    limit_.KeepSample(site, redacted);
  }
  Deliver(severity, redacted);
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
