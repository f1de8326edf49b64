// The log's bound on lines of one kind (logging/line_rate_limit.h): what a network peer can make
// the SDK log again and again is written 20 times a minute per source line, then summarised with
// the count. A hostile voice server's 10,000 unusable frames, or a gateway's 10,000 events with
// unusable sequence numbers, leave a bounded log and one summary line with the count.
#include "framework/test.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "logging/line_rate_limit.h"
#include "logging/logger.h"
#include "test_client.h"
#include "voice/voice_connection_fixture.h"

namespace {

using sdkpp::LoggingSeverity;
using sdkpp::logging::LineRateLimit;
using sdkpp::logging::Logger;

struct Line {
  std::string message;
  LoggingSeverity severity;
};

size_t Containing(const std::vector<std::string>& lines, const std::string& part) {
  return static_cast<size_t>(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; }));
}

const std::string* Find(const std::vector<std::string>& lines, const std::string& part) {
  for (const auto& line : lines) {
    if (line.find(part) != std::string::npos) return &line;
  }
  return nullptr;
}

struct ClockedLogger {
  uint64_t now = 1'000'000;
  Logger logger{/*debug_build=*/true};
  std::vector<Line> lines;
  ClockedLogger() {
    logger.SetMonotonicClock([this] { return now; });
    logger.AddCallback([this](std::string m, LoggingSeverity s) { lines.push_back({std::move(m), s}); }, LoggingSeverity::Verbose);
    Drain();  // the DEBUG BUILD line
    lines.clear();
  }
  std::vector<std::string> Drain() {
    sdkpp::RunCallbacks();
    std::vector<std::string> out;
    for (const auto& line : lines) out.push_back(line.message);
    return out;
  }
};

void LogFromSiteA(Logger& logger, int i) { logger.Log(LoggingSeverity::Warning, "site A line " + std::to_string(i)); }
void LogFromSiteB(Logger& logger, int i) { logger.Log(LoggingSeverity::Error, "site B line " + std::to_string(i)); }

TEST(LogRateLimit, TwentyLinesOfAKindAMinuteThenOneSummaryWithTheCount) {
  ClockedLogger c;
  for (int i = 0; i < 10'000; ++i) LogFromSiteA(c.logger, i);
  auto lines = c.Drain();
  EXPECT_EQ(lines.size(), size_t{LineRateLimit::kLinesPerWindow});
  EXPECT_EQ(lines.front(), "site A line 0");
  EXPECT_EQ(lines.back(), "site A line 19");

  // Another kind has its own bound.
  LogFromSiteB(c.logger, 0);
  EXPECT_EQ(c.Drain().size(), size_t{LineRateLimit::kLinesPerWindow} + 1);

  // Still inside the minute: nothing more, no summary yet.
  c.now += LineRateLimit::kWindowMs - 1;
  LogFromSiteA(c.logger, 10'000);
  EXPECT_EQ(c.Drain().size(), size_t{LineRateLimit::kLinesPerWindow} + 1);

  // The minute is over: the next line of any kind first writes the summary.
  c.now += 1;
  LogFromSiteB(c.logger, 1);
  lines = c.Drain();
  ASSERT_EQ(lines.size(), size_t{LineRateLimit::kLinesPerWindow} + 3);
  EXPECT_EQ(lines[lines.size() - 2], "9981 more lines like \"site A line 0\" within a minute were not logged");
  EXPECT_EQ(c.lines[c.lines.size() - 2].severity, LoggingSeverity::Warning);
  EXPECT_EQ(lines.back(), "site B line 1");

  // A new window for A: 20 more lines are written.
  c.lines.clear();
  for (int i = 0; i < 25; ++i) LogFromSiteA(c.logger, i);
  EXPECT_EQ(c.Drain().size(), size_t{LineRateLimit::kLinesPerWindow});
}

TEST(LogRateLimit, InfoAndVerboseWhichOnlyDebugBuildsDeliverAreNotBounded) {
  ClockedLogger c;
  for (int i = 0; i < 100; ++i) c.logger.Log(LoggingSeverity::Verbose, "trace " + std::to_string(i));
  EXPECT_EQ(c.Drain().size(), 100u);
}

TEST(LogRateLimit, TheSummaryQuotesTheRedactedLineShortened) {
  ClockedLogger c;
  c.logger.redactor().RememberSecret("secret-in-line-0123");
  for (int i = 0; i < 30; ++i) {
    c.logger.Log(LoggingSeverity::Warning, "token secret-in-line-0123 and " + std::string(300, 'x'));
  }
  c.now += LineRateLimit::kWindowMs;
  c.logger.Log(LoggingSeverity::Warning, "another kind");
  auto lines = c.Drain();
  const std::string* summary = Find(lines, "more lines like");
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->find("secret-in-line-0123"), std::string::npos) << *summary;
  EXPECT_NE(summary->find("10 more lines like \"token [REDACTED] and xxx"), std::string::npos) << *summary;
  EXPECT_LT(summary->size(), 260u) << "the quoted line is shortened";
}

}  // namespace

