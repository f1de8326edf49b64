// The gateway session against a scripted socket and a fake clock.
#include "framework/test.h"

#include "gateway/gateway_protocol.h"
#include "json/json.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

// Steps the fake clock until `done()` holds (or `max_ms` passes): timings here are jittered,
// so tests wait for the event instead of guessing when it happens.
template <class Done>
bool AdvanceUntil(ScriptedPlatform& platform, Done done, uint64_t max_ms, uint64_t step_ms = 50) {
  for (uint64_t waited = 0; waited <= max_ms; waited += step_ms) {
    if (done()) return true;
    platform.Advance(step_ms);
  }
  return done();
}

struct GatewayPeer {
  Harness& h;
  PlatformId socket = 0;
  size_t read = 0;
  int seq = 0;

  void ServeGatewayUrl() {
    auto* request = h.platform->Pending();
    ASSERT_NE(request, nullptr);
    ASSERT_TRUE(request->http.url.ends_with("/gateway"));
    h.platform->Respond(request, 200, R"({"url":"ws://gw.test"})");
  }
  void AcceptLatest() {
    ASSERT_FALSE(h.platform->sockets_opened.empty());
    socket = h.platform->sockets_opened.back().first;
    read = h.platform->socket_sent[socket].size();
    h.platform->events()->OnWebSocketOpen(socket);
  }
  void Send(const std::string& json) { h.platform->events()->OnWebSocketMessage(socket, json); }
  void Hello(int interval = 41250) {
    Send(R"({"op":10,"d":{"heartbeat_interval":)" + std::to_string(interval) + "}}");
  }
  void Dispatch(const std::string& type, const std::string& data, std::optional<int> s = std::nullopt) {
    int sequence = s ? *s : ++seq;
    Send(R"({"op":0,"t":")" + type + R"(","s":)" + std::to_string(sequence) + R"(,"d":)" + data + "}");
  }
  void Ready() {
    Dispatch("READY", R"({"v":10,"session_id":"sess-1","resume_gateway_url":"ws://resume.test","user":{"id":"1","username":"p"}})");
  }
  std::vector<std::string> NewSent() {
    auto& all = h.platform->socket_sent[socket];
    std::vector<std::string> fresh(all.begin() + static_cast<long>(read), all.end());
    read = all.size();
    return fresh;
  }
  static int OpOf(const std::string& frame) {
    return static_cast<int>(json::Document::Parse(frame)->Root()["op"].Int().value_or(-1));
  }
};

struct ConnectedHarness : Harness {
  GatewayPeer peer{*this};
  std::vector<Client::Status> statuses;
  ConnectedHarness() {
    client.SetStatusChangedCallback([this](Client::Status s, Client::Error, int32_t) { statuses.push_back(s); });
    client.UpdateToken(AuthorizationTokenType::Bearer, "tok-gateway-1", nullptr);
    // UpdateToken asks the service for the token's expiry first.
    h_me();
  }
  void h_me() {
    auto* me = platform->Pending();
    if (me && me->http.url.ends_with("/oauth2/@me")) {
      platform->Respond(me, 200, R"({"expires":"2030-01-01T00:00:00Z"})");
    }
  }
  void ConnectToReady() {
    client.Connect();
    peer.ServeGatewayUrl();
    peer.AcceptLatest();
    peer.Hello();
    peer.Ready();
    Pump();
  }
};

TEST(Gateway, ConnectGoesThroughTheStatusSequenceAndIdentifies) {
  ConnectedHarness h;
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected);
  h.client.Connect();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::HttpWait);
  h.peer.ServeGatewayUrl();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Connecting);
  ASSERT_EQ(h.platform->sockets_opened.back().second, "ws://gw.test?v=10&encoding=json");
  h.peer.AcceptLatest();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Connected);
  h.peer.Hello();
  auto sent = h.peer.NewSent();
  ASSERT_EQ(sent.size(), 1u);
  auto identify = json::Document::Parse(sent[0]);
  EXPECT_EQ(identify->Root()["op"].Int(), 2);
  EXPECT_EQ(identify->Root()["d"]["token"].String(), "Bearer tok-gateway-1");
  EXPECT_EQ(identify->Root()["d"]["properties"]["browser"].String(), "sdkpp");
  h.peer.Ready();
  Pump();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
  std::vector<Client::Status> expected = {Client::Status::HttpWait, Client::Status::Connecting,
                                          Client::Status::Connected, Client::Status::Ready};
  EXPECT_EQ(h.statuses, expected);
}

