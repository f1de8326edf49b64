// IPC framing and the local-client connection, driven byte by byte.
#include "framework/test.h"

#include "json/json.h"
#include "rpc/frame_codec.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

using rpc::FrameDecoder;
using rpc::Opcode;

std::string Header(uint32_t opcode, uint32_t length) {
  std::string out;
  for (uint32_t v : {opcode, length}) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
  }
  return out;
}

TEST(FrameCodec, RoundTripsAndSplitsAnywhere) {
  std::string stream = rpc::EncodeFrame(Opcode::Frame, R"({"cmd":"A"})") +
                       rpc::EncodeFrame(Opcode::Ping, "p") + rpc::EncodeFrame(Opcode::Frame, "{}");
  for (size_t chunk = 1; chunk <= stream.size(); ++chunk) {
    FrameDecoder decoder;
    std::vector<rpc::Frame> frames;
    for (size_t at = 0; at < stream.size(); at += chunk) {
      ASSERT_EQ(decoder.Feed(std::string_view(stream).substr(at, chunk), frames), FrameDecoder::Status::Ok);
    }
    ASSERT_EQ(frames.size(), 3u) << chunk;
    EXPECT_EQ(frames[0].payload, R"({"cmd":"A"})");
    EXPECT_EQ(frames[1].opcode, Opcode::Ping);
    EXPECT_EQ(decoder.buffered(), 0u);
  }
}

struct BadStream {
  const char* name;
  std::string bytes;
  FrameDecoder::Status expected;
};

TEST(FrameCodec, CorruptStreamsAreRefused) {
  const BadStream cases[] = {
      {"over 64 KiB", Header(1, 64 * 1024 + 1), FrameDecoder::Status::TooLarge},
      {"length of 4 GiB", Header(1, 0xFFFFFFFFu), FrameDecoder::Status::TooLarge},
      {"unknown opcode", Header(9, 2) + "{}", FrameDecoder::Status::UnknownOpcode},
      // Every byte of the little-endian words counts: a high byte set is no small number.
      {"opcode 1 plus 2^24", Header(0x01000001u, 2) + "{}", FrameDecoder::Status::UnknownOpcode},
      {"length 2 plus 2^24", Header(1, 0x01000002u) + "{}", FrameDecoder::Status::TooLarge},
      {"invalid UTF-8", Header(1, 3) + "\"\xff\"", FrameDecoder::Status::InvalidUtf8},
      {"overlong UTF-8", Header(1, 2) + "\xc0\xaf", FrameDecoder::Status::InvalidUtf8},
      {"UTF-16 surrogate", Header(1, 3) + "\xed\xa0\x80", FrameDecoder::Status::InvalidUtf8},
      {"truncated sequence", Header(1, 1) + "\xe2", FrameDecoder::Status::InvalidUtf8},
  };
  for (const auto& bad : cases) {
    FrameDecoder decoder;
    std::vector<rpc::Frame> frames;
    EXPECT_EQ(decoder.Feed(bad.bytes, frames), bad.expected) << bad.name;
    EXPECT_TRUE(frames.empty()) << bad.name;
    EXPECT_EQ(decoder.buffered(), 0u) << bad.name;  // nothing kept from a corrupt stream
  }
}

// The wire row limits::kMaxIpcFrameBytes at its bound and one byte over (the limits table's
// test/limits/limit_table.ts): a payload of exactly the bound is read, one byte more is refused.
TEST(FrameCodec, AFrameOfExactlyTheBoundIsReadAndOneByteMoreIsRefused) {
  const std::string at_bound = "\"" + std::string(limits::kMaxIpcFrameBytes - 2, 'a') + "\"";
  ASSERT_EQ(at_bound.size(), limits::kMaxIpcFrameBytes);
  FrameDecoder decoder;
  std::vector<rpc::Frame> frames;
  ASSERT_EQ(decoder.Feed(Header(1, static_cast<uint32_t>(at_bound.size())) + at_bound, frames), FrameDecoder::Status::Ok);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].payload.size(), limits::kMaxIpcFrameBytes);

  const std::string over = at_bound + " ";
  FrameDecoder refusing;
  std::vector<rpc::Frame> none;
  EXPECT_EQ(refusing.Feed(Header(1, static_cast<uint32_t>(over.size())) + over, none), FrameDecoder::Status::TooLarge);
  EXPECT_TRUE(none.empty());
}

