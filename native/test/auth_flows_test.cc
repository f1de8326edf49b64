// The account-linking and token flows against a scripted service.
#include "framework/test.h"

#include "auth/authorize_flow.h"
#include "json/json.h"
#include "test_client.h"
#include "util/uri.h"
#include "util/time_format.h"

namespace sdkpp::testing {
namespace {

std::string FormValue(const std::string& body, const std::string& name) {
  return auth::QueryParam(body, name).value_or("<missing>");
}

TEST(Tokens, GetTokenSendsTheCodeExchangeForm) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "the-code-123", "the-verifier-456", "http://127.0.0.1:5/callback",
                    Capture(out));
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(request->http.method, "POST");
  EXPECT_EQ(request->http.url, "https://api.test/api/oauth2/token");
  EXPECT_EQ(FormValue(request->http.body, "grant_type"), "authorization_code");
  EXPECT_EQ(FormValue(request->http.body, "code"), "the-code-123");
  EXPECT_EQ(FormValue(request->http.body, "code_verifier"), "the-verifier-456");
  EXPECT_EQ(FormValue(request->http.body, "redirect_uri"), "http://127.0.0.1:5/callback");
  EXPECT_EQ(FormValue(request->http.body, "client_id"), std::to_string(kAppId));
  bool form = false;
  for (auto& header : request->http.headers) {
    form |= header.name == "Content-Type" && header.value == "application/x-www-form-urlencoded";
  }
  EXPECT_TRUE(form);
  h.platform->Respond(request, 200, TokenBody());
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_TRUE(out.result.Successful());
  EXPECT_EQ(out.access, "access-token-1");
  EXPECT_EQ(out.refresh, "refresh-token-1");
  EXPECT_EQ(out.type, AuthorizationTokenType::Bearer);
  EXPECT_EQ(out.expires_in, 604800);
  EXPECT_EQ(out.scopes, "openid sdk.social_layer");
}

TEST(Tokens, InvalidArgumentsAreValidationErrorsWithoutARequest) {
  Harness h;
  TokenOutcome a, b;
  h.client.GetToken(0, "code", "v", "r", Capture(a));
  h.client.RefreshToken(kAppId, "", Capture(b));
  Pump();
  EXPECT_EQ(a.result.Type(), ErrorType::ValidationError);
  EXPECT_EQ(b.result.Type(), ErrorType::ValidationError);
  EXPECT_TRUE(h.platform->requests.empty());
}

TEST(Tokens, UpdateTokenAuthenticatesAndRevokeDropsIt) {
  Harness h;
  EXPECT_FALSE(h.client.IsAuthenticated());
  bool updated = false;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-current-1",
                       [&](ClientResult r) { updated = r.Successful(); });
  Pump();
  EXPECT_TRUE(updated);
  EXPECT_TRUE(h.client.IsAuthenticated());
  std::optional<ClientResult> revoked;
  h.client.RevokeToken(kAppId, "tok-current-1", [&](ClientResult r) { revoked = r; });
  ScriptedPlatform::Request* revoke = nullptr;
  for (auto& r : h.platform->requests) {
    if (r.http.url.find("/oauth2/token/revoke") != std::string::npos) revoke = &r;
  }
  ASSERT_NE(revoke, nullptr);
  EXPECT_EQ(FormValue(revoke->http.body, "token"), "tok-current-1");
  h.platform->Respond(revoke, 200, "{}");
  Pump();
  ASSERT_TRUE(revoked);
  EXPECT_TRUE(revoked->Successful());
  EXPECT_FALSE(h.client.IsAuthenticated());
}

