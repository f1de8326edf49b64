// The HTTP path with a scripted platform and a fake clock: timeouts, 429s, 5xx retries, the
// fields of ClientResult, rate-limit buckets, the service clock.
#include "framework/test.h"

#include "http/http_date.h"
#include "http/rate_limiter.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

struct UserOutcome {
  bool called = false;
  ClientResult result = ClientResult::nullobj;
  uint64_t id = 0;
  std::string name;
};

Client::FetchCurrentUserCallback Capture(UserOutcome& out) {
  return [&out](ClientResult r, uint64_t id, std::string name) {
    out.called = true;
    out.result = std::move(r);
    out.id = id;
    out.name = std::move(name);
  };
}

TEST(HttpClient, RequestCarriesBaseAuthAndUserAgent) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(request->http.method, "GET");
  EXPECT_EQ(request->http.url, "https://api.test/api/users/@me");
  bool has_auth = false;
  for (auto& header : request->http.headers) {
    if (header.name == "Authorization") has_auth = header.value == "Bearer tok-abcdefgh";
  }
  EXPECT_TRUE(has_auth);
  h.platform->Respond(request, 200, R"({"id":"80351110224678912","username":"nelly"})");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_TRUE(out.result.Successful());
  EXPECT_EQ(out.id, 80351110224678912ull);
  EXPECT_EQ(out.name, "nelly");
  EXPECT_EQ(out.result.Status(), HttpStatusCode::Ok);
}

TEST(HttpClient, TimesOutAtTheConfiguredValueAsRetryableNetworkError) {
  Harness h;
  h.client.SetHttpRequestTimeout(2500);
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  auto* request = h.platform->Pending();
  h.platform->Advance(2499);
  Pump();
  EXPECT_FALSE(out.called);
  h.platform->Advance(1);
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::NetworkError);
  EXPECT_TRUE(out.result.Retryable());
  EXPECT_FALSE(out.result.Successful());
  EXPECT_NE(out.result.Error().find("2500 ms"), std::string::npos);
  EXPECT_TRUE(request->cancelled);
  EXPECT_EQ(h.platform->requests.size(), 1u);  // a timeout is not retried behind the app's back
}

TEST(HttpClient, DefaultTimeoutIs30Seconds) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  h.platform->Advance(29999);
  Pump();
  EXPECT_FALSE(out.called);
  h.platform->Advance(1);
  Pump();
  EXPECT_TRUE(out.called);
}

TEST(HttpClient, RateLimited429WaitsRetryAfterThenSucceeds) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  h.platform->Respond(h.platform->Pending(), 429,
                      R"({"message":"You are being rate limited.","retry_after":1.5,"global":false})",
                      {{"retry-after", "2"}, {"x-ratelimit-bucket", "b1"}});
  Pump();
  EXPECT_FALSE(out.called);
  EXPECT_EQ(h.platform->requests.size(), 1u);
  h.platform->Advance(1499);
  EXPECT_EQ(h.platform->requests.size(), 1u);  // honours the body's retry_after
  h.platform->Advance(1);
  ASSERT_EQ(h.platform->requests.size(), 2u);
  h.platform->Respond(h.platform->Pending(), 200, R"({"id":"1","username":"a"})");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_TRUE(out.result.Successful());
}

TEST(HttpClient, Repeated429sEndWithARetryableResult) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  for (int i = 0; i < 4; ++i) {
    auto* pending = h.platform->Pending();
    ASSERT_NE(pending, nullptr) << i;
    h.platform->Respond(pending, 429, R"({"message":"slow down","retry_after":0.25})");
    h.platform->Advance(250);
  }
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Status(), HttpStatusCode::TooManyRequests);
  EXPECT_EQ(out.result.Type(), ErrorType::HTTPError);
  EXPECT_TRUE(out.result.Retryable());
  EXPECT_FLOAT_EQ(out.result.RetryAfter(), 0.25f);
  EXPECT_EQ(h.platform->requests.size(), 4u);  // the first try and three retries
}

