// The log redactor (native/core/src/logging/redactor): every log line and every error text
// passes through it, and service responses and local peers put arbitrary text into both.
//
// Input lines: "S<secret>" remembers a secret, any other line is a message to redact.
// Checked: Redact answers exactly what the plain algorithm it optimises answers — each
// remembered secret (at least 6 bytes, the newest 256, oldest first) replaced by the mask
// wherever it occurs in the text the earlier ones left, then the patterns — so the tail
// buckets that skip most searches never skip one that would have matched.
#include <deque>
#include <string>

#include "fuzz_input.h"
#include "logging/redactor.h"

namespace {

using sdkpp::logging::kRedactionMask;

class PlainRedactor {
 public:
  void RememberSecret(std::string_view secret) {
    if (secret.size() < 6) return;
    for (const auto& known : secrets_) {
      if (known == secret) return;
    }
    secrets_.emplace_back(secret);
    if (secrets_.size() > 256) secrets_.pop_front();
  }
  std::string Redact(std::string_view message) const {
    std::string text(message);
    for (const auto& secret : secrets_) {
      for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + kRedactionMask.size())) {
        text.replace(at, secret.size(), kRedactionMask);
      }
    }
    return sdkpp::logging::RedactPatterns(text);
  }

 private:
  std::deque<std::string> secrets_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sdkpp::logging::Redactor redactor;
  PlainRedactor plain;
  for (std::string_view line : sdkpp::fuzz::Lines(sdkpp::fuzz::AsText(data, size))) {
    if (line.front() == 'S') {
      redactor.RememberSecret(line.substr(1));
      plain.RememberSecret(line.substr(1));
      continue;
    }
    const std::string redacted = redactor.Redact(line);
    FUZZ_CHECK(redacted == plain.Redact(line));
    (void)sdkpp::logging::RedactPatterns(line);
  }
  return 0;
}
