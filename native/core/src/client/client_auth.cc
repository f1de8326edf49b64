// Client's account-linking and token methods (spec, "Authentication").
#include <algorithm>
#include <optional>
#include <string>

#include "auth/pkce.h"
#include "auth/token_endpoint.h"
#include "client/api_requests.h"
#include "client/client_impl.h"
#include "client/linked_guild_join.h"
#include "context/argument_rules.h"
#include "http/form.h"
#include "http/result_builder.h"
#include "json/json.h"
#include "model/factories.h"
#include "sdkpp/client.h"
#include "sdkpp/limits.h"

namespace sdkpp {

using requests::Destroyed;
using requests::Invalid;

namespace {

// For calls on an invalid Client: the callback still answers, through RunCallbacks.
template <class Callback, class... Rest>
void PostToCurrentThread(Callback callback, ClientResult result, Rest... rest) {
  if (!callback) return;
  callbacks::CallbackQueue::ForCurrentThread()->Post(
      [callback, result, rest...] { callback(result, rest...); });
}

void DeliverTokensOrFailure(ClientImpl& impl, const Client::TokenExchangeCallback& callback,
                            ClientResult result) {
  auth::DeliverTokenExchange(impl.context().callbacks, callback, std::move(result), {});
}

// A token call's answer on an invalid Client: no tokens.
void PostDestroyedTokenExchange(const Client::TokenExchangeCallback& callback) {
  PostToCurrentThread(callback, Destroyed(), std::string(), std::string(),
                      AuthorizationTokenType::Bearer, int32_t{0}, std::string());
}

// What is wrong with a provisional-account call's arguments, if anything, the first rule broken
// in the order of the arguments; `code` only for the call that takes one.
std::optional<std::string> ProvisionalArgumentsProblem(uint64_t applicationId, std::string const* code,
                                                       const char* wire_type,
                                                       std::string const& externalAuthToken) {
  if (applicationId == 0) return "applicationId: must not be 0";
  if (code != nullptr && code->empty()) return "code: must not be empty";
  if (wire_type == nullptr) return "externalAuthType: unknown value";
  if (externalAuthToken.empty()) return "externalAuthToken: must not be empty";
  return std::nullopt;
}

// The JSON body of the provisional-account endpoints: the application and the provider's token.
std::string ExternalAuthBody(uint64_t applicationId, const char* wire_type, std::string const& externalAuthToken) {
  json::Writer body;
  body.BeginObject()
      .Key("client_id").String(std::to_string(applicationId))
      .Key("external_auth_type").String(wire_type)
      .Key("external_auth_token").String(externalAuthToken)
      .EndObject();
  return body.Take();
}


}  // namespace

void Client::Authorize(AuthorizationArgs args, AuthorizationCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed(), std::string(), std::string());
  impl_->authorize_flow().Start(std::move(args), std::move(callback));
}

void Client::AbortAuthorize() {
  if (impl_) impl_->authorize_flow().Abort();
}

bool Client::HandleAuthorizeCallback(std::string const& callbackUrl) {
  return impl_ && impl_->authorize_flow().HandleCallbackUrl(callbackUrl);
}

void Client::GetToken(uint64_t applicationId, std::string const& code,
                      std::string const& codeVerifier, std::string const& redirectUri,
                      TokenExchangeCallback callback) {
  if (!impl_) return PostDestroyedTokenExchange(callback);
  if (applicationId == 0) return DeliverTokensOrFailure(*impl_, callback, Invalid("applicationId: must not be 0"));
  if (code.empty()) return DeliverTokensOrFailure(*impl_, callback, Invalid("code: must not be empty"));
  if (redirectUri.empty()) return DeliverTokensOrFailure(*impl_, callback, Invalid("redirectUri: must not be empty"));
  impl_->logger().redactor().RememberSecret(code);
  impl_->logger().redactor().RememberSecret(codeVerifier);
  http::FormBody form;
  form.Add("grant_type", "authorization_code")
      .Add("code", code)
      .Add("redirect_uri", redirectUri)
      .Add("client_id", std::to_string(applicationId));
  if (!codeVerifier.empty()) form.Add("code_verifier", codeVerifier);
  ClientImpl& impl = *impl_;
  auth::ExchangeForToken(impl.context(), impl.session(), auth::FormPost("/oauth2/token", form.Take(), "GetToken"),
                         [&impl, callback](ClientResult result, auth::TokenGrant grant) {
                           auth::DeliverTokenExchange(impl.context().callbacks, callback, std::move(result), grant);
                         });
}

void Client::GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback) {
  if (!impl_) return PostDestroyedTokenExchange(callback);
  impl_->device_flow().Start(std::move(args), std::move(callback));
}

