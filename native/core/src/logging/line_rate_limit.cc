#include "logging/line_rate_limit.h"

#include <algorithm>
#include <cstring>

namespace sdkpp::logging {

namespace {

// At most `limit` bytes of `text`, never cutting a UTF-8 sequence, with "…" when cut.
std::string Shortened(std::string_view text, size_t limit) {
  if (text.size() <= limit) return std::string(text);
  size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "\xE2\x80\xA6";
}

}  // namespace

LineRateLimit::Kind& LineRateLimit::KindOf(const std::source_location& site, uint64_t now_ms) {
  for (Kind& kind : kinds_) {
    if (kind.line == site.line() && (kind.file == site.file_name() || std::strcmp(kind.file, site.file_name()) == 0)) {
      return kind;
    }
  }
  kinds_.push_back({site.file_name(), site.line(), now_ms, 0, 0, LoggingSeverity::Verbose, {}});
  return kinds_.back();
}

void LineRateLimit::CollectDue(uint64_t now_ms, std::vector<Summary>& due) {
  if (now_ms < next_due_) return;
  next_due_ = UINT64_MAX;
  for (Kind& kind : kinds_) {
    if (kind.held_back == 0) continue;
    if (now_ms - kind.window_start < kWindowMs) {
      next_due_ = std::min(next_due_, kind.window_start + kWindowMs);
      continue;
    }
    std::string what = kind.sample.empty() ? std::string(kind.file) + ":" + std::to_string(kind.line) : kind.sample;
    due.push_back({kind.severity, std::to_string(kind.held_back) + " more lines like \"" + what +
                                      "\" within a minute were not logged"});
    // The next line of this kind opens a new window.
    kind.window_start = now_ms;
    kind.written = 0;
    kind.held_back = 0;
    kind.sample.clear();
  }
}

LineRateLimit::Verdict LineRateLimit::Admit(const std::source_location& site, LoggingSeverity severity, uint64_t now_ms,
                                            std::vector<Summary>& due) {
  CollectDue(now_ms, due);
  Kind& kind = KindOf(site, now_ms);
  if (now_ms - kind.window_start >= kWindowMs) {  // over, and nothing held back (or it was due above)
    kind.window_start = now_ms;
    kind.written = 0;
    kind.sample.clear();
  }
  if (kind.written == 0) kind.severity = severity;
  kind.severity = std::max(kind.severity, severity);
  if (kind.written < kLinesPerWindow) {
    ++kind.written;
    return kind.written == 1 ? Verdict::WriteAsSample : Verdict::Write;
  }
  ++kind.held_back;
  next_due_ = std::min(next_due_, kind.window_start + kWindowMs);
  return Verdict::Drop;
}

void LineRateLimit::KeepSample(const std::source_location& site, std::string_view written) {
  for (Kind& kind : kinds_) {
    if (kind.line == site.line() && (kind.file == site.file_name() || std::strcmp(kind.file, site.file_name()) == 0)) {
      kind.sample = Shortened(written, kSampleBytes);
      return;
    }
  }
}

}  // namespace sdkpp::logging