TEST(Tokens, InvalidGrantOnRefreshIsADeauthorization) {
  Harness h;
  std::vector<std::pair<Client::Status, Client::Error>> statuses;
  h.impl().SetStatusChangedCallback([&](Client::Status s, Client::Error e, int32_t) {
    statuses.push_back({s, e});
  });
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-current-1", nullptr);
  TokenOutcome out;
  h.client.RefreshToken(kAppId, "refresh-deleted-1", Capture(out));
  ScriptedPlatform::Request* refresh = nullptr;
  for (auto& r : h.platform->requests) {
    if (r.http.url.ends_with("/oauth2/token")) refresh = &r;
  }
  ASSERT_NE(refresh, nullptr);
  EXPECT_EQ(FormValue(refresh->http.body, "grant_type"), "refresh_token");
  size_t requests_before = h.platform->requests.size();
  h.platform->Respond(refresh, 400,
                      R"({"error":"invalid_grant","error_description":"Invalid \"refresh_token\" in request."})");
  h.platform->Advance(60'000);
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::AuthorizationFailed);
  EXPECT_EQ(out.result.Error().rfind("invalid_grant", 0), 0u);
  EXPECT_FALSE(out.result.Retryable());
  EXPECT_FALSE(h.client.IsAuthenticated());  // tokens dropped
  ASSERT_FALSE(statuses.empty());            // the app is told through the status
  EXPECT_EQ(statuses.back().first, Client::Status::Disconnected);
  EXPECT_EQ(statuses.back().second, Client::Error::ConnectionFailed);
  EXPECT_EQ(h.platform->requests.size(), requests_before);  // nothing retries it
}

TEST(Tokens, AnErrorThatEchoesTheRequestsSecretsCarriesThemRedacted) {
  Harness h;
  TokenOutcome exchange;
  h.client.GetToken(kAppId, "echoed-code-123", "echoed-verifier-456", "http://127.0.0.1:5/callback",
                    Capture(exchange));
  h.platform->Respond(h.platform->Pending(), 400,
                      R"({"error":"invalid_grant","error_description":"code echoed-code-123 does not match echoed-verifier-456"})");
  Pump();
  ASSERT_TRUE(exchange.called);
  EXPECT_FALSE(exchange.result.Successful());
  EXPECT_NE(exchange.result.Error().find("[REDACTED]"), std::string::npos);
  EXPECT_EQ(exchange.result.Error().find("echoed-code-123"), std::string::npos);
  EXPECT_EQ(exchange.result.Error().find("echoed-verifier-456"), std::string::npos);
  EXPECT_EQ(exchange.result.ToString().find("echoed-code-123"), std::string::npos);

  TokenOutcome refresh;
  h.client.RefreshToken(kAppId, "echoed-refresh-789", Capture(refresh));
  h.platform->Respond(h.platform->Pending(), 400,
                      R"({"code":50035,"message":"unknown refresh token echoed-refresh-789"})");
  Pump();
  ASSERT_TRUE(refresh.called);
  EXPECT_EQ(refresh.result.Error(),
            "unknown refresh token [REDACTED] (POST /oauth2/token: 400 Bad Request at https://api.test/api)");
  EXPECT_EQ(refresh.result.ResponseBody().find("echoed-refresh-789"), std::string::npos);
}

TEST(Tokens, ExpirationCallbackFiresBeforeExpiryByTheFakeClock) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "r", Capture(out));
  h.platform->Respond(h.platform->Pending(), 200, TokenBody("tok-exp-1", "ref-exp-1", 3600));
  Pump();
  int fired = 0;
  h.client.SetTokenExpirationCallback([&] { ++fired; });
  h.client.UpdateToken(AuthorizationTokenType::Bearer, out.access, nullptr);
  h.platform->Advance((3600 - 300) * 1000 - 1);
  Pump();
  EXPECT_EQ(fired, 0);
  h.platform->Advance(1);
  Pump();
  EXPECT_EQ(fired, 1);  // five minutes before expiry
  EXPECT_TRUE(h.client.IsAuthenticated());
  h.platform->Advance(300 * 1000);
  Pump();
  EXPECT_EQ(fired, 1);  // once
  EXPECT_FALSE(h.client.IsAuthenticated());  // expired by the clock
  EXPECT_FALSE(h.platform->HasKeepAliveTimer());
}

