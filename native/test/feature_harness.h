// A feature's world without a Client: a FeatureContext over a ScriptedPlatform, with the parts
// features depend on (connection status, local client, gateway, dispatch handlers) built from
// it, and the platform's events routed to the layer that owns the id. A test builds the one
// feature it is about on top (`Presence presence{h.context, h.status, h.local_client, h.gateway}`).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "callbacks/app_callbacks.h"
#include "context/connection_status.h"
#include "context/feature_context.h"
#include "gateway/dispatch_handlers.h"
#include "gateway/gateway_connection.h"
#include "rpc/frame_codec.h"
#include "rpc/local_client.h"
#include "scripted_platform.h"

namespace sdkpp::testing {

struct FeatureHarness : PlatformEvents {
  static constexpr uint64_t kApplicationId = 1234567890123456789ull;

  std::shared_ptr<ScriptedPlatform> platform = std::make_shared<ScriptedPlatform>();
  callbacks::AppCallbacks callbacks{callbacks::CallbackQueue::ForCurrentThread()};
  ClientSettings settings{kApplicationId, {"https://api.test/api", "https://web.test"}, 0};
  logging::Logger logger{true, callbacks.queue()};
  IdSource ids;
  Scheduler scheduler{*platform, ids};
  http::HttpClient http{*platform, scheduler, ids, logger};
  SocketRouter sockets;
  UrlOpener urls{*platform, logger};
  FeatureContext context{*platform, ids, scheduler, logger, http, callbacks, settings, sockets, urls};
  ConnectionStatus status{logger, callbacks, *platform};
  rpc::LocalClient local_client{*platform, ids, scheduler, logger};
  gateway::DispatchHandlers handlers;
  gateway::GatewayConnection gateway{
      *platform, ids, scheduler, logger, http,
      gateway::GatewayConnection::Listener{
          [this](Client::Status s, Client::Error e, int32_t detail) { status.Set(s, e, detail); },
          [this](std::string_view type, const json::Value& data) { handlers.Dispatch(type, data); }}};
  std::vector<std::string> logs;

  FeatureHarness() {
    http.SetApiBase(settings.endpoints.api_base);
    local_client.SetApplicationId(kApplicationId);
    logger.AddCallback([this](std::string line, LoggingSeverity) { logs.push_back(std::move(line)); },
                       LoggingSeverity::Verbose);
    platform->SetEvents(this);
  }
  ~FeatureHarness() override {
    callbacks.End();
    gateway.Disconnect();
    scheduler.CancelAll();
    platform->SetEvents(nullptr);
  }

  // The local client's side of the IPC stream the SDK opened last: accepts it and answers the
  // handshake with READY.
  void AcceptLocalClient() {
    ipc_stream = platform->ipc_opened.back();
    OnIpcOpen(ipc_stream);
    OnIpcData(ipc_stream, rpc::EncodeFrame(rpc::Opcode::Frame,
                                           R"({"cmd":"DISPATCH","evt":"READY","data":{"v":1,"config":{},"user":{"id":"1","username":"p"}}})"));
  }
  // No local client runs: the stream the SDK opened last fails.
  void RefuseLocalClient() { OnIpcClosed(platform->ipc_opened.back(), "ENOENT"); }

  void OnTimer(PlatformId timer) override { scheduler.Fire(timer); }
  void OnHttpResponse(PlatformId request, PlatformHttpResponse response) override {
    http.OnResponse(request, std::move(response));
  }
  void OnHttpError(PlatformId request, std::string message) override { http.OnError(request, std::move(message)); }
  void OnIpcOpen(PlatformId stream) override { local_client.connection().OnOpen(stream); }
  void OnIpcData(PlatformId stream, std::string bytes) override { local_client.connection().OnData(stream, bytes); }
  void OnIpcClosed(PlatformId stream, std::string reason) override {
    local_client.connection().OnClosed(stream, std::move(reason));
  }
  // Like ClientImpl: a voice call's registered sockets first, every other id is the gateway's.
  void OnWebSocketOpen(PlatformId socket) override {
    if (auto* owner = sockets.Find(socket)) return owner->OnWebSocketOpen(socket);
    gateway.OnOpen(socket);
  }
  void OnWebSocketMessage(PlatformId socket, std::string text) override {
    if (auto* owner = sockets.Find(socket)) return owner->OnWebSocketMessage(socket, text);
    gateway.OnMessage(socket, text);
  }
  void OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) override {
    if (auto* owner = sockets.Find(socket)) return owner->OnWebSocketClosed(socket, code, reason);
    gateway.OnClosed(socket, code, reason);
  }
  void OnLoopbackListening(PlatformId, uint16_t, std::string) override {}
  void OnLoopbackRequest(PlatformId, PlatformId, std::string) override {}
  bool OnUrlNotOpened(std::string url, std::string reason) override { return urls.OnNotOpened(url, reason); }
  void OnWebSocketBinary(PlatformId socket, std::string bytes) override {
    if (auto* owner = sockets.Find(socket)) owner->OnWebSocketBinary(socket, bytes);
  }
  void OnUdpOpen(PlatformId socket, uint16_t local_port) override {
    if (auto* owner = sockets.Find(socket)) owner->OnUdpOpen(socket, local_port);
  }
  void OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size, const std::string& host,
                    uint16_t port) override {
    if (auto* owner = sockets.Find(socket)) owner->OnUdpMessage(socket, data, size, host, port);
  }
  void OnUdpClosed(PlatformId socket, std::string reason) override {
    if (auto* owner = sockets.Find(socket)) owner->OnUdpClosed(socket, reason);
  }
  void OnWake() override { sockets.OnWake(); }

  PlatformId ipc_stream = 0;
};

}  // namespace sdkpp::testing
