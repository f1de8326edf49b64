// The Client's status (GetStatus) and the app's status callback. The gateway sets it as the
// session moves; the token session sets it when the service deauthorizes the game; presence
// and message history read it. Any status but Disconnected holds the host's event loop
// (Platform::HoldEventLoop): a script that called Connect keeps running until it disconnects.
#pragma once

#include <cstdint>

#include "callbacks/app_callbacks.h"
#include "logging/logger.h"
#include "sdkpp/client.h"
#include "sdkpp/platform.h"

namespace sdkpp {

class ConnectionStatus {
 public:
  ConnectionStatus(logging::Logger& logger, callbacks::AppCallbacks& callbacks, Platform& platform)
      : logger_(logger), callbacks_(callbacks), platform_(platform) {}
  ~ConnectionStatus();
  ConnectionStatus(const ConnectionStatus&) = delete;
  ConnectionStatus& operator=(const ConnectionStatus&) = delete;

  Client::Status get() const { return status_; }
  // Logs the change and queues the app's callback (an event). Setting the same status again
  // without an error is not a change.
  void Set(Client::Status status, Client::Error error, int32_t error_detail);
  void SetCallback(Client::OnStatusChanged callback) { callback_ = std::move(callback); }

 private:
  logging::Logger& logger_;
  callbacks::AppCallbacks& callbacks_;
  Platform& platform_;
  bool holding_loop_ = false;
  Client::Status status_ = Client::Status::Disconnected;
  Client::OnStatusChanged callback_;
};

}  // namespace sdkpp