TEST(FrameCodec, ATruncatedHeaderOrALyingLengthJustWaits) {
  FrameDecoder decoder;
  std::vector<rpc::Frame> frames;
  EXPECT_EQ(decoder.Feed(Header(1, 10).substr(0, 5), frames), FrameDecoder::Status::Ok);
  EXPECT_EQ(decoder.Feed(Header(1, 10).substr(5) + "{}", frames), FrameDecoder::Status::Ok);
  EXPECT_TRUE(frames.empty());  // 10 bytes announced, 2 delivered: no frame yet
  EXPECT_EQ(decoder.buffered(), 10u);
}

TEST(FrameCodec, AcceptsValidMultibyteUtf8) {
  FrameDecoder decoder;
  std::vector<rpc::Frame> frames;
  const std::string payload = "\"h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x8e\xae\"";
  EXPECT_EQ(decoder.Feed(Header(1, static_cast<uint32_t>(payload.size())) + payload, frames),
            FrameDecoder::Status::Ok);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].payload, payload);
}

// A scripted local client on the other end of the IPC stream.
struct LocalPeer {
  Harness& h;
  PlatformId stream = 0;
  size_t read_frames = 0;

  void AcceptLatest() {
    ASSERT_FALSE(h.platform->ipc_opened.empty());
    stream = h.platform->ipc_opened.back();
    read_frames = 0;
    h.platform->events()->OnIpcOpen(stream);
  }
  std::vector<rpc::Frame> NewFrames() {
    auto all = WrittenFrames(*h.platform, stream);
    std::vector<rpc::Frame> fresh(all.begin() + static_cast<long>(read_frames), all.end());
    read_frames = all.size();
    return fresh;
  }
  void Send(Opcode op, const std::string& json) {
    h.platform->events()->OnIpcData(stream, rpc::EncodeFrame(op, json));
  }
  void Ready() {
    Send(Opcode::Frame,
         R"({"cmd":"DISPATCH","evt":"READY","data":{"v":1,"config":{},"user":{"id":"1","username":"p"}}})");
  }
  // Replies to the newest command named `cmd` with `data`.
  std::string Reply(const std::string& cmd, const std::string& data, bool error = false) {
    std::string nonce;
    for (auto& frame : NewFrames()) {
      auto doc = json::Document::Parse(frame.payload);
      if (doc && doc->Root()["cmd"].String() == cmd) nonce = std::string(doc->Root()["nonce"].String().value_or(""));
    }
    if (nonce.empty()) return "";
    Send(Opcode::Frame, R"({"cmd":")" + cmd + R"(","nonce":")" + nonce + R"(",)" +
                            (error ? R"("evt":"ERROR",)" : "") + R"("data":)" + data + "}");
    return nonce;
  }
};

TEST(RpcConnection, HandshakeThenPingPongAndCorruptionCloses) {
  Harness h;
  bool reached = false;
  h.impl().local_client().Reach([&](bool ok) { reached = ok; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  auto frames = peer.NewFrames();
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].opcode, Opcode::Handshake);
  auto handshake = json::Document::Parse(frames[0].payload);
  EXPECT_EQ(handshake->Root()["v"].Int(), 1);
  EXPECT_EQ(handshake->Root()["client_id"].String(), std::to_string(kAppId));
  peer.Ready();
  EXPECT_TRUE(reached);
  peer.Send(Opcode::Ping, R"({"t":42})");
  frames = peer.NewFrames();
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].opcode, Opcode::Pong);
  EXPECT_EQ(frames[0].payload, R"({"t":42})");
  // A lying length past the limit: the SDK closes the stream and survives.
  h.platform->events()->OnIpcData(peer.stream, Header(1, 1 << 30));
  EXPECT_FALSE(h.impl().local_client().ready());
  EXPECT_EQ(h.platform->ipc_closed.back(), peer.stream);
}

