// The object model of the value classes: nullobj, operator bool, deep copies, moves.
#include "framework/test.h"

#include <type_traits>

#include "sdkpp/sdkpp.h"

namespace {

using namespace sdkpp;

TEST(AuthorizationArgs, DefaultsAndAllSevenFields) {
  AuthorizationArgs args;
  EXPECT_TRUE(args);
  EXPECT_EQ(args.ClientId(), 0u);
  EXPECT_EQ(args.Scopes(), "");
  EXPECT_FALSE(args.State());
  EXPECT_FALSE(args.Nonce());
  EXPECT_FALSE(args.CodeChallenge());
  EXPECT_FALSE(args.IntegrationType());
  EXPECT_FALSE(args.CustomSchemeParam());

  AuthorizationCodeChallenge challenge;
  challenge.SetChallenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  args.SetClientId(UINT64_MAX);
  args.SetScopes("openid");
  args.SetState("s");
  args.SetNonce("n");
  args.SetCodeChallenge(challenge);
  args.SetIntegrationType(IntegrationType::GuildInstall);
  args.SetCustomSchemeParam("game");
  EXPECT_EQ(args.ClientId(), UINT64_MAX);
  EXPECT_EQ(args.Scopes(), "openid");
  EXPECT_EQ(args.State(), "s");
  EXPECT_EQ(args.Nonce(), "n");
  ASSERT_TRUE(args.CodeChallenge());
  EXPECT_EQ(args.CodeChallenge()->Challenge(), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  EXPECT_EQ(args.IntegrationType(), IntegrationType::GuildInstall);
  EXPECT_EQ(args.CustomSchemeParam(), "game");

  args.SetState(std::nullopt);
  EXPECT_FALSE(args.State());
}

TEST(AuthorizationArgs, NullobjIsInvalidAndReadsDefaults) {
  EXPECT_FALSE(AuthorizationArgs::nullobj);
  EXPECT_EQ(AuthorizationArgs::nullobj.Scopes(), "");
  AuthorizationArgs copy = AuthorizationArgs::nullobj;
  EXPECT_FALSE(copy);
  copy.SetScopes("ignored");  // a setter on an invalid object changes nothing, and never crashes
  EXPECT_EQ(copy.Scopes(), "");
}

TEST(AuthorizationArgs, CopiesAreDeep) {
  AuthorizationArgs original;
  original.SetScopes("openid");
  AuthorizationCodeChallenge challenge;
  challenge.SetChallenge("first");
  original.SetCodeChallenge(challenge);
  AuthorizationArgs copy = original;
  copy.SetScopes("guilds");
  auto copied_challenge = *copy.CodeChallenge();
  copied_challenge.SetChallenge("second");
  copy.SetCodeChallenge(copied_challenge);
  EXPECT_EQ(original.Scopes(), "openid");
  EXPECT_EQ(original.CodeChallenge()->Challenge(), "first");
  EXPECT_EQ(copy.CodeChallenge()->Challenge(), "second");

  AuthorizationArgs assigned;
  assigned = original;
  original.SetScopes("changed");
  EXPECT_EQ(assigned.Scopes(), "openid");
}

TEST(AuthorizationArgs, MovedFromBecomesInvalid) {
  AuthorizationArgs source;
  source.SetScopes("openid");
  AuthorizationArgs target = std::move(source);
  EXPECT_FALSE(source);  // NOLINT(bugprone-use-after-move): the rule under test
  EXPECT_TRUE(target);
  EXPECT_EQ(target.Scopes(), "openid");
  EXPECT_EQ(source.Scopes(), "");

  AuthorizationArgs assigned;
  assigned = std::move(target);
  EXPECT_FALSE(target);
  EXPECT_EQ(assigned.Scopes(), "openid");
}

TEST(ValueClasses, CopyAndMoveSemanticsHoldForEachClass) {
  ClientCreateOptions options;
  options.SetApiBase("http://127.0.0.1:1/api");
  options.SetCpuAffinityMask(0xF0ull);
  options.SetExperimentalAudioSystem(AudioSystem::Game);
  options.SetExperimentalAndroidPreventCommsForBluetooth(true);
  ClientCreateOptions copy = options;
  copy.SetApiBase("x");
  EXPECT_EQ(options.ApiBase(), "http://127.0.0.1:1/api");
  EXPECT_EQ(copy.CpuAffinityMask(), 0xF0ull);
  EXPECT_EQ(copy.ExperimentalAudioSystem(), AudioSystem::Game);
  EXPECT_TRUE(copy.ExperimentalAndroidPreventCommsForBluetooth());
  ClientCreateOptions moved = std::move(options);
  EXPECT_FALSE(options);
  EXPECT_TRUE(moved);
  EXPECT_FALSE(ClientCreateOptions::nullobj);

  ClientResult result = ClientResult::Failure(ErrorType::HTTPError, "boom");
  result.SetStatus(HttpStatusCode::TooManyRequests);
  result.SetRetryAfter(1.5f);
  ClientResult result_copy = result;
  result_copy.SetError("other");
  EXPECT_EQ(result.Error(), "boom");
  ClientResult result_moved = std::move(result);
  EXPECT_FALSE(result);
  EXPECT_EQ(result_moved.Status(), HttpStatusCode::TooManyRequests);
  EXPECT_FALSE(ClientResult::nullobj);
  EXPECT_FALSE(ClientResult::nullobj.Successful());

  EXPECT_FALSE(AuthorizationCodeChallenge::nullobj);
  EXPECT_FALSE(AuthorizationCodeVerifier::nullobj);
  EXPECT_EQ(AuthorizationCodeVerifier::nullobj.Verifier(), "");
}

TEST(ValueClasses, ClientIsMoveOnly) {
  static_assert(!std::is_copy_constructible_v<Client>);
  static_assert(!std::is_copy_assignable_v<Client>);
  static_assert(std::is_nothrow_move_constructible_v<Client>);
  Client client;
  client.SetApplicationId(42);
  Client moved = std::move(client);
  EXPECT_FALSE(client);
  EXPECT_EQ(client.GetApplicationId(), 0u);  // an invalid Client answers defaults
  EXPECT_EQ(moved.GetApplicationId(), 42u);
  EXPECT_FALSE(Client::nullobj);
}

TEST(ValueClasses, VerifierHasNoPublicConstructor) {
  static_assert(!std::is_default_constructible_v<AuthorizationCodeVerifier>);
  static_assert(!std::is_default_constructible_v<ClientResult>);
  static_assert(std::is_default_constructible_v<AuthorizationArgs>);
  static_assert(std::is_default_constructible_v<AuthorizationCodeChallenge>);
  static_assert(std::is_default_constructible_v<ClientCreateOptions>);
  SUCCEED();
}

TEST(ClientResult, SuccessFailureAndToString) {
  ClientResult ok = ClientResult::Success();
  EXPECT_TRUE(ok.Successful());
  EXPECT_EQ(ok.Type(), ErrorType::None);
  ClientResult failure = ClientResult::Failure(ErrorType::ValidationError, "Scopes: empty");
  failure.SetErrorCode(50035);
  failure.SetStatus(HttpStatusCode::BadRequest);
  EXPECT_FALSE(failure.Successful());
  std::string text = failure.ToString();
  EXPECT_NE(text.find("ValidationError"), std::string::npos);
  EXPECT_NE(text.find("Scopes: empty"), std::string::npos);
  EXPECT_NE(text.find("50035"), std::string::npos);
  EXPECT_NE(text.find("400"), std::string::npos);
  EXPECT_EQ(ClientResult::nullobj.ToString(), "ClientResult { invalid }");
}

}  // namespace
