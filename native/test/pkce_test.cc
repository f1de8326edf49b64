// PKCE (RFC 7636): the appendix B vector, verifier form and uniqueness, BASE64URL (RFC 4648).
#include "framework/test.h"

#if defined(__linux__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <array>
#include <set>
#include <string>
#include <unordered_set>

#include "auth/pkce.h"
#include "crypto/base64url.h"
#include "crypto/secure_random.h"
#include "sdkpp/client.h"
#include "util/uri.h"

namespace {

using sdkpp::auth::CodeChallengeS256;
using sdkpp::auth::IsValidCodeVerifier;

TEST(Pkce, Rfc7636AppendixBVector) {
  // The verifier is BASE64URL of the appendix's 32 octets.
  EXPECT_EQ(CodeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

TEST(Pkce, Rfc7636AppendixBOctetsEncodeToTheVerifier) {
  const std::array<uint8_t, 32> octets = {116, 24,  223, 180, 151, 153, 224, 37,  79,  250, 96,
                                          125, 216, 173, 187, 186, 22,  212, 37,  77,  105, 214,
                                          191, 240, 91,  88,  5,   88,  83,  132, 141, 121};
  EXPECT_EQ(sdkpp::crypto::Base64UrlEncode(octets), "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
}

TEST(Pkce, IssueTextVerifierMatchesAnIndependentSha256) {
  // Issue #2 quotes "dBjftJeZ4CVP-mJ92K9qpgVkI0N2bWqApJvZj4QFzsU", which is not the RFC's
  // verifier (see the test above); node:crypto gives this challenge for it.
  EXPECT_EQ(CodeChallengeS256("dBjftJeZ4CVP-mJ92K9qpgVkI0N2bWqApJvZj4QFzsU"),
            "Lt0bVgQVVO1ok-x8MwSRKF-clZ_JYZWqbhNdMY_VTaQ");
}

TEST(Base64Url, Rfc4648VectorsWithoutPadding) {
  auto encode = [](std::string_view text) {
    return sdkpp::crypto::Base64UrlEncode(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  };
  EXPECT_EQ(encode(""), "");
  EXPECT_EQ(encode("f"), "Zg");
  EXPECT_EQ(encode("fo"), "Zm8");
  EXPECT_EQ(encode("foo"), "Zm9v");
  EXPECT_EQ(encode("foob"), "Zm9vYg");
  EXPECT_EQ(encode("fooba"), "Zm9vYmE");
  EXPECT_EQ(encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(encode("\xfb\xff\xbf"), "-_-_");  // the two URL-safe characters
}

TEST(Pkce, TenThousandVerifiersAreDistinctAndValid) {
  std::unordered_set<std::string> seen;
  for (int i = 0; i < 10000; ++i) {
    auto verifier = sdkpp::auth::GenerateCodeVerifier();
    ASSERT_TRUE(verifier.has_value());
    ASSERT_GE(verifier->size(), 43u);
    ASSERT_LE(verifier->size(), 128u);
    ASSERT_TRUE(IsValidCodeVerifier(*verifier)) << *verifier;
    ASSERT_TRUE(seen.insert(*verifier).second) << "duplicate verifier " << *verifier;
  }
}

TEST(Pkce, VerifierCarriesAtLeast32BytesOfEntropy) {
  EXPECT_GE(sdkpp::auth::kVerifierEntropyBytes, 32u);
  auto verifier = sdkpp::auth::GenerateCodeVerifier();
  ASSERT_TRUE(verifier);
  // BASE64URL of N bytes has ceil(4N/3) characters.
  EXPECT_EQ(verifier->size(), (4 * sdkpp::auth::kVerifierEntropyBytes + 2) / 3);
}

TEST(Pkce, ClientCreatesAMatchingPair) {
  sdkpp::Client client;
  for (int i = 0; i < 100; ++i) {
    sdkpp::AuthorizationCodeVerifier pair = client.CreateAuthorizationCodeVerifier();
    ASSERT_TRUE(pair);
    EXPECT_TRUE(IsValidCodeVerifier(pair.Verifier()));
    EXPECT_EQ(pair.Challenge().Challenge(), CodeChallengeS256(pair.Verifier()));
    EXPECT_EQ(pair.Challenge().Method(), sdkpp::AuthenticationCodeChallengeMethod::S256);
    EXPECT_EQ(pair.Challenge().Challenge().size(), 43u);
  }
}

TEST(Pkce, ValidVerifierRuleRejectsBadForms) {
  EXPECT_FALSE(IsValidCodeVerifier(std::string(42, 'a')));
  EXPECT_TRUE(IsValidCodeVerifier(std::string(43, 'a')));
  EXPECT_TRUE(IsValidCodeVerifier(std::string(128, 'a')));
  EXPECT_FALSE(IsValidCodeVerifier(std::string(129, 'a')));
  EXPECT_FALSE(IsValidCodeVerifier(std::string(42, 'a') + "+"));
  EXPECT_FALSE(IsValidCodeVerifier(std::string(42, 'a') + "="));
  EXPECT_TRUE(IsValidCodeVerifier(std::string(40, 'a') + "-._~"));
}

TEST(Pkce, StatesAreDistinctAndUrlSafe) {
  std::unordered_set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    auto state = sdkpp::auth::GenerateState();
    ASSERT_TRUE(state);
    EXPECT_EQ(state->size(), 43u);
    for (char c : *state) ASSERT_TRUE(sdkpp::uri::IsUnreserved(c));
    ASSERT_TRUE(seen.insert(*state).second);
  }
}

TEST(SecureRandom, FillsLargeBuffersWithVaryingBytes) {
  std::array<uint8_t, 4096> bytes{};
  ASSERT_TRUE(sdkpp::crypto::FillSecureRandom(bytes));
  std::array<int, 256> counts{};
  for (uint8_t b : bytes) ++counts[b];
  int distinct = 0;
  for (int c : counts) distinct += c > 0;
  EXPECT_GT(distinct, 200);  // all zeros, or a stuck generator, fails this
}

// Small requests come from a per-thread pool: every request must still get bytes nobody else got,
// across sizes that leave the pool partly used and refills in between.
TEST(SecureRandom, SmallRequestsNeverRepeatBytesAcrossRefills) {
  std::set<std::string> seen;
  for (int i = 0; i < 3000; ++i) {
    std::array<uint8_t, 16> bytes{};
    std::span<uint8_t> part(bytes.data(), 8 + i % 9);
    ASSERT_TRUE(sdkpp::crypto::FillSecureRandom(part));
    ASSERT_TRUE(seen.insert(std::string(reinterpret_cast<const char*>(part.data()), part.size())).second);
  }
}

// A fork copies the pool into the child: parent and child must not hand out the same bytes.
TEST(SecureRandom, ParentAndChildOfAForkDrawDifferentBytes) {
#if defined(__linux__) || defined(__APPLE__)
  std::array<uint8_t, 32> warm{};
  ASSERT_TRUE(sdkpp::crypto::FillSecureRandom(warm));  // fills the pool before the fork
  int fds[2];
  ASSERT_TRUE(pipe(fds) == 0);
  pid_t child = fork();
  ASSERT_TRUE(child >= 0);
  if (child == 0) {
    std::array<uint8_t, 32> drawn{};
    bool ok = sdkpp::crypto::FillSecureRandom(drawn);
    ssize_t written = ok ? write(fds[1], drawn.data(), drawn.size()) : -1;
    _exit(written == static_cast<ssize_t>(drawn.size()) ? 0 : 1);
  }
  close(fds[1]);
  std::array<uint8_t, 32> parent{};
  ASSERT_TRUE(sdkpp::crypto::FillSecureRandom(parent));
  std::array<uint8_t, 32> from_child{};
  size_t got = 0;
  while (got < from_child.size()) {
    ssize_t n = read(fds[0], from_child.data() + got, from_child.size() - got);
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_TRUE(got == from_child.size());
  EXPECT_TRUE(parent != from_child);
#endif
}

}  // namespace