TEST(Tokens, ExpiryFollowsTheServiceClockFromDateHeaders) {
  Harness h;
  TokenOutcome out;
  h.client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "r", Capture(out));
  h.platform->Respond(h.platform->Pending(), 200, TokenBody("tok-date-1", "ref-date-1", 7 * 86400));
  Pump();
  int fired = 0;
  h.client.SetTokenExpirationCallback([&] { ++fired; });
  h.client.UpdateToken(AuthorizationTokenType::Bearer, out.access, nullptr);
  // The service's clock jumps almost seven days ahead (an emulator's advanceClock): the next
  // response's Date header carries it.
  uint64_t service_ms = h.platform->now_ms + (7 * 86400 - 120) * 1000ull;
  time_t seconds = static_cast<time_t>(service_ms / 1000);
  std::tm utc = UtcCalendar(seconds);
  char date[64];
  std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &utc);
  h.client.FetchCurrentUser(AuthorizationTokenType::Bearer, out.access, [](ClientResult, uint64_t, std::string) {});
  h.platform->Respond(h.platform->Pending(), 200, R"({"id":"1","username":"a"})", {{"date", date}});
  h.platform->Advance(0);
  Pump();
  EXPECT_EQ(fired, 1);
}

TEST(Tokens, UpdateTokenLearnsAnUnknownTokensExpiryFromTheService) {
  Harness h;
  int fired = 0;
  h.client.SetTokenExpirationCallback([&] { ++fired; });
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-from-backend", nullptr);
  auto* me = h.platform->Pending();
  ASSERT_NE(me, nullptr);
  EXPECT_TRUE(me->http.url.ends_with("/oauth2/@me"));
  h.platform->Respond(me, 200, R"({"expires":"2027-01-15T10:00:00.000000+00:00","scopes":["openid"]})");
  // now_ms 1'800'000'000'000 is 2027-01-15T08:00:00Z; expiry is 10:00, so the warning is 09:55.
  h.platform->Advance(115 * 60 * 1000 - 1);
  Pump();
  EXPECT_EQ(fired, 0);
  h.platform->Advance(1);
  Pump();
  EXPECT_EQ(fired, 1);
}

TEST(Provisional, OidcTokensComeWithoutARefreshToken) {
  Harness h;
  TokenOutcome out;
  h.client.GetProvisionalToken(kAppId, AuthenticationExternalAuthType::OIDC, "oidc-id-token-1",
                               Capture(out));
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  EXPECT_TRUE(request->http.url.ends_with("/partner-sdk/token"));
  auto body = json::Document::Parse(request->http.body);
  ASSERT_TRUE(body);
  EXPECT_EQ(body->Root()["external_auth_type"].String(), "OIDC");
  EXPECT_EQ(body->Root()["external_auth_token"].String(), "oidc-id-token-1");
  EXPECT_EQ(body->Root()["client_id"].String(), std::to_string(kAppId));
  h.platform->Respond(request, 200, TokenBody("prov-access-1", "prov-refresh-1"));
  Pump();
  ASSERT_TRUE(out.result.Successful());
  EXPECT_EQ(out.access, "prov-access-1");
  EXPECT_EQ(out.refresh, "");  // the deprecated refresh grant is never offered for OIDC
}

TEST(Provisional, SteamTicketUsesItsWireName) {
  Harness h;
  TokenOutcome out;
  h.client.GetProvisionalToken(kAppId, AuthenticationExternalAuthType::SteamSessionTicket,
                               "steam-ticket-1", Capture(out));
  auto body = json::Document::Parse(h.platform->Pending()->http.body);
  EXPECT_EQ(body->Root()["external_auth_type"].String(), "STEAM_SESSION_TICKET");
}

TEST(Provisional, MergeAgainstABannedAccountSurfaces530017) {
  Harness h;
  TokenOutcome out;
  h.client.GetTokenFromProvisionalMerge(kAppId, "merge-code-1", "merge-verifier-1", "r",
                                        AuthenticationExternalAuthType::SteamSessionTicket,
                                        "steam-ticket-1", Capture(out));
  auto* request = h.platform->Pending();
  EXPECT_EQ(FormValue(request->http.body, "external_auth_type"), "STEAM_SESSION_TICKET");
  EXPECT_EQ(FormValue(request->http.body, "external_auth_token"), "steam-ticket-1");
  h.platform->Respond(request, 403, R"({"code":530017,"message":"The linked account is banned"})");
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.ErrorCode(), 530017);
  EXPECT_EQ(out.result.Type(), ErrorType::HTTPError);
}

