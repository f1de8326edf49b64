// The SDK's log: severity policy, secret masking and delivery to callbacks and a log file.
// Release builds deliver only Warning and Error; debug builds also Info and Verbose and open
// every log (each callback, each file) with a DEBUG BUILD warning.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#include "callbacks/callback_queue.h"
#include "logging/line_rate_limit.h"
#include "logging/log_file.h"
#include "logging/redactor.h"
#include "sdkpp/enums.h"

namespace sdkpp::logging {

#ifdef SDKPP_DEBUG_BUILD
inline constexpr bool kIsDebugBuild = true;
#else
inline constexpr bool kIsDebugBuild = false;
#endif

inline constexpr std::string_view kDebugBuildWarning =
    "DEBUG BUILD: this sdkpp build logs Info and Verbose messages; do not ship it";

using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;

class Logger {
 public:
  // Callbacks are posted to `queue` (the creating thread's queue by default).
  // `file_name`: what SetLogDirectory writes (the voice log has its own, log_file.h).
  explicit Logger(bool debug_build = kIsDebugBuild,
                  std::shared_ptr<callbacks::CallbackQueue> queue =
                      callbacks::CallbackQueue::ForCurrentThread(),
                  std::string_view file_name = "sdkpp.log");

  // The callback runs through RunCallbacks() (the callback queue), never inside the SDK call
  // that logged, and never after the Logger is destroyed (lines still queued then are dropped).
  void AddCallback(LogCallback callback, LoggingSeverity min_severity);
  // Returns false (and logs the reason at Error) if <directory>/<file name> cannot be written.
  bool SetLogDirectory(const std::string& directory, LoggingSeverity min_severity);

  // A Warning that opens every log from now on, as the DEBUG BUILD warning does: each callback
  // and log file added later gets it first, and the sinks already there get it now. For what a
  // Client was created with and cannot act on, said before any sink exists.
  void AddOpeningWarning(std::string_view message);

  // True when some sink would receive a line of this severity: lets callers skip formatting.
  bool Wants(LoggingSeverity severity) const;
  // True when one of the app's log callbacks takes lines of this severity (a log file does not
  // count: nobody reads it as it is written).
  bool HasCallbackFor(LoggingSeverity severity) const;
  // `site` is the kind of the line for the bound on Warning and Error lines (line_rate_limit.h):
  // a helper that logs for its callers passes its caller's site on. Info and Verbose, which only
  // debug builds deliver, are not bounded, so a debug trace stays whole.
  void Log(LoggingSeverity severity, std::string_view message,
           std::source_location site = std::source_location::current());

  // The monotonic clock of the bound, in ms (default: std::chrono::steady_clock). Tests move it.
  void SetMonotonicClock(std::function<uint64_t()> now_ms);

  Redactor& redactor() { return redactor_; }
  bool debug_build() const { return debug_build_; }

 private:
  struct CallbackSink {
    std::shared_ptr<const LogCallback> callback;
    LoggingSeverity min_severity;
  };

  bool Permitted(LoggingSeverity severity) const;
  void Deliver(LoggingSeverity severity, const std::string& redacted);

  const bool debug_build_;
  const std::shared_ptr<callbacks::CallbackQueue> queue_;
  const std::string file_name_;
  Redactor redactor_;
  mutable std::mutex mutex_;
  std::vector<CallbackSink> callbacks_;
  std::unique_ptr<LogFile> file_;
  std::vector<std::string> opening_warnings_;  // redacted
  // Under their own mutex: taken before mutex_ (Deliver), never inside it.
  std::mutex limit_mutex_;
  LineRateLimit limit_;
  std::function<uint64_t()> now_ms_;
  // Queued lines hold it weakly: once the Logger (its Client) is gone they are dropped instead
  // of reaching callbacks whose captured state the app may already have freed.
  std::shared_ptr<const bool> lifetime_ = std::make_shared<const bool>(true);
};

}  // namespace sdkpp::logging
