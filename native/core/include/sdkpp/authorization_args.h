// Arguments of Client::Authorize (spec: "AuthorizationArgs").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdkpp/authorization_code.h"
#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct AuthorizationArgsFields {
  uint64_t client_id = 0;
  std::string scopes;
  std::optional<std::string> state;
  std::optional<std::string> nonce;
  std::optional<AuthorizationCodeChallenge> code_challenge;
  std::optional<sdkpp::IntegrationType> integration_type;
  std::optional<std::string> custom_scheme_param;
};
}  // namespace detail

class AuthorizationArgs : public detail::ValueObject<detail::AuthorizationArgsFields> {
 public:
  static const AuthorizationArgs nullobj;
  AuthorizationArgs() = default;

  // 0 means "use the value given to Client::SetApplicationId".
  uint64_t ClientId() const;
  void SetClientId(uint64_t value);
  // Space-separated scope names; see Client::GetDefaultCommunicationScopes.
  std::string Scopes() const;
  void SetScopes(std::string value);
  // Leave unset: the SDK then generates a secure random state and checks it on the redirect.
  std::optional<std::string> State() const;
  void SetState(std::optional<std::string> value);
  std::optional<std::string> Nonce() const;
  void SetNonce(std::optional<std::string> value);
  std::optional<AuthorizationCodeChallenge> CodeChallenge() const;
  void SetCodeChallenge(std::optional<AuthorizationCodeChallenge> value);
  std::optional<sdkpp::IntegrationType> IntegrationType() const;
  void SetIntegrationType(std::optional<sdkpp::IntegrationType> value);
  // Redirect becomes "<CustomSchemeParam>:/authorize/callback".
  std::optional<std::string> CustomSchemeParam() const;
  void SetCustomSchemeParam(std::optional<std::string> value);

 private:
  explicit AuthorizationArgs(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
