#include "auth/token_endpoint.h"

#include "auth/token_session.h"
#include "http/form.h"
#include "http/result_builder.h"
#include "json/json.h"

namespace sdkpp::auth {

http::ApiRequest FormPost(std::string path, std::string form_body, std::string operation) {
  http::ApiRequest request;
  request.method = "POST";
  request.path = std::move(path);
  request.content_type = std::string(http::kFormContentType);
  request.body = std::move(form_body);
  request.carries_secrets = true;
  request.operation = std::move(operation);
  return request;
}

http::ApiRequest JsonRequest(std::string method, std::string path, std::string json_body,
                             std::string operation) {
  http::ApiRequest request;
  request.method = std::move(method);
  request.path = std::move(path);
  if (!json_body.empty()) request.content_type = std::string(http::kJsonContentType);
  request.body = std::move(json_body);
  request.carries_secrets = true;
  request.operation = std::move(operation);
  return request;
}

void ExchangeForToken(FeatureContext& context, TokenSession& session, http::ApiRequest request, GrantDone done) {
  context.http.Send(std::move(request), [&context, &session, done = std::move(done)](http::ApiResponse response) {
    TokenGrant grant;
    if (!response.result.Successful()) {
      done(std::move(response.result), grant);
      return;
    }
    auto document = json::Document::Parse(response.body);
    json::Value root = document ? document->Root() : json::Value();
    auto access_token = root["access_token"].String();
    if (!access_token || access_token->empty()) {
      done(http::MalformedResponse(response.status, response.body, true,
                                   "no access_token in the token response"),
           grant);
      return;
    }
    grant.access_token = std::string(*access_token);
    grant.refresh_token = std::string(root["refresh_token"].String().value_or(""));
    grant.scope = std::string(root["scope"].String().value_or(""));
    grant.expires_in = static_cast<int32_t>(root["expires_in"].Int().value_or(0));
    auto type = root["token_type"].String().value_or("Bearer");
    grant.token_type = (type == "Bearer" || type == "bearer") ? AuthorizationTokenType::Bearer
                                                              : AuthorizationTokenType::User;
    auto& redactor = context.logger.redactor();
    redactor.RememberSecret(grant.access_token);
    redactor.RememberSecret(grant.refresh_token);
    if (auto id_token = root["id_token"].String()) redactor.RememberSecret(*id_token);
    session.RememberIssued(grant.access_token, grant.expires_in);
    done(std::move(response.result), std::move(grant));
  });
}

void DeliverTokenExchange(callbacks::AppCallbacks& app, const Client::TokenExchangeCallback& callback,
                          ClientResult result, const TokenGrant& grant) {
  if (!callback) return;
  app.Post([callback, result = std::move(result), grant] {
    callback(result, grant.access_token, grant.refresh_token, grant.token_type, grant.expires_in,
             grant.scope);
  });
}

bool IsInvalidGrant(const ClientResult& result) {
  return !result.Successful() && result.Type() == ErrorType::HTTPError &&
         result.Error().rfind("invalid_grant", 0) == 0;
}

const char* ExternalAuthTypeWireName(AuthenticationExternalAuthType type) {
  switch (type) {
    case AuthenticationExternalAuthType::OIDC:
      return "OIDC";
    case AuthenticationExternalAuthType::EpicOnlineServicesAccessToken:
      return "EPIC_ONLINE_SERVICES_ACCESS_TOKEN";
    case AuthenticationExternalAuthType::EpicOnlineServicesIdToken:
      return "EPIC_ONLINE_SERVICES_ID_TOKEN";
    case AuthenticationExternalAuthType::SteamSessionTicket:
      return "STEAM_SESSION_TICKET";
    case AuthenticationExternalAuthType::UnityServicesIdToken:
      return "UNITY_SERVICES_ID_TOKEN";
    case AuthenticationExternalAuthType::ServiceBotIssuedAccessToken:
      return "SERVICE_BOT_ISSUED_ACCESS_TOKEN";
    case AuthenticationExternalAuthType::AppleIdToken:
      return "APPLE_ID_TOKEN";
    case AuthenticationExternalAuthType::PlayStationNetworkIdToken:
      return "PLAYSTATION_NETWORK_ID_TOKEN";
  }
  return nullptr;
}

}  // namespace sdkpp::auth