void Client::AbortGetTokenFromDevice() {
  if (impl_) impl_->device_flow().Abort();
}

void Client::OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const& userCode) {
  if (!impl_) return;
  // The code goes into a URL the player's browser opens: a device code is short printable text.
  const bool printable = std::all_of(userCode.begin(), userCode.end(), [](char c) { return c > ' ' && c < 0x7f; });
  if (userCode.empty() || userCode.size() > 64 || !printable) {
    impl_->logger().Log(LoggingSeverity::Error,
                        "OpenAuthorizeDeviceScreen: userCode must be 1-64 printable characters without spaces; nothing opened");
    return;
  }
  impl_->device_flow().OpenScreen(clientId != 0 ? clientId : impl_->application_id(), userCode);
}

void Client::CloseAuthorizeDeviceScreen() {
  if (impl_) impl_->device_flow().CloseScreen();
}

void Client::RefreshToken(uint64_t applicationId, std::string const& refreshToken,
                          TokenExchangeCallback callback) {
  if (!impl_) return PostDestroyedTokenExchange(callback);
  if (applicationId == 0) return DeliverTokensOrFailure(*impl_, callback, Invalid("applicationId: must not be 0"));
  if (refreshToken.empty()) return DeliverTokensOrFailure(*impl_, callback, Invalid("refreshToken: must not be empty"));
  impl_->logger().redactor().RememberSecret(refreshToken);
  http::FormBody form;
  form.Add("grant_type", "refresh_token")
      .Add("refresh_token", refreshToken)
      .Add("client_id", std::to_string(applicationId));
  ClientImpl& impl = *impl_;
  auth::ExchangeForToken(
      impl.context(), impl.session(), auth::FormPost("/oauth2/token", form.Take(), "RefreshToken"),
      [&impl, callback](ClientResult result, auth::TokenGrant grant) {
        if (auth::IsInvalidGrant(result)) {
          // Exactly like APPLICATION_DEAUTHORIZED: drop the tokens, tell the app, retry nothing.
          impl.session().Deauthorize("invalid_grant on refresh");
          ClientResult deauthorized = result;
          deauthorized.SetType(ErrorType::AuthorizationFailed);
          deauthorized.SetRetryable(false);
          deauthorized.SetRetryAfter(0);
          result = std::move(deauthorized);
        }
        auth::DeliverTokenExchange(impl.context().callbacks, callback, std::move(result), grant);
      });
}

void Client::RevokeToken(uint64_t applicationId, std::string const& token,
                         RevokeTokenCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed());
  ClientImpl& impl = *impl_;
  if (applicationId == 0 || token.empty()) {
    std::string problem = applicationId == 0 ? "applicationId: must not be 0" : "token: must not be empty";
    if (callback) impl.Post([callback, problem] { callback(Invalid(problem)); });
    return;
  }
  impl.logger().redactor().RememberSecret(token);
  http::FormBody form;
  form.Add("token", token).Add("client_id", std::to_string(applicationId));
  impl.http().Send(auth::FormPost("/oauth2/token/revoke", form.Take(), "RevokeToken"),
                   [&impl, callback, token](http::ApiResponse response) {
                     if (response.result.Successful() && impl.session().token() == token) {
                       impl.session().Drop();
                     }
                     if (callback) impl.Post([callback, result = response.result] { callback(result); });
                   });
}

void Client::UpdateToken(AuthorizationTokenType tokenType, std::string token,
                         UpdateTokenCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed());
  if (token.empty()) {
    if (callback) impl_->Post([callback] { callback(Invalid("token: must not be empty")); });
    return;
  }
  impl_->session().Update(tokenType, std::move(token));
  if (callback) impl_->Post([callback] { callback(ClientResult::Success()); });
}

bool Client::IsAuthenticated() { return impl_ && impl_->session().IsAuthenticated(); }

void Client::FetchCurrentUser(AuthorizationTokenType tokenType, std::string const& token,
                              FetchCurrentUserCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed(), uint64_t{0}, std::string());
  ClientImpl& impl = *impl_;
  if (token.empty()) {
    if (callback) impl.Post([callback] { callback(Invalid("token: must not be empty"), 0, ""); });
    return;
  }
  impl.logger().redactor().RememberSecret(token);
  http::ApiRequest request;
  request.path = "/users/@me";
  // Both token types the SDK knows are OAuth2 access tokens, sent as Bearer.
  request.auth = http::AuthScheme::Bearer;
  request.token = token;
  request.idempotent = true;
  request.operation = "FetchCurrentUser";
  impl.http().Send(std::move(request), [&impl, callback](http::ApiResponse response) {
    uint64_t id = 0;
    std::string name;
    ClientResult result = std::move(response.result);
    if (result.Successful()) {
      auto document = json::Document::Parse(response.body);
      json::Value root = document ? document->Root() : json::Value();
      auto user_id = root["id"].Snowflake();
      auto username = root["username"].String();
      if (!user_id || !username) {
        result = http::MalformedResponse(response.status, response.body, false, "no id/username");
      } else {
        id = *user_id;
        name = std::string(*username);
      }
    }
    if (callback) impl.Post([callback, result, id, name] { callback(result, id, name); });
  });
}

