// Requests that answer with tokens (the OAuth2 token endpoint, provisional accounts, child
// tokens): sent with secret-safe logging, parsed into a TokenGrant, and every secret in them
// remembered by the log redactor before anything else sees them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "callbacks/app_callbacks.h"
#include "context/feature_context.h"
#include "http/api_request.h"
#include "sdkpp/client.h"

namespace sdkpp::auth {

class TokenSession;

struct TokenGrant {
  std::string access_token;
  std::string refresh_token;
  AuthorizationTokenType token_type = AuthorizationTokenType::Bearer;
  int32_t expires_in = 0;  // seconds
  std::string scope;
};

using GrantDone = std::function<void(ClientResult result, TokenGrant grant)>;

http::ApiRequest FormPost(std::string path, std::string form_body, std::string operation);
http::ApiRequest JsonRequest(std::string method, std::string path, std::string json_body,
                             std::string operation);

// Sends `request` and parses the token response; `done` runs inside the SDK (not posted). The
// session learns each issued token's lifetime, for UpdateToken.
void ExchangeForToken(FeatureContext& context, TokenSession& session, http::ApiRequest request, GrantDone done);

// Posts a TokenExchangeCallback with the grant (empty strings on failure).
void DeliverTokenExchange(callbacks::AppCallbacks& app, const Client::TokenExchangeCallback& callback,
                          ClientResult result, const TokenGrant& grant);

// True for the OAuth2 error `invalid_grant` (the token was deleted or revoked).
bool IsInvalidGrant(const ClientResult& result);

// The wire names of AuthenticationExternalAuthType ("STEAM_SESSION_TICKET", ...).
const char* ExternalAuthTypeWireName(AuthenticationExternalAuthType type);

}  // namespace sdkpp::auth
