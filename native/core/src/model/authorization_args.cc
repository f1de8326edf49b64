#include "sdkpp/authorization_args.h"

namespace sdkpp {

const AuthorizationArgs AuthorizationArgs::nullobj{nullptr};
AuthorizationArgs::AuthorizationArgs(std::nullptr_t) noexcept : ValueObject(nullptr) {}

uint64_t AuthorizationArgs::ClientId() const { return Read().client_id; }
void AuthorizationArgs::SetClientId(uint64_t value) {
  if (auto* f = Write()) f->client_id = value;
}
std::string AuthorizationArgs::Scopes() const { return Read().scopes; }
void AuthorizationArgs::SetScopes(std::string value) {
  if (auto* f = Write()) f->scopes = std::move(value);
}
std::optional<std::string> AuthorizationArgs::State() const { return Read().state; }
void AuthorizationArgs::SetState(std::optional<std::string> value) {
  if (auto* f = Write()) f->state = std::move(value);
}
std::optional<std::string> AuthorizationArgs::Nonce() const { return Read().nonce; }
void AuthorizationArgs::SetNonce(std::optional<std::string> value) {
  if (auto* f = Write()) f->nonce = std::move(value);
}
std::optional<AuthorizationCodeChallenge> AuthorizationArgs::CodeChallenge() const {
  return Read().code_challenge;
}
void AuthorizationArgs::SetCodeChallenge(std::optional<AuthorizationCodeChallenge> value) {
  if (auto* f = Write()) f->code_challenge = std::move(value);
}
std::optional<sdkpp::IntegrationType> AuthorizationArgs::IntegrationType() const {
  return Read().integration_type;
}
void AuthorizationArgs::SetIntegrationType(std::optional<sdkpp::IntegrationType> value) {
  if (auto* f = Write()) f->integration_type = value;
}
std::optional<std::string> AuthorizationArgs::CustomSchemeParam() const {
  return Read().custom_scheme_param;
}
void AuthorizationArgs::SetCustomSchemeParam(std::optional<std::string> value) {
  if (auto* f = Write()) f->custom_scheme_param = std::move(value);
}

}  // namespace sdkpp
