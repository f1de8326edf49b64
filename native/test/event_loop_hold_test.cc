// What keeps a host's event loop running (Platform::HoldEventLoop) and what the player is told
// when no browser opens (UrlOpener): the two ways a script could otherwise end, or wait, in
// silence.
#include "framework/test.h"

#include "auth/authorize_flow.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

bool Logged(const Harness& h, const std::string& part) {
  for (const auto& line : h.logs) {
    if (line.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(EventLoopHold, HeldFromConnectUntilDisconnected) {
  GatewayHarness h;  // Connect() was called: the socket is open, no Hello yet
  EXPECT_TRUE(h.platform->loop_held);
  h.Hello();
  h.Dispatch("READY", R"({"session_id":"s1","resume_gateway_url":"ws://gw.test","user":{"id":"5","username":"me"}})");
  Pump();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
  EXPECT_TRUE(h.platform->loop_held);
  h.client.Disconnect();
  if (!h.platform->sockets_closed.empty()) {
    h.platform->events()->OnWebSocketClosed(h.socket, 1000, "bye");
  }
  Pump();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected);
  EXPECT_FALSE(h.platform->loop_held);
  // One hold and one release: never asked twice for the same answer.
  EXPECT_EQ(h.platform->loop_hold_changes, (std::vector<bool>{true, false}));
}

TEST(EventLoopHold, AClientThatNeverConnectsNeverHolds) {
  Harness h;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-1", nullptr);
  Pump();
  EXPECT_FALSE(h.platform->loop_held);
  EXPECT_TRUE(h.platform->loop_hold_changes.empty());
}

TEST(EventLoopHold, DestroyingAConnectedClientLetsGo) {
  auto platform = std::make_shared<ScriptedPlatform>();
  {
    GatewayHarness h;
    platform = h.platform;
    EXPECT_TRUE(platform->loop_held);
  }
  EXPECT_FALSE(platform->loop_held);
}

// The authorize flow through the system browser, up to the page being opened.
struct OpenedAuthorize {
  Harness h;
  std::optional<ClientResult> result;
  std::string url;

  explicit OpenedAuthorize(bool browser_opens) {
    h.platform->open_url_works = browser_opens;
    AuthorizationArgs args;
    args.SetScopes("openid sdk.social_layer");
    h.client.Authorize(args, [this](ClientResult r, std::string, std::string) { result = r; });
    h.platform->events()->OnIpcClosed(h.platform->ipc_opened.back(), "no local client");
    h.platform->events()->OnLoopbackListening(h.platform->listeners_started.at(0), 50124, "");
    Pump();
    url = h.platform->opened_urls.at(0);
  }
};

TEST(UrlOpener, ABrowserThatCannotOpenGivesTheAddressAndTheFlowWaits) {
  OpenedAuthorize flow(false);
  EXPECT_FALSE(flow.result);  // still waiting: the player may open the address by hand
  EXPECT_TRUE(Logged(flow.h, "Authorize: no browser could be opened (the platform could not open it). "
                             "Open this address in a browser to continue: " + flow.url));
  // ...and the redirect still completes it.
  std::string state = auth::QueryParam(flow.url, "state").value_or("");
  flow.h.platform->events()->OnLoopbackRequest(flow.h.platform->listeners_started.at(0), 1,
                                               "/callback?code=c-1&state=" + state);
  Pump();
  ASSERT_TRUE(flow.result);
  EXPECT_TRUE(flow.result->Successful());
}

TEST(UrlOpener, TheHostsLateFailureIsLoggedWithItsReasonAndTheAddress) {
  OpenedAuthorize flow(true);
  EXPECT_FALSE(Logged(flow.h, "no browser could be opened"));
  flow.h.platform->events()->OnUrlNotOpened(flow.url, "xdg-open is not installed");
  Pump();
  EXPECT_TRUE(Logged(flow.h, "Authorize: no browser could be opened (xdg-open is not installed). "
                             "Open this address in a browser to continue: " + flow.url));
  EXPECT_FALSE(flow.result);
}

TEST(UrlOpener, TellsTheHostWhetherTheAppsLogCallbackGotTheAddress) {
  OpenedAuthorize flow(true);  // the harness's log callback takes every severity
  EXPECT_TRUE(flow.h.platform->events()->OnUrlNotOpened(flow.url, "no opener"));
  // A Client without a log callback: the host must tell the user itself.
  auto platform = std::make_shared<ScriptedPlatform>();
  Client quiet(Harness::MakeOptions(), platform);
  quiet.SetApplicationId(kAppId);
  AuthorizationArgs args;
  args.SetScopes("openid");
  quiet.Authorize(args, [](ClientResult, std::string, std::string) {});
  platform->events()->OnIpcClosed(platform->ipc_opened.back(), "no local client");
  platform->events()->OnLoopbackListening(platform->listeners_started.at(0), 50125, "");
  Pump();
  ASSERT_EQ(platform->opened_urls.size(), 1u);
  EXPECT_FALSE(platform->events()->OnUrlNotOpened(platform->opened_urls[0], "no opener"));
  // ...nor for an address it did not open.
  EXPECT_FALSE(flow.h.platform->events()->OnUrlNotOpened("https://elsewhere.test/", "no opener"));
}

TEST(UrlOpener, AFailureForAnAddressItDidNotOpenIsIgnored) {
  OpenedAuthorize flow(true);
  flow.h.platform->events()->OnUrlNotOpened("https://evil.test/phish", "xdg-open exited with code 4");
  Pump();
  EXPECT_FALSE(Logged(flow.h, "evil.test"));
  EXPECT_FALSE(Logged(flow.h, "no browser could be opened"));
}

}  // namespace
}  // namespace sdkpp::testing
