// Rich presence and the online status: the current activity and status are kept so that a
// reconnect (gateway) or a restarted local client gets them again.
#pragma once

#include <optional>
#include <string>

#include "sdkpp/activity.h"
#include "sdkpp/client.h"

namespace sdkpp {
class ClientImpl;
}

namespace sdkpp::social {

class Presence {
 public:
  explicit Presence(ClientImpl& impl) : impl_(impl) {}

  void Update(Activity activity, Client::ResultCallback callback);
  void Clear();
  void SetStatus(StatusType status, Client::ResultCallback callback);
  // After READY: the service forgot the previous session's presence.
  void Resend();

  const std::optional<Activity>& activity() const { return activity_; }

 private:
  void SendOverGateway(Client::ResultCallback callback);
  std::string StatusName() const;
  int32_t Pid() const;

  ClientImpl& impl_;
  std::optional<Activity> activity_;
  StatusType status_ = StatusType::Online;
};

}  // namespace sdkpp::social
