#include "http/rate_limiter.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace sdkpp::http {
namespace {

bool IsAllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<double> ParseSeconds(std::optional<std::string_view> text) {
  if (!text || text->empty() || text->size() > 32) return std::nullopt;
  std::string copy(*text);
  char* end = nullptr;
  double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value) || value < 0) return std::nullopt;
  return value;
}

// The instant `seconds` after `now_ms`. The service's number is capped at a year: a wait longer
// than that means "not again" just as well, and converting a larger double (1e300 in a 429's
// retry_after) to milliseconds was undefined behaviour (in practice garbage: no wait at all, or
// one of 2^63 ms, depending on the compiler).
uint64_t ResetAt(uint64_t now_ms, double seconds) {
  constexpr double kMaxResetSeconds = 365.0 * 24 * 3600;
  return now_ms + static_cast<uint64_t>(std::clamp(seconds, 0.0, kMaxResetSeconds) * 1000.0);
}

}  // namespace

std::optional<std::string_view> FindHeader(const std::vector<HttpHeader>& headers,
                                           std::string_view lower_name) {
  for (const auto& header : headers) {
    if (header.name.size() != lower_name.size()) continue;
    bool same = true;
    for (size_t i = 0; i < lower_name.size() && same; ++i) {
      same = std::tolower(static_cast<unsigned char>(header.name[i])) == lower_name[i];
    }
    if (same) return header.value;
  }
  return std::nullopt;
}

std::string RouteKey(std::string_view method, std::string_view path) {
  std::string key(method);
  key += ' ';
  auto query = path.find('?');
  if (query != std::string_view::npos) path = path.substr(0, query);
  std::string_view previous;
  size_t pos = 0;
  while (pos < path.size()) {
    size_t end = path.find('/', pos + 1);
    if (end == std::string_view::npos) end = path.size();
    std::string_view segment = path.substr(pos, end - pos);  // includes the leading '/'
    std::string_view name = segment.empty() ? segment : segment.substr(1);
    bool major = previous == "lobbies" || previous == "channels" || previous == "guilds";
    if (IsAllDigits(name) && !major) {
      key += "/:id";
    } else {
      key += segment;
    }
    previous = name;
    pos = end;
  }
  return key;
}

uint64_t RateLimiter::DelayFor(const std::string& route, uint64_t now_ms) const {
  uint64_t wait_until = global_reset_at_ms_;
  if (auto it = bucket_of_route_.find(route); it != bucket_of_route_.end()) {
    if (auto bucket = buckets_.find(it->second); bucket != buckets_.end()) {
      if (bucket->second.remaining <= 0) wait_until = std::max(wait_until, bucket->second.reset_at_ms);
    }
  }
  return wait_until > now_ms ? wait_until - now_ms : 0;
}

void RateLimiter::Observe(const std::string& route, const std::vector<HttpHeader>& headers,
                          int32_t status, std::optional<double> retry_after_seconds, bool global,
                          uint64_t now_ms) {
  if (status == 429 && global && retry_after_seconds) {
    global_reset_at_ms_ = ResetAt(now_ms, *retry_after_seconds);
    return;
  }
  auto bucket_id = FindHeader(headers, "x-ratelimit-bucket");
  if (!bucket_id || bucket_id->empty() || bucket_id->size() > 128) return;
  if (bucket_of_route_.size() >= kMaxRoutes) {
    bucket_of_route_.clear();  // rare; forgetting only costs a possible 429 later
    buckets_.clear();
  }
  // The service's bucket ids are shared across major resources (each lobby has its own
  // limit), and the route key carries the major id: together they name one bucket.
  std::string bucket_key = std::string(*bucket_id) + "|" + route;
  bucket_of_route_[route] = bucket_key;
  Bucket& bucket = buckets_[bucket_key];
  auto remaining = FindHeader(headers, "x-ratelimit-remaining");
  auto reset_after = ParseSeconds(FindHeader(headers, "x-ratelimit-reset-after"));
  if (remaining && IsAllDigits(*remaining) && remaining->size() < 10) {
    bucket.remaining = std::strtoll(std::string(*remaining).c_str(), nullptr, 10);
  }
  if (status == 429 && retry_after_seconds) {
    bucket.remaining = 0;
    reset_after = retry_after_seconds;
  }
  if (reset_after) bucket.reset_at_ms = ResetAt(now_ms, *reset_after);
}

}  // namespace sdkpp::http
