// The HTTP statuses the SDK maps to results, class by class and at each class's edges: 2xx is
// success; 429 and 5xx are retryable HTTPError (with RetryAfter); every other status is an
// HTTPError the app must not retry. The expectations are written out here, row by row, rather
// than derived from the code under test.
#include "framework/test.h"

#include <string>

#include "http/result_builder.h"
#include "logging/redactor.h"

namespace sdkpp::http {
namespace {

struct Row {
  int32_t status;
  bool successful;
  bool retryable;
  const char* hint;  // a piece of the error text's advice, "" for none of the three below
};

ClientResult Answer(int32_t status, float retry_after, bool sent_token = true,
                    std::string_view body = R"({"code":50035,"message":"Invalid Form Body"})") {
  logging::Redactor redactor;
  RequestPlace place{"POST", "/lobbies/1/messages", "http://127.0.0.1:1/api", sent_token};
  return ResultFromResponse(redactor, place, status, body, false, retry_after);
}

TEST(HttpResults, EveryStatusClassIsMappedAtItsEdges) {
  const std::string later = "try again later";
  const std::string rate = "rate limited: retry after 2.5 s";
  const std::string token = "call UpdateToken with a fresh one";
  const Row rows[] = {
      {100, false, false, ""},   {199, false, false, ""},  {200, true, false, ""},   {201, true, false, ""},
      {204, true, false, ""},    {299, true, false, ""},   {300, false, false, ""},  {304, false, false, ""},
      {399, false, false, ""},   {400, false, false, ""},  {401, false, false, "T"}, {403, false, false, ""},
      {404, false, false, ""},   {428, false, false, ""},  {429, false, true, "R"},  {430, false, false, ""},
      {499, false, false, ""},   {500, false, true, "L"},  {501, false, true, "L"},  {503, false, true, "L"},
      {599, false, true, "L"},
  };
  for (const Row& row : rows) {
    ClientResult result = Answer(row.status, 2.5f);
    EXPECT_EQ(result.Successful(), row.successful) << row.status;
    EXPECT_EQ(result.Retryable(), row.retryable) << row.status;
    EXPECT_EQ(result.RetryAfter(), row.retryable ? 2.5f : 0.0f) << row.status;
    if (row.successful) {
      EXPECT_TRUE(result.Error().empty()) << row.status;
      continue;
    }
    EXPECT_EQ(static_cast<int>(result.Type()), static_cast<int>(ErrorType::HTTPError)) << row.status;
    EXPECT_EQ(result.ErrorCode(), 50035) << row.status;
    const std::string& error = result.Error();
    EXPECT_NE(error.find("Invalid Form Body"), std::string::npos) << row.status << ": " << error;
    EXPECT_EQ(error.find(later) != std::string::npos, std::string(row.hint) == "L") << row.status << ": " << error;
    EXPECT_EQ(error.find(rate) != std::string::npos, std::string(row.hint) == "R") << row.status << ": " << error;
    EXPECT_EQ(error.find(token) != std::string::npos, std::string(row.hint) == "T") << row.status << ": " << error;
  }
}

// The service's error codes (docs/protocols/http.md; the spec's 530017, 160014 and 110000), code
// by code with the status the service answers them with: each is an HTTPError carrying the code
// (ErrorCode) and the status, not retryable, with the service's message in the error text. The
// SDK gives none of them another ErrorType: an app tells them apart by ErrorCode.
TEST(HttpResults, EveryServiceErrorCodeIsKeptWithItsStatus) {
  struct Code {
    int32_t code;
    int32_t status;
    const char* message;
  };
  const Code codes[] = {
      {10013, 404, "Unknown User"},
      {10031, 404, "Unknown Lobby"},
      {30000, 400, "Maximum number of lobby members reached"},
      {50001, 403, "Missing Access"},
      {50013, 403, "Missing Permissions"},
      {50035, 400, "Invalid Form Body"},
      {50109, 400, "The request body contains invalid JSON."},
      {80000, 400, "Incorrect username"},
      {110000, 400, "This guild is not yet indexed for search"},
      {160014, 400, "Cannot forward a message whose content cannot be read"},
      {530017, 403, "The linked account is banned"},
  };
  for (const Code& row : codes) {
    const std::string body = R"({"code":)" + std::to_string(row.code) + R"(,"message":")" + row.message + R"("})";
    ClientResult result = Answer(row.status, 0, true, body);
    EXPECT_FALSE(result.Successful()) << row.code;
    EXPECT_EQ(static_cast<int>(result.Type()), static_cast<int>(ErrorType::HTTPError)) << row.code;
    EXPECT_EQ(result.ErrorCode(), row.code);
    EXPECT_EQ(static_cast<int>(result.Status()), row.status) << row.code;
    EXPECT_FALSE(result.Retryable()) << row.code;
    EXPECT_NE(result.Error().find(row.message), std::string::npos) << row.code << ": " << result.Error();
  }
}

TEST(HttpResults, KnownStatusesKeepTheirCodeAndOthersAreNone) {
  EXPECT_EQ(static_cast<int>(Answer(200, 0).Status()), 200);
  EXPECT_EQ(static_cast<int>(Answer(404, 0).Status()), 404);
  EXPECT_EQ(static_cast<int>(Answer(429, 0).Status()), 429);
  EXPECT_EQ(static_cast<int>(Answer(503, 0).Status()), 503);
  EXPECT_EQ(static_cast<int>(Answer(299, 0).Status()), static_cast<int>(HttpStatusCode::None));
  EXPECT_EQ(static_cast<int>(Answer(599, 0).Status()), static_cast<int>(HttpStatusCode::None));
}

TEST(HttpResults, TheRateLimitHintSaysLaterWithoutARetryAfterAndTheTokenHintNeedsAToken) {
  EXPECT_NE(Answer(429, 0).Error().find("rate limited: retry later"), std::string::npos);
  EXPECT_EQ(Answer(401, 0, false).Error().find("UpdateToken"), std::string::npos);
  // An OAuth2 error body (error, error_description) is the service's words too.
  ClientResult oauth = Answer(400, 0, false, R"({"error":"invalid_grant","error_description":"the code was used"})");
  EXPECT_NE(oauth.Error().find("invalid_grant: the code was used"), std::string::npos) << oauth.Error();
  EXPECT_EQ(oauth.ErrorCode(), 0);
}

// The whole error text is bounded: up to 2048 bytes it is whole, past them it is cut to 2048 bytes
// and "..." — and never inside a UTF-8 character. The request's path sizes the text here.
TEST(HttpResults, TheErrorTextIsCutAt2048BytesAndNeverInsideACharacter) {
  logging::Redactor redactor;
  auto text = [&redactor](const std::string& path) {
    RequestPlace place{"GET", path, "http://127.0.0.1:1/api", true};
    return ResultFromResponse(redactor, place, 404, R"({"code":10003,"message":"Unknown Channel"})", false, 0).Error();
  };
  const size_t base = text("/x").size();
  ASSERT_EQ(text("/xa").size(), base + 1) << "the path appears once in the text";
  ASSERT_LT(base, 2048u);
  const std::string exact = text("/x" + std::string(2048 - base, 'a'));
  EXPECT_EQ(exact.size(), 2048u);
  EXPECT_FALSE(exact.ends_with("...")) << exact.substr(2000);
  const std::string over = text("/x" + std::string(2048 - base + 1, 'a'));
  EXPECT_EQ(over.size(), 2048u + 3);
  EXPECT_TRUE(over.ends_with("..."));
  // A two-byte character on bytes 2047 and 2048 (0-based): the cut goes before it.
  const size_t at = text("/x").find("/x");
  ASSERT_LT(at + 2, 2047u);
  const std::string split = text("/x" + std::string(2047 - at - 2, 'a') + "\xC3\xA9" + std::string(100, 'b'));
  EXPECT_EQ(split.size(), 2047u + 3);
  EXPECT_TRUE(split.ends_with("a...")) << split.substr(2040);
}

}  // namespace
}  // namespace sdkpp::http
