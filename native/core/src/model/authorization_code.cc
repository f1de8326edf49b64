#include "sdkpp/authorization_code.h"

#include "model/factories.h"

namespace sdkpp {

const AuthorizationCodeChallenge AuthorizationCodeChallenge::nullobj{nullptr};
AuthorizationCodeChallenge::AuthorizationCodeChallenge(std::nullptr_t) noexcept
    : ValueObject(nullptr) {}

AuthenticationCodeChallengeMethod AuthorizationCodeChallenge::Method() const {
  return Read().method;
}
void AuthorizationCodeChallenge::SetMethod(AuthenticationCodeChallengeMethod value) {
  if (auto* f = Write()) f->method = value;
}
std::string AuthorizationCodeChallenge::Challenge() const { return Read().challenge; }
void AuthorizationCodeChallenge::SetChallenge(std::string value) {
  if (auto* f = Write()) f->challenge = std::move(value);
}

const AuthorizationCodeVerifier AuthorizationCodeVerifier::nullobj{nullptr};
AuthorizationCodeVerifier::AuthorizationCodeVerifier() = default;
AuthorizationCodeVerifier::AuthorizationCodeVerifier(std::nullptr_t) noexcept
    : ValueObject(nullptr) {}

AuthorizationCodeChallenge AuthorizationCodeVerifier::Challenge() const {
  return Read().challenge;
}
void AuthorizationCodeVerifier::SetChallenge(AuthorizationCodeChallenge value) {
  if (auto* f = Write()) f->challenge = std::move(value);
}
std::string AuthorizationCodeVerifier::Verifier() const { return Read().verifier; }
void AuthorizationCodeVerifier::SetVerifier(std::string value) {
  if (auto* f = Write()) f->verifier = std::move(value);
}

AuthorizationCodeVerifier detail::VerifierFactory::Make(std::string verifier,
                                                        std::string challenge) {
  AuthorizationCodeVerifier result;
  AuthorizationCodeChallenge code_challenge;
  code_challenge.SetMethod(AuthenticationCodeChallengeMethod::S256);
  code_challenge.SetChallenge(std::move(challenge));
  result.SetChallenge(std::move(code_challenge));
  result.SetVerifier(std::move(verifier));
  return result;
}

}  // namespace sdkpp
