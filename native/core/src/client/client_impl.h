// The state behind a Client handle: the platform and the I/O layers built on it (scheduler,
// HTTP, the local client over IPC), the log, and the feature modules. Receives every platform
// event and routes it to the layer that owns the id.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "auth/authorize_flow.h"
#include "auth/device_flow.h"
#include "auth/token_session.h"
#include "callbacks/callback_queue.h"
#include "client/service_endpoints.h"
#include "gateway/gateway_connection.h"
#include "http/http_client.h"
#include "io/scheduler.h"
#include "logging/logger.h"
#include "rpc/local_client.h"
#include "sdkpp/client.h"
#include "sdkpp/client_create_options.h"
#include "sdkpp/platform.h"
#include "social/presence.h"
#include "social/social_layer.h"

namespace sdkpp {

class ClientImpl final : public PlatformEvents {
 public:
  ClientImpl(const ClientCreateOptions& options, std::shared_ptr<Platform> platform);
  ~ClientImpl() override;
  ClientImpl(const ClientImpl&) = delete;
  ClientImpl& operator=(const ClientImpl&) = delete;

  uint64_t application_id() const { return application_id_; }
  void set_application_id(uint64_t id);
  const ServiceEndpoints& endpoints() const { return endpoints_; }

  Platform& platform() { return *platform_; }
  IdSource& ids() { return ids_; }
  Scheduler& scheduler() { return scheduler_; }
  logging::Logger& logger() { return logger_; }
  http::HttpClient& http() { return http_; }
  rpc::LocalClient& local_client() { return local_client_; }
  auth::TokenSession& session() { return session_; }
  auth::AuthorizeFlow& authorize_flow() { return authorize_flow_; }
  auth::DeviceFlow& device_flow() { return device_flow_; }
  gateway::GatewayConnection& gateway() { return gateway_; }
  social::SocialLayer& social() { return social_; }
  social::Presence& presence() { return presence_; }

  // A request with the current bearer token. Without a token the callback gets ClientNotReady
  // (posted) and nothing is sent.
  void AuthedRequest(http::ApiRequest request, std::function<void(http::ApiResponse)> done);

  // Queues `callback` for the app (it runs from RunCallbacks, never inside an SDK call). For
  // results of the app's calls: they are delivered even after the Client is destroyed (with a
  // ClientDestroyed result), so every call is answered and every Promise settles.
  void Post(std::function<void()> callback) { queue_->Post(std::move(callback)); }
  // For events (status, lobby, message, relationship, presence, invite, authorize-request,
  // token-expiry callbacks): dropped if still queued when the Client is destroyed, so an app's
  // callback never runs after the Client it belongs to is gone.
  void PostEvent(std::function<void()> callback) { queue_->PostWhileAlive(lifetime_, std::move(callback)); }

  Client::Status status() const { return status_; }
  void SetStatus(Client::Status status, Client::Error error, int32_t error_detail);
  void SetStatusChangedCallback(Client::OnStatusChanged cb) { status_callback_ = std::move(cb); }
  // A gateway event, after the connection layer ordered and de-duplicated it.
  void OnDispatch(std::string_view type, const json::Value& data);

  int32_t game_window_pid() const { return game_window_pid_; }
  void set_game_window_pid(int32_t pid) { game_window_pid_ = pid; }

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

 private:
  // Expires first thing in the destructor (see PostEvent).
  std::shared_ptr<const bool> lifetime_ = std::make_shared<const bool>(true);
  std::shared_ptr<callbacks::CallbackQueue> queue_;
  std::shared_ptr<Platform> platform_;
  uint64_t application_id_ = 0;
  ServiceEndpoints endpoints_;
  logging::Logger logger_;
  IdSource ids_;
  Scheduler scheduler_;
  http::HttpClient http_;
  rpc::LocalClient local_client_;
  auth::TokenSession session_;
  auth::AuthorizeFlow authorize_flow_;
  auth::DeviceFlow device_flow_;
  gateway::GatewayConnection gateway_;
  social::SocialLayer social_;
  social::Presence presence_;
  Client::Status status_ = Client::Status::Disconnected;
  Client::OnStatusChanged status_callback_;
  int32_t game_window_pid_ = 0;
};

}  // namespace sdkpp