TEST(RpcConnection, NoLocalClientMeansNotReachable) {
  Harness h;
  std::optional<bool> reached;
  h.impl().local_client().Reach([&](bool ok) { reached = ok; });
  h.platform->events()->OnIpcClosed(h.platform->ipc_opened.back(), "ENOENT");
  ASSERT_TRUE(reached);
  EXPECT_FALSE(*reached);
}

TEST(ServiceClientConnectedUser, IsTheUserOfTheLocalClientsReady) {
  Harness h;
  std::optional<ClientResult> result;
  std::optional<UserHandle> user;
  h.client.GetServiceClientConnectedUser(kAppId, [&](ClientResult r, std::optional<UserHandle> u) {
    result = r;
    user = u;
  });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Send(Opcode::Frame,
            R"({"cmd":"DISPATCH","evt":"READY","data":{"v":1,"config":{},"user":{"id":"77","username":"chatter","global_name":"Chatty","avatar":null}}})");
  Pump();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->Successful());
  ASSERT_TRUE(user);
  EXPECT_EQ(user->Id(), 77u);
  EXPECT_EQ(user->Username(), "chatter");
  EXPECT_EQ(user->DisplayName(), "Chatty");
  // Asked again on the open connection: answered without a new handshake.
  size_t opened = h.platform->ipc_opened.size();
  std::optional<uint64_t> again;
  h.client.GetServiceClientConnectedUser(kAppId, [&](ClientResult r, std::optional<UserHandle> u) {
    if (r.Successful() && u) again = u->Id();
  });
  h.platform->Advance(1);
  Pump();
  EXPECT_EQ(again, 77u);
  EXPECT_EQ(h.platform->ipc_opened.size(), opened);
}

TEST(ServiceClientConnectedUser, NoLocalClientIsAnRpcErrorAndZeroIdIsInvalid) {
  Harness h;
  std::optional<ClientResult> result;
  bool had_user = true;
  h.client.GetServiceClientConnectedUser(kAppId, [&](ClientResult r, std::optional<UserHandle> u) {
    result = r;
    had_user = u.has_value();
  });
  h.platform->events()->OnIpcClosed(h.platform->ipc_opened.back(), "ENOENT");
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::RPCError);
  EXPECT_FALSE(had_user);
  std::optional<ClientResult> invalid;
  size_t opened = h.platform->ipc_opened.size();
  h.client.GetServiceClientConnectedUser(0, [&](ClientResult r, std::optional<UserHandle>) { invalid = r; });
  Pump();
  ASSERT_TRUE(invalid);
  EXPECT_EQ(invalid->Type(), ErrorType::ValidationError);
  EXPECT_NE(invalid->Error().find("applicationId"), std::string::npos);
  EXPECT_EQ(h.platform->ipc_opened.size(), opened);  // no I/O for an invalid call
}

