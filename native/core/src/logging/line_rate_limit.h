// The log's bound on lines of one kind: a network peer (voice gateway, voice UDP, the main
// gateway, the local client over IPC, HTTP answers) must not be able to grow a log without limit
// by repeating what makes the SDK log — a hostile voice server sending unusable frames while the
// call stays Connected wrote ~500 MB a minute. A kind is the source line that logs (Logger::Log
// takes its caller's std::source_location; the SDK's logging helpers pass theirs on), so the
// bound needs nothing at the call sites and covers lines nobody thought a peer could repeat.
//
// Per kind, a window of a minute opens at its first line: the first kLinesPerWindow lines are
// written, the rest only counted. Once the window is over, the next line of any kind first
// writes, for each kind that had lines held back, one summary line:
//     "<the window's first line>" … 9980 more like this in the last minute
// and a line of that kind opens a new window. Not thread-safe on its own: the Logger serialises.
#pragma once

#include <cstddef>
#include <cstdint>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#include "sdkpp/enums.h"

namespace sdkpp::logging {

class LineRateLimit {
 public:
  static constexpr uint64_t kWindowMs = 60'000;
  static constexpr uint32_t kLinesPerWindow = 20;
  static constexpr size_t kSampleBytes = 160;  // of the window's first line, in its summary

  enum class Verdict {
    Drop,           // over the bound: counted for the summary
    Write,          // write it
    WriteAsSample,  // write it, and hand the written text to KeepSample (a window's first line)
  };
  struct Summary {
    LoggingSeverity severity;
    std::string line;
  };

  // The verdict for a line from `site` at `now_ms` (a monotonic clock). `due` receives the
  // summaries of every window that is over, to be written before the line.
  Verdict Admit(const std::source_location& site, LoggingSeverity severity, uint64_t now_ms, std::vector<Summary>& due);
  // The written (redacted) text of the line that opened `site`'s window: quoted by its summary.
  void KeepSample(const std::source_location& site, std::string_view written);

 private:
  struct Kind {
    const char* file;
    uint32_t line;
    uint64_t window_start;
    uint32_t written;
    uint64_t held_back;
    LoggingSeverity severity;  // the most severe line of the window
    std::string sample;
  };

  Kind& KindOf(const std::source_location& site, uint64_t now_ms);
  void CollectDue(uint64_t now_ms, std::vector<Summary>& due);

  std::vector<Kind> kinds_;  // one per source line that logged: a fixed, small set
  // The earliest end of a window that holds lines back: no summary is due before it.
  uint64_t next_due_ = UINT64_MAX;
};

}  // namespace sdkpp::logging
