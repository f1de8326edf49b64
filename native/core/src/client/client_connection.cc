// Client's connection methods (the reference's "Core" row): the application id, the gateway
// session with the current token and its status, logging, the HTTP timeout, the version.
#include "client/client_impl.h"
#include "client/version_hash.h"
#include "sdkpp/client.h"
#include "sdkpp/version.h"

namespace sdkpp {

void Client::Connect() {
  if (!impl_) return;
  const auto& token = impl_->session().token();
  if (!token || !impl_->session().IsAuthenticated()) {
    impl_->logger().Log(
        LoggingSeverity::Error,
        token ? "Connect: the token has expired: call RefreshToken (or Authorize again), then "
                "UpdateToken with the new access token, then Connect"
              : "Connect: no token: call UpdateToken with the player's access token (from "
                "GetToken or RefreshToken) first, then Connect");
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

void Client::SetApplicationId(uint64_t applicationId) {
  if (impl_) impl_->set_application_id(applicationId);
}

uint64_t Client::GetApplicationId() const { return impl_ ? impl_->application_id() : 0; }

void Client::AddLogCallback(LogCallback callback, LoggingSeverity minSeverity) {
  if (impl_) impl_->logger().AddCallback(std::move(callback), minSeverity);
}

bool Client::SetLogDir(std::string const& path, LoggingSeverity minSeverity) {
  return impl_ && impl_->logger().SetLogDirectory(path, minSeverity);
}

void Client::SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds) {
  if (!impl_) return;
  if (httpTimeoutInMilliseconds <= 0) {
    impl_->logger().Log(LoggingSeverity::Warning,
                        "SetHttpRequestTimeout: the timeout must be positive; unchanged");
    return;
  }
  impl_->http().SetTimeoutMs(static_cast<uint32_t>(httpTimeoutInMilliseconds));
}

void Client::SetThreadPriority(Thread thread, int32_t priority) {
  if (!impl_) return;
  const char* name = EnumToString(thread);
  if (std::string_view(name) == "unknown") {
    impl_->logger().Log(LoggingSeverity::Error, "SetThreadPriority: thread must be a Client::Thread value (Client, Voice, Network)");
    return;
  }
  if (thread == Thread::Voice) {
    // The audio thread is the device backend's: it applies the priority when it can.
    impl_->calls().SetThreadPriority(priority);
    return;
  }
  impl_->logger().Log(LoggingSeverity::Warning,
                      std::string("SetThreadPriority(") + name + ", " + std::to_string(priority) +
                          "): no effect; this SDK runs that work on the thread that created the Client");
}

int32_t Client::GetVersionMajor() { return SDKPP_VERSION_MAJOR; }
int32_t Client::GetVersionMinor() { return SDKPP_VERSION_MINOR; }
int32_t Client::GetVersionPatch() { return SDKPP_VERSION_PATCH; }
std::string Client::GetVersionHash() { return BuildVersionHash(); }
const char* Client::ErrorToString(Error value) { return EnumToString(value); }
const char* Client::StatusToString(Status value) { return EnumToString(value); }
const char* Client::ThreadToString(Thread value) { return EnumToString(value); }

}  // namespace sdkpp
