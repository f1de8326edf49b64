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

// The PKCE challenge (RFC 7636) sent with Client::Authorize: the S256 hash of a verifier the game
// keeps until Client::GetToken. Made by Client::CreateAuthorizationCodeVerifier (its Challenge());
// Authorize refuses one that is not S256 with 43 to 128 unreserved characters. A value object: its
// setters store what they are given.
class AuthorizationCodeChallenge
    : public detail::ValueObject<detail::AuthorizationCodeChallengeFields> {
 public:
  // The invalid AuthorizationCodeChallenge (the null object): operator bool false, every getter
  // answers its default.
  static const AuthorizationCodeChallenge nullobj;
  // A valid AuthorizationCodeChallenge with every field at its default; set the fields with the
  // setters.
  AuthorizationCodeChallenge() = default;

  // The hash method: always S256.
  AuthenticationCodeChallengeMethod Method() const;
  void SetMethod(AuthenticationCodeChallengeMethod value);
  // The challenge: base64url of the verifier's SHA-256.
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

// A PKCE pair from Client::CreateAuthorizationCodeVerifier: put Challenge() into the
// AuthorizationArgs, and give Verifier() to Client::GetToken with the code. The verifier is a
// secret: the SDK masks it in every log. Made only by Client::CreateAuthorizationCodeVerifier (no
// public constructor).
class AuthorizationCodeVerifier
    : public detail::ValueObject<detail::AuthorizationCodeVerifierFields> {
 public:
  // The invalid AuthorizationCodeVerifier (the null object): operator bool false, every getter
  // answers its default.
  static const AuthorizationCodeVerifier nullobj;

  // A copy of the challenge to send with Authorize; SetChallenge replaces it.
  AuthorizationCodeChallenge Challenge() const;
  void SetChallenge(AuthorizationCodeChallenge value);
  // The verifier (base64url of 64 bytes from the OS's CSPRNG, 86 characters): GetToken's
  // `codeVerifier`; SetVerifier replaces it.
  std::string Verifier() const;
  void SetVerifier(std::string value);

 private:
  friend struct detail::VerifierFactory;
  AuthorizationCodeVerifier();
  explicit AuthorizationCodeVerifier(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
