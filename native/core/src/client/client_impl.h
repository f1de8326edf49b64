// The state behind a Client handle: the platform and the I/O layers built on it (scheduler,
// HTTP, the local client over IPC, the gateway), the log, and the features, each built with the
// FeatureContext and the other parts it needs. Receives every platform event and routes it to
// the layer that owns the id; gateway events go to the handlers the features registered.
// Only the Client's own area files (client_<area>.cc) and the SDK's glue use it; features do not.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "auth/authorize_flow.h"
#include "auth/device_flow.h"
#include "auth/token_session.h"
#include "callbacks/app_callbacks.h"
#include "context/connection_status.h"
#include "context/feature_context.h"
#include "gateway/dispatch_handlers.h"
#include "gateway/gateway_connection.h"
#include "http/http_client.h"
#include "http/service_endpoints.h"
#include "io/scheduler.h"
#include "logging/logger.h"
#include "rpc/local_client.h"
#include "sdkpp/client.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/platform.h"
#include "social/presence.h"
#include "social/seen_invites.h"
#include "social/social_layer.h"
#include "voice/call/call_manager.h"

namespace sdkpp {

class ClientImpl final : public PlatformEvents {
 public:
  ClientImpl(const ClientCreateOptions& options, std::shared_ptr<Platform> platform);
  ~ClientImpl() override;
  ClientImpl(const ClientImpl&) = delete;
  ClientImpl& operator=(const ClientImpl&) = delete;

  uint64_t application_id() const { return settings_.application_id; }
  // SetShowingChat's last value (it only logs a change).
  bool showing_chat() const { return showing_chat_; }
  void set_showing_chat(bool showing) { showing_chat_ = showing; }
  void set_application_id(uint64_t id);
  const ServiceEndpoints& endpoints() const { return settings_.endpoints; }
  FeatureContext& context() { return context_; }

  logging::Logger& logger() { return logger_; }
  http::HttpClient& http() { return http_; }
  rpc::LocalClient& local_client() { return local_client_; }
  auth::TokenSession& session() { return session_; }
  auth::AuthorizeFlow& authorize_flow() { return authorize_flow_; }
  auth::DeviceFlow& device_flow() { return device_flow_; }
  gateway::GatewayConnection& gateway() { return gateway_; }
  social::SocialLayer& social() { return social_; }
  voice::CallManager& calls() { return calls_; }
  social::Presence& presence() { return presence_; }

  // The game's two ACTIVITY_JOIN callbacks. The local client carries one handler per event, so
  // both are kept here and one subscription calls each that is set.
  struct ActivityJoinCallbacks {
    Client::ActivityJoinCallback join;
    Client::ActivityJoinWithApplicationCallback join_with_application;
  };
  ActivityJoinCallbacks& activity_join_callbacks() { return activity_join_callbacks_; }
  // Shared by the gateway's and the local client's invite deliveries, which run as app callbacks
  // (so possibly after this ClientImpl is gone).
  const std::shared_ptr<social::SeenInvites>& seen_invites() { return seen_invites_; }

  // A JoinLinkedLobbyGuild a provisional account started: resumed (or answered with an error) by
  // ProvisionalUserMergeCompleted, answered ClientDestroyed by the destructor.
  struct PendingGuildJoin {
    uint64_t lobby_id = 0;
    Client::JoinLinkedLobbyGuildCallback callback;
  };
  std::optional<PendingGuildJoin>& pending_guild_join() { return pending_guild_join_; }

  // A request with the current bearer token. Without a token nothing is sent and `done` gets
  // ClientNotReady from the queue (ClientDestroyed if the Client goes first).
  void AuthedRequest(http::ApiRequest request, std::function<void(http::ApiResponse)> done);

  // Queues `callback` for the app: a result (Post) or an event (PostEvent); see AppCallbacks.
  void Post(std::function<void()> callback) { callbacks_.Post(std::move(callback)); }
  void PostEvent(std::function<void()> callback) { callbacks_.PostEvent(std::move(callback)); }

  Client::Status status() const { return status_.get(); }
  void SetStatus(Client::Status status, Client::Error error, int32_t error_detail) {
    status_.Set(status, error, error_detail);
  }
  void SetStatusChangedCallback(Client::OnStatusChanged cb) { status_.SetCallback(std::move(cb)); }

  void set_game_window_pid(int32_t pid) { settings_.game_window_pid = pid; }

  // PlatformEvents
  void OnTimer(PlatformId timer) override;
  void OnHttpResponse(PlatformId request, PlatformHttpResponse response) override;
  void OnHttpError(PlatformId request, std::string message) override;
  void OnIpcOpen(PlatformId stream) override;
  void OnIpcData(PlatformId stream, std::string bytes) override;
  void OnIpcClosed(PlatformId stream, std::string reason) override;
  void OnWebSocketOpen(PlatformId socket) override;
  void OnWebSocketMessage(PlatformId socket, std::string text) override;
  void OnWebSocketClosed(PlatformId socket, int32_t code, std::string reason) override;
  void OnLoopbackListening(PlatformId listener, uint16_t port, std::string error) override;
  void OnLoopbackRequest(PlatformId listener, PlatformId request, std::string target) override;
  bool OnUrlNotOpened(std::string url, std::string reason) override;
  void OnWebSocketBinary(PlatformId socket, std::string bytes) override;
  void OnUdpOpen(PlatformId socket, uint16_t local_port) override;
  void OnUdpMessage(PlatformId socket, const uint8_t* data, size_t size, const std::string& host,
                    uint16_t port) override;
  void OnUdpClosed(PlatformId socket, std::string reason) override;
  void OnWake() override;

 private:
  // A gateway event, after the connection layer ordered and de-duplicated it.
  void OnDispatch(std::string_view type, const json::Value& data);

  // Ended first thing in the destructor (see AppCallbacks::PostEvent).
  callbacks::AppCallbacks callbacks_;
  std::shared_ptr<Platform> platform_;
  bool showing_chat_ = false;
  ClientSettings settings_;
  logging::Logger logger_;
  IdSource ids_;
  Scheduler scheduler_;
  http::HttpClient http_;
  SocketRouter sockets_;
  UrlOpener urls_;
  FeatureContext context_;
  ConnectionStatus status_;
  rpc::LocalClient local_client_;
  gateway::DispatchHandlers dispatch_handlers_;
  gateway::GatewayConnection gateway_;
  auth::TokenSession session_;
  auth::AuthorizeFlow authorize_flow_;
  auth::DeviceFlow device_flow_;
  social::SocialLayer social_;
  social::Presence presence_;
  voice::CallManager calls_;
  ActivityJoinCallbacks activity_join_callbacks_;
  std::shared_ptr<social::SeenInvites> seen_invites_ = std::make_shared<social::SeenInvites>();
  std::optional<PendingGuildJoin> pending_guild_join_;
};

}  // namespace sdkpp
