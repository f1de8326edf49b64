// PKCE values (RFC 7636): the challenge goes into AuthorizationArgs, the verifier into GetToken.
#pragma once

#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct AuthorizationCodeChallengeFields {
  AuthenticationCodeChallengeMethod method = AuthenticationCodeChallengeMethod::S256;
  std::string challenge;
};
struct AuthorizationCodeVerifierFields;
}  // namespace detail

class AuthorizationCodeChallenge
    : public detail::ValueObject<detail::AuthorizationCodeChallengeFields> {
 public:
  static const AuthorizationCodeChallenge nullobj;
  AuthorizationCodeChallenge() = default;

  AuthenticationCodeChallengeMethod Method() const;
  void SetMethod(AuthenticationCodeChallengeMethod value);
  std::string Challenge() const;
  void SetChallenge(std::string value);

 private:
  explicit AuthorizationCodeChallenge(std::nullptr_t) noexcept;
};

namespace detail {
struct AuthorizationCodeVerifierFields {
  AuthorizationCodeChallenge challenge;
  std::string verifier;
};
struct VerifierFactory;
}  // namespace detail

// Made only by Client::CreateAuthorizationCodeVerifier (no public constructor).
class AuthorizationCodeVerifier
    : public detail::ValueObject<detail::AuthorizationCodeVerifierFields> {
 public:
  static const AuthorizationCodeVerifier nullobj;

  AuthorizationCodeChallenge Challenge() const;
  void SetChallenge(AuthorizationCodeChallenge value);
  std::string Verifier() const;
  void SetVerifier(std::string value);

 private:
  friend struct detail::VerifierFactory;
  AuthorizationCodeVerifier();
  explicit AuthorizationCodeVerifier(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
