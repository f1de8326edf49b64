#include "logging/redactor.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>

#include "crypto/wipe.h"

namespace sdkpp::logging {
namespace {

constexpr size_t kMinRememberedSecret = 6;
constexpr size_t kMaxRememberedSecrets = 256;
constexpr size_t kMinBotTokenLength = 20;

// Names whose value is a secret in a query string, form body, JSON body or "name: value" text.
constexpr std::array<std::string_view, 17> kSecretKeys = {
    "access_token",  "refresh_token",        "code",           "code_verifier",
    "client_secret", "token",                "device_code",    "external_auth_token",
    "id_token",      "parent_access_token",  "parent_client_secret", "password",
    "secret",        "authorization_code",   "join_secret",    "spectate_secret",
    "match_secret"};

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Characters of bearer/bot tokens, JWTs and base64(url) values.
bool IsTokenChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.' ||
         c == '~' || c == '+' || c == '/' || c == '=' || c == '%';
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool IsSecretKey(std::string_view key) {
  return std::any_of(kSecretKeys.begin(), kSecretKeys.end(),
                     [&](std::string_view k) { return EqualsIgnoreCase(k, key); });
}

class Scanner {
 public:
  explicit Scanner(std::string_view text) : in_(text) { out_.reserve(text.size()); }

  std::string Run() {
    while (pos_ < in_.size()) {
      if (TryAuthScheme("bearer", 1) || TryAuthScheme("bot", kMinBotTokenLength) ||
          TryBasic() || TrySecretKey()) {
        continue;
      }
      out_ += in_[pos_++];
    }
    return std::move(out_);
  }

 private:
  bool AtWordStart() const { return pos_ == 0 || !IsWordChar(in_[pos_ - 1]); }

  // "Bearer <token>" / "Bot <token>" (any case), as in an Authorization header.
  bool TryAuthScheme(std::string_view scheme, size_t min_token) {
    if (!AtWordStart() || pos_ + scheme.size() + 1 >= in_.size()) return false;
    if (!EqualsIgnoreCase(in_.substr(pos_, scheme.size()), scheme)) return false;
    size_t p = pos_ + scheme.size();
    if (in_[p] != ' ') return false;
    while (p < in_.size() && in_[p] == ' ') ++p;
    size_t end = p;
    while (end < in_.size() && IsTokenChar(in_[end])) ++end;
    if (end - p < min_token) return false;
    out_.append(in_.substr(pos_, p - pos_));
    out_ += kRedactionMask;
    pos_ = end;
    return true;
  }

  // "Basic <base64>" carries client_id:client_secret.
  bool TryBasic() { return TryAuthScheme("basic", 8); }

  // name=value (query, form), "name": "value" (JSON), name: value (text).
  bool TrySecretKey() {
    if (!AtWordStart()) return false;
    size_t key_start = pos_;
    bool quoted_key = false;
    if (in_[key_start] == '"' || in_[key_start] == '\'') {
      quoted_key = true;
      ++key_start;
    }
    size_t key_end = key_start;
    while (key_end < in_.size() && IsWordChar(in_[key_end])) ++key_end;
    if (key_end == key_start || !IsSecretKey(in_.substr(key_start, key_end - key_start))) {
      return false;
    }
    size_t p = key_end;
    if (quoted_key) {
      if (p >= in_.size() || in_[p] != in_[pos_]) return false;
      ++p;
    }
    while (p < in_.size() && in_[p] == ' ') ++p;
    if (p >= in_.size() || (in_[p] != '=' && in_[p] != ':')) return false;
    const bool equals_form = in_[p] == '=';
    ++p;
    while (p < in_.size() && in_[p] == ' ') ++p;
    size_t value_start = p;
    size_t value_end;
    if (p < in_.size() && (in_[p] == '"' || in_[p] == '\'')) {
      char quote = in_[p];
      value_start = p + 1;
      value_end = value_start;
      while (value_end < in_.size() && in_[value_end] != quote) {
        value_end += (in_[value_end] == '\\' && value_end + 1 < in_.size()) ? 2 : 1;
      }
      value_end = std::min(value_end, in_.size());
    } else {
      // "code: 50035" in an error body is a number, not a secret: unquoted values count only
      // in the name=value form.
      if (!equals_form) return false;
      value_end = p;
      while (value_end < in_.size() && in_[value_end] != '&' && in_[value_end] != ' ' &&
             in_[value_end] != '\n' && in_[value_end] != '\r' && in_[value_end] != '\t' &&
             in_[value_end] != ',' && in_[value_end] != ';' && in_[value_end] != '}' &&
             in_[value_end] != '"' && in_[value_end] != '\'') {
        ++value_end;
      }
    }
    if (value_end == value_start) return false;
    out_.append(in_.substr(pos_, value_start - pos_));
    out_ += kRedactionMask;
    pos_ = value_end;
    return true;
  }