// The local client's RPC error codes (docs/protocols/ipc.md), code by code: a command answered
// ERROR is an RPCError carrying the code (ErrorCode) and the local client's message, whatever
// the code; only AUTHORIZE reads one of them, 5000 (OAuth2 error: the player said no), as
// AuthorizationFailed. A code the table lacks (4001, 9999) is carried the same way, and an ERROR
// without a code is 1000 (unknown).
TEST(RpcErrorCodes, EveryCodeIsAnRpcErrorCarryingItAndOnlyAuthorizeReads5000) {
  const int32_t codes[] = {1000, 4000, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 5000, 4001, 9999};
  for (int32_t code : codes) {
    Harness h;
    std::optional<bool> reached;
    h.impl().local_client().Reach([&](bool ok) { reached = ok; });
    LocalPeer peer{h};
    peer.AcceptLatest();
    peer.Ready();
    ASSERT_TRUE(reached && *reached) << code;
    std::optional<ClientResult> result;
    h.impl().local_client().Command("GET_USER", R"({"id":"1"})", [&](ClientResult r, const json::Value&) { result = r; });
    ASSERT_FALSE(peer.Reply("GET_USER", R"({"code":)" + std::to_string(code) + R"(,"message":"refused with )" +
                                            std::to_string(code) + R"("})",
                            true)
                     .empty())
        << code;
    Pump();
    ASSERT_TRUE(result) << code;
    EXPECT_EQ(result->Type(), ErrorType::RPCError) << code;
    EXPECT_EQ(result->ErrorCode(), code);
    EXPECT_EQ(result->Error(), "refused with " + std::to_string(code));
  }
  for (int32_t code : codes) {
    Harness h;
    AuthorizationArgs args;
    args.SetScopes("openid");
    std::optional<ClientResult> result;
    h.client.Authorize(args, [&](ClientResult r, std::string, std::string) { result = r; });
    LocalPeer peer{h};
    peer.AcceptLatest();
    peer.NewFrames();
    peer.Ready();
    h.platform->Advance(0);
    peer.Reply("AUTHORIZE", R"({"code":)" + std::to_string(code) + R"(,"message":"refused"})", true);
    Pump();
    ASSERT_TRUE(result) << code;
    EXPECT_EQ(result->Type(), code == 5000 ? ErrorType::AuthorizationFailed : ErrorType::RPCError) << code;
    EXPECT_EQ(result->ErrorCode(), code);
  }
  Harness h;
  std::optional<bool> reached;
  h.impl().local_client().Reach([&](bool ok) { reached = ok; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Ready();
  std::optional<ClientResult> uncoded;
  h.impl().local_client().Command("GET_USER", "{}", [&](ClientResult r, const json::Value&) { uncoded = r; });
  peer.Reply("GET_USER", R"({"message":"no code"})", true);
  Pump();
  ASSERT_TRUE(uncoded);
  EXPECT_EQ(uncoded->ErrorCode(), 1000);
}

// The local client's close codes (docs/protocols/ipc.md), code by code: a CLOSE frame with any of
// them ends the connection the same way — the SDK closes its end, whoever waited to reach the
// local client is answered "not reachable", and a client with a subscription connects again
// after its backoff. No code stops the SDK from trying again: the chat client may be restarted.
TEST(RpcCloseCodes, EveryCodeEndsTheConnectionAndASubscribedClientComesBack) {
  const int32_t codes[] = {1000, 1003, 1006, 4000, 4001, 4002, 4003, 4004, 4005};
  for (int32_t code : codes) {
    Harness h;
    h.impl().local_client().Subscribe("ACTIVITY_JOIN", [](const json::Value&) {});
    LocalPeer peer{h};
    peer.AcceptLatest();
    peer.Ready();
    ASSERT_TRUE(h.impl().local_client().ready()) << code;
    const size_t opened = h.platform->ipc_opened.size();
    peer.Send(Opcode::Close, R"({"code":)" + std::to_string(code) + R"(,"message":"closed by the chat client"})");
    EXPECT_FALSE(h.impl().local_client().ready()) << code;
    ASSERT_FALSE(h.platform->ipc_closed.empty()) << code;
    EXPECT_EQ(h.platform->ipc_closed.back(), peer.stream) << code;
    h.platform->Advance(rpc::kReconnectMaxMs);
    Pump();
    EXPECT_GT(h.platform->ipc_opened.size(), opened) << code << " must connect again";
  }
}

TEST(RpcConnection, HandshakeTimesOut) {
  Harness h;
  std::optional<bool> reached;
  h.impl().local_client().Reach([&](bool ok) { reached = ok; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  h.platform->Advance(5000);
  ASSERT_TRUE(reached);
  EXPECT_FALSE(*reached);
}

TEST(Authorize, ThroughTheLocalClient) {
  Harness h;
  auto pair = h.client.CreateAuthorizationCodeVerifier();
  AuthorizationArgs args;
  args.SetScopes(Client::GetDefaultCommunicationScopes());
  args.SetCodeChallenge(pair.Challenge());
  std::optional<ClientResult> result;
  std::string code, redirect;
  h.client.Authorize(args, [&](ClientResult r, std::string c, std::string u) {
    result = r;
    code = c;
    redirect = u;
  });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.NewFrames();
  peer.Ready();
  h.platform->Advance(0);  // Reach answers on the next turn
  auto frames = peer.NewFrames();
  ASSERT_EQ(frames.size(), 1u);
  auto command = json::Document::Parse(frames[0].payload);
  auto root = command->Root();
  EXPECT_EQ(root["cmd"].String(), "AUTHORIZE");
  EXPECT_EQ(root["args"]["client_id"].String(), std::to_string(kAppId));
  EXPECT_EQ(root["args"]["scopes"].Items().size(), 2u);
  EXPECT_EQ(root["args"]["code_challenge"].String(), pair.Challenge().Challenge());
  EXPECT_EQ(root["args"]["code_challenge_method"].String(), "S256");
  std::string nonce(root["nonce"].String().value_or(""));
  peer.Send(Opcode::Frame, R"({"cmd":"AUTHORIZE","nonce":")" + nonce + R"(","data":{"code":"ipc-code-1"}})");
  Pump();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->Successful());
  EXPECT_EQ(code, "ipc-code-1");
  EXPECT_EQ(redirect, "sdkpp-" + std::to_string(kAppId) + ":/authorize/callback");
  EXPECT_TRUE(h.platform->opened_urls.empty());  // no browser
}

TEST(Authorize, RefusalInTheLocalClientIsItsOwnResult) {
  Harness h;
  AuthorizationArgs args;
  args.SetScopes("openid");
  std::optional<ClientResult> result;
  h.client.Authorize(args, [&](ClientResult r, std::string, std::string) { result = r; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.NewFrames();
  peer.Ready();
  h.platform->Advance(0);
  peer.Reply("AUTHORIZE", R"({"code":5000,"message":"OAuth2 Error: access_denied"})", true);
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::AuthorizationFailed);
  EXPECT_EQ(result->ErrorCode(), 5000);
  EXPECT_EQ(result->Error().rfind("access_denied", 0), 0u);
}

struct BrowserFlow {
  Harness h;
  std::optional<ClientResult> result;
  std::string code, redirect;
  PlatformId listener = 0;
  std::string state;

  void Start(AuthorizationArgs args) {
    h.client.Authorize(std::move(args), [this](ClientResult r, std::string c, std::string u) {
      result = r;
      code = c;
      redirect = u;
    });
    h.platform->events()->OnIpcClosed(h.platform->ipc_opened.back(), "no local client");
  }
  void Listen(uint16_t port) {
    ASSERT_EQ(h.platform->listeners_started.size(), 1u);
    listener = h.platform->listeners_started[0];
    h.platform->events()->OnLoopbackListening(listener, port, "");
    ASSERT_EQ(h.platform->opened_urls.size(), 1u);
    state = auth::QueryParam(h.platform->opened_urls[0], "state").value_or("");
  }
  void Redirect(const std::string& target) {
    h.platform->events()->OnLoopbackRequest(listener, 77, target);
    Pump();
  }
};

TEST(Authorize, ThroughTheBrowserWithALoopbackRedirect) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid sdk.social_layer");
  flow.Start(args);
  flow.Listen(50123);
  const std::string& url = flow.h.platform->opened_urls[0];
  EXPECT_EQ(url.rfind("https://web.test/oauth2/authorize?", 0), 0u);
  EXPECT_EQ(auth::QueryParam(url, "redirect_uri"), "http://127.0.0.1:50123/callback");
  EXPECT_EQ(flow.state.size(), 43u);
  flow.Redirect("/favicon.ico");  // other paths are answered 404 and change nothing
  EXPECT_FALSE(flow.result);
  flow.Redirect("/callback?code=browser-code-1&state=" + flow.state);
  ASSERT_TRUE(flow.result);
  EXPECT_TRUE(flow.result->Successful());
  EXPECT_EQ(flow.code, "browser-code-1");
  EXPECT_EQ(flow.redirect, "http://127.0.0.1:50123/callback");
  ASSERT_EQ(flow.h.platform->loopback_responses.size(), 2u);
  EXPECT_EQ(flow.h.platform->loopback_responses[0].status, 404);  // the favicon
  EXPECT_EQ(flow.h.platform->loopback_responses[1].status, 200);
  EXPECT_EQ(flow.h.platform->listeners_stopped, std::vector<PlatformId>{flow.listener});
}

TEST(Authorize, AWrongStateIsRefusedAndTheFlowKeepsWaiting) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid");
  flow.Start(args);
  flow.Listen(50124);
  flow.Redirect("/callback?code=stolen-code-1&state=forged");
  flow.Redirect("/callback?error=access_denied&state=forged");
  flow.Redirect("/callback?code=stolen-code-2");
  EXPECT_FALSE(flow.result);  // a forged request does not end the flow
  EXPECT_EQ(flow.h.platform->loopback_responses.size(), 3u);
  for (const auto& response : flow.h.platform->loopback_responses) EXPECT_EQ(response.status, 400);
  EXPECT_TRUE(flow.h.platform->listeners_stopped.empty());
  // The real redirect still completes it, with its own code — never the forged one.
  flow.Redirect("/callback?code=real-code-2&state=" + flow.state);
  ASSERT_TRUE(flow.result);
  EXPECT_TRUE(flow.result->Successful());
  EXPECT_EQ(flow.code, "real-code-2");
  EXPECT_EQ(flow.h.platform->listeners_stopped, std::vector<PlatformId>{flow.listener});
}

TEST(Authorize, ARequestThatIsNoAuthorizationResponseLeavesTheFlowWaiting) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid");
  flow.Start(args);
  flow.Listen(50125);
  // A reload or another local program: no code, error or state. Not a forgery either.
  flow.Redirect("/callback");
  flow.Redirect("/callback?utm_source=preview");
  EXPECT_FALSE(flow.result);
  EXPECT_EQ(flow.h.platform->loopback_responses.back().status, 400);
  EXPECT_TRUE(flow.h.platform->listeners_stopped.empty());
  // The real redirect still completes the flow.
  flow.Redirect("/callback?code=real-code-1&state=" + flow.state);
  ASSERT_TRUE(flow.result);
  EXPECT_TRUE(flow.result->Successful());
  EXPECT_EQ(flow.code, "real-code-1");
}

