// README "Errors and what to do", the core's half: one test per row. Each error text names
// where the request went (the URL, or the API base) and what to do; Connect stops on a failure
// no retry can change (a refused token, a wrong API base, the close codes the service documents
// as "do not reconnect") and keeps retrying a transient one, logging its reason at a bounded
// rate. Time is the scripted platform's clock: minutes of backoff pass in no real time.
#include "framework/test.h"

#include <tuple>

#include "auth/authorize_flow.h"
#include "gateway/gateway_protocol.h"
#include "http/failure_text.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

constexpr uint64_t kTenMinutesMs = 10 * 60 * 1000;

bool Has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

struct LogLine {
  LoggingSeverity severity;
  std::string text;
};

// A Client whose Warning and Error lines and status changes are recorded.
struct WatchedClient : Harness {
  std::vector<LogLine> lines;
  std::vector<std::tuple<Client::Status, Client::Error, int32_t>> statuses;

  explicit WatchedClient(const std::string& api_base = "https://api.test/api")
      : Harness(MakeOptions(api_base)) {
    client.AddLogCallback(
        [this](std::string m, LoggingSeverity s) {
          if (!Has(m, "DEBUG BUILD")) lines.push_back({s, std::move(m)});  // a Debug harness's first line
        },
        LoggingSeverity::Warning);
    client.SetStatusChangedCallback([this](Client::Status s, Client::Error e, int32_t d) {
      statuses.emplace_back(s, e, d);
    });
  }

  // A bearer token whose expiry the service tells (UpdateToken asks /oauth2/@me).
  void GiveToken(const std::string& token = "tok-errors-123456") {
    client.UpdateToken(AuthorizationTokenType::Bearer, token, nullptr);
    if (auto* me = platform->Pending(); me && me->http.url.ends_with("/oauth2/@me")) {
      platform->Respond(me, 200, R"({"expires":"2030-01-01T00:00:00Z"})");
    }
    Pump();
  }

  // Lines of `severity` that contain `part`.
  std::vector<std::string> Lines(LoggingSeverity severity, std::string_view part = "") const {
    std::vector<std::string> found;
    for (const auto& line : lines) {
      if (line.severity == severity && Has(line.text, part)) found.push_back(line.text);
    }
    return found;
  }

  std::tuple<Client::Status, Client::Error, int32_t> LastStatus() const {
    return statuses.empty() ? std::tuple{Client::Status::Disconnected, Client::Error::None, 0} : statuses.back();
  }
};

// GetToken is not idempotent: a connection failure ends it at once (no retries to step through).
ClientResult FailedTokenExchange(WatchedClient& h, const std::string& platform_message) {
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback", Capture(out));
  h.platform->FailRequest(h.platform->Pending(), platform_message);
  Pump();
  EXPECT_TRUE(out.called);
  return out.result;
}

ClientResult FetchUserAnswered(WatchedClient& h, int32_t status, const std::string& body) {
  std::optional<ClientResult> result;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-errors-123456",
                            [&](ClientResult r, uint64_t, std::string) { result = r; });
  h.platform->Respond(h.platform->Pending(), status, body);
  Pump();
  EXPECT_TRUE(result.has_value());
  return result.value_or(ClientResult::nullobj);
}

// --- Row: the service is not running -----------------------------------------------------------

TEST(ErrorHints, ServiceNotRunningNamesTheUrlAndHowToStartTheEmulator) {
  WatchedClient h("http://127.0.0.1:8790/api");
  ClientResult result = FailedTokenExchange(h, "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8790");
  EXPECT_EQ(result.Type(), ErrorType::NetworkError);
  EXPECT_EQ(result.Error(),
            "POST http://127.0.0.1:8790/api/oauth2/token failed: ECONNREFUSED: connect ECONNREFUSED "
            "127.0.0.1:8790 — is the service running at http://127.0.0.1:8790? Start the local one "
            "with: npx sdkpp-emulator");
  // The log says the same, with the operation.
  EXPECT_EQ(h.Lines(LoggingSeverity::Warning, "GetToken: " + result.Error()).size(), 1u);
}

