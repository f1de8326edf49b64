// Rich presence and the online status: the current activity and status are kept so that a
// reconnect (gateway) or a restarted local client gets them again.
#pragma once

#include <optional>
#include <string>

#include "context/connection_status.h"
#include "context/feature_context.h"
#include "gateway/dispatch_handlers.h"
#include "gateway/gateway_connection.h"
#include "rpc/local_client.h"
#include "sdkpp/activity.h"
#include "sdkpp/client.h"

namespace sdkpp::social {

class Presence {
 public:
  // Sent through the local client when it answers, else through the gateway once `status` is
  // Ready.
  Presence(FeatureContext& context, ConnectionStatus& status, rpc::LocalClient& local_client,
           gateway::GatewayConnection& gateway)
      : context_(context), connection_(status), local_client_(local_client), gateway_(gateway) {}
  // READY: the service forgot the previous session's presence (Resend).
  void RegisterHandlers(gateway::DispatchHandlers& handlers);

  void Update(Activity activity, Client::ResultCallback callback);
  void Clear();
  void SetStatus(StatusType status, Client::ResultCallback callback);
  // After READY: the service forgot the previous session's presence.
  void Resend();

  const std::optional<Activity>& activity() const { return activity_; }

 private:
  void SendOverGateway(Client::ResultCallback callback);
  // A presence update (status and activity) for the gateway, sent once the session is Ready.
  void QueuePresenceUpdate();
  std::string StatusName() const;
  int32_t Pid() const;

  FeatureContext& context_;
  ConnectionStatus& connection_;
  rpc::LocalClient& local_client_;
  gateway::GatewayConnection& gateway_;
  std::optional<Activity> activity_;
  StatusType status_ = StatusType::Online;
};

}  // namespace sdkpp::social