TEST(Gateway, HeartbeatsCarryTheSequenceAndAMissingAckMeansResume) {
  ConnectedHarness h;
  h.ConnectToReady();
  h.peer.NewSent();
  std::vector<std::string> beats;
  // The first beat comes within one interval (jittered).
  ASSERT_TRUE(AdvanceUntil(*h.platform, [&] {
    for (auto& frame : h.peer.NewSent()) beats.push_back(frame);
    return !beats.empty();
  }, 41250));
  ASSERT_EQ(beats.size(), 1u);
  EXPECT_EQ(GatewayPeer::OpOf(beats[0]), 1);
  EXPECT_EQ(json::Document::Parse(beats[0])->Root()["d"].Int(), 1);  // last sequence: READY
  // No ACK: at the next beat the connection is declared dead and resumed.
  size_t opened = h.platform->sockets_opened.size();
  ASSERT_TRUE(AdvanceUntil(*h.platform, [&] { return h.client.GetStatus() == Client::Status::Reconnecting; }, 41300));
  ASSERT_FALSE(h.platform->sockets_closed.empty());
  // The first reconnect comes after 0.5-1.5 s (jittered).
  ASSERT_TRUE(AdvanceUntil(*h.platform, [&] { return h.platform->sockets_opened.size() > opened; }, 1500));
  ASSERT_EQ(h.platform->sockets_opened.back().second, "ws://resume.test?v=10&encoding=json");
  h.peer.AcceptLatest();
  h.peer.Hello();
  auto resume = h.peer.NewSent();
  ASSERT_EQ(resume.size(), 1u);
  auto doc = json::Document::Parse(resume[0]);
  EXPECT_EQ(doc->Root()["op"].Int(), 6);
  EXPECT_EQ(doc->Root()["d"]["session_id"].String(), "sess-1");
  EXPECT_EQ(doc->Root()["d"]["seq"].Int(), 1);
}

TEST(Gateway, ResumeDropsReplayedDuplicates) {
  ConnectedHarness h;
  std::vector<std::string> seen;
  h.ConnectToReady();
  // Observe dispatch order through the log line of each gateway event (ClientImpl::OnDispatch).
  h.peer.Dispatch("LOBBY_MESSAGE_CREATE", R"({"id":"10"})");  // seq 2
  h.peer.Dispatch("LOBBY_MESSAGE_CREATE", R"({"id":"11"})");  // seq 3
  EXPECT_EQ(h.impl().gateway().last_sequence(), 3);
  h.platform->events()->OnWebSocketClosed(h.peer.socket, 1006, "dropped");
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Reconnecting);
  size_t opened = h.platform->sockets_opened.size();
  ASSERT_TRUE(AdvanceUntil(*h.platform, [&] { return h.platform->sockets_opened.size() > opened; }, 1500));
  h.peer.AcceptLatest();
  h.peer.Hello();
  h.peer.Dispatch("LOBBY_MESSAGE_CREATE", R"({"id":"11"})", 3);  // replayed duplicate
  h.peer.Dispatch("LOBBY_MESSAGE_CREATE", R"({"id":"12"})", 4);
  h.peer.Dispatch("RESUMED", "{}", 5);
  Pump();
  EXPECT_EQ(h.impl().gateway().last_sequence(), 5);
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
}

