// The Client's credential: the token given to UpdateToken, when it expires by the service's
// clock, the expiration callback that fires before that, and what happens when the service
// deauthorizes the game (invalid_grant is treated exactly like APPLICATION_DEAUTHORIZED: the
// tokens are dropped, the status says so, and nothing retries).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>

#include "context/connection_status.h"
#include "context/feature_context.h"
#include "gateway/gateway_connection.h"
#include "rpc/local_client.h"
#include "sdkpp/client.h"
#include "sdkpp/platform.h"

namespace sdkpp::auth {

// The expiration callback fires this long before expiry (or a tenth of a short lifetime).
inline constexpr uint64_t kExpiryWarningMs = 5 * 60 * 1000;

class TokenSession {
 public:
  // The local client and the gateway follow the token; a deauthorization ends the session and
  // shows in `status`.
  TokenSession(FeatureContext& context, ConnectionStatus& status, rpc::LocalClient& local_client,
               gateway::GatewayConnection& gateway)
      : context_(context), status_(status), local_client_(local_client), gateway_(gateway) {}

  // Tokens this SDK obtained, with their lifetimes, so UpdateToken knows when they expire.
  void RememberIssued(const std::string& access_token, int32_t expires_in_seconds);

  void Update(AuthorizationTokenType type, std::string token);
  bool IsAuthenticated() const;
  const std::optional<std::string>& token() const { return token_; }
  AuthorizationTokenType token_type() const { return type_; }
  std::optional<uint64_t> expires_at_ms() const { return expires_at_ms_; }

  void SetExpirationCallback(Client::TokenExpirationCallback callback);
  void OnServiceClockChanged() { ScheduleExpiry(); }

  // Drops the credential (RevokeToken of the current token, ...).
  void Drop();
  // The service no longer accepts this game's tokens for the user.
  void Deauthorize(const std::string& why);

 private:
  void ScheduleExpiry();
  void LearnExpiryFromService();

  FeatureContext& context_;
  ConnectionStatus& status_;
  rpc::LocalClient& local_client_;
  gateway::GatewayConnection& gateway_;
  std::optional<std::string> token_;
  AuthorizationTokenType type_ = AuthorizationTokenType::Bearer;
  std::optional<uint64_t> expires_at_ms_;
  bool expiry_warned_ = false;
  Client::TokenExpirationCallback expiration_callback_;
  PlatformId expiry_timer_ = 0;
  std::unordered_map<std::string, uint64_t> issued_expiry_;
};

}  // namespace sdkpp::auth