// A bad name is the argument's fault with or without a token: a ValidationError that names it
// (it was answered ClientNotReady, with the name's rule as its text, before UpdateToken).
TEST(Provisional, BadDisplayNameIsAValidationErrorWithoutAToken) {
  Harness h;
  std::optional<ClientResult> empty, too_long;
  h.client.UpdateProvisionalAccountDisplayName("", [&](ClientResult r) { empty = r; });
  h.client.UpdateProvisionalAccountDisplayName(std::string(33, 'n'), [&](ClientResult r) { too_long = r; });
  Pump();
  ASSERT_TRUE(empty && too_long);
  for (const auto& result : {*empty, *too_long}) {
    EXPECT_EQ(result.Type(), ErrorType::ValidationError);
    EXPECT_EQ(result.Error(), "name: must be 1 to 32 characters");
  }
  EXPECT_EQ(h.platform->Pending(), nullptr);
}

TEST(Provisional, UnmergeAndDisplayName) {
  Harness h;
  std::optional<ClientResult> unmerged, renamed, not_ready;
  h.client.UpdateProvisionalAccountDisplayName("Nelly", [&](ClientResult r) { not_ready = r; });
  Pump();
  ASSERT_TRUE(not_ready);
  EXPECT_EQ(not_ready->Type(), ErrorType::ClientNotReady);
  h.client.UnmergeIntoProvisionalAccount(kAppId, AuthenticationExternalAuthType::EpicOnlineServicesIdToken,
                                         "eos-token-1", [&](ClientResult r) { unmerged = r; });
  auto* unmerge = h.platform->Pending();
  EXPECT_TRUE(unmerge->http.url.ends_with("/partner-sdk/provisional-accounts/unmerge"));
  h.platform->Respond(unmerge, 204, "");
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "prov-token-1", nullptr);
  h.client.UpdateProvisionalAccountDisplayName("Nelly", [&](ClientResult r) { renamed = r; });
  auto* patch = h.platform->Pending();
  EXPECT_EQ(patch->http.method, "PATCH");
  EXPECT_TRUE(patch->http.url.ends_with("/users/@me"));
  EXPECT_EQ(json::Document::Parse(patch->http.body)->Root()["global_name"].String(), "Nelly");
  h.platform->Respond(patch, 200, R"({"id":"1","username":"p","global_name":"Nelly"})");
  Pump();
  EXPECT_TRUE(unmerged->Successful());
  EXPECT_TRUE(renamed->Successful());
}

TEST(ChildToken, ExchangesWithoutARefreshToken) {
  Harness h;
  bool called = false;
  std::string access;
  int32_t expires = 0;
  h.client.ExchangeChildToken("parent-token-1", 42, [&](ClientResult r, std::string a,
                                                        AuthorizationTokenType, int32_t e, std::string) {
    called = r.Successful();
    access = a;
    expires = e;
  });
  auto* request = h.platform->Pending();
  auto body = json::Document::Parse(request->http.body);
  EXPECT_EQ(body->Root()["parent_access_token"].String(), "parent-token-1");
  EXPECT_EQ(body->Root()["child_application_id"].String(), "42");
  h.platform->Respond(request, 200,
                      R"({"access_token":"child-1","token_type":"Bearer","expires_in":1200,"scope":"openid"})");
  Pump();
  EXPECT_TRUE(called);
  EXPECT_EQ(access, "child-1");
  EXPECT_EQ(expires, 1200);
}