void Client::SetTokenExpirationCallback(TokenExpirationCallback callback) {
  if (impl_) impl_->session().SetExpirationCallback(std::move(callback));
}

void Client::GetProvisionalToken(uint64_t applicationId,
                                 AuthenticationExternalAuthType externalAuthType,
                                 std::string const& externalAuthToken,
                                 TokenExchangeCallback callback) {
  if (!impl_) return PostDestroyedTokenExchange(callback);
  const char* wire_type = auth::ExternalAuthTypeWireName(externalAuthType);
  if (auto problem = ProvisionalArgumentsProblem(applicationId, nullptr, wire_type, externalAuthToken)) {
    return DeliverTokensOrFailure(*impl_, callback, Invalid(*problem));
  }
  impl_->logger().redactor().RememberSecret(externalAuthToken);
  ClientImpl& impl = *impl_;
  bool oidc = externalAuthType == AuthenticationExternalAuthType::OIDC;
  auth::ExchangeForToken(impl.context(), impl.session(),
                         auth::JsonRequest("POST", "/partner-sdk/token",
                                           ExternalAuthBody(applicationId, wire_type, externalAuthToken),
                                           "GetProvisionalToken"),
                         [&impl, callback, oidc](ClientResult result, auth::TokenGrant grant) {
                           // The refresh grant is deprecated for OIDC provisional accounts: on
                           // expiry the app gets a fresh provider token and calls UpdateToken.
                           if (oidc) grant.refresh_token.clear();
                           auth::DeliverTokenExchange(impl.context().callbacks, callback, std::move(result), grant);
                         });
}

void Client::GetTokenFromProvisionalMerge(uint64_t applicationId, std::string const& code,
                                          std::string const& codeVerifier,
                                          std::string const& redirectUri,
                                          AuthenticationExternalAuthType externalAuthType,
                                          std::string const& externalAuthToken,
                                          TokenExchangeCallback callback) {
  if (!impl_) return PostDestroyedTokenExchange(callback);
  const char* wire_type = auth::ExternalAuthTypeWireName(externalAuthType);
  if (auto problem = ProvisionalArgumentsProblem(applicationId, &code, wire_type, externalAuthToken)) {
    return DeliverTokensOrFailure(*impl_, callback, Invalid(*problem));
  }
  auto& redactor = impl_->logger().redactor();
  redactor.RememberSecret(code);
  redactor.RememberSecret(codeVerifier);
  redactor.RememberSecret(externalAuthToken);
  http::FormBody form;
  form.Add("grant_type", "authorization_code")
      .Add("code", code)
      .Add("redirect_uri", redirectUri)
      .Add("client_id", std::to_string(applicationId))
      .Add("external_auth_type", wire_type)
      .Add("external_auth_token", externalAuthToken);
  if (!codeVerifier.empty()) form.Add("code_verifier", codeVerifier);
  ClientImpl& impl = *impl_;
  auth::ExchangeForToken(impl.context(), impl.session(), auth::FormPost("/oauth2/token", form.Take(), "GetTokenFromProvisionalMerge"),
                         [&impl, callback](ClientResult result, auth::TokenGrant grant) {
                           auth::DeliverTokenExchange(impl.context().callbacks, callback, std::move(result), grant);
                         });
}

void Client::UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                           AuthenticationExternalAuthType externalAuthType,
                                           std::string const& externalAuthToken,
                                           UnmergeIntoProvisionalAccountCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed());
  ClientImpl& impl = *impl_;
  const char* wire_type = auth::ExternalAuthTypeWireName(externalAuthType);
  if (auto problem = ProvisionalArgumentsProblem(applicationId, nullptr, wire_type, externalAuthToken)) {
    if (callback) impl.Post([callback, problem = *problem] { callback(Invalid(problem)); });
    return;
  }
  impl.logger().redactor().RememberSecret(externalAuthToken);
  impl.http().Send(
      auth::JsonRequest("POST", "/partner-sdk/provisional-accounts/unmerge",
                        ExternalAuthBody(applicationId, wire_type, externalAuthToken),
                        "UnmergeIntoProvisionalAccount"),
      [&impl, callback](http::ApiResponse response) {
        if (callback) impl.Post([callback, result = response.result] { callback(result); });
      });
}