TEST(ErrorHints, ARemoteServiceNotAnsweringIsNotSentToTheEmulator) {
  WatchedClient h;
  ClientResult result = FailedTokenExchange(h, "ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:443");
  EXPECT_TRUE(Has(result.Error(), "POST https://api.test/api/oauth2/token failed: ECONNREFUSED"));
  EXPECT_TRUE(Has(result.Error(), "is the service running at https://api.test? Check the API base and the network"));
  EXPECT_FALSE(Has(result.Error(), "npx"));
}

TEST(ErrorHints, AHostNameThatDoesNotResolveSaysDns) {
  WatchedClient h;
  ClientResult result = FailedTokenExchange(h, "ENOTFOUND: getaddrinfo ENOTFOUND api.test");
  EXPECT_TRUE(Has(result.Error(), "POST https://api.test/api/oauth2/token failed: ENOTFOUND"));
  EXPECT_TRUE(Has(result.Error(), "— the host of https://api.test could not be resolved (DNS)"));
}

TEST(ErrorHints, ATlsFailureSaysCheckTheCertificate) {
  WatchedClient h;
  ClientResult result = FailedTokenExchange(h, "DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate");
  EXPECT_TRUE(Has(result.Error(), "POST https://api.test/api/oauth2/token failed: DEPTH_ZERO_SELF_SIGNED_CERT"));
  EXPECT_TRUE(Has(result.Error(), "— the TLS connection to https://api.test failed: check that its certificate"));
}

TEST(ErrorHints, TheSdksTimeoutNamesTheUrlAndTheSetting) {
  WatchedClient h;
  h.client.SetHttpRequestTimeout(2500);
  std::optional<ClientResult> result;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-errors-123456",
                            [&](ClientResult r, uint64_t, std::string) { result = r; });
  h.platform->Advance(2500);
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::NetworkError);
  EXPECT_EQ(result->Error(),
            "GET https://api.test/api/users/@me timed out after 2500 ms — the service at "
            "https://api.test did not answer in time: is it up and reachable? (the limit is "
            "SetHttpRequestTimeout's)");
  EXPECT_EQ(h.Lines(LoggingSeverity::Warning, "FetchCurrentUser: GET https://api.test/api/users/@me timed out").size(), 1u);
}

TEST(ErrorHints, TheHostsOwnTimeoutCodeGetsTheTimeoutHint) {
  WatchedClient h;
  ClientResult result = FailedTokenExchange(h, "UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error");
  EXPECT_TRUE(Has(result.Error(), "— the service at https://api.test did not answer in time"));
}

// --- Row: the API base is wrong -----------------------------------------------------------------

TEST(ErrorHints, AnApiBaseWithoutApiGetsADidYouMean) {
  WatchedClient h("http://127.0.0.1:8790");
  ClientResult result = FetchUserAnswered(h, 404, R"({"code":0,"message":"404: Not Found"})");
  EXPECT_EQ(result.Type(), ErrorType::HTTPError);
  EXPECT_EQ(result.Status(), HttpStatusCode::NotFound);
  EXPECT_EQ(result.Error(),
            "GET /users/@me failed: 404 Not Found at http://127.0.0.1:8790 — is the API base right? "
            "It must end in /api: did you mean http://127.0.0.1:8790/api? Set it with "
            "ClientCreateOptions.ApiBase, new Client(apiBase, webBase) or SDKPP_API_BASE");
}

TEST(ErrorHints, AnUnknownRouteUnderAnApiBaseNamesTheEmulatorsBase) {
  WatchedClient h("https://api.test/api");
  ClientResult result = FetchUserAnswered(h, 404, "<html>not here</html>");
  EXPECT_TRUE(Has(result.Error(), "GET /users/@me failed: 404 Not Found at https://api.test/api — is the API base right?"));
  EXPECT_TRUE(Has(result.Error(), "(the local emulator's is http://127.0.0.1:8790/api)"));
}

TEST(ErrorHints, AServiceErrorKeepsItsWordsFirstAndNamesTheBase) {
  WatchedClient h;
  ClientResult result = FetchUserAnswered(h, 404, R"({"code":10013,"message":"Unknown User"})");
  EXPECT_EQ(result.ErrorCode(), 10013);
  EXPECT_EQ(result.Error(), "Unknown User (GET /users/@me: 404 Not Found at https://api.test/api)");
}