TEST(DeviceFlow, PollsUntilApprovedHonouringSlowDown) {
  Harness h;
  TokenOutcome out;
  DeviceAuthorizationArgs args;
  args.SetScopes("openid sdk.social_layer");
  h.client.GetTokenFromDevice(args, Capture(out));
  auto* start = h.platform->Pending();
  EXPECT_TRUE(start->http.url.ends_with("/oauth2/device/authorize"));
  EXPECT_EQ(FormValue(start->http.body, "client_id"), std::to_string(kAppId));
  h.platform->Respond(start, 200,
                      R"({"device_code":"dev-code-1","user_code":"ABCD-EFGH","verification_uri":"https://web.test/activate","verification_uri_complete":"https://web.test/activate?user_code=ABCD-EFGH","expires_in":300,"interval":5})");
  ASSERT_EQ(h.platform->opened_urls.size(), 1u);
  EXPECT_EQ(h.platform->opened_urls[0], "https://web.test/activate?user_code=ABCD-EFGH");
  h.platform->Advance(5000);
  auto* poll = h.platform->Pending();
  ASSERT_NE(poll, start);
  EXPECT_EQ(FormValue(poll->http.body, "grant_type"), "urn:ietf:params:oauth:grant-type:device_code");
  EXPECT_EQ(FormValue(poll->http.body, "device_code"), "dev-code-1");
  h.platform->Respond(poll, 400, R"({"error":"authorization_pending"})");
  h.platform->Advance(5000);
  h.platform->Respond(h.platform->Pending(), 400, R"({"error":"slow_down"})");
  size_t before = h.platform->requests.size();
  h.platform->Advance(9999);
  EXPECT_EQ(h.platform->requests.size(), before);  // interval grew to 10 s
  h.platform->Advance(1);
  h.platform->Respond(h.platform->Pending(), 200, TokenBody("device-access-1", "device-refresh-1"));
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_TRUE(out.result.Successful());
  EXPECT_EQ(out.access, "device-access-1");
}

TEST(DeviceFlow, AbortEndsWithAbortedAndStopsPolling) {
  Harness h;
  TokenOutcome out;
  DeviceAuthorizationArgs args;
  args.SetScopes("openid");
  h.client.GetTokenFromDevice(args, Capture(out));
  h.platform->Respond(h.platform->Pending(), 200,
                      R"({"device_code":"d","user_code":"U","verification_uri":"https://web.test/activate","expires_in":300,"interval":5})");
  h.client.AbortGetTokenFromDevice();
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::Aborted);
  size_t before = h.platform->requests.size();
  h.platform->Advance(60000);
  EXPECT_EQ(h.platform->requests.size(), before);
}

TEST(DeviceFlow, RefusalAndExpiry) {
  Harness h;
  TokenOutcome denied;
  DeviceAuthorizationArgs args;
  args.SetScopes("openid");
  h.client.GetTokenFromDevice(args, Capture(denied));
  h.platform->Respond(h.platform->Pending(), 200,
                      R"({"device_code":"d","user_code":"U","verification_uri":"x","expires_in":12,"interval":5})");
  h.platform->Advance(5000);
  h.platform->Respond(h.platform->Pending(), 400, R"({"error":"access_denied"})");
  Pump();
  EXPECT_EQ(denied.result.Type(), ErrorType::AuthorizationFailed);
  TokenOutcome expired;
  h.client.GetTokenFromDevice(args, Capture(expired));
  h.platform->Respond(h.platform->Pending(), 200,
                      R"({"device_code":"d2","user_code":"U","verification_uri":"x","expires_in":8,"interval":5})");
  h.platform->Advance(5000);
  h.platform->Respond(h.platform->Pending(), 400, R"({"error":"authorization_pending"})");
  h.platform->Advance(5000);
  Pump();
  EXPECT_EQ(expired.result.Type(), ErrorType::AuthorizationFailed);
  EXPECT_NE(expired.result.Error().find("expired"), std::string::npos);
}

TEST(ClientLifetime, PendingCallsAnswerClientDestroyed) {
  auto platform = std::make_shared<ScriptedPlatform>();
  TokenOutcome out;
  {
    Client client(Harness::MakeOptions(), platform);
    client.GetToken(kAppId, "code-1234567", "verifier-abcdefg", "r", Capture(out));
  }
  Pump();
  ASSERT_TRUE(out.called);
  EXPECT_EQ(out.result.Type(), ErrorType::ClientDestroyed);
  EXPECT_TRUE(platform->requests.back().cancelled);
  EXPECT_EQ(platform->events(), nullptr);
}

TEST(ClientLifetime, AMovedFromClientAnswersClientDestroyed) {
  Harness h;
  Client taken = std::move(h.client);
  TokenOutcome out;
  h.client.GetToken(kAppId, "c", "v", "r", Capture(out));
  Pump();
  EXPECT_EQ(out.result.Type(), ErrorType::ClientDestroyed);
}

}  // namespace
}  // namespace sdkpp::testing