// Issue 11 item 11: a hostile or broken service's sequence number must never silence the
// session. Each USER_UPDATE names a new user id, so the app sees exactly which were delivered.
TEST(Gateway, NoSequenceNumberSilencesLaterEvents) {
  ConnectedHarness h;
  std::vector<uint64_t> delivered;
  h.client.SetUserUpdatedCallback([&](uint64_t id) { delivered.push_back(id); });
  h.ConnectToReady();  // READY is seq 1
  auto send = [&](const std::string& s, int user) {
    h.peer.Send(R"({"op":0,"t":"USER_UPDATE","s":)" + s + R"(,"d":{"id":")" + std::to_string(user) + R"(","username":"u"}})");
  };
  send("2", 100);
  send("9007199254740992", 101);   // 2^53: outside the exact-integer range, delivered untracked
  send("3", 102);
  send("9007199254740991", 103);   // 2^53 - 1: valid, taken as the new count
  send("4", 104);                  // far below it: the service counts anew, not a repeat
  send("5", 105);
  send("5", 106);                  // a real repeat (within the window): dropped
  send("1e300", 107);              // not an integer: delivered untracked
  send("-7", 108);                 // negative: delivered untracked
  send("6", 110);
  Pump();
  EXPECT_EQ(delivered, (std::vector<uint64_t>{100, 101, 102, 103, 104, 105, 107, 108, 110}));
  EXPECT_EQ(h.impl().gateway().last_sequence(), 6);
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
}

TEST(Gateway, InvalidSessionNotResumableIdentifiesAgain) {
  ConnectedHarness h;
  h.ConnectToReady();
  h.peer.Send(R"({"op":9,"d":false})");
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Reconnecting);
  size_t opened = h.platform->sockets_opened.size();
  ASSERT_TRUE(AdvanceUntil(*h.platform, [&] { return h.platform->sockets_opened.size() > opened; }, 5000));
  h.peer.AcceptLatest();
  h.peer.NewSent();
  h.peer.Hello();
  auto sent = h.peer.NewSent();
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(GatewayPeer::OpOf(sent[0]), 2);  // Identify, not Resume
}

TEST(Gateway, AuthenticationFailureStopsWithoutReconnecting) {
  ConnectedHarness h;
  std::vector<std::tuple<Client::Status, Client::Error, int32_t>> changes;
  h.client.SetStatusChangedCallback([&](Client::Status s, Client::Error e, int32_t d) { changes.push_back({s, e, d}); });
  h.ConnectToReady();
  size_t opened = h.platform->sockets_opened.size();
  h.platform->events()->OnWebSocketClosed(h.peer.socket, 4004, "Authentication failed.");
  Pump();
  h.platform->Advance(120'000);
  EXPECT_EQ(h.platform->sockets_opened.size(), opened);
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected);
  ASSERT_FALSE(changes.empty());
  EXPECT_EQ(std::get<1>(changes.back()), Client::Error::ConnectionFailed);
  EXPECT_EQ(std::get<2>(changes.back()), 4004);
}

