#include "auth/authorize_request.h"

#include "auth/pkce.h"
#include "util/uri.h"

namespace sdkpp::auth {
namespace {

ClientResult Invalid(std::string message) {
  return ClientResult::Failure(ErrorType::ValidationError, std::move(message));
}

// scope-token = 1*( %x21 / %x23-5B / %x5D-7E )
bool IsScopeChar(char c) {
  auto u = static_cast<unsigned char>(c);
  return u == 0x21 || (u >= 0x23 && u <= 0x5B) || (u >= 0x5D && u <= 0x7E);
}

void AppendParam(std::string& query, std::string_view name, std::string_view value) {
  if (!query.empty()) query += '&';
  query += name;
  query += '=';
  query += uri::PercentEncode(value);
}

bool HasNul(std::string_view text) { return text.find('\0') != std::string_view::npos; }

}  // namespace

std::string DefaultRedirectUri(uint64_t client_id) {
  return "sdkpp-" + std::to_string(client_id) + ":/authorize/callback";
}

std::string CustomSchemeRedirectUri(std::string_view scheme) {
  return std::string(scheme) + ":/authorize/callback";
}

std::optional<std::string> NormalizeScopes(std::string_view scopes) {
  std::string normalized;
  size_t pos = 0;
  while (pos < scopes.size()) {
    size_t end = scopes.find(' ', pos);
    if (end == std::string_view::npos) end = scopes.size();
    std::string_view token = scopes.substr(pos, end - pos);
    if (!token.empty()) {
      for (char c : token) {
        if (!IsScopeChar(c)) return std::nullopt;
      }
      if (!normalized.empty()) normalized += ' ';
      normalized += token;
    }
    pos = end + 1;
  }
  if (normalized.empty()) return std::nullopt;
  return normalized;
}

Expected<AuthorizeRequest> BuildAuthorizeRequest(const AuthorizeRequestInput& input) {
  if (input.args == nullptr || !*input.args) {
    return Invalid("args: AuthorizationArgs is invalid (nullobj or moved-from)");
  }
  const AuthorizationArgs& args = *input.args;

  AuthorizeRequest request;
  request.client_id = args.ClientId() != 0 ? args.ClientId() : input.application_id;
  if (request.client_id == 0) {
    return Invalid("ClientId: is 0 and no application id was set with Client::SetApplicationId");
  }

  std::string scopes = args.Scopes();
  if (scopes.size() > kMaxScopesLength) {
    return Invalid("Scopes: longer than " + std::to_string(kMaxScopesLength) + " bytes");
  }
  auto normalized_scopes = NormalizeScopes(scopes);
  if (!normalized_scopes) {
    return Invalid(scopes.find_first_not_of(' ') == std::string::npos
                       ? "Scopes: must name at least one scope (e.g. "
                         "Client::GetDefaultCommunicationScopes())"
                       : "Scopes: contains a character not allowed in a scope name");
  }
  request.scopes = std::move(*normalized_scopes);

  std::optional<std::string> state = args.State();
  if (state && !state->empty()) {
    if (state->size() > kMaxStateLength || HasNul(*state)) {
      return Invalid("State: must be at most " + std::to_string(kMaxStateLength) +
                     " bytes without NUL");
    }
    request.state = *state;
  } else {
    if (input.generated_state.empty()) return Invalid("State: no secure random state available");
    request.state = std::string(input.generated_state);
  }

  std::optional<std::string> custom_scheme = args.CustomSchemeParam();
  if (custom_scheme) {
    if (!uri::IsValidScheme(*custom_scheme)) {
      return Invalid(
          "CustomSchemeParam: not a valid URI scheme (a letter, then letters, digits, '+', '-' "
          "or '.', at most 64 characters)");
    }
    request.redirect_uri = CustomSchemeRedirectUri(*custom_scheme);
  } else if (input.loopback_redirect_uri) {
    request.redirect_uri = *input.loopback_redirect_uri;
  } else {
    request.redirect_uri = DefaultRedirectUri(request.client_id);
  }

  std::optional<AuthorizationCodeChallenge> challenge = args.CodeChallenge();
  if (challenge) {
    if (!*challenge || !IsValidCodeVerifier(challenge->Challenge()) ||
        challenge->Method() != AuthenticationCodeChallengeMethod::S256) {
      return Invalid(
          "CodeChallenge: must be an S256 challenge of 43 to 128 unreserved characters, as made "
          "by Client::CreateAuthorizationCodeVerifier()");
    }
  }

  std::optional<IntegrationType> integration_type = args.IntegrationType();
  if (integration_type && *integration_type != IntegrationType::GuildInstall &&
      *integration_type != IntegrationType::UserInstall) {
    return Invalid("IntegrationType: must be GuildInstall (0) or UserInstall (1)");
  }

  std::optional<std::string> nonce = args.Nonce();
  if (nonce && (nonce->size() > kMaxNonceLength || HasNul(*nonce))) {
    return Invalid("Nonce: must be at most " + std::to_string(kMaxNonceLength) +
                   " bytes without NUL");
  }

  std::string web_base(input.web_base);
  while (!web_base.empty() && web_base.back() == '/') web_base.pop_back();
  if (web_base.rfind("http://", 0) != 0 && web_base.rfind("https://", 0) != 0) {
    return Invalid("WebBase: must be an http:// or https:// URL");
  }

  std::string query;
  AppendParam(query, "response_type", "code");
  AppendParam(query, "client_id", std::to_string(request.client_id));
  AppendParam(query, "scope", request.scopes);
  AppendParam(query, "state", request.state);
  AppendParam(query, "redirect_uri", request.redirect_uri);
  if (challenge) {
    AppendParam(query, "code_challenge", challenge->Challenge());
    AppendParam(query, "code_challenge_method", "S256");
  }
  if (integration_type) {
    AppendParam(query, "integration_type", std::to_string(static_cast<int>(*integration_type)));
  }
  if (nonce && !nonce->empty()) AppendParam(query, "nonce", *nonce);

  request.url = web_base + "/oauth2/authorize?" + query;
  return request;
}

}  // namespace sdkpp::auth