// --- Rows: a bad token, an expired token (HTTP) ---------------------------------------------------

TEST(ErrorHints, ARefusedTokenSaysUpdateToken) {
  WatchedClient h;
  ClientResult result = FetchUserAnswered(h, 401, R"({"code":0,"message":"401: Unauthorized"})");
  // The service's "401: Unauthorized" says no more than the status: it is not repeated.
  EXPECT_TRUE(Has(result.Error(), "GET /users/@me failed: 401 Unauthorized at https://api.test/api"));
  EXPECT_TRUE(Has(result.Error(), "— the token was refused (expired, revoked or not a token of this application): "
                                  "call UpdateToken with a fresh one (RefreshToken, or Authorize again)"));
}

TEST(ErrorHints, ConnectWithAnExpiredTokenSaysRefreshToken) {
  WatchedClient h;
  TokenOutcome exchange;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "http://127.0.0.1:5/callback", Capture(exchange));
  h.platform->Respond(h.platform->Pending(), 200, TokenBody("access-expiring-1", "refresh-1", 60));
  Pump();
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "access-expiring-1", nullptr);
  Pump();
  h.platform->Advance(61'000);
  h.client.Connect();
  Pump();
  EXPECT_EQ(h.LastStatus(), std::tuple(Client::Status::Disconnected, Client::Error::ConnectionFailed, 0));
  EXPECT_EQ(h.Lines(LoggingSeverity::Error, "Connect: the token has expired: call RefreshToken").size(), 1u);
  EXPECT_EQ(h.platform->CountRequests("/gateway"), 0u);
}

TEST(ErrorHints, ConnectWithoutATokenSaysUpdateToken) {
  WatchedClient h;
  h.client.Connect();
  Pump();
  EXPECT_EQ(h.Lines(LoggingSeverity::Error, "Connect: no token: call UpdateToken").size(), 1u);
}

// --- Row: rate limited (429) ----------------------------------------------------------------------

TEST(ErrorHints, ARateLimitTooLongToWaitOutSaysWhenToRetry) {
  WatchedClient h;
  ClientResult result = FetchUserAnswered(h, 429, R"({"message":"You are being rate limited.","retry_after":120,"global":false})");
  EXPECT_TRUE(result.Retryable());
  EXPECT_FLOAT_EQ(result.RetryAfter(), 120.0f);
  EXPECT_TRUE(Has(result.Error(), "You are being rate limited. (GET /users/@me: 429 Too Many Requests at https://api.test/api)"));
  EXPECT_TRUE(Has(result.Error(), "— rate limited: retry after 120 s (ClientResult.RetryAfter())"));
}

// --- No token, code or secret in any of these texts -----------------------------------------------

TEST(ErrorHints, NoSecretReachesAnErrorTextOrTheLog) {
  // A password in the API base, and a host that echoes the URL with a code and a token in it.
  WatchedClient h("http://player:pa55word-xyz@127.0.0.1:8790/api");
  std::vector<std::string> texts;
  TokenOutcome exchange;
  h.client.GetToken(kAppId, "code-echoed-123", "verifier-echoed-456", "http://127.0.0.1:5/callback", Capture(exchange));
  EXPECT_EQ(h.platform->requests.back().http.url, "http://player:pa55word-xyz@127.0.0.1:8790/api/oauth2/token");
  h.platform->FailRequest(h.platform->Pending(),
                          "ECONNREFUSED: http://player:pa55word-xyz@127.0.0.1:8790/api/oauth2/token?code=code-echoed-123 "
                          "verifier-echoed-456 Bearer tok-errors-123456");
  Pump();
  texts.push_back(exchange.result.Error());
  EXPECT_TRUE(Has(exchange.result.Error(), "POST http://127.0.0.1:8790/api/oauth2/token failed"));
  EXPECT_TRUE(Has(exchange.result.Error(), "is the service running at http://127.0.0.1:8790?"));
  texts.push_back(FetchUserAnswered(h, 404, R"({"code":0,"message":"404: Not Found"})").Error());
  texts.push_back(FetchUserAnswered(h, 401, R"({"message":"bad token tok-errors-123456"})").Error());
  h.client.SetHttpRequestTimeout(100);
  std::optional<ClientResult> late;
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, "tok-errors-123456",
                            [&](ClientResult r, uint64_t, std::string) { late = r; });
  h.platform->Advance(100);
  Pump();
  ASSERT_TRUE(late);
  texts.push_back(late->Error());
  for (const auto& line : h.lines) texts.push_back(line.text);
  ASSERT_GE(texts.size(), 8u);
  for (const auto& text : texts) {
    for (const char* secret : {"pa55word-xyz", "player:", "code-echoed-123", "verifier-echoed-456", "tok-errors-123456"}) {
      EXPECT_FALSE(Has(text, secret)) << secret << " in: " << text;
    }
  }
}

