// A feature's world without a Client: a FeatureContext over a ScriptedPlatform, with the parts
// features depend on (connection status, local client, gateway, dispatch handlers) built from
// it, and the platform's events routed to the layer that owns the id. A test builds the one
// feature it is about on top (`Presence presence{h.context, h.status, h.local_client, h.gateway}`).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "callbacks/app_callbacks.h"
#include "client/connection_status.h"
#include "client/feature_context.h"
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
  FeatureContext context{*platform, ids, scheduler, logger, http, callbacks, settings};
  ConnectionStatus status{logger, callbacks};
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
  void OnWebSocketOpen(PlatformId socket) override { gateway.OnOpen(socket); }
  void OnWebSocketMessage(PlatformId socket, std::string text) override { gateway.OnMessage(socket, text); }
  void OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) override {
    gateway.OnClosed(socket, code, reason);
  }
  void OnLoopbackListening(PlatformId, uint16_t, std::string) override {}
  void OnLoopbackRequest(PlatformId, PlatformId, std::string) override {}

  PlatformId ipc_stream = 0;
};

}  // namespace sdkpp::testing
