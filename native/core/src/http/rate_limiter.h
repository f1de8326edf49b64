// Client-side view of the service's rate limits (X-RateLimit-* headers): a request whose bucket
// is exhausted waits for the bucket's reset instead of earning a 429.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sdkpp/platform.h"

namespace sdkpp::http {

// "POST /lobbies/123/messages" -> routes of one major resource share buckets; other ids are
// replaced, so the number of routes stays small.
std::string RouteKey(std::string_view method, std::string_view path);

class RateLimiter {
 public:
  // Milliseconds before a request on `route` may go out (0: now).
  uint64_t DelayFor(const std::string& route, uint64_t now_ms) const;
  // Learns from a response's headers (and a 429's retry_after).
  void Observe(const std::string& route, const std::vector<HttpHeader>& headers, int32_t status,
               std::optional<double> retry_after_seconds, bool global, uint64_t now_ms);

 private:
  struct Bucket {
    int64_t remaining = 1;
    uint64_t reset_at_ms = 0;
  };
  static constexpr size_t kMaxRoutes = 1024;

  std::unordered_map<std::string, std::string> bucket_of_route_;
  std::unordered_map<std::string, Bucket> buckets_;
  uint64_t global_reset_at_ms_ = 0;
};

std::optional<std::string_view> FindHeader(const std::vector<HttpHeader>& headers,
                                           std::string_view lower_name);

}  // namespace sdkpp::http
