// The SDK's HTTP path: builds requests for the service's API, sends them through the platform,
// bounds each attempt by the configured timeout, waits out rate limits (429 retry_after and
// exhausted buckets), retries idempotent requests after 5xx and connection failures with
// jittered exponential backoff, logs each exchange with secrets masked, and turns every outcome
// into a fully filled ClientResult.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>

#include "http/api_request.h"
#include "http/rate_limiter.h"
#include "io/scheduler.h"
#include "logging/logger.h"
#include "sdkpp/platform.h"

namespace sdkpp::http {

inline constexpr uint32_t kDefaultTimeoutMs = 30000;
inline constexpr int kMaxRateLimitRetries = 3;
inline constexpr int kMaxFailureRetries = 2;
// A 429 asking for a longer wait than this is handed to the app (RetryAfter) instead.
inline constexpr double kMaxAutomaticWaitSeconds = 60.0;
inline constexpr uint64_t kBaseBackoffMs = 500;

class HttpClient {
 public:
  using Done = std::function<void(ApiResponse)>;

  HttpClient(Platform& platform, Scheduler& scheduler, IdSource& ids, logging::Logger& logger);

  // A password in the base's user info becomes a remembered secret of the log's redactor.
  void SetApiBase(std::string base);
  const std::string& api_base() const { return api_base_; }
  void SetTimeoutMs(uint32_t ms) { timeout_ms_ = ms; }
  uint32_t timeout_ms() const { return timeout_ms_; }

  // Starts an operation; `done` runs exactly once unless the operation is cancelled.
  PlatformId Send(ApiRequest request, Done done);
  // Drops an operation: no callback, the in-flight request is cancelled.
  void Cancel(PlatformId operation);
  // Completes every pending operation with `reason` (e.g. the Client going away).
  void FailAll(const ClientResult& reason);

  bool OnResponse(PlatformId request, PlatformHttpResponse response);
  bool OnError(PlatformId request, std::string message);

  // The service's clock: the platform clock corrected by the service's Date headers.
  uint64_t ServiceNowMs() const;
  // Called whenever the correction moves by more than a few seconds (e.g. the emulator's clock
  // was advanced), so time-based work can be rescheduled.
  void SetServiceClockListener(std::function<void()> listener) {
    clock_listener_ = std::move(listener);
  }

 private:
  struct Operation {
    ApiRequest request;
    Done done;
    std::string route;
    int failures = 0;
    int rate_limited = 0;
    PlatformId http_request = 0;
    PlatformId timer = 0;  // the attempt's timeout, or the wait before the next attempt
    uint64_t attempt_started_ms = 0;
  };

  void Dispatch(PlatformId id);
  void Attempt(PlatformId id);
  void OnTimeout(PlatformId id);
  // The operation a platform request belongs to, unlinked from it and its timer stopped: the
  // platform answered it; nullopt when the request is not (or no longer) ours.
  std::optional<PlatformId> TakeAnsweredOperation(PlatformId request);
  void Finish(PlatformId id, ApiResponse response);
  void RetryAfter(PlatformId id, uint64_t delay_ms, const char* why);
  uint64_t BackoffMs(int failures);
  void LearnServiceClock(const std::vector<HttpHeader>& headers);
  std::string Describe(const Operation& op) const;
  // "<operation>: <text>", for the log line of a failure.
  std::string ForLog(const Operation& op, const std::string& text) const;
  std::string UrlOf(const Operation& op) const { return api_base_ + op.request.path; }

  Platform& platform_;
  Scheduler& scheduler_;
  IdSource& ids_;
  logging::Logger& logger_;
  std::string api_base_;
  uint32_t timeout_ms_ = kDefaultTimeoutMs;
  std::unordered_map<PlatformId, Operation> operations_;
  std::unordered_map<PlatformId, PlatformId> operation_of_request_;
  RateLimiter limiter_;
  std::minstd_rand jitter_;
  int64_t service_clock_offset_ms_ = 0;
  std::function<void()> clock_listener_;
};

}  // namespace sdkpp::http
