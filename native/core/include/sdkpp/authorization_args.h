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

// The arguments of Client::Authorize: the application, the scopes, the PKCE challenge, and
// where the answer comes back. A value object: its setters store what they are given;
// Client::Authorize checks them.
class AuthorizationArgs : public detail::ValueObject<detail::AuthorizationArgsFields> {
 public:
  // The invalid AuthorizationArgs (the null object): operator bool false, every getter answers its
  // default.
  static const AuthorizationArgs nullobj;
  // A valid AuthorizationArgs with every field at its default; set the fields with the setters.
  AuthorizationArgs() = default;

  // The application (client) id; 0 means "use the value given to Client::SetApplicationId".
  uint64_t ClientId() const;
  void SetClientId(uint64_t value);
  // The scopes, space-separated (Client::GetDefaultCommunicationScopes or
  // Client::GetDefaultPresenceScopes; at most 4 KiB).
  std::string Scopes() const;
  void SetScopes(std::string value);
  // The OAuth2 state. Leave unset: the SDK then generates a secure random state and checks it on
  // the redirect.
  std::optional<std::string> State() const;
  void SetState(std::optional<std::string> value);
  // The OpenID Connect nonce put into the ID token; std::nullopt clears it.
  std::optional<std::string> Nonce() const;
  void SetNonce(std::optional<std::string> value);
  // The PKCE challenge, if set (recommended: AuthorizationCodeVerifier); std::nullopt clears it.
  std::optional<AuthorizationCodeChallenge> CodeChallenge() const;
  void SetCodeChallenge(std::optional<AuthorizationCodeChallenge> value);
  // Install the application to a guild or to the user; std::nullopt: not asked.
  std::optional<sdkpp::IntegrationType> IntegrationType() const;
  void SetIntegrationType(std::optional<sdkpp::IntegrationType> value);
  // A URL scheme of the game (a letter, then letters, digits, `+`, `-` or `.`; at most 64): the
  // redirect goes to "<CustomSchemeParam>:/authorize/callback" instead of a loopback listener;
  // complete it with Client::HandleAuthorizeCallback.
  std::optional<std::string> CustomSchemeParam() const;
  void SetCustomSchemeParam(std::optional<std::string> value);

 private:
  explicit AuthorizationArgs(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