// The main gateway's close codes, one by one, with what each must do written out here rather
// than read from kCloseCodeRules (a slip in the table would otherwise agree with itself): 4007
// and 4009 end the session, so the client identifies again; 4004 and 4010-4014 stop for good;
// every other code, in the table or not, resumes the session. Each row is driven through a real
// close: the reconnect goes to the resume URL with op 6, or to the gateway URL with op 2, or
// does not happen at all.
TEST(GatewayCloseCodes, EveryCodeIsClassifiedAndActedOn) {
  enum class Expect { Resume, Identify, Stop };
  struct Row {
    int32_t code;
    Expect expect;
  };
  const Row rows[] = {
      {1000, Expect::Resume},   {1001, Expect::Resume}, {1006, Expect::Resume}, {4000, Expect::Resume},
      {4001, Expect::Resume},   {4002, Expect::Resume}, {4003, Expect::Resume}, {4004, Expect::Stop},
      {4005, Expect::Resume},   {4006, Expect::Resume}, {4007, Expect::Identify}, {4008, Expect::Resume},
      {4009, Expect::Identify}, {4010, Expect::Stop},   {4011, Expect::Stop},   {4012, Expect::Stop},
      {4013, Expect::Stop},     {4014, Expect::Stop},   {4015, Expect::Resume}, {4999, Expect::Resume},
  };
  // Every code of the table has its row here: a code added to the table needs its expectation.
  for (const auto& rule : gateway::kCloseCodeRules) {
    bool listed = false;
    for (const auto& row : rows) listed = listed || row.code == rule.code;
    EXPECT_TRUE(listed) << rule.code << " is in kCloseCodeRules but not in this test";
  }
  for (const auto& row : rows) {
    const auto action = gateway::ActionForClose(row.code);
    const auto expected = row.expect == Expect::Resume     ? gateway::CloseAction::Resume
                          : row.expect == Expect::Identify ? gateway::CloseAction::Reidentify
                                                           : gateway::CloseAction::Stop;
    EXPECT_EQ(static_cast<int>(action), static_cast<int>(expected)) << row.code;

    ConnectedHarness h;
    h.ConnectToReady();
    ASSERT_EQ(h.client.GetStatus(), Client::Status::Ready) << row.code;
    const size_t opened = h.platform->sockets_opened.size();
    h.platform->events()->OnWebSocketClosed(h.peer.socket, row.code, "closed by the service");
    Pump();
    if (row.expect == Expect::Stop) {
      h.platform->Advance(10 * 60 * 1000);
      Pump();
      EXPECT_EQ(h.platform->sockets_opened.size(), opened) << row.code << " must not reconnect";
      EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected) << row.code;
      continue;
    }
    EXPECT_EQ(h.client.GetStatus(), Client::Status::Reconnecting) << row.code;
    ASSERT_TRUE(AdvanceUntil(*h.platform, [&] { return h.platform->sockets_opened.size() > opened; }, 120'000))
        << row.code << " must reconnect";
    const bool resume = row.expect == Expect::Resume;
    EXPECT_TRUE(h.platform->sockets_opened.back().second.starts_with(resume ? "ws://resume.test" : "ws://gw.test"))
        << row.code << ": " << h.platform->sockets_opened.back().second;
    h.peer.AcceptLatest();
    h.peer.NewSent();
    h.peer.Hello();
    auto sent = h.peer.NewSent();
    ASSERT_FALSE(sent.empty()) << row.code;
    EXPECT_EQ(GatewayPeer::OpOf(sent[0]), resume ? 6 : 2) << row.code;
    if (resume) EXPECT_EQ(json::Document::Parse(sent[0])->Root()["d"]["session_id"].String(), "sess-1") << row.code;
  }
}

TEST(Gateway, GarbageFromTheServerIsSurvivedByReconnecting) {
  ConnectedHarness h;
  h.ConnectToReady();
  h.peer.Send("{not json");
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Reconnecting);
  h.peer.Send(R"({"op":0})");  // a socket the client already dropped: ignored
}

TEST(Gateway, DisconnectClosesAndStopsReconnecting) {
  ConnectedHarness h;
  h.ConnectToReady();
  h.client.Disconnect();
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Disconnected);
  size_t opened = h.platform->sockets_opened.size();
  h.platform->Advance(120'000);
  EXPECT_EQ(h.platform->sockets_opened.size(), opened);
}

TEST(Gateway, ConnectWithoutATokenFails) {
  Harness h;
  std::optional<Client::Error> error;
  h.client.SetStatusChangedCallback([&](Client::Status, Client::Error e, int32_t) { error = e; });
  h.client.Connect();
  Pump();
  EXPECT_EQ(error, Client::Error::ConnectionFailed);
  EXPECT_TRUE(h.platform->sockets_opened.empty());
}

TEST(Gateway, TheSendLimitIsRespected) {
  ConnectedHarness h;
  h.ConnectToReady();
  h.peer.NewSent();
  for (int i = 0; i < 200; ++i) h.impl().gateway().Send(gateway::Op::PresenceUpdate, "{}");
  auto first = h.peer.NewSent();
  // 120 per 60 s, 5 kept for heartbeats, and the Identify already counted.
  EXPECT_EQ(first.size(), 114u);
  for (int second = 0; second < 60; ++second) {
    h.platform->Advance(1000);
    h.peer.Send(R"({"op":11})");  // keep the connection alive: ACK whatever beat went out
  }
  EXPECT_EQ(h.client.GetStatus(), Client::Status::Ready);
  auto second = h.peer.NewSent();
  size_t presences = 0;
  for (auto& frame : second) presences += GatewayPeer::OpOf(frame) == 3;
  EXPECT_EQ(presences, 200u - 114u);  // the rest went out once the window slid
}

}  // namespace
}  // namespace sdkpp::testing
