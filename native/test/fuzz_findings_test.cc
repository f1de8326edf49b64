// What fuzzing found (native/fuzz): one test per bug, named after its input under
// native/fuzz/regressions/<target>/. The replay of those inputs (ctest fuzz_replay.<target>)
// shows them only under a sanitizer; these tests fail on the old code in any build.
#include "framework/test.h"

#include "http/rate_limiter.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

constexpr uint64_t kHourMs = 3600 * 1000;
constexpr uint64_t kYearMs = 365 * 24 * kHourMs;

// regressions/http_responses/crash-12e3a3e4…: a global 429 whose retry_after is 1e300 seconds.
// Its conversion to milliseconds was undefined behaviour: garbage deadlines, with g++ on x86-64
// no wait at all (with other compilers, 2^63 ms: no request ever again).
TEST(FuzzFindings, AnAbsurdGlobalRetryAfterWaitsAYearNotForeverOrNever) {
  Harness h;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", [](ClientResult, uint64_t, std::string) {});
  h.platform->Respond(h.platform->Pending(), 429, R"({"message":"global","retry_after":1e300,"global":true})");
  Pump();
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-abcdefgh", [](ClientResult, uint64_t, std::string) {});
  h.platform->Advance(kHourMs);
  EXPECT_EQ(h.platform->requests.size(), 1u) << "the service said to wait";
  h.platform->Advance(kYearMs);
  EXPECT_EQ(h.platform->requests.size(), 2u) << "the wait is bounded";
}

// The same number in a bucket's X-RateLimit-Reset-After header.
TEST(FuzzFindings, AnAbsurdBucketResetIsCappedAtAYear) {
  http::RateLimiter limiter;
  const uint64_t now = 1'800'000'000'000;
  limiter.Observe("GET /users/@me", {{"x-ratelimit-bucket", "b1"}, {"x-ratelimit-remaining", "0"}, {"x-ratelimit-reset-after", "1e30"}},
                  200, std::nullopt, false, now);
  const uint64_t delay = limiter.DelayFor("GET /users/@me", now);
  EXPECT_GT(delay, kHourMs);
  EXPECT_LE(delay, kYearMs);
}

}  // namespace
}  // namespace sdkpp::testing
