// Masks secrets in log text: bearer and bot tokens, refresh tokens, authorization codes, code
// verifiers, client secrets — in headers, query strings, form bodies and JSON bodies — plus any
// exact occurrence of a secret value the SDK has handled (RememberSecret), wherever it appears.
//
// A remembered value is itself a copy of the secret in memory. What only a call needs (its voice
// token, its transport key as text) is remembered for a scope (NewScope, or a SecretScope) and
// forgotten with it: its text is wiped and freed, unless another scope, or RememberSecret
// without one, still holds the same value. Values the redactor lets go (forgotten, pushed out
// by newer ones, or at its end) are wiped too.
#pragma once

#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "logging/secret_tails.h"

namespace sdkpp::logging {

inline constexpr std::string_view kRedactionMask = "[REDACTED]";

class Redactor {
 public:
  using ScopeId = uint64_t;

  Redactor() = default;
  ~Redactor();
  Redactor(const Redactor&) = delete;
  Redactor& operator=(const Redactor&) = delete;

  // Every later message has `secret` masked wherever it occurs. Values shorter than 6
  // characters are ignored (they would mask ordinary words); the newest 256 are kept.
  void RememberSecret(std::string_view secret);
  // The same, on behalf of `scope` (from NewScope): Forget(scope) lets go of it.
  void RememberSecret(std::string_view secret, ScopeId scope);
  ScopeId NewScope();
  // Forgets (wipes and frees) each value `scope` remembered that nothing else holds.
  void Forget(ScopeId scope);
  std::string Redact(std::string_view message) const;

 private:
  struct Remembered {
    std::string value;
    uint16_t tail_bucket;
    // Could appear only once another secret is masked: it holds a bracket of the mask, or is a
    // piece of the mask itself (Redact explains).
    bool can_span_a_mask;
    bool unscoped;                // remembered without a scope: kept until pushed out
    std::vector<ScopeId> scopes;  // the scopes that hold it
  };
  using Entry = std::list<Remembered>::iterator;

  void Remember(std::string_view secret, const ScopeId* scope);
  void Drop(Entry entry);  // wipes the value and frees it

  mutable std::mutex mutex_;
  // Oldest first. A list: a value forgotten from the middle moves no other (a deque would move
  // the strings after it, leaving copies of their text in freed memory, and views dangling).
  std::list<Remembered> secrets_;
  // Membership of secrets_ (views into its strings): remembering a value was a linear search of
  // up to 256 strings, most of the cost of a PKCE verifier.
  std::unordered_map<std::string_view, Entry> remembered_;
  ScopeId next_scope_ = 1;
  // Searching the text for each of 256 secrets was most of the cost of a token response.
  SecretTails tails_;
};

// What one owner (a call) taught the redactor, forgotten when the owner goes (or at Forget).
// Must not outlive the Redactor.
class SecretScope {
 public:
  explicit SecretScope(Redactor& redactor) : redactor_(redactor), id_(redactor.NewScope()) {}
  ~SecretScope() { Forget(); }
  SecretScope(const SecretScope&) = delete;
  SecretScope& operator=(const SecretScope&) = delete;

  void Remember(std::string_view secret) { redactor_.RememberSecret(secret, id_); }
  void Forget() { redactor_.Forget(id_); }

 private:
  Redactor& redactor_;
  const Redactor::ScopeId id_;
};

// The pattern-based half on its own (no remembered values).
std::string RedactPatterns(std::string_view message);

}  // namespace sdkpp::logging