TEST(HttpClient, LongRetryAfterIsHandedToTheApp) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  h.platform->Respond(h.platform->Pending(), 429, R"({"message":"later","retry_after":3600})");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_FLOAT_EQ(out.result.RetryAfter(), 3600.0f);
  EXPECT_TRUE(out.result.Retryable());
}

TEST(HttpClient, ServerErrorsAreRetriedWithBackoffForIdempotentRequests) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  h.platform->Respond(h.platform->Pending(), 500, "oops");
  h.platform->Advance(499);
  EXPECT_EQ(h.platform->requests.size(), 1u);  // backoff starts at 500 ms (+ jitter)
  h.platform->Advance(300);
  ASSERT_EQ(h.platform->requests.size(), 2u);
  h.platform->Respond(h.platform->Pending(), 503, "still down");
  h.platform->Advance(1600);
  ASSERT_EQ(h.platform->requests.size(), 3u);
  h.platform->Respond(h.platform->Pending(), 502, "gateway");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::HTTPError);
  EXPECT_EQ(out.result.Status(), HttpStatusCode::BadGateway);
  EXPECT_TRUE(out.result.Retryable());
  EXPECT_GT(out.result.RetryAfter(), 0.0f);
  EXPECT_EQ(out.result.ResponseBody(), "gateway");
}

TEST(HttpClient, PostsAreNotRetriedButAreMarkedRetryable) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback",
                    Capture(out));
  h.platform->Respond(h.platform->Pending(), 500, R"({"code":0,"message":"Internal"})");
  h.platform->Advance(10000);
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(h.platform->requests.size(), 1u);
  EXPECT_TRUE(out.result.Retryable());
  EXPECT_EQ(out.result.Status(), HttpStatusCode::InternalServerError);
}

TEST(HttpClient, ConnectionFailuresAreNetworkErrors) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback",
                    Capture(out));
  h.platform->FailRequest(h.platform->Pending(), "connect ECONNREFUSED 127.0.0.1:1");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::NetworkError);
  EXPECT_EQ(out.result.Status(), HttpStatusCode::None);
  EXPECT_TRUE(out.result.Retryable());
  EXPECT_NE(out.result.Error().find("ECONNREFUSED"), std::string::npos);
}

TEST(HttpClient, ErrorBodiesFillErrorCodeAndMessage) {
  Harness h;
  UserOutcome out;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(out));
  h.platform->Respond(h.platform->Pending(), 404, R"({"code":10013,"message":"Unknown User"})");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::HTTPError);
  EXPECT_EQ(out.result.ErrorCode(), 10013);
  // The service's words first, then where (README "Errors and what to do").
  EXPECT_EQ(out.result.Error(), "Unknown User (GET /users/@me: 404 Not Found at https://api.test/api)");
  EXPECT_EQ(out.result.Status(), HttpStatusCode::NotFound);
  EXPECT_FALSE(out.result.Retryable());
  EXPECT_FLOAT_EQ(out.result.RetryAfter(), 0.0f);
}

TEST(HttpClient, MalformedSuccessBodyIsAnError) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback",
                    Capture(out));
  h.platform->Respond(h.platform->Pending(), 200, "{not json");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_FALSE(out.result.Successful());
  EXPECT_NE(out.result.Error().find("malformed"), std::string::npos);
  EXPECT_EQ(out.access, "");
}

TEST(HttpClient, ExhaustedBucketDelaysTheNextRequest) {
  Harness h;
  UserOutcome first, second;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(first));
  h.platform->Respond(h.platform->Pending(), 200, R"({"id":"1","username":"a"})",
                      {{"x-ratelimit-bucket", "abc"}, {"x-ratelimit-remaining", "0"},
                       {"x-ratelimit-reset-after", "2"}});
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", Capture(second));
  EXPECT_EQ(h.platform->requests.size(), 1u);  // waits for the bucket instead of earning a 429
  h.platform->Advance(2000);
  EXPECT_EQ(h.platform->requests.size(), 2u);
}

