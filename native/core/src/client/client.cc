#include "sdkpp/client.h"

#include "auth/pkce.h"
#include "client/client_impl.h"
#include "model/factories.h"
#include "sdkpp/version.h"

namespace sdkpp {
namespace {

ClientCreateOptions OptionsWithBases(std::string api_base, std::string web_base) {
  ClientCreateOptions options;
  options.SetApiBase(std::move(api_base));
  options.SetWebBase(std::move(web_base));
  return options;
}

}  // namespace

const Client Client::nullobj{nullptr};

Client::Client() : Client(ClientCreateOptions()) {}
Client::Client(std::string apiBase, std::string webBase)
    : Client(OptionsWithBases(std::move(apiBase), std::move(webBase))) {}
Client::Client(ClientCreateOptions options) : Client(std::move(options), nullptr) {}
Client::Client(ClientCreateOptions options, std::shared_ptr<Platform> platform)
    : impl_(std::make_unique<ClientImpl>(options ? options : ClientCreateOptions(),
                                         std::move(platform))) {}
Client::Client(std::nullptr_t) noexcept {}
Client::~Client() = default;
Client::Client(Client&& other) noexcept = default;
Client& Client::operator=(Client&& other) noexcept = default;

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
  impl_->logger().Log(LoggingSeverity::Warning,
                      std::string("SetThreadPriority(") + name + ", " + std::to_string(priority) +
                          "): no effect; this SDK runs its work on the thread that created the Client");
}

int32_t Client::GetVersionMajor() { return SDKPP_VERSION_MAJOR; }
int32_t Client::GetVersionMinor() { return SDKPP_VERSION_MINOR; }
int32_t Client::GetVersionPatch() { return SDKPP_VERSION_PATCH; }
std::string Client::GetVersionHash() { return SDKPP_VERSION_HASH; }

std::string Client::GetDefaultCommunicationScopes() { return "openid sdk.social_layer"; }
std::string Client::GetDefaultPresenceScopes() { return "openid sdk.social_layer_presence"; }

AuthorizationCodeVerifier Client::CreateAuthorizationCodeVerifier() {
  if (!impl_) return AuthorizationCodeVerifier::nullobj;  // an invalid Client answers defaults
  std::optional<std::string> verifier = auth::GenerateCodeVerifier();
  if (!verifier) {
    impl_->logger().Log(LoggingSeverity::Error,
                        "CreateAuthorizationCodeVerifier: the OS refused secure random bytes");
    return AuthorizationCodeVerifier::nullobj;
  }
  impl_->logger().redactor().RememberSecret(*verifier);
  std::string challenge = auth::CodeChallengeS256(*verifier);
  return detail::VerifierFactory::Make(std::move(*verifier), std::move(challenge));
}

}  // namespace sdkpp
