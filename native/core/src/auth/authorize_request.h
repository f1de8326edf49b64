// Builds the OAuth2 authorize request of Client::Authorize from AuthorizationArgs. Pure: the
// caller supplies the random state, so the same input always gives the same URL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sdkpp/authorization_args.h"
#include "util/expected.h"

namespace sdkpp::auth {

inline constexpr size_t kMaxScopesLength = 4096;
inline constexpr size_t kMaxStateLength = 1024;
inline constexpr size_t kMaxNonceLength = 1024;

struct AuthorizeRequestInput {
  const AuthorizationArgs* args = nullptr;
  // Client::SetApplicationId's value, used when args.ClientId() is 0.
  uint64_t application_id = 0;
  // e.g. "https://service.example"; the request goes to <web_base>/oauth2/authorize.
  std::string_view web_base;
  // Used as the state when args.State() is unset or empty.
  std::string_view generated_state;
  // The desktop browser flow's loopback redirect ("http://127.0.0.1:<port>/callback"). It
  // replaces the default redirect of rule 5, never a CustomSchemeParam (rule 4).
  std::optional<std::string> loopback_redirect_uri;
};

struct AuthorizeRequest {
  std::string url;  // the full authorize URL to open
  std::string state;
  std::string redirect_uri;
  std::string scopes;  // normalized: single spaces
  uint64_t client_id = 0;
};

// Rules (spec, "AuthorizationArgs"): ClientId falls back to the application id; State is
// generated when unset; redirect per rules 4 and 5. Bad arguments give a ValidationError
// result naming the field, never a malformed URL.
Expected<AuthorizeRequest> BuildAuthorizeRequest(const AuthorizeRequestInput& input);

// "sdkpp-<id>:/authorize/callback" (rule 5) or "<scheme>:/authorize/callback" (rule 4).
std::string DefaultRedirectUri(uint64_t client_id);
std::string CustomSchemeRedirectUri(std::string_view scheme);

// Splits on spaces, checks each scope token (RFC 6749 section 3.3) and rejoins with single
// spaces; nullopt when there is no scope or a token has a forbidden character.
std::optional<std::string> NormalizeScopes(std::string_view scopes);

}  // namespace sdkpp::auth
