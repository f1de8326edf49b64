// Features built with a FeatureContext over a scripted platform, without a Client: presence,
// the token session and the device flow get only what they are handed, so these tests can set
// the context's settings and the connection status directly.
#include "framework/test.h"

#include "auth/device_flow.h"
#include "auth/token_session.h"
#include "feature_harness.h"
#include "json/json.h"
#include "social/presence.h"

namespace sdkpp::testing {
namespace {

// The args of the newest command named `cmd` the SDK wrote to the local client.
std::optional<std::string> CommandArgs(FeatureHarness& h, const std::string& cmd, std::string* nonce = nullptr) {
  rpc::FrameDecoder decoder;
  std::vector<rpc::Frame> frames;
  decoder.Feed(h.platform->ipc_written[h.ipc_stream], frames);
  std::optional<std::string> args;
  for (const auto& frame : frames) {
    auto doc = json::Document::Parse(frame.payload);
    if (!doc || doc->Root()["cmd"].String() != cmd) continue;
    args = doc->Root()["args"].Serialize();
    if (nonce) *nonce = std::string(doc->Root()["nonce"].String().value_or(""));
  }
  return args;
}

Activity GameActivity() {
  Activity activity;
  activity.SetName("Game");
  activity.SetState("In a match");
  return activity;
}

TEST(FeatureContext, PresenceSendsThroughTheLocalClientWithTheContextsPidAndApplication) {
  FeatureHarness h;
  h.settings.game_window_pid = 4242;
  social::Presence presence(h.context, h.status, h.local_client, h.gateway);
  std::optional<ClientResult> result;
  presence.Update(GameActivity(), [&](ClientResult r) { result = r; });
  h.AcceptLocalClient();
  std::string nonce;
  auto args = CommandArgs(h, "SET_ACTIVITY", &nonce);
  ASSERT_TRUE(args);
  auto doc = json::Document::Parse(*args);
  EXPECT_EQ(doc->Root()["pid"].Int(), 4242);
  EXPECT_EQ(doc->Root()["activity"]["application_id"].Snowflake(), FeatureHarness::kApplicationId);
  EXPECT_EQ(doc->Root()["activity"]["state"].String(), "In a match");
  h.OnIpcData(h.ipc_stream, rpc::EncodeFrame(rpc::Opcode::Frame,
                                             R"({"cmd":"SET_ACTIVITY","nonce":")" + nonce + R"(","data":{}})"));
  EXPECT_FALSE(result);  // a result is queued for the app, never delivered inside the SDK
  Pump();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->Successful()) << result->Error();
  EXPECT_EQ(presence.activity()->State(), "In a match");
}

TEST(FeatureContext, PresenceWithoutALocalClientNeedsAReadyGatewaySession) {
  FeatureHarness h;
  social::Presence presence(h.context, h.status, h.local_client, h.gateway);
  std::optional<ClientResult> result;
  presence.Update(GameActivity(), [&](ClientResult r) { result = r; });
  h.RefuseLocalClient();
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::ClientNotReady);

  // With the session Ready (set on the status the presence was given), the gateway takes it.
  h.status.Set(Client::Status::Ready, Client::Error::None, 0);
  result.reset();
  presence.SetStatus(StatusType::Idle, [&](ClientResult r) { result = r; });
  Pump();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->Successful());
}

