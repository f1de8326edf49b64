#include "http/http_client.h"

#include <array>
#include <cmath>

#include "crypto/secure_random.h"
#include "http/failure_text.h"
#include "http/http_date.h"
#include "http/result_builder.h"
#include "json/json.h"

namespace sdkpp::http {
namespace {

constexpr int64_t kClockJumpMs = 3000;

std::optional<double> RetryAfterSeconds(const PlatformHttpResponse& response, bool* global) {
  *global = false;
  if (auto document = json::Document::Parse(response.body)) {
    json::Value root = document->Root();
    if (auto flag = root["global"].Bool()) *global = *flag;
    if (auto seconds = root["retry_after"].Number(); seconds && *seconds >= 0) return *seconds;
  }
  for (const char* name : {"retry-after", "x-ratelimit-reset-after"}) {
    if (auto text = FindHeader(response.headers, name)) {
      std::string copy(*text);
      char* end = nullptr;
      double value = std::strtod(copy.c_str(), &end);
      if (end == copy.c_str() + copy.size() && std::isfinite(value) && value >= 0) return value;
    }
  }
  if (auto scope = FindHeader(response.headers, "x-ratelimit-global")) *global = *scope == "true";
  return std::nullopt;
}

uint32_t SecureSeed() {
  std::array<uint8_t, 4> bytes{};
  crypto::FillSecureRandom(bytes);
  return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
         bytes[3] | 1u;
}

}  // namespace

HttpClient::HttpClient(Platform& platform, Scheduler& scheduler, IdSource& ids,
                       logging::Logger& logger)
    : platform_(platform), scheduler_(scheduler), ids_(ids), logger_(logger), jitter_(SecureSeed()) {}

void HttpClient::SetApiBase(std::string base) {
  std::string_view user_info = UserInfoOf(base);
  logger_.redactor().RememberSecret(user_info);
  if (size_t colon = user_info.find(':'); colon != std::string_view::npos) {
    logger_.redactor().RememberSecret(user_info.substr(colon + 1));
  }
  api_base_ = std::move(base);
}

std::string HttpClient::ForLog(const Operation& op, const std::string& text) const {
  return op.request.operation.empty() ? text : op.request.operation + ": " + text;
}

std::string HttpClient::Describe(const Operation& op) const {
  std::string text = op.request.method + " " + op.request.path;
  if (!op.request.operation.empty()) text += " (" + op.request.operation + ")";
  return text;
}

PlatformId HttpClient::Send(ApiRequest request, Done done) {
  PlatformId id = ids_.Next();
  Operation op;
  op.route = RouteKey(request.method, request.path);
  op.request = std::move(request);
  op.done = std::move(done);
  operations_.emplace(id, std::move(op));
  Dispatch(id);
  return id;
}

void HttpClient::Dispatch(PlatformId id) {
  auto it = operations_.find(id);
  if (it == operations_.end()) return;
  uint64_t delay = limiter_.DelayFor(it->second.route, platform_.NowMs());
  if (delay > 0) {
    RetryAfter(id, delay, "rate limit bucket exhausted");
    return;
  }
  Attempt(id);
}

void HttpClient::Attempt(PlatformId id) {
  Operation& op = operations_.at(id);
  PlatformHttpRequest http;
  http.method = op.request.method;
  http.url = UrlOf(op);
  http.headers.push_back({"User-Agent", "sdkpp (https://www.npmjs.com/package/sdkpp, 0.1)"});
  if (!op.request.content_type.empty()) {
    http.headers.push_back({"Content-Type", op.request.content_type});
  }
  if (op.request.auth == AuthScheme::Bearer) {
    http.headers.push_back({"Authorization", "Bearer " + op.request.token});
  } else if (op.request.auth == AuthScheme::Bot) {
    http.headers.push_back({"Authorization", "Bot " + op.request.token});
  }
  http.body = op.request.body;
  op.http_request = ids_.Next();
  op.attempt_started_ms = platform_.NowMs();
  operation_of_request_[op.http_request] = id;
  op.timer = scheduler_.After(timeout_ms_, [this, id] { OnTimeout(id); });
  if (logger_.Wants(LoggingSeverity::Verbose)) {
    std::string line = "HTTP -> " + Describe(op);
    if (!op.request.carries_secrets && !http.body.empty()) line += " body: " + http.body;
    logger_.Log(LoggingSeverity::Verbose, line);
  }
  platform_.SendHttp(op.http_request, http);
}

void HttpClient::OnTimeout(PlatformId id) {
  auto it = operations_.find(id);
  if (it == operations_.end()) return;
  Operation& op = it->second;
  op.timer = 0;
  operation_of_request_.erase(op.http_request);
  platform_.CancelHttp(op.http_request);
  // Not retried: the app chose this bound with SetHttpRequestTimeout.
  ApiResponse response;
  response.result = NetworkFailure(logger_.redactor(),
                                   TimeoutText(op.request.method, UrlOf(op), timeout_ms_),
                                   BackoffMs(0) / 1000.0f);
  if (op.request.log_failure) {
    logger_.Log(LoggingSeverity::Warning, ForLog(op, response.result.Error()));
  }
  Finish(id, std::move(response));
}

std::optional<PlatformId> HttpClient::TakeAnsweredOperation(PlatformId request) {
  auto link = operation_of_request_.find(request);
  if (link == operation_of_request_.end()) return std::nullopt;
  PlatformId id = link->second;
  operation_of_request_.erase(link);
  scheduler_.Cancel(operations_.at(id).timer);
  return id;
}

bool HttpClient::OnResponse(PlatformId request, PlatformHttpResponse response) {
  std::optional<PlatformId> answered = TakeAnsweredOperation(request);
  if (!answered) return false;
  PlatformId id = *answered;
  Operation& op = operations_.at(id);
  LearnServiceClock(response.headers);
  uint64_t elapsed = platform_.NowMs() - op.attempt_started_ms;

  bool global = false;
  std::optional<double> retry_after =
      response.status == 429 ? RetryAfterSeconds(response, &global) : std::nullopt;
  limiter_.Observe(op.route, response.headers, response.status, retry_after, global,
                   platform_.NowMs());

  if (logger_.Wants(LoggingSeverity::Verbose)) {
    std::string line = "HTTP <- " + std::to_string(response.status) + " " + Describe(op) +
                       " in " + std::to_string(elapsed) + " ms";
    if (!op.request.carries_secrets && !response.body.empty()) {
      line += " body: " + response.body.substr(0, 2048);
    }
    logger_.Log(LoggingSeverity::Verbose, line);
  }

  if (response.status == 429) {
    double wait = retry_after.value_or(1.0);
    if (op.rate_limited < kMaxRateLimitRetries && wait <= kMaxAutomaticWaitSeconds) {
      ++op.rate_limited;
      RetryAfter(id, static_cast<uint64_t>(std::ceil(wait * 1000.0)), "429 rate limited");
      return true;
    }
  } else if (response.status >= 500 && op.request.idempotent && op.failures < kMaxFailureRetries) {
    RetryAfter(id, BackoffMs(op.failures++), "server error");
    return true;
  }

  ApiResponse out;
  float retry_seconds = response.status == 429 ? static_cast<float>(retry_after.value_or(1.0))
                                               : BackoffMs(op.failures) / 1000.0f;
  RequestPlace place{op.request.method, op.request.path, api_base_,
                     op.request.auth != AuthScheme::None};
  out.result = ResultFromResponse(logger_.redactor(), place, response.status, response.body,
                                  op.request.carries_secrets, retry_seconds);
  out.status = response.status;
  out.body = std::move(response.body);
  out.headers = std::move(response.headers);
  if (!out.result.Successful() && op.request.log_failure) {
    logger_.Log(LoggingSeverity::Warning, ForLog(op, out.result.Error()));
  }
  Finish(id, std::move(out));
  return true;
}

bool HttpClient::OnError(PlatformId request, std::string message) {
  std::optional<PlatformId> answered = TakeAnsweredOperation(request);
  if (!answered) return false;
  PlatformId id = *answered;
  Operation& op = operations_.at(id);
  if (op.request.idempotent && op.failures < kMaxFailureRetries) {
    RetryAfter(id, BackoffMs(op.failures++), "connection failed");
    return true;
  }
  ApiResponse response;
  response.result =
      NetworkFailure(logger_.redactor(), NetworkFailureText(op.request.method, UrlOf(op), message),
                     BackoffMs(op.failures) / 1000.0f);
  if (op.request.log_failure) {
    logger_.Log(LoggingSeverity::Warning, ForLog(op, response.result.Error()));
  }
  Finish(id, std::move(response));
  return true;
}

void HttpClient::RetryAfter(PlatformId id, uint64_t delay_ms, const char* why) {
  Operation& op = operations_.at(id);
  logger_.Log(LoggingSeverity::Info, Describe(op) + ": " + why + ", retrying in " +
                                         std::to_string(delay_ms) + " ms");
  op.timer = scheduler_.After(delay_ms, [this, id] {
    if (auto it = operations_.find(id); it != operations_.end()) it->second.timer = 0;
    Dispatch(id);
  });
}

uint64_t HttpClient::BackoffMs(int failures) {
  uint64_t base = kBaseBackoffMs << std::min(failures, 6);
  return base + jitter_() % (base / 2 + 1);
}

void HttpClient::Finish(PlatformId id, ApiResponse response) {
  auto it = operations_.find(id);
  if (it == operations_.end()) return;
  Done done = std::move(it->second.done);
  operations_.erase(it);
  if (done) done(std::move(response));
}

void HttpClient::Cancel(PlatformId id) {
  auto it = operations_.find(id);
  if (it == operations_.end()) return;
  Operation& op = it->second;
  scheduler_.Cancel(op.timer);
  if (op.http_request != 0 && operation_of_request_.erase(op.http_request) > 0) {
    platform_.CancelHttp(op.http_request);
  }
  operations_.erase(it);
}

void HttpClient::FailAll(const ClientResult& reason) {
  std::vector<PlatformId> ids;
  for (auto& [id, op] : operations_) ids.push_back(id);
  for (PlatformId id : ids) {
    auto it = operations_.find(id);
    if (it == operations_.end()) continue;
    Done done = std::move(it->second.done);
    Cancel(id);
    ApiResponse response;
    response.result = reason;
    if (done) done(std::move(response));
  }
}

uint64_t HttpClient::ServiceNowMs() const {
  return static_cast<uint64_t>(static_cast<int64_t>(platform_.NowMs()) + service_clock_offset_ms_);
}

void HttpClient::LearnServiceClock(const std::vector<HttpHeader>& headers) {
  auto date = FindHeader(headers, "date");
  if (!date) return;
  auto service_ms = ParseHttpDate(*date);
  if (!service_ms) return;
  // The Date header has one-second resolution: only a larger difference is a real offset.
  int64_t offset = static_cast<int64_t>(*service_ms) - static_cast<int64_t>(platform_.NowMs());
  if (std::llabs(offset - service_clock_offset_ms_) < kClockJumpMs) return;
  service_clock_offset_ms_ = std::llabs(offset) < kClockJumpMs ? 0 : offset;
  if (clock_listener_) clock_listener_();
}

}  // namespace sdkpp::http