// --- Connect: the bootstrap request (GET /gateway) ------------------------------------------------

TEST(ConnectFailures, TheBootstrapsPermanentStatusesStopConnect) {
  for (int32_t status : {401, 403, 404}) {
    WatchedClient h("http://127.0.0.1:8790");
    h.GiveToken();
    h.client.Connect();
    ASSERT_EQ(h.platform->CountRequests("/gateway"), 1u);
    h.platform->Respond(h.platform->Pending(), status, "");
    Pump();
    EXPECT_EQ(h.LastStatus(), std::tuple(Client::Status::Disconnected, Client::Error::ConnectionFailed, status)) << status;
    EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected);
    h.platform->Advance(kTenMinutesMs);
    Pump();
    EXPECT_EQ(h.platform->CountRequests("/gateway"), 1u) << status;  // no retry
    EXPECT_TRUE(h.platform->sockets_opened.empty());
    auto stopped = h.Lines(LoggingSeverity::Error, "Connect stopped: GET /gateway failed: " + std::to_string(status));
    ASSERT_EQ(stopped.size(), 1u) << status;
    EXPECT_TRUE(Has(stopped[0], "at http://127.0.0.1:8790"));
    EXPECT_TRUE(Has(stopped[0], "Not retrying"));
    if (status == 404) EXPECT_TRUE(Has(stopped[0], "is the API base right? It must end in /api: did you mean http://127.0.0.1:8790/api?"));
  }
}

// Fails every request the client makes, stepping the fake clock, until the gateway has failed
// `failures` times in a row (each of its attempts is up to three requests: the HTTP client's
// own two retries of an idempotent GET).
void FailBootstrapAttempts(WatchedClient& h, int failures, const std::function<void(ScriptedPlatform::Request*)>& fail) {
  auto failed = [&] {
    int n = 0;
    for (const auto& [status, error, detail] : h.statuses) n += status == Client::Status::Reconnecting;
    return n;
  };
  for (int step = 0; step < 100'000 && failed() < failures; ++step) {
    while (auto* request = h.platform->Pending()) fail(request);
    Pump();
    h.platform->Advance(250);
  }
  ASSERT_EQ(failed(), failures);
}

void ExpectRetriedWithBoundedLog(WatchedClient& h, std::string_view first_reason) {
  EXPECT_NE(h.client.GetStatus(), Client::Status::Disconnected);
  EXPECT_GE(h.platform->CountRequests("/gateway"), 25u);
  auto reported = h.Lines(LoggingSeverity::Warning, "Connect: ");
  ASSERT_EQ(reported.size(), 3u);  // failures 1, 10 and 20 of 25
  EXPECT_TRUE(Has(reported[0], first_reason)) << reported[0];
  EXPECT_TRUE(Has(reported[0], "Retrying in "));
  EXPECT_TRUE(Has(reported[1], "(10 failures in a row"));
  EXPECT_TRUE(Has(reported[2], "(20 failures in a row"));
  // The HTTP client did not log each attempt on its own.
  EXPECT_EQ(h.Lines(LoggingSeverity::Warning).size(), 3u);
}

