// The authorize request built from AuthorizationArgs (spec "AuthorizationArgs", rules 1-5).
#include "framework/test.h"

#include <map>
#include <string>

#include "auth/authorize_request.h"
#include "sdkpp/client.h"
#include "util/uri.h"

namespace {

using sdkpp::AuthorizationArgs;
using sdkpp::ErrorType;
using sdkpp::auth::AuthorizeRequestInput;
using sdkpp::auth::BuildAuthorizeRequest;

constexpr std::string_view kState = "generated-state-value";

std::map<std::string, std::string> QueryOf(const std::string& url) {
  std::map<std::string, std::string> params;
  auto query = url.substr(url.find('?') + 1);
  size_t pos = 0;
  while (pos <= query.size()) {
    size_t end = query.find('&', pos);
    if (end == std::string::npos) end = query.size();
    auto pair = query.substr(pos, end - pos);
    auto eq = pair.find('=');
    params[pair.substr(0, eq)] = sdkpp::uri::PercentDecode(pair.substr(eq + 1));
    pos = end + 1;
  }
  return params;
}

AuthorizeRequestInput Input(const AuthorizationArgs& args, uint64_t app_id = 1234) {
  AuthorizeRequestInput input;
  input.args = &args;
  input.application_id = app_id;
  input.web_base = "https://service.test/";
  input.generated_state = kState;
  return input;
}

AuthorizationArgs DefaultArgs() {
  AuthorizationArgs args;
  args.SetScopes(sdkpp::Client::GetDefaultCommunicationScopes());
  return args;
}

TEST(AuthorizeRequest, MinimalRequestFollowsTheRules) {
  auto args = DefaultArgs();
  auto request = BuildAuthorizeRequest(Input(args));
  ASSERT_TRUE(request) << request.error().ToString();
  EXPECT_EQ(request->url.rfind("https://service.test/oauth2/authorize?", 0), 0u);
  auto query = QueryOf(request->url);
  EXPECT_EQ(query["response_type"], "code");
  EXPECT_EQ(query["client_id"], "1234");  // rule: falls back to SetApplicationId's value
  EXPECT_EQ(query["scope"], "openid sdk.social_layer");
  EXPECT_EQ(query["state"], kState);  // generated when unset
  EXPECT_EQ(query["redirect_uri"], "sdkpp-1234:/authorize/callback");  // rule 5
  EXPECT_EQ(query.count("code_challenge"), 0u);
  EXPECT_EQ(query.count("nonce"), 0u);
  EXPECT_EQ(query.count("integration_type"), 0u);
  EXPECT_EQ(request->state, kState);
  EXPECT_EQ(request->client_id, 1234u);
}

TEST(AuthorizeRequest, EveryFieldIsCarried) {
  sdkpp::Client client;
  auto pair = client.CreateAuthorizationCodeVerifier();
  auto args = DefaultArgs();
  args.SetClientId(987654321012345678ull);
  args.SetState("my state/with&chars");
  args.SetNonce("n-0S6_WzA2Mj");
  args.SetCodeChallenge(pair.Challenge());
  args.SetIntegrationType(sdkpp::IntegrationType::UserInstall);
  args.SetCustomSchemeParam("mygame");
  auto request = BuildAuthorizeRequest(Input(args));
  ASSERT_TRUE(request) << request.error().ToString();
  auto query = QueryOf(request->url);
  EXPECT_EQ(query["client_id"], "987654321012345678");  // ClientId wins over the app id
  EXPECT_EQ(query["state"], "my state/with&chars");
  EXPECT_EQ(query["nonce"], "n-0S6_WzA2Mj");
  EXPECT_EQ(query["code_challenge"], pair.Challenge().Challenge());
  EXPECT_EQ(query["code_challenge_method"], "S256");
  EXPECT_EQ(query["integration_type"], "1");
  EXPECT_EQ(query["redirect_uri"], "mygame:/authorize/callback");  // rule 4
  // Reserved characters never leak into the URL unencoded.
  EXPECT_NE(request->url.find("state=my%20state%2Fwith%26chars"), std::string::npos);
}

TEST(AuthorizeRequest, ParametersComeInTheDocumentedOrder) {
  sdkpp::Client client;
  auto args = DefaultArgs();
  args.SetNonce("abc");
  args.SetCodeChallenge(client.CreateAuthorizationCodeVerifier().Challenge());
  args.SetIntegrationType(sdkpp::IntegrationType::GuildInstall);
  auto request = BuildAuthorizeRequest(Input(args));
  ASSERT_TRUE(request);
  const char* order[] = {"response_type=", "client_id=", "scope=", "state=", "redirect_uri=",
                         "code_challenge=", "code_challenge_method=", "integration_type=0",
                         "nonce="};
  size_t last = 0;
  for (const char* name : order) {
    size_t at = request->url.find(name);
    ASSERT_NE(at, std::string::npos) << name;
    EXPECT_GT(at, last) << name;
    last = at;
  }
}

TEST(AuthorizeRequest, LoopbackRedirectReplacesOnlyTheDefault) {
  auto args = DefaultArgs();
  auto input = Input(args);
  input.loopback_redirect_uri = "http://127.0.0.1:50123/callback";
  auto request = BuildAuthorizeRequest(input);
  ASSERT_TRUE(request);
  EXPECT_EQ(request->redirect_uri, "http://127.0.0.1:50123/callback");
  args.SetCustomSchemeParam("mygame");
  auto with_scheme = BuildAuthorizeRequest(Input(args));
  ASSERT_TRUE(with_scheme);
  EXPECT_EQ(with_scheme->redirect_uri, "mygame:/authorize/callback");
}

TEST(AuthorizeRequest, ScopesAreNormalized) {
  auto args = DefaultArgs();
  args.SetScopes("  openid   sdk.social_layer guilds ");
  auto request = BuildAuthorizeRequest(Input(args));
  ASSERT_TRUE(request);
  EXPECT_EQ(request->scopes, "openid sdk.social_layer guilds");
}

struct BadCase {
  const char* name;
  void (*mutate)(AuthorizationArgs&);
  uint64_t app_id;
  const char* field;
};

TEST(AuthorizeRequest, BadArgumentsAreValidationErrorsNamingTheField) {
  const BadCase cases[] = {
      {"empty scopes", [](AuthorizationArgs& a) { a.SetScopes(""); }, 1, "Scopes"},
      {"blank scopes", [](AuthorizationArgs& a) { a.SetScopes("   "); }, 1, "Scopes"},
      {"scope with quote", [](AuthorizationArgs& a) { a.SetScopes("openid \"x\""); }, 1, "Scopes"},
      {"scope with backslash", [](AuthorizationArgs& a) { a.SetScopes("a\\b"); }, 1, "Scopes"},
      {"scope with tab", [](AuthorizationArgs& a) { a.SetScopes("openid\tguilds"); }, 1, "Scopes"},
      {"huge scopes", [](AuthorizationArgs& a) { a.SetScopes(std::string(5000, 'a')); }, 1,
       "Scopes"},
      {"no client id", [](AuthorizationArgs&) {}, 0, "ClientId"},
      {"scheme with colon", [](AuthorizationArgs& a) { a.SetCustomSchemeParam("my:game"); }, 1,
       "CustomSchemeParam"},
      {"scheme starting with digit", [](AuthorizationArgs& a) { a.SetCustomSchemeParam("1game"); },
       1, "CustomSchemeParam"},
      {"empty scheme", [](AuthorizationArgs& a) { a.SetCustomSchemeParam(""); }, 1,
       "CustomSchemeParam"},
      {"scheme with space", [](AuthorizationArgs& a) { a.SetCustomSchemeParam("my game"); }, 1,
       "CustomSchemeParam"},
      {"scheme with slash", [](AuthorizationArgs& a) { a.SetCustomSchemeParam("a/b"); }, 1,
       "CustomSchemeParam"},
      {"invalid challenge",
       [](AuthorizationArgs& a) {
         sdkpp::AuthorizationCodeChallenge c;
         c.SetChallenge("short");
         a.SetCodeChallenge(c);
       },
       1, "CodeChallenge"},
      {"nullobj challenge",
       [](AuthorizationArgs& a) { a.SetCodeChallenge(sdkpp::AuthorizationCodeChallenge::nullobj); },
       1, "CodeChallenge"},
      {"integration type out of range",
       [](AuthorizationArgs& a) { a.SetIntegrationType(static_cast<sdkpp::IntegrationType>(7)); },
       1, "IntegrationType"},
      {"state with NUL", [](AuthorizationArgs& a) { a.SetState(std::string("a\0b", 3)); }, 1,
       "State"},
      {"huge nonce", [](AuthorizationArgs& a) { a.SetNonce(std::string(2000, 'n')); }, 1,
       "Nonce"},
  };
  for (const auto& bad : cases) {
    auto args = DefaultArgs();
    bad.mutate(args);
    auto request = BuildAuthorizeRequest(Input(args, bad.app_id));
    ASSERT_FALSE(request) << bad.name;
    EXPECT_EQ(request.error().Type(), ErrorType::ValidationError) << bad.name;
    EXPECT_FALSE(request.error().Successful()) << bad.name;
    EXPECT_EQ(request.error().Error().rfind(bad.field, 0), 0u)
        << bad.name << ": " << request.error().Error();
  }
}

TEST(AuthorizeRequest, InvalidArgsObjectIsAValidationError) {
  AuthorizationArgs moved = DefaultArgs();
  AuthorizationArgs taker = std::move(moved);
  auto request = BuildAuthorizeRequest(Input(moved));
  ASSERT_FALSE(request);
  EXPECT_EQ(request.error().Type(), ErrorType::ValidationError);
  auto null_request = BuildAuthorizeRequest(Input(AuthorizationArgs::nullobj));
  ASSERT_FALSE(null_request);
}

TEST(AuthorizeRequest, NonHttpWebBaseIsRefused) {
  auto args = DefaultArgs();
  auto input = Input(args);
  input.web_base = "javascript:alert(1)";
  auto request = BuildAuthorizeRequest(input);
  ASSERT_FALSE(request);
  EXPECT_EQ(request.error().Type(), ErrorType::ValidationError);
}

TEST(AuthorizeRequest, DefaultScopesAreTheSpecStrings) {
  EXPECT_EQ(sdkpp::Client::GetDefaultCommunicationScopes(), "openid sdk.social_layer");
  EXPECT_EQ(sdkpp::Client::GetDefaultPresenceScopes(), "openid sdk.social_layer_presence");
}

TEST(Uri, SchemeValidation) {
  EXPECT_TRUE(sdkpp::uri::IsValidScheme("mygame"));
  EXPECT_TRUE(sdkpp::uri::IsValidScheme("com.example.game+v2-beta"));
  EXPECT_TRUE(sdkpp::uri::IsValidScheme("A"));
  EXPECT_FALSE(sdkpp::uri::IsValidScheme(""));
  EXPECT_FALSE(sdkpp::uri::IsValidScheme("-game"));
  EXPECT_FALSE(sdkpp::uri::IsValidScheme("gäme"));
  EXPECT_FALSE(sdkpp::uri::IsValidScheme(std::string(65, 'a')));
}

TEST(Uri, PercentEncodingRoundTrips) {
  std::string all;
  for (int c = 1; c < 256; ++c) all += static_cast<char>(c);
  std::string encoded = sdkpp::uri::PercentEncode(all);
  for (char c : encoded) {
    EXPECT_TRUE(sdkpp::uri::IsUnreserved(c) || c == '%' || std::isxdigit(c)) << c;
  }
  EXPECT_EQ(sdkpp::uri::PercentDecode(encoded), all);
  EXPECT_EQ(sdkpp::uri::PercentDecode("a+b%2"), "a b%2");
}

}  // namespace