TEST(HttpClient, SecretsNeverReachTheLog) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback",
                    Capture(out));
  h.platform->Respond(h.platform->Pending(), 200, TokenBody("secret-access-xyz", "secret-refresh-xyz"));
  Pump();
  ASSERT_TRUE(out.result.Successful());
  EXPECT_EQ(out.access, "secret-access-xyz");
  EXPECT_EQ(out.result.ResponseBody().find("secret-access-xyz"), std::string::npos);
  h.impl().logger().Log(LoggingSeverity::Error, "late: secret-refresh-xyz in text");
  Pump();
  ASSERT_FALSE(h.logs.empty());
  for (auto& line : h.logs) {
    for (const char* secret : {"code-1234567", "verifier-abcdefg", "secret-access-xyz", "secret-refresh-xyz"}) {
      EXPECT_EQ(line.find(secret), std::string::npos) << line;
    }
  }
}

TEST(HttpDate, ParsesImfFixdate) {
  EXPECT_EQ(http::ParseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT"), 784111777000ull);
  EXPECT_FALSE(http::ParseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT"));
  EXPECT_FALSE(http::ParseHttpDate(""));
  EXPECT_FALSE(http::ParseHttpDate("Sun, 06 Foo 1994 08:49:37 GMT"));
}

// A bucket left with nothing after a response whose X-RateLimit-Reset-After says `reset_after`:
// how long the next request on its route waits.
uint64_t WaitAfter(http::RateLimiter& limiter, const std::string& reset_after, uint64_t now = 1000) {
  limiter.Observe("GET /users/@me", {{"X-RateLimit-Bucket", "b"}, {"X-RateLimit-Remaining", "0"}, {"X-RateLimit-Reset-After", reset_after}},
                  200, std::nullopt, false, now);
  return limiter.DelayFor("GET /users/@me", now);
}

TEST(RateLimiter, ResetAfterIsReadToTheMillisecondAtItsBounds) {
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, "0.5"), 500u);
    EXPECT_EQ(WaitAfter(limiter, "0"), 0u);  // 0 is a number like any other: the bucket resets now
  }
  // At most 32 characters: a longer text is no number (the bucket keeps no reset time).
  const std::string thirty_two = "0.500000000000000000000000000000";
  ASSERT_EQ(thirty_two.size(), 32u);
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, thirty_two), 500u);
  }
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, thirty_two + "0"), 0u);
  }
  // A wait is capped at a year, exactly.
  constexpr uint64_t kYearMs = 365ull * 24 * 3600 * 1000;
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, "1e300"), kYearMs);
  }
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, "31535999.5"), kYearMs - 500);
  }
  {
    http::RateLimiter limiter;
    EXPECT_EQ(WaitAfter(limiter, "-1"), 0u);
  }
}

TEST(RateLimiter, HeaderNamesMatchWholeAndInAnyCase) {
  http::RateLimiter limiter;
  // Every character of the name counts, the first one too: this is not X-RateLimit-Remaining.
  limiter.Observe("GET /a", {{"x-ratelimit-bucket", "b"}, {"Y-RateLimit-Remaining", "0"}, {"x-ratelimit-reset-after", "5"}}, 200,
                  std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 0u);
  limiter.Observe("GET /a", {{"X-RATELIMIT-BUCKET", "b"}, {"x-RateLimit-REMAINING", "0"}, {"X-RateLimit-Reset-After", "5"}}, 200,
                  std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 5000u);
  EXPECT_FALSE(http::FindHeader({{"retry-afte", "1"}}, "retry-after"));
  EXPECT_FALSE(http::FindHeader({{"xetry-after", "1"}}, "retry-after"));
  EXPECT_EQ(http::FindHeader({{"Retry-After", "1"}}, "retry-after").value_or(""), "1");
}