TEST(Authorize, RefusalInTheBrowser) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid");
  flow.Start(args);
  flow.Listen(50125);
  flow.Redirect("/callback?error=access_denied&state=" + flow.state);
  EXPECT_EQ(flow.result->Type(), ErrorType::AuthorizationFailed);
  EXPECT_EQ(flow.result->ErrorCode(), 5000);
}

TEST(Authorize, AbortFreesTheListener) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid");
  flow.Start(args);
  flow.Listen(50126);
  flow.h.client.AbortAuthorize();
  Pump();
  ASSERT_TRUE(flow.result);
  EXPECT_EQ(flow.result->Type(), ErrorType::Aborted);
  EXPECT_EQ(flow.h.platform->listeners_stopped, std::vector<PlatformId>{flow.listener});
  flow.result.reset();
  flow.Redirect("/callback?code=late&state=" + flow.state);  // too late: ignored
  EXPECT_FALSE(flow.result);
}

TEST(Authorize, CustomSchemeCompletesThroughHandleAuthorizeCallback) {
  BrowserFlow flow;
  AuthorizationArgs args;
  args.SetScopes("openid");
  args.SetCustomSchemeParam("mygame");
  flow.Start(args);
  EXPECT_TRUE(flow.h.platform->listeners_started.empty());
  ASSERT_EQ(flow.h.platform->opened_urls.size(), 1u);
  std::string state = auth::QueryParam(flow.h.platform->opened_urls[0], "state").value_or("");
  EXPECT_EQ(auth::QueryParam(flow.h.platform->opened_urls[0], "redirect_uri"), "mygame:/authorize/callback");
  EXPECT_FALSE(flow.h.client.HandleAuthorizeCallback("othergame:/authorize/callback?code=x&state=" + state));
  EXPECT_TRUE(flow.h.client.HandleAuthorizeCallback("mygame:/authorize/callback?code=scheme-code&state=" + state));
  Pump();
  ASSERT_TRUE(flow.result);
  EXPECT_TRUE(flow.result->Successful());
  EXPECT_EQ(flow.code, "scheme-code");
  EXPECT_EQ(flow.redirect, "mygame:/authorize/callback");
}