namespace sdkpp::voice::testing {
namespace {

// A hostile voice server: 10,000 gateway frames the SDK cannot use while the call stays up.
TEST(LogRateLimit, TenThousandUnusableVoiceGatewayFramesLeaveABoundedLogAndASummary) {
  VoiceFixture f;
  uint64_t now = 5'000'000;
  f.h.logger.SetMonotonicClock([&now] { return now; });
  f.ToMediaReady();
  sdkpp::RunCallbacks();
  f.h.logs.clear();
  for (int i = 0; i < 10'000; ++i) f.ServerSays(R"({"op":"not a number )" + std::to_string(i) + "\"}");
  for (int i = 0; i < 10'000; ++i) f.events().OnWebSocketBinary(f.ws(), std::string("\x00", 1));
  sdkpp::RunCallbacks();
  EXPECT_TRUE(f.listener.lost.empty()) << "the call stays up";
  EXPECT_LE(f.h.logs.size(), size_t{2 * sdkpp::logging::LineRateLimit::kLinesPerWindow}) << f.h.logs.size() << " lines";
  EXPECT_EQ(Containing(f.h.logs, "voice: dropped"), size_t{2 * sdkpp::logging::LineRateLimit::kLinesPerWindow});

  now += sdkpp::logging::LineRateLimit::kWindowMs;
  f.ServerSays("not json");
  sdkpp::RunCallbacks();
  const std::string* text = Find(f.h.logs, "9980 more lines like \"voice: dropped");
  ASSERT_NE(text, nullptr);
  EXPECT_NE(text->find("within a minute were not logged"), std::string::npos) << *text;
  EXPECT_EQ(Containing(f.h.logs, "more lines like"), 2u) << "one summary per kind (text and binary frames)";
}

}  // namespace
}  // namespace sdkpp::voice::testing

namespace sdkpp::testing {
namespace {

// A hostile main gateway: 10,000 events whose sequence number the SDK cannot use.
TEST(LogRateLimit, TenThousandGatewayEventsWithUnusableSequenceNumbersLeaveABoundedLog) {
  GatewayHarness h;
  uint64_t now = 7'000'000;
  h.impl().logger().SetMonotonicClock([&now] { return now; });
  h.Hello();
  h.Dispatch("READY", R"({"v":10,"session_id":"s","resume_gateway_url":"ws://r.test","user":{"id":"1","username":"p"}})");
  sdkpp::RunCallbacks();
  h.logs.clear();
  for (int i = 0; i < 10'000; ++i) h.Send(R"({"op":0,"t":"NOTHING_KNOWN","s":-)" + std::to_string(i + 1) + R"(,"d":{}})");
  sdkpp::RunCallbacks();
  EXPECT_EQ(Containing(h.logs, "outside 1.."), size_t{logging::LineRateLimit::kLinesPerWindow});
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
  now += logging::LineRateLimit::kWindowMs;
  h.Send(R"({"op":0,"t":"NOTHING_KNOWN","s":-1,"d":{}})");
  sdkpp::RunCallbacks();
  EXPECT_NE(Find(h.logs, "9980 more lines like \"gateway: event with sequence number -1 outside"), nullptr);
}

}  // namespace
}  // namespace sdkpp::testing