TEST(ConnectFailures, AServiceThatIsNotRunningIsRetriedAndLoggedAtABoundedRate) {
  WatchedClient h("http://127.0.0.1:8790/api");
  h.GiveToken();
  h.client.Connect();
  FailBootstrapAttempts(h, 25, [&](auto* request) {
    h.platform->FailRequest(request, "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8790");
  });
  ExpectRetriedWithBoundedLog(h, "GET http://127.0.0.1:8790/api/gateway failed: ECONNREFUSED: connect ECONNREFUSED "
                                 "127.0.0.1:8790 — is the service running at http://127.0.0.1:8790? Start the "
                                 "local one with: npx sdkpp-emulator");
  EXPECT_EQ(std::get<1>(h.LastStatus()), Client::Error::ConnectionFailed);

  // The service comes up: the next attempt connects, and the log says so once.
  for (int step = 0; step < 1000 && h.platform->Pending() == nullptr; ++step) h.platform->Advance(250);
  h.platform->Respond(h.platform->Pending(), 200, R"({"url":"ws://gw.test"})");
  PlatformId socket = h.platform->sockets_opened.back().first;
  h.platform->events()->OnWebSocketOpen(socket);
  h.platform->events()->OnWebSocketMessage(socket, R"({"op":10,"d":{"heartbeat_interval":41250}})");
  h.platform->events()->OnWebSocketMessage(
      socket, R"({"op":0,"t":"READY","s":1,"d":{"session_id":"s","resume_gateway_url":"ws://gw.test","user":{"id":"1","username":"p"}}})");
  Pump();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
  EXPECT_EQ(h.Lines(LoggingSeverity::Warning, "Connect: connected again after 25 failed attempt(s)").size(), 1u);
}

TEST(ConnectFailures, A5xxIsRetriedWithTheStatusAsDetail) {
  WatchedClient h;
  h.GiveToken();
  h.client.Connect();
  FailBootstrapAttempts(h, 25, [&](auto* request) {
    h.platform->Respond(request, 503, R"({"code":0,"message":"503: Service Unavailable"})");
  });
  ExpectRetriedWithBoundedLog(h, "GET /gateway failed: 503 Service Unavailable at https://api.test/api — the "
                                 "service failed to answer: try again later");
  EXPECT_EQ(std::get<2>(h.LastStatus()), 503);
}

// --- Connect: the gateway's close codes -----------------------------------------------------------

struct ReadyClient : WatchedClient {
  PlatformId socket = 0;
  ReadyClient() {
    GiveToken();
    client.Connect();
    platform->Respond(platform->Pending(), 200, R"({"url":"ws://gw.test"})");
    OpenAndGreet();
  }
  void OpenAndGreet() {
    socket = platform->sockets_opened.back().first;
    platform->events()->OnWebSocketOpen(socket);
    platform->events()->OnWebSocketMessage(socket, R"({"op":10,"d":{"heartbeat_interval":41250}})");
    platform->events()->OnWebSocketMessage(
        socket, R"({"op":0,"t":"READY","s":1,"d":{"session_id":"s","resume_gateway_url":"ws://resume.test","user":{"id":"1","username":"p"}}})");
    Pump();
  }
};

TEST(ConnectFailures, EveryDoNotReconnectCloseCodeStopsAndSaysWhatToDo) {
  int stops = 0;
  for (const auto& rule : gateway::kCloseCodeRules) {
    if (rule.action != gateway::CloseAction::Stop) continue;
    ++stops;
    ReadyClient h;
    ASSERT_EQ(h.client.GetStatus(), Client::Status::Ready);
    size_t opened = h.platform->sockets_opened.size();
    h.platform->events()->OnWebSocketClosed(h.socket, rule.code, "closed by the service");
    Pump();
    EXPECT_EQ(h.LastStatus(), std::tuple(Client::Status::Disconnected, Client::Error::ConnectionFailed, rule.code));
    h.platform->Advance(kTenMinutesMs);
    Pump();
    EXPECT_EQ(h.platform->sockets_opened.size(), opened) << rule.code;
    EXPECT_EQ(h.platform->CountRequests("/gateway"), 1u) << rule.code;
    auto stopped = h.Lines(LoggingSeverity::Error, "Connect stopped: ");
    ASSERT_EQ(stopped.size(), 1u) << rule.code;
    EXPECT_TRUE(Has(stopped[0], std::string(rule.meaning) + " (" + std::to_string(rule.code) + " " + std::string(rule.name) + ")"))
        << stopped[0];
    EXPECT_TRUE(Has(stopped[0], rule.fix)) << stopped[0];
    EXPECT_FALSE(rule.fix.empty());
  }
  EXPECT_EQ(stops, 6);  // 4004 and 4010-4014
}

TEST(ConnectFailures, ARefusedTokenStopsWithWordsSayingSo) {
  ReadyClient h;
  h.platform->events()->OnWebSocketClosed(h.socket, 4004, "Authentication failed.");
  Pump();
  auto stopped = h.Lines(LoggingSeverity::Error, "Connect stopped: the token was refused (4004 authentication failed): "
                                                 "call UpdateToken with a fresh token");
  ASSERT_EQ(stopped.size(), 1u);
  EXPECT_TRUE(Has(stopped[0], "then Connect"));
  // Connect again after UpdateToken starts anew.
  h.GiveToken("tok-errors-fresh-7890");
  h.client.Connect();
  EXPECT_EQ(h.platform->CountRequests("/gateway") + h.platform->sockets_opened.size(), 3u);
}

TEST(ConnectFailures, OtherCloseCodesAreRetried) {
  std::vector<int32_t> codes = {1000, 1001, 1006};
  for (const auto& rule : gateway::kCloseCodeRules) {
    if (rule.action != gateway::CloseAction::Stop) codes.push_back(rule.code);
  }
  for (int32_t code : codes) {
    ReadyClient h;
    size_t opened = h.platform->sockets_opened.size();
    h.platform->events()->OnWebSocketClosed(h.socket, code, "");
    Pump();
    EXPECT_EQ(h.client.GetStatus(), Client::Status::Reconnecting) << code;
    EXPECT_EQ(std::get<1>(h.LastStatus()), Client::Error::UnexpectedClose) << code;
    EXPECT_EQ(std::get<2>(h.LastStatus()), code);
    h.platform->Advance(3000);
    EXPECT_EQ(h.platform->sockets_opened.size(), opened + 1) << code;
    auto reported = h.Lines(LoggingSeverity::Warning, "Connect: ");
    ASSERT_EQ(reported.size(), 1u) << code;
    EXPECT_TRUE(Has(reported[0], "(" + std::to_string(code))) << reported[0];
  }
}

TEST(ConnectFailures, AFailingSessionLogsAtABoundedRateToo) {
  ReadyClient h;
  for (int i = 0; i < 25; ++i) {
    h.platform->events()->OnWebSocketClosed(h.platform->sockets_opened.back().first, 1006, "");
    Pump();
    size_t opened = h.platform->sockets_opened.size();
    for (int step = 0; step < 1000 && h.platform->sockets_opened.size() == opened; ++step) h.platform->Advance(250);
    ASSERT_EQ(h.platform->sockets_opened.size(), opened + 1);
  }
  EXPECT_EQ(h.Lines(LoggingSeverity::Warning, "Connect: the connection closed (1006)").size(), 3u);
}

// No local chat client: every IPC socket the client tries is refused (closing one may make it
// try the next path). The core ignores a close of a socket it already gave up.
void RefuseEveryLocalClientSocket(WatchedClient& h) {
  for (size_t refused = 0; refused < h.platform->ipc_opened.size() && refused < 64; ++refused) {
    h.platform->events()->OnIpcClosed(h.platform->ipc_opened[refused], "ENOENT");
  }
}

// --- Row: ClientNotReady --------------------------------------------------------------------------

ClientResult PresenceWithoutALocalClient(WatchedClient& h) {
  std::optional<ClientResult> result;
  Activity activity;
  activity.SetType(ActivityTypes::Playing);
  activity.SetState("In a match");
  h.client.UpdateRichPresence(activity, [&](ClientResult r) { result = r; });
  RefuseEveryLocalClientSocket(h);
  Pump();
  EXPECT_TRUE(result.has_value());
  return result.value_or(ClientResult::nullobj);
}

TEST(ErrorHints, ClientNotReadyBeforeConnectSaysCallConnect) {
  WatchedClient h;
  h.GiveToken();
  ClientResult result = PresenceWithoutALocalClient(h);
  EXPECT_EQ(result.Type(), ErrorType::ClientNotReady);
  EXPECT_EQ(result.Error(),
            "no local chat client, and not connected: call Connect() (after UpdateToken), then wait for "
            "Client.Status.Ready (SetStatusChangedCallback) before presence, lobby or message calls");
}

TEST(ErrorHints, ClientNotReadyWhileConnectingSaysWaitForReady) {
  WatchedClient h;
  h.GiveToken();
  h.client.Connect();  // the gateway URL is not answered yet: HttpWait
  ClientResult result = PresenceWithoutALocalClient(h);
  EXPECT_EQ(result.Type(), ErrorType::ClientNotReady);
  EXPECT_EQ(result.Error(),
            "no local chat client, and connecting (HttpWait): wait for Client.Status.Ready "
            "(SetStatusChangedCallback) before presence, lobby or message calls");
}

// --- Row: the authorize timeout -------------------------------------------------------------------

TEST(ErrorHints, AnAuthorizeNobodyFinishesEndsAfterItsTimeout) {
  WatchedClient h;
  std::optional<ClientResult> result;
  AuthorizationArgs args;
  args.SetScopes("openid sdk.social_layer");
  h.client.Authorize(args, [&](ClientResult r, std::string, std::string) { result = r; });
  RefuseEveryLocalClientSocket(h);
  ASSERT_EQ(h.platform->listeners_started.size(), 1u);
  h.platform->events()->OnLoopbackListening(h.platform->listeners_started[0], 50123, "");
  h.platform->Advance(auth::kAuthorizeTimeoutMs - 1);
  Pump();
  EXPECT_FALSE(result);
  h.platform->Advance(1);
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::AuthorizationFailed);
  EXPECT_TRUE(Has(result->Error(), "timed out"));
  EXPECT_TRUE(Has(result->Error(), "call Authorize again"));
}

// --- The pieces -------------------------------------------------------------------------------------

TEST(FailureText, ClassifiesByTheLeadingCodeOrACodeInTheText) {
  using http::NetworkFailureKind;
  EXPECT_EQ(http::ClassifyNetworkFailure("ECONNREFUSED: connect ECONNREFUSED ::1:8790"), NetworkFailureKind::Refused);
  EXPECT_EQ(http::ClassifyNetworkFailure("connect ECONNREFUSED 127.0.0.1:1"), NetworkFailureKind::Refused);
  EXPECT_EQ(http::ClassifyNetworkFailure("EAI_AGAIN: getaddrinfo EAI_AGAIN x"), NetworkFailureKind::HostNotFound);
  EXPECT_EQ(http::ClassifyNetworkFailure("CERT_HAS_EXPIRED: certificate has expired"), NetworkFailureKind::Tls);
  EXPECT_EQ(http::ClassifyNetworkFailure("ERR_SSL_WRONG_VERSION_NUMBER: wrong version"), NetworkFailureKind::Tls);
  EXPECT_EQ(http::ClassifyNetworkFailure("UND_ERR_SOCKET: other side closed"), NetworkFailureKind::Dropped);
  EXPECT_EQ(http::ClassifyNetworkFailure("ETIMEDOUT: connect ETIMEDOUT"), NetworkFailureKind::TimedOut);
  EXPECT_EQ(http::ClassifyNetworkFailure("XECONNREFUSEDX happened"), NetworkFailureKind::Other);
  EXPECT_EQ(http::ClassifyNetworkFailure("fetch failed"), NetworkFailureKind::Other);
}

TEST(FailureText, UrlsLoseTheirUserInfo) {
  EXPECT_EQ(http::UrlForDisplay("http://a:b@h:1/api?x=1"), "http://h:1/api?x=1");
  EXPECT_EQ(http::UrlForDisplay("http://h/p@q"), "http://h/p@q");
  EXPECT_EQ(http::OriginOf("https://u:p@h.test:8443/api/v10"), "https://h.test:8443");
  EXPECT_EQ(http::UserInfoOf("https://u:p@h.test/api"), "u:p");
  EXPECT_EQ(http::UserInfoOf("https://h.test/a@b"), "");
  EXPECT_EQ(http::StatusWithReason(404), "404 Not Found");
  EXPECT_EQ(http::StatusWithReason(599), "599");
}

}  // namespace
}  // namespace sdkpp::testing