TEST(FeatureContext, PresenceResendsOnReadyThroughTheHandlersItRegistered) {
  FeatureHarness h;
  social::Presence presence(h.context, h.status, h.local_client, h.gateway);
  presence.RegisterHandlers(h.handlers);
  presence.SetStatus(StatusType::Dnd, nullptr);  // no session yet: kept for the next one
  // A gateway session up to READY, on the scripted platform.
  h.gateway.Connect("tok-gateway");
  h.platform->Respond(h.platform->Pending(), 200, R"({"url":"ws://gw.test"})");
  PlatformId socket = h.platform->sockets_opened.back().first;
  h.OnWebSocketOpen(socket);
  h.OnWebSocketMessage(socket, R"({"op":10,"d":{"heartbeat_interval":41250}})");
  h.OnWebSocketMessage(socket, R"({"op":0,"t":"READY","s":1,"d":{"session_id":"s-1","resume_gateway_url":"ws://gw.test","user":{"id":"1","username":"p"}}})");
  EXPECT_EQ(h.status.get(), Client::Status::Ready);
  bool resent = false;
  for (const auto& frame : h.platform->socket_sent[socket]) {
    auto doc = json::Document::Parse(frame);
    if (doc && doc->Root()["op"].Int() == 3) resent = doc->Root()["d"]["status"].String() == "dnd";
  }
  EXPECT_TRUE(resent);
}

TEST(FeatureContext, TokenSessionLearnsExpiryWarnsAndIsDeauthorizedIntoTheStatus) {
  FeatureHarness h;
  auth::TokenSession session(h.context, h.status, h.local_client, h.gateway);
  bool warned = false;
  session.SetExpirationCallback([&] { warned = true; });
  session.Update(AuthorizationTokenType::Bearer, "tok-feature-secret");
  EXPECT_TRUE(session.IsAuthenticated());
  // The service's answer sets the expiry (its clock: the scripted platform's).
  auto* me = h.platform->Pending();
  ASSERT_NE(me, nullptr);
  EXPECT_TRUE(me->http.url.ends_with("/oauth2/@me"));
  ASSERT_EQ(h.platform->now_ms, 1'800'000'000'000u);  // 2027-01-15T08:00:00Z
  const uint64_t expires_at = h.platform->now_ms + 10 * 60 * 1000;
  h.platform->Respond(me, 200, R"({"expires":"2027-01-15T08:10:00Z"})");
  ASSERT_TRUE(session.expires_at_ms());
  EXPECT_EQ(*session.expires_at_ms(), expires_at);
  h.platform->Advance(10 * 60 * 1000 - auth::kExpiryWarningMs - 1);
  Pump();
  EXPECT_FALSE(warned);
  h.platform->Advance(1);
  Pump();
  EXPECT_TRUE(warned);
  // The context's redactor learned the token before anything could log it.
  h.logger.Log(LoggingSeverity::Error, "leaked tok-feature-secret here");
  Pump();
  ASSERT_FALSE(h.logs.empty());
  EXPECT_EQ(h.logs.back().find("tok-feature-secret"), std::string::npos) << h.logs.back();

  std::vector<std::pair<Client::Status, int32_t>> statuses;
  h.status.SetCallback([&](Client::Status s, Client::Error, int32_t detail) { statuses.push_back({s, detail}); });
  session.Deauthorize("test");
  Pump();
  EXPECT_FALSE(session.token());
  EXPECT_FALSE(session.IsAuthenticated());
  ASSERT_EQ(statuses.size(), 1u);
  EXPECT_EQ(statuses[0].first, Client::Status::Disconnected);
  EXPECT_EQ(statuses[0].second, 4004);
}

TEST(FeatureContext, DeviceFlowUsesTheContextsEndpointsAndTellsTheSessionTheLifetime) {
  FeatureHarness h;
  h.settings.endpoints.web_base = "https://elsewhere.test";
  auth::TokenSession session(h.context, h.status, h.local_client, h.gateway);
  auth::DeviceFlow flow(h.context, session);
  std::optional<ClientResult> result;
  std::string access;
  DeviceAuthorizationArgs args;
  args.SetScopes("openid");
  flow.Start(args, [&](ClientResult r, std::string a, std::string, AuthorizationTokenType, int32_t, std::string) {
    result = r;
    access = a;
  });
  auto* start = h.platform->Pending();
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->http.url, "https://api.test/api/oauth2/device/authorize");
  EXPECT_NE(start->http.body.find("client_id=" + std::to_string(FeatureHarness::kApplicationId)), std::string::npos);
  h.platform->Respond(start, 200, R"({"device_code":"d-1","user_code":"WXYZ","expires_in":300,"interval":5})");
  ASSERT_EQ(h.platform->opened_urls.size(), 1u);
  EXPECT_EQ(h.platform->opened_urls[0].rfind("https://elsewhere.test/activate?user_code=WXYZ", 0), 0u);
  h.platform->Advance(5000);
  h.platform->Respond(h.platform->Pending(), 200,
                      R"({"access_token":"dev-access","token_type":"Bearer","expires_in":3600,"refresh_token":"r","scope":"openid"})");
  Pump();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->Successful());
  EXPECT_EQ(access, "dev-access");
  // UpdateToken with the issued token knows its expiry without asking the service.
  size_t requests = h.platform->requests.size();
  session.Update(AuthorizationTokenType::Bearer, "dev-access");
  EXPECT_EQ(h.platform->requests.size(), requests);
  ASSERT_TRUE(session.expires_at_ms());
  EXPECT_EQ(*session.expires_at_ms(), h.platform->now_ms + 3600 * 1000);
}

}  // namespace
}  // namespace sdkpp::testing
