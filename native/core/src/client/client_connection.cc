// Client's connection methods: the gateway session with the current token.
#include "client/client_impl.h"
#include "sdkpp/client.h"

namespace sdkpp {

void Client::Connect() {
  if (!impl_) return;
  const auto& token = impl_->session().token();
  if (!token || !impl_->session().IsAuthenticated()) {
    impl_->logger().Log(LoggingSeverity::Error,
                        "Connect: no valid token; call UpdateToken first");
    impl_->SetStatus(Status::Disconnected, Error::ConnectionFailed, 0);
    return;
  }
  impl_->gateway().Connect(*token);
}

void Client::Disconnect() {
  if (impl_) impl_->gateway().Disconnect();
}

Client::Status Client::GetStatus() const { return impl_ ? impl_->status() : Status::Disconnected; }

void Client::SetStatusChangedCallback(OnStatusChanged callback) {
  if (impl_) impl_->SetStatusChangedCallback(std::move(callback));
}

}  // namespace sdkpp