  std::string_view in_;
  size_t pos_ = 0;
  std::string out_;
};

}  // namespace

std::string RedactPatterns(std::string_view message) { return Scanner(message).Run(); }

Redactor::~Redactor() {
  for (Remembered& secret : secrets_) crypto::WipeSecret(secret.value.data(), secret.value.capacity());
}

void Redactor::RememberSecret(std::string_view secret) { Remember(secret, nullptr); }

void Redactor::RememberSecret(std::string_view secret, ScopeId scope) { Remember(secret, &scope); }

Redactor::ScopeId Redactor::NewScope() {
  std::lock_guard lock(mutex_);
  return next_scope_++;
}

void Redactor::Remember(std::string_view secret, const ScopeId* scope) {
  static_assert(kMinRememberedSecret >= SecretTails::kTailBytes, "every secret has a whole tail");
  if (secret.size() < kMinRememberedSecret) return;
  std::lock_guard lock(mutex_);
  if (auto known = remembered_.find(secret); known != remembered_.end()) {
    Remembered& entry = *known->second;
    if (scope == nullptr) {
      entry.unscoped = true;
    } else if (std::find(entry.scopes.begin(), entry.scopes.end(), *scope) == entry.scopes.end()) {
      entry.scopes.push_back(*scope);
    }
    return;
  }
  const bool can_span_a_mask = secret.find_first_of("[]") != std::string_view::npos ||
                               kRedactionMask.find(secret) != std::string_view::npos;
  secrets_.push_back({std::string(secret), SecretTails::BucketOf(secret), can_span_a_mask, scope == nullptr,
                      scope == nullptr ? std::vector<ScopeId>{} : std::vector<ScopeId>{*scope}});
  const Entry added = std::prev(secrets_.end());
  remembered_.emplace(added->value, added);
  tails_.Add(added->tail_bucket);
  if (secrets_.size() > kMaxRememberedSecrets) Drop(secrets_.begin());
}

void Redactor::Forget(ScopeId scope) {
  std::lock_guard lock(mutex_);
  for (Entry entry = secrets_.begin(); entry != secrets_.end();) {
    const Entry next = std::next(entry);
    auto& scopes = entry->scopes;
    if (auto held = std::find(scopes.begin(), scopes.end(), scope); held != scopes.end()) {
      scopes.erase(held);
      if (scopes.empty() && !entry->unscoped) Drop(entry);
    }
    entry = next;
  }
}

void Redactor::Drop(Entry entry) {
  remembered_.erase(entry->value);
  tails_.Remove(entry->tail_bucket);
  // The whole buffer (a short value lives inside the list node itself): no copy of the text
  // stays behind in freed memory.
  crypto::WipeSecret(entry->value.data(), entry->value.capacity());
  secrets_.erase(entry);
}

std::string Redactor::Redact(std::string_view message) const {
  std::string text(message);
  {
    std::lock_guard lock(mutex_);
    // The secrets are masked one after another, oldest first, each in the text the earlier
    // ones left. That text is pieces of `message` with masks between them, so a secret can be
    // in it only if it is in `message`, or if it overlaps a mask (then it holds '[' or ']', or
    // lies inside one): the others are skipped without a search, with the same result.
    const SecretTails::Buckets in_message = tails_.Scan(message);
    for (const Remembered& secret : secrets_) {
      if (!in_message.test(secret.tail_bucket) && !secret.can_span_a_mask) continue;
      for (size_t at = text.find(secret.value); at != std::string::npos;
           at = text.find(secret.value, at + kRedactionMask.size())) {
        text.replace(at, secret.value.size(), kRedactionMask);
      }
    }
  }
  return RedactPatterns(text);
}

}  // namespace sdkpp::logging
