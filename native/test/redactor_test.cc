// Remembered secrets: Redact searches only for the secrets whose last bytes occur in the text
// (logging/secret_tails.h) and for those that can arise around a mask. These tests pin that the
// skipped searches never change the result: against the plain algorithm (every secret, oldest
// first, in the text the earlier ones left), on texts made to overlap, nest and share tails.
#include "framework/test.h"

#include <deque>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "logging/redactor.h"

namespace {

using sdkpp::logging::kRedactionMask;
using sdkpp::logging::RedactPatterns;
using sdkpp::logging::Redactor;

// The redactor's contract, written the slow and obvious way.
class PlainRedactor {
 public:
  void RememberSecret(const std::string& secret) {
    if (secret.size() < 6) return;
    for (const auto& known : secrets_) {
      if (known == secret) return;
    }
    secrets_.push_back(secret);
    if (secrets_.size() > 256) secrets_.pop_front();
  }
  std::string Redact(std::string_view message) const {
    std::string text(message);
    for (const auto& secret : secrets_) {
      for (size_t at = text.find(secret); at != std::string::npos;
           at = text.find(secret, at + kRedactionMask.size())) {
        text.replace(at, secret.size(), kRedactionMask);
      }
    }
    return RedactPatterns(text);
  }

 private:
  std::deque<std::string> secrets_;
};

TEST(RedactorTails, ASecretThatAppearsOnlyAroundAnEarlierMaskIsMaskedToo) {
  Redactor redactor;
  PlainRedactor plain;
  // "abcdefghij": masking "abcdef" leaves "[REDACTED]ghij", where the second secret now is.
  for (const char* secret : {"abcdef", "TED]ghij", "REDACT"}) {
    redactor.RememberSecret(secret);
    plain.RememberSecret(secret);
  }
  EXPECT_EQ(plain.Redact("abcdefghij"), "[REDAC[[REDACTED]ED]");
  EXPECT_EQ(redactor.Redact("abcdefghij"), plain.Redact("abcdefghij"));
}

TEST(RedactorTails, ForgettingASecretLeavesOthersWithTheSameTailMasked) {
  Redactor redactor;
  redactor.RememberSecret("first-one-SAMETL");
  redactor.RememberSecret("second-one-SAMETL");
  // 255 more push the first one out; the second one shares its last six bytes.
  for (int i = 0; i < 255; ++i) redactor.RememberSecret("filler-secret-" + std::to_string(i));
  EXPECT_EQ(redactor.Redact("a first-one-SAMETL b"), "a first-one-SAMETL b");
  EXPECT_EQ(redactor.Redact("a second-one-SAMETL b"), "a [REDACTED] b");
}

TEST(RedactorScopes, ForgettingAScopeForgetsOnlyWhatNothingElseHolds) {
  Redactor redactor;
  const auto call_a = redactor.NewScope();
  const auto call_b = redactor.NewScope();
  redactor.RememberSecret("only-call-a-secret", call_a);
  redactor.RememberSecret("both-calls-secret", call_a);
  redactor.RememberSecret("both-calls-secret", call_b);
  redactor.RememberSecret("call-a-and-client", call_a);
  redactor.RememberSecret("call-a-and-client");  // unscoped: the Client's for its lifetime
  const std::string all = "only-call-a-secret both-calls-secret call-a-and-client";
  EXPECT_EQ(redactor.Redact(all), "[REDACTED] [REDACTED] [REDACTED]");
  redactor.Forget(call_a);
  EXPECT_EQ(redactor.Redact(all), "only-call-a-secret [REDACTED] [REDACTED]");
  redactor.Forget(call_a);  // again: nothing more
  EXPECT_EQ(redactor.Redact(all), "only-call-a-secret [REDACTED] [REDACTED]");
  redactor.Forget(call_b);
  EXPECT_EQ(redactor.Redact(all), "only-call-a-secret both-calls-secret [REDACTED]");
}

TEST(RedactorScopes, ASecretScopeForgetsWhenItGoesAndAForgottenValueMayBeRememberedAgain) {
  Redactor redactor;
  {
    sdkpp::logging::SecretScope scope(redactor);
    scope.Remember("scoped-secret-value");
    EXPECT_EQ(redactor.Redact("x scoped-secret-value"), "x [REDACTED]");
  }
  EXPECT_EQ(redactor.Redact("x scoped-secret-value"), "x scoped-secret-value");
  redactor.RememberSecret("scoped-secret-value");
  EXPECT_EQ(redactor.Redact("x scoped-secret-value"), "x [REDACTED]");
  // Forgetting from the middle keeps the order and the tails of the others.
  const auto scope = redactor.NewScope();
  redactor.RememberSecret("middle-SAMETL", scope);
  redactor.RememberSecret("newest-SAMETL");
  redactor.Forget(scope);
  EXPECT_EQ(redactor.Redact("a middle-SAMETL b newest-SAMETL"), "a middle-SAMETL b [REDACTED]");
}

TEST(RedactorTails, ASecretRememberedAfterARedactIsMaskedInTheNext) {
  Redactor redactor;
  redactor.RememberSecret("older-secret");
  EXPECT_EQ(redactor.Redact("x newer-secret y"), "x newer-secret y");
  redactor.RememberSecret("newer-secret");
  EXPECT_EQ(redactor.Redact("x newer-secret y"), "x [REDACTED] y");
}

TEST(RedactorTails, MatchesThePlainAlgorithmOnOverlappingSecrets) {
  std::mt19937 random(1717);
  // A small alphabet (with the mask's own characters) makes secrets overlap, nest, share tails
  // and reappear around masks (a third are made to); 400 secrets also exercise forgetting the oldest.
  const std::string alphabet = "abAB[]REDACT";
  auto text_of = [&](size_t size) {
    std::string text;
    for (size_t i = 0; i < size; ++i) text += alphabet[random() % alphabet.size()];
    return text;
  };
  Redactor redactor;
  PlainRedactor plain;
  std::vector<std::string> remembered;
  int masked = 0;
  for (int round = 0; round < 400; ++round) {
    std::string secret = text_of(6 + random() % 5);
    if (round % 3 == 0) {
      // An end of the mask and then text ("TED]ab"), or text and then a start ("ab[RED"):
      // such a secret can appear once a neighbour is masked.
      std::string mask(kRedactionMask);
      size_t cut = 2 + random() % 4;
      secret = round % 2 == 0 ? mask.substr(mask.size() - cut) + text_of(4) : text_of(4) + mask.substr(0, cut);
    }
    redactor.RememberSecret(secret);
    plain.RememberSecret(secret);
    remembered.push_back(secret);
    for (int sample = 0; sample < 5; ++sample) {
      // Random text with remembered secrets (recent and forgotten ones) spliced in.
      std::string text = text_of(random() % 24);
      for (int piece = 0; piece < 3; ++piece) {
        text += remembered[random() % remembered.size()];
        text += text_of(random() % 4);
      }
      std::string expected = plain.Redact(text);
      if (expected != RedactPatterns(text)) ++masked;
      ASSERT_EQ(redactor.Redact(text), expected) << "round " << round << " text " << text;
    }
  }
  EXPECT_GT(masked, 1000);  // the texts did hold secrets to mask
}

}  // namespace
