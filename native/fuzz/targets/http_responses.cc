// HTTP answers as the Client receives them: a Client on the scripted platform, Ready on its
// gateway, starts one of each request whose answer it parses — the token endpoint (code,
// refresh, provisional, device flow, child token), the current user, DM history and summaries,
// guilds and channels, lobbies, messages, friend requests, the gateway URL — and the input
// answers them. Every answer goes through HttpClient (retry-after, rate-limit buckets, the Date
// clock), the result builder (error bodies, redaction) and the operation's own parser.
//
// Input: answers separated by a line "----". An answer is a first line "<status> [url part]"
// (the oldest pending request whose URL contains the part, else the oldest), then header lines
// "name: value" up to an empty line, then the body. "!error <text>" fails the request instead
// (no response), "!advance <ms>" moves the clock (timeouts, retries, device polling).
//
// Checked: no log line and no result error text carries a secret the Client was given.
#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "client_reads.h"
#include "fuzz_input.h"
#include "test_client.h"

namespace {

using namespace sdkpp;
using sdkpp::testing::GatewayHarness;

constexpr const char* kSecrets[] = {"tok-fuzz-http-S3CRET", "code-S3CRET-1", "verifier-S3CRET-1",
                                    "refresh-S3CRET-1", "ticket-S3CRET-1", "parent-S3CRET-1"};

bool CarriesSecret(std::string_view text) {
  return std::any_of(std::begin(kSecrets), std::end(kSecrets),
                     [&](const char* secret) { return text.find(secret) != std::string_view::npos; });
}

using sdkpp::fuzz::Number;

void CheckResult(const ClientResult& result) {
  FUZZ_CHECK(!CarriesSecret(result.Error()));
  (void)result.Status();
  (void)result.Retryable();
  (void)result.RetryAfter();
  (void)result.ErrorCode();
  (void)result.ResponseBody();
}

void StartRequests(Client& client) {
  auto token = [](ClientResult r, std::string, std::string, AuthorizationTokenType, int32_t, std::string) { CheckResult(r); };
  auto result = [](ClientResult r) { CheckResult(r); };
  auto messages = [](ClientResult r, std::vector<MessageHandle> list) {
    CheckResult(r);
    for (auto& m : list) fuzz::ReadMessage(m);
  };
  client.GetToken(testing::kAppId, kSecrets[1], kSecrets[2], "http://127.0.0.1:5000/callback", token);
  client.RefreshToken(testing::kAppId, kSecrets[3], token);
  client.GetProvisionalToken(testing::kAppId, AuthenticationExternalAuthType::SteamSessionTicket, kSecrets[4], token);
  DeviceAuthorizationArgs device;
  device.SetScopes("openid sdk.social_layer");
  client.GetTokenFromDevice(device, token);
  client.ExchangeChildToken(kSecrets[5], 42, [](ClientResult r, std::string, AuthorizationTokenType, int32_t, std::string) {
    CheckResult(r);
  });
  client.FetchCurrentUser(AuthorizationTokenType::Bearer, kSecrets[0], [](ClientResult r, uint64_t, std::string name) {
    CheckResult(r);
    (void)name.size();
  });
  client.GetUserMessagesWithLimit(2, 50, messages);
  client.GetLobbyMessagesWithLimit(500, 50, messages);
  client.GetUserMessageSummaries([](ClientResult r, std::vector<UserMessageSummary> list) {
    CheckResult(r);
    for (auto& s : list) (void)(s.LastMessageId() + s.UserId());
  });
  client.GetUserGuilds([](ClientResult r, std::vector<GuildMinimal> guilds) {
    CheckResult(r);
    for (auto& g : guilds) (void)g.Name();
  });
  client.GetGuildChannels(8, [](ClientResult r, std::vector<GuildChannel> channels) {
    CheckResult(r);
    for (auto& c : channels) {
      (void)c.Name();
      (void)c.ParentId();
      (void)c.LinkedLobby();
    }
  });
  client.CreateOrJoinLobby("lobby-secret-1", [](ClientResult r, uint64_t) { CheckResult(r); });
  client.SendUserMessage(2, "hello", [](ClientResult r, uint64_t) { CheckResult(r); });
  client.SendLobbyMessage(500, "hello", [](ClientResult r, uint64_t) { CheckResult(r); });
  client.SendServiceFriendRequest("friend", result);
  client.AcceptGameFriendRequest(2, result);
  client.JoinLinkedLobbyGuild(500, [] {}, [](ClientResult r, std::string url) {
    CheckResult(r);
    (void)url.size();
  });
  client.RevokeToken(testing::kAppId, kSecrets[3], result);
}

struct Answer {
  int32_t status = 200;
  std::string url_part;
  std::vector<HttpHeader> headers;
  std::string body;
};

Answer ParseAnswer(std::string_view text) {
  Answer answer;
  size_t end = text.find('\n');
  std::string_view first = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  answer.status = static_cast<int32_t>(std::clamp<int64_t>(Number(first), -1, 1000));
  if (size_t space = first.find(' '); space != std::string_view::npos) answer.url_part = std::string(first.substr(space + 1));
  while (!text.empty()) {
    end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (line.empty()) break;
    size_t colon = line.find(':');
    std::string name(line.substr(0, colon));
    std::transform(name.begin(), name.end(), name.begin(), [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    std::string_view value = colon == std::string_view::npos ? std::string_view() : line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    answer.headers.push_back({std::move(name), std::string(value)});
  }
  answer.body = std::string(text);
  return answer;
}

testing::ScriptedPlatform::Request* Oldest(testing::ScriptedPlatform& platform, std::string_view url_part) {
  testing::ScriptedPlatform::Request* oldest = nullptr;
  for (auto& request : platform.requests) {
    if (request.answered || request.cancelled) continue;
    if (!oldest) oldest = &request;
    if (!url_part.empty() && request.http.url.find(url_part) != std::string::npos) return &request;
  }
  return oldest;
}

std::vector<std::string_view> Answers(std::string_view text) {
  std::vector<std::string_view> answers;
  constexpr std::string_view kSeparator = "\n----\n";
  while (!text.empty()) {
    size_t end = text.find(kSeparator);
    answers.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + kSeparator.size());
  }
  return answers;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  GatewayHarness h(kSecrets[0]);
  h.Hello();
  h.Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test","user":{"id":"1","username":"me"},)"
                      R"("relationships":[{"id":"2","type":1,"user":{"id":"2","username":"friend"}}],)"
                      R"("lobbies":[{"id":"500","application_id":"1234567890123456789","members":[{"id":"1","connected":true}]}]})");
  testing::Pump();
  fuzz::SeenIds seen;
  fuzz::InstallReadingCallbacks(h.client, seen);
  StartRequests(h.client);
  for (std::string_view text : Answers(fuzz::AsText(data, size))) {
    if (text.rfind("!advance", 0) == 0) {
      h.platform->Advance(static_cast<uint64_t>(std::clamp<int64_t>(Number(text.substr(8)), 0, 3'600'000)));
    } else if (text.rfind("!error", 0) == 0) {
      if (auto* request = Oldest(*h.platform, "")) h.platform->FailRequest(request, std::string(text.substr(6)));
    } else {
      Answer answer = ParseAnswer(text);
      if (auto* request = Oldest(*h.platform, answer.url_part)) {
        h.platform->Respond(request, answer.status, std::move(answer.body), std::move(answer.headers));
      }
    }
    testing::Pump();
    fuzz::ReadEverything(h.client, seen);
  }
  // What is still pending times out (or retries and then times out).
  for (int i = 0; i < 10; ++i) h.platform->Advance(60'000);
  testing::Pump();
  for (const auto& line : h.logs) FUZZ_CHECK(!CarriesSecret(line));
  return 0;
}