TEST(Authorize, InvalidArgsFailBeforeAnyIo) {
  Harness h;
  std::optional<ClientResult> result;
  h.client.Authorize(AuthorizationArgs(), [&](ClientResult r, std::string, std::string) { result = r; });
  Pump();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->Type(), ErrorType::ValidationError);
  EXPECT_TRUE(h.platform->ipc_opened.empty());
}

TEST(AuthorizeRequest, SubscriptionIsReestablishedAfterTheLocalClientComesBack) {
  Harness h;
  int requests = 0;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-ipc-1", nullptr);
  h.client.RegisterAuthorizeRequestCallback([&] { ++requests; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.NewFrames();
  peer.Ready();
  EXPECT_FALSE(peer.Reply("AUTHENTICATE", R"({"user":{"id":"1"},"scopes":[],"expires":"2030-01-01T00:00:00Z"})").empty());
  auto subscribe = peer.NewFrames();
  ASSERT_EQ(subscribe.size(), 1u);
  auto doc = json::Document::Parse(subscribe[0].payload);
  EXPECT_EQ(doc->Root()["cmd"].String(), "SUBSCRIBE");
  EXPECT_EQ(doc->Root()["evt"].String(), "AUTHORIZE_REQUEST");
  peer.Send(Opcode::Frame, R"({"cmd":"DISPATCH","evt":"AUTHORIZE_REQUEST","data":{}})");
  Pump();
  EXPECT_EQ(requests, 1);

  // The local client restarts: the SDK reconnects with backoff and subscribes again.
  h.platform->events()->OnIpcClosed(peer.stream, "restart");
  size_t opened = h.platform->ipc_opened.size();
  h.platform->Advance(999);
  EXPECT_EQ(h.platform->ipc_opened.size(), opened);
  h.platform->Advance(1);
  ASSERT_EQ(h.platform->ipc_opened.size(), opened + 1);
  peer.AcceptLatest();
  peer.NewFrames();
  peer.Ready();
  peer.Reply("AUTHENTICATE", R"({"user":{"id":"1"}})");
  auto again = peer.NewFrames();
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(json::Document::Parse(again[0].payload)->Root()["evt"].String(), "AUTHORIZE_REQUEST");
  peer.Send(Opcode::Frame, R"({"cmd":"DISPATCH","evt":"AUTHORIZE_REQUEST","data":{}})");
  Pump();
  EXPECT_EQ(requests, 2);

  h.client.RemoveAuthorizeRequestCallback();
  auto removed = peer.NewFrames();
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(json::Document::Parse(removed[0].payload)->Root()["cmd"].String(), "UNSUBSCRIBE");
}

TEST(AuthorizeRequest, WithoutATokenTheSubscriptionWaitsForAuthenticate) {
  Harness h;
  h.client.RegisterAuthorizeRequestCallback([] {});
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.NewFrames();
  peer.Ready();
  EXPECT_TRUE(peer.NewFrames().empty());  // SUBSCRIBE AUTHORIZE_REQUEST needs AUTHENTICATE
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-later-1", nullptr);
  peer.Reply("AUTHENTICATE", R"({"user":{"id":"1"}})");
  auto frames = peer.NewFrames();
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(json::Document::Parse(frames[0].payload)->Root()["evt"].String(), "AUTHORIZE_REQUEST");
}


// --- Rich presence through the local client: it must show on the player's profile. The chat
// client acts for whoever is logged in to it (READY's user) until AUTHENTICATE binds the
// connection to the token's player, so SET_ACTIVITY waits for AUTHENTICATE's answer.

// The commands the SDK wrote on the peer's stream so far, in order ("AUTHENTICATE SET_ACTIVITY").
std::string CommandsWritten(Harness& h, const LocalPeer& peer) {
  std::string out;
  for (const auto& frame : WrittenFrames(*h.platform, peer.stream)) {
    if (frame.opcode != Opcode::Frame) continue;
    auto doc = json::Document::Parse(frame.payload);
    if (!doc) continue;
    if (!out.empty()) out += " ";
    out += std::string(doc->Root()["cmd"].String().value_or("?"));
  }
  return out;
}

Activity InAMatch() {
  Activity activity;
  activity.SetType(ActivityTypes::Playing);
  activity.SetState("In a match");
  return activity;
}

TEST(PresenceThroughTheLocalClient, SetActivityWaitsForAuthenticateOnAFreshConnection) {
  Harness h;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-player-1", nullptr);
  std::optional<ClientResult> result;
  h.client.UpdateRichPresence(InAMatch(), [&](ClientResult r) { result = r; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Ready();  // the chat client's user, who need not be the player
  EXPECT_EQ(CommandsWritten(h, peer), "AUTHENTICATE");
  EXPECT_FALSE(peer.Reply("AUTHENTICATE", R"({"user":{"id":"2"}})").empty());
  EXPECT_EQ(CommandsWritten(h, peer), "AUTHENTICATE SET_ACTIVITY");
  EXPECT_FALSE(peer.Reply("SET_ACTIVITY", R"({"state":"In a match"})").empty());
  Pump();
  ASSERT_TRUE(result.has_value());
  EXPECT_TRUE(result->Successful());
}

TEST(PresenceThroughTheLocalClient, AnUpdateWhileTheChatClientRestartsWaitsForAuthenticateAgain) {
  Harness h;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-player-2", nullptr);
  h.client.SetActivityInviteCreatedCallback([](ActivityInvite) {});  // a subscription: reconnects
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Ready();
  peer.Reply("AUTHENTICATE", R"({"user":{"id":"2"}})");
  // The chat client restarts; the game updates its presence before the SDK's own reconnect.
  h.platform->events()->OnIpcClosed(peer.stream, "restart");
  std::optional<ClientResult> result;
  h.client.UpdateRichPresence(InAMatch(), [&](ClientResult r) { result = r; });
  peer.AcceptLatest();
  peer.Ready();
  EXPECT_EQ(CommandsWritten(h, peer), "AUTHENTICATE");
  peer.Reply("AUTHENTICATE", R"({"user":{"id":"2"}})");
  EXPECT_EQ(CommandsWritten(h, peer), "AUTHENTICATE SET_ACTIVITY SUBSCRIBE");
  peer.Reply("SET_ACTIVITY", R"({"state":"In a match"})");
  Pump();
  ASSERT_TRUE(result.has_value());
  EXPECT_TRUE(result->Successful());
}

TEST(PresenceThroughTheLocalClient, ARefusedTokenSendsNoSetActivityThatWouldShowOnSomeoneElse) {
  Harness h;
  h.client.UpdateToken(AuthorizationTokenType::Bearer, "tok-player-3", nullptr);
  std::optional<ClientResult> result;
  h.client.UpdateRichPresence(InAMatch(), [&](ClientResult r) { result = r; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Ready();
  peer.Reply("AUTHENTICATE", R"({"code":4009,"message":"Invalid token"})", true);
  Pump();
  EXPECT_EQ(CommandsWritten(h, peer), "AUTHENTICATE");
  // Not over IPC, so over the gateway, which this Client never connected.
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->Type(), ErrorType::ClientNotReady);
}

TEST(PresenceThroughTheLocalClient, WithoutATokenSetActivityFollowsTheHandshake) {
  Harness h;
  std::optional<ClientResult> result;
  h.client.UpdateRichPresence(InAMatch(), [&](ClientResult r) { result = r; });
  LocalPeer peer{h};
  peer.AcceptLatest();
  peer.Ready();
  EXPECT_EQ(CommandsWritten(h, peer), "SET_ACTIVITY");  // the classic flow: the chat client's user
  peer.Reply("SET_ACTIVITY", R"({"state":"In a match"})");
  Pump();
  ASSERT_TRUE(result.has_value());
  EXPECT_TRUE(result->Successful());
}

}  // namespace
}  // namespace sdkpp::testing
