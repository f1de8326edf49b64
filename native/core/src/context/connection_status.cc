#include "context/connection_status.h"

#include <string>

namespace sdkpp {

ConnectionStatus::~ConnectionStatus() {
  if (holding_loop_) platform_.HoldEventLoop(false);
}

void ConnectionStatus::Set(Client::Status status, Client::Error error, int32_t error_detail) {
  if (status == status_ && error == Client::Error::None) return;
  status_ = status;
  bool hold = status != Client::Status::Disconnected;
  if (hold != holding_loop_) {
    holding_loop_ = hold;
    platform_.HoldEventLoop(hold);
  }
  logger_.Log(LoggingSeverity::Info, std::string("status: ") + EnumToString(status) +
                                         (error != Client::Error::None
                                              ? std::string(" (") + EnumToString(error) + ")"
                                              : std::string()));
  if (callback_) {
    auto callback = callback_;
    callbacks_.PostEvent([callback, status, error, error_detail] { callback(status, error, error_detail); });
  }
}

std::string ConnectionStatus::NotReadyText(Client::Status status) {
  switch (status) {
    case Client::Status::Ready:
      return "connected";
    case Client::Status::Disconnected:
    case Client::Status::Disconnecting:
      return "not connected: call Connect() (after UpdateToken), then wait for Client.Status.Ready "
             "(SetStatusChangedCallback) before presence, lobby or message calls";
    default:
      return std::string("connecting (") + EnumToString(status) +
             "): wait for Client.Status.Ready (SetStatusChangedCallback) before presence, lobby or "
             "message calls";
  }
}

}  // namespace sdkpp
