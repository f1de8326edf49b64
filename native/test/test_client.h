// A Client wired to a ScriptedPlatform, with helpers to capture callback results.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client/client_access.h"
#include "rpc/frame_codec.h"
#include "scripted_platform.h"
#include "sdkpp/client.h"

namespace sdkpp::testing {

inline constexpr uint64_t kAppId = 1234567890123456789ull;

struct Harness {
  std::shared_ptr<ScriptedPlatform> platform = std::make_shared<ScriptedPlatform>();
  Client client;
  std::vector<std::string> logs;

  static ClientCreateOptions MakeOptions(const std::string& api_base = "https://api.test/api") {
    ClientCreateOptions options;
    options.SetApiBase(api_base);
    options.SetWebBase("https://web.test");
    return options;
  }

  explicit Harness(const ClientCreateOptions& options = MakeOptions()) : client(options, platform) {
    client.SetApplicationId(kAppId);
    client.AddLogCallback([this](std::string m, LoggingSeverity) { logs.push_back(std::move(m)); },
                          LoggingSeverity::Verbose);
  }

  ClientImpl& impl() { return *detail::ClientAccess::Impl(client); }
};

// A Client with a bearer token whose Connect() reached a scripted gateway socket: opened, not
// yet greeted (Hello() sends op 10). Send() feeds raw frames; Dispatch() numbers op-0 events.
struct GatewayHarness : Harness {
  PlatformId socket = 0;
  int seq = 0;

  explicit GatewayHarness(const std::string& token = "tok-gateway-1") {
    client.UpdateToken(AuthorizationTokenType::Bearer, token, nullptr);
    if (auto* me = platform->Pending(); me && me->http.url.ends_with("/oauth2/@me")) {
      platform->Respond(me, 200, R"({"expires":"2030-01-01T00:00:00Z"})");
    }
    client.Connect();
    platform->Respond(platform->Pending(), 200, R"({"url":"ws://gw.test"})");
    socket = platform->sockets_opened.back().first;
    platform->events()->OnWebSocketOpen(socket);
  }
  void Hello() { Send(R"({"op":10,"d":{"heartbeat_interval":41250}})"); }
  void Send(const std::string& text) { platform->events()->OnWebSocketMessage(socket, text); }
  void Dispatch(const std::string& type, const std::string& data) {
    Send(R"({"op":0,"t":")" + type + R"(","s":)" + std::to_string(++seq) + R"(,"d":)" + data + "}");
  }
};

struct TokenOutcome {
  bool called = false;
  ClientResult result = ClientResult::nullobj;
  std::string access, refresh, scopes;
  AuthorizationTokenType type = AuthorizationTokenType::User;
  int32_t expires_in = -1;
};

inline Client::TokenExchangeCallback Capture(TokenOutcome& out) {
  return [&out](ClientResult r, std::string a, std::string rt, AuthorizationTokenType t, int32_t e,
                std::string s) {
    out.called = true;
    out.result = std::move(r);
    out.access = std::move(a);
    out.refresh = std::move(rt);
    out.type = t;
    out.expires_in = e;
    out.scopes = std::move(s);
  };
}

inline std::string TokenBody(const std::string& access = "access-token-1",
                             const std::string& refresh = "refresh-token-1", int expires = 604800) {
  return R"({"access_token":")" + access + R"(","token_type":"Bearer","expires_in":)" +
         std::to_string(expires) + R"(,"refresh_token":")" + refresh +
         R"(","scope":"openid sdk.social_layer"})";
}

inline std::string Frame(rpc::Opcode op, const std::string& json) { return rpc::EncodeFrame(op, json); }

// Decodes every frame the SDK wrote on `stream` so far.
inline std::vector<rpc::Frame> WrittenFrames(ScriptedPlatform& platform, PlatformId stream) {
  rpc::FrameDecoder decoder;
  std::vector<rpc::Frame> frames;
  decoder.Feed(platform.ipc_written[stream], frames);
  return frames;
}

}  // namespace sdkpp::testing