void Client::UpdateProvisionalAccountDisplayName(
    std::string const& name, UpdateProvisionalAccountDisplayNameCallback callback) {
  if (!impl_) return PostToCurrentThread(callback, Destroyed());
  ClientImpl& impl = *impl_;
  // A bad name is a ValidationError whether or not there is a token: the argument is wrong.
  auto problem = rules::CheckText("name", name, 1, limits::kMaxDisplayNameCodePoints);
  ErrorType type = ErrorType::ValidationError;
  if (!problem && !impl.session().token()) {
    problem = "no token: call UpdateToken with the provisional account's token first";
    type = ErrorType::ClientNotReady;
  }
  if (problem) {
    if (callback) {
      impl.Post([callback, type, problem = *problem] { callback(ClientResult::Failure(type, problem)); });
    }
    return;
  }
  json::Writer body;
  body.BeginObject().Key("global_name").String(name).EndObject();
  http::ApiRequest request;
  request.method = "PATCH";
  request.path = "/users/@me";
  request.content_type = std::string(http::kJsonContentType);
  request.body = body.Take();
  request.auth = http::AuthScheme::Bearer;
  request.token = *impl.session().token();
  request.operation = "UpdateProvisionalAccountDisplayName";
  impl.http().Send(std::move(request), [&impl, callback](http::ApiResponse response) {
    if (callback) impl.Post([callback, result = response.result] { callback(result); });
  });
}

void Client::ProvisionalUserMergeCompleted(bool success) {
  if (!impl_) return;
  impl_->logger().Log(LoggingSeverity::Info, std::string("provisional account merge ") +
                                                 (success ? "completed" : "not completed"));
  ResumeLinkedGuildJoin(*impl_, success);
}

void Client::ExchangeChildToken(std::string const& parentApplicationToken,
                                uint64_t childApplicationId, ExchangeChildTokenCallback callback) {
  if (!impl_) {
    return PostToCurrentThread(callback, Destroyed(), std::string(), AuthorizationTokenType::Bearer,
                               int32_t{0}, std::string());
  }
  ClientImpl& impl = *impl_;
  auto deliver = [&impl, callback](ClientResult result, const auth::TokenGrant& grant) {
    if (!callback) return;
    impl.Post([callback, result = std::move(result), grant] {
      callback(result, grant.access_token, grant.token_type, grant.expires_in, grant.scope);
    });
  };
  if (parentApplicationToken.empty()) return deliver(Invalid("parentApplicationToken: must not be empty"), {});
  if (childApplicationId == 0) return deliver(Invalid("childApplicationId: must not be 0"), {});
  impl.logger().redactor().RememberSecret(parentApplicationToken);
  json::Writer body;
  body.BeginObject()
      .Key("parent_access_token").String(parentApplicationToken)
      .Key("child_application_id").String(std::to_string(childApplicationId))
      .EndObject();
  auth::ExchangeForToken(impl.context(), impl.session(), auth::JsonRequest("POST", "/partner-sdk/child-token", body.Take(), "ExchangeChildToken"),
                         [deliver](ClientResult result, auth::TokenGrant grant) {
                           grant.refresh_token.clear();  // child tokens have none
                           deliver(std::move(result), grant);
                         });
}

void Client::RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback) {
  if (!impl_ || !callback) return;
  ClientImpl& impl = *impl_;
  impl.local_client().Subscribe("AUTHORIZE_REQUEST", [&impl, callback](const json::Value&) {
    impl.logger().Log(LoggingSeverity::Info, "the local client asks the game to authorize");
    impl.PostEvent([callback] { callback(); });
  });
}

void Client::RemoveAuthorizeRequestCallback() {
  if (impl_) impl_->local_client().Unsubscribe("AUTHORIZE_REQUEST");
}

void Client::SetGameWindowPid(int32_t pid) {
  if (impl_) impl_->set_game_window_pid(pid);
}

std::string Client::GetDefaultCommunicationScopes() { return "openid sdk.social_layer"; }
std::string Client::GetDefaultPresenceScopes() { return "openid sdk.social_layer_presence"; }

AuthorizationCodeVerifier Client::CreateAuthorizationCodeVerifier() {
  if (!impl_) return AuthorizationCodeVerifier::nullobj;  // an invalid Client answers defaults
  std::optional<std::string> verifier = auth::GenerateCodeVerifier();
  if (!verifier) {
    impl_->logger().Log(LoggingSeverity::Error,
                        "CreateAuthorizationCodeVerifier: the OS refused secure random bytes");
    return AuthorizationCodeVerifier::nullobj;
  }
  impl_->logger().redactor().RememberSecret(*verifier);
  std::string challenge = auth::CodeChallengeS256(*verifier);
  return detail::VerifierFactory::Make(std::move(*verifier), std::move(challenge));
}

}  // namespace sdkpp
