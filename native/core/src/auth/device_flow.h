// Client::GetTokenFromDevice: the OAuth2 device flow (RFC 8628). Asks for a device code, shows
// the player where to enter the user code (OpenAuthorizeDeviceScreen), polls the token endpoint
// at the interval the service asks for (slowing down when told), and ends with the tokens, the
// refusal, the code's expiry, or AbortGetTokenFromDevice.
#pragma once

#include <cstdint>
#include <string>

#include "auth/token_endpoint.h"
#include "auth/token_session.h"
#include "context/feature_context.h"
#include "sdkpp/client.h"

namespace sdkpp::auth {

inline constexpr const char* kDeviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code";

class DeviceFlow {
 public:
  DeviceFlow(FeatureContext& context, TokenSession& session) : context_(context), session_(session) {}

  void Start(DeviceAuthorizationArgs args, Client::TokenExchangeCallback callback);
  void Abort();
  void Fail(const ClientResult& result);
  bool pending() const { return callback_ != nullptr; }

  // The desktop "screen" is the system browser on the verification page.
  void OpenScreen(uint64_t client_id, const std::string& user_code);
  void CloseScreen();

 private:
  void Poll();
  void SchedulePoll();
  void Finish(ClientResult result, TokenGrant grant = {});

  FeatureContext& context_;
  TokenSession& session_;
  Client::TokenExchangeCallback callback_;
  uint64_t client_id_ = 0;
  uint64_t generation_ = 0;
  std::string device_code_;
  uint64_t interval_ms_ = 5000;
  uint64_t deadline_ms_ = 0;
  PlatformId timer_ = 0;
  PlatformId request_ = 0;
};

}  // namespace sdkpp::auth