TEST(RateLimiter, ABucketWaitsOnlyWhenNothingRemains) {
  http::RateLimiter limiter;
  const std::vector<HttpHeader> one_left = {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "1"}, {"x-ratelimit-reset-after", "5"}};
  limiter.Observe("GET /a", one_left, 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 0u);
  // Read in base 10: "9" is nine requests left.
  limiter.Observe("GET /a", {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "9"}, {"x-ratelimit-reset-after", "5"}}, 200,
                  std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 0u);
  // At most 9 digits are a count; ten are not read (the bucket keeps what it had).
  limiter.Observe("GET /a", {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "0000000000"}}, 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 0u);
  limiter.Observe("GET /a", {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "000000000"}}, 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 5000u);
  EXPECT_EQ(limiter.DelayFor("GET /a", 4999), 1u);
  EXPECT_EQ(limiter.DelayFor("GET /a", 5000), 0u);
}

TEST(RateLimiter, A429EmptiesItsBucketUntilRetryAfterAndAGlobalOneStopsEveryRoute) {
  http::RateLimiter limiter;
  limiter.Observe("GET /a", {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "3"}}, 429, 1.5, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 1500u);
  EXPECT_EQ(limiter.DelayFor("GET /other", 0), 0u);
  // The global flag counts only on a 429.
  limiter.Observe("GET /c", {}, 428, 2.0, true, 0);
  EXPECT_EQ(limiter.DelayFor("GET /other", 0), 0u);
  limiter.Observe("GET /c", {}, 429, 2.0, true, 0);
  EXPECT_EQ(limiter.DelayFor("GET /other", 0), 2000u);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 2000u);
}

TEST(RateLimiter, BucketIdsOfAt128CharactersAreKept) {
  http::RateLimiter limiter;
  const auto empty_bucket = [](const std::string& id) {
    return std::vector<HttpHeader>{{"x-ratelimit-bucket", id}, {"x-ratelimit-remaining", "0"}, {"x-ratelimit-reset-after", "5"}};
  };
  limiter.Observe("GET /a", empty_bucket(std::string(128, 'b')), 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /a", 0), 5000u);
  limiter.Observe("GET /z", empty_bucket(std::string(129, 'b')), 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /z", 0), 0u);
}

TEST(RateLimiter, The1025thRouteStartsTheTableOver) {
  http::RateLimiter limiter;
  const std::vector<HttpHeader> empty = {{"x-ratelimit-bucket", "b"}, {"x-ratelimit-remaining", "0"}, {"x-ratelimit-reset-after", "5"}};
  for (int i = 0; i < 1024; ++i) limiter.Observe("GET /r" + std::to_string(i), empty, 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /r0", 0), 5000u);
  EXPECT_EQ(limiter.DelayFor("GET /r1023", 0), 5000u);
  limiter.Observe("GET /r1024", empty, 200, std::nullopt, false, 0);
  EXPECT_EQ(limiter.DelayFor("GET /r0", 0), 0u);  // forgotten: at worst a 429 later
  EXPECT_EQ(limiter.DelayFor("GET /r1024", 0), 5000u);
}

TEST(RateLimiter, RouteKeysKeepMajorIdsOnly) {
  EXPECT_EQ(http::RouteKey("GET", "/users//5"), "GET /users//:id");  // an empty segment is one
  EXPECT_EQ(http::RouteKey("POST", "/lobbies/123/messages"), "POST /lobbies/123/messages");
  EXPECT_EQ(http::RouteKey("GET", "/users/456"), "GET /users/:id");
  EXPECT_EQ(http::RouteKey("DELETE", "/lobbies/1/members/99?x=1"), "DELETE /lobbies/1/members/:id");
}

}  // namespace
}  // namespace sdkpp::testing
