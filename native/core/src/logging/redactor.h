// Masks secrets in log text: bearer and bot tokens, refresh tokens, authorization codes, code
// verifiers, client secrets — in headers, query strings, form bodies and JSON bodies — plus any
// exact occurrence of a secret value the SDK has handled (RememberSecret), wherever it appears.
#pragma once

#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

#include "logging/secret_tails.h"

namespace sdkpp::logging {

inline constexpr std::string_view kRedactionMask = "[REDACTED]";

class Redactor {
 public:
  // Every later message has `secret` masked wherever it occurs. Values shorter than 6
  // characters are ignored (they would mask ordinary words); the newest 256 are kept.
  void RememberSecret(std::string_view secret);
  std::string Redact(std::string_view message) const;

 private:
  struct Remembered {
    std::string value;
    uint16_t tail_bucket;
    // Could appear only once another secret is masked: it holds a bracket of the mask, or is a
    // piece of the mask itself (Redact explains).
    bool can_span_a_mask;
  };

  mutable std::mutex mutex_;
  std::deque<Remembered> secrets_;
  // Membership of secrets_ (views into its strings, which a deque never moves): remembering a
  // value was a linear search of up to 256 strings, most of the cost of a PKCE verifier.
  std::unordered_set<std::string_view> remembered_;
  // Searching the text for each of 256 secrets was most of the cost of a token response.
  SecretTails tails_;
};

// The pattern-based half on its own (no remembered values).
std::string RedactPatterns(std::string_view message);

}  // namespace sdkpp::logging
