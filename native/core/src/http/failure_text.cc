#include "http/failure_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>

#include "http/service_endpoints.h"
#include "sdkpp/enums.h"

namespace sdkpp::http {
namespace {

// What the service's own answer may add to a text: the rest is ours and bounded.
constexpr size_t kMaxServiceMessage = 512;

// " — " between what happened and what to do.
constexpr std::string_view kHintSeparator = " \xE2\x80\x94 ";

bool IsCodeChar(char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// The error code a host put first ("ECONNREFUSED: ..."), or empty.
std::string_view LeadingCode(std::string_view message) {
  size_t end = 0;
  while (end < message.size() && IsCodeChar(message[end])) ++end;
  if (end < 3 || end >= message.size() || message[end] != ':') return {};
  return message.substr(0, end);
}

bool ContainsWord(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    bool starts = at == 0 || !IsCodeChar(text[at - 1]);
    size_t end = at + word.size();
    bool ends = end == text.size() || !IsCodeChar(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

struct FailureCode {
  std::string_view code;
  NetworkFailureKind kind;
};

// Node's system error codes and undici's, as Node's fetch reports them in `cause.code`.
constexpr std::array<FailureCode, 17> kFailureCodes = {{
    {"ECONNREFUSED", NetworkFailureKind::Refused},
    {"EHOSTUNREACH", NetworkFailureKind::Refused},
    {"ENETUNREACH", NetworkFailureKind::Refused},
    {"EADDRNOTAVAIL", NetworkFailureKind::Refused},
    {"ECONNRESET", NetworkFailureKind::Dropped},
    {"EPIPE", NetworkFailureKind::Dropped},
    {"UND_ERR_SOCKET", NetworkFailureKind::Dropped},
    {"ENOTFOUND", NetworkFailureKind::HostNotFound},
    {"EAI_AGAIN", NetworkFailureKind::HostNotFound},
    {"EAI_NONAME", NetworkFailureKind::HostNotFound},
    {"EAI_FAIL", NetworkFailureKind::HostNotFound},
    {"ETIMEDOUT", NetworkFailureKind::TimedOut},
    {"UND_ERR_CONNECT_TIMEOUT", NetworkFailureKind::TimedOut},
    {"UND_ERR_HEADERS_TIMEOUT", NetworkFailureKind::TimedOut},
    {"UND_ERR_BODY_TIMEOUT", NetworkFailureKind::TimedOut},
    {"ESOCKETTIMEDOUT", NetworkFailureKind::TimedOut},
    {"ECONNABORTED", NetworkFailureKind::Dropped},
}};

// OpenSSL's and Node's TLS codes: CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT,
// UNABLE_TO_VERIFY_LEAF_SIGNATURE, ERR_TLS_CERT_ALTNAME_INVALID, ERR_SSL_WRONG_VERSION_NUMBER...
bool IsTlsCode(std::string_view code) {
  return code.find("CERT") != std::string_view::npos || code.starts_with("ERR_TLS") ||
         code.starts_with("ERR_SSL") || code.starts_with("SSL_") || code.starts_with("UNABLE_TO_");
}

std::optional<NetworkFailureKind> KindOfCode(std::string_view code) {
  for (const auto& known : kFailureCodes) {
    if (known.code == code) return known.kind;
  }
  if (IsTlsCode(code)) return NetworkFailureKind::Tls;
  return std::nullopt;
}

bool IsLoopbackHost(std::string_view origin) {
  size_t host = origin.find("://");
  if (host == std::string_view::npos) return false;
  std::string_view rest = origin.substr(host + 3);
  return rest.starts_with("127.") || rest.starts_with("localhost") || rest.starts_with("[::1]");
}

std::string WithHint(std::string text, std::string_view hint) {
  if (hint.empty()) return text;
  text += kHintSeparator;
  text += hint;
  return text;
}

std::string FormatSeconds(double seconds) {
  double rounded = std::round(seconds * 10.0) / 10.0;
  std::string text = std::to_string(rounded);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// The service's words, at most kMaxServiceMessage bytes, never cut inside a UTF-8 character.
std::string BoundedServiceText(std::string_view said) {
  if (said.size() <= kMaxServiceMessage) return std::string(said);
  size_t end = kMaxServiceMessage;
  while (end > 0 && (static_cast<unsigned char>(said[end]) & 0xC0) == 0x80) --end;
  return std::string(said.substr(0, end)) + "...";
}

// "NotFound" -> "Not Found".
std::string SpacedWords(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    if (i > 0 && std::isupper(static_cast<unsigned char>(name[i])) != 0) out += ' ';
    out += name[i];
  }
  return out;
}

// An API base that does not end in /api (or /api/v<n>) is the usual reason for a 404 on every
// route: the emulator's web pages and the service's site answer there instead of its API.
bool EndsInApi(std::string_view base) {
  size_t api = base.rfind("/api");
  if (api == std::string_view::npos) return false;
  std::string_view rest = base.substr(api + 4);
  if (rest.empty()) return true;
  if (!rest.starts_with("/v") || rest.size() < 3) return false;
  return std::all_of(rest.begin() + 2, rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string ApiBaseHint(std::string_view base) {
  std::string hint = "is the API base right? It must end in /api";
  if (!EndsInApi(base)) {
    hint += ": did you mean " + std::string(base) + "/api?";
  } else {
    hint += " (the local emulator's is " + std::string(kDefaultApiBase) + ")";
  }
  hint += " Set it with ClientCreateOptions.ApiBase, new Client(apiBase, webBase) or SDKPP_API_BASE";
  return hint;
}

std::string StatusHint(const HttpFailure& failure, bool unknown_route, std::string_view base) {
  if (unknown_route) return ApiBaseHint(base);
  if (failure.status == 401 && failure.sent_token) {
    return "the token was refused (expired, revoked or not a token of this application): call "
           "UpdateToken with a fresh one (RefreshToken, or Authorize again)";
  }
  if (failure.status == 429) {
    std::string hint = "rate limited: retry";
    if (failure.retry_after_seconds > 0) {
      hint += " after " + FormatSeconds(failure.retry_after_seconds) + " s (ClientResult.RetryAfter())";
    } else {
      hint += " later";
    }
    return hint;
  }
  if (failure.status >= 500) return "the service failed to answer: try again later";
  return {};
}

}  // namespace

NetworkFailureKind ClassifyNetworkFailure(std::string_view message) {
  if (auto kind = KindOfCode(LeadingCode(message))) return *kind;
  for (const auto& known : kFailureCodes) {
    if (ContainsWord(message, known.code)) return known.kind;
  }
  return NetworkFailureKind::Other;
}

std::string_view UserInfoOf(std::string_view url) {
  size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return {};
  size_t start = scheme + 3;
  size_t authority_end = url.find_first_of("/?#", start);
  std::string_view authority = url.substr(start, authority_end == std::string_view::npos
                                                     ? std::string_view::npos
                                                     : authority_end - start);
  size_t at = authority.rfind('@');
  return at == std::string_view::npos ? std::string_view{} : authority.substr(0, at);
}

std::string UrlForDisplay(std::string_view url) {
  std::string_view info = UserInfoOf(url);
  if (info.empty() && url.find("://@") == std::string_view::npos) return std::string(url);
  size_t start = url.find("://") + 3;
  std::string out(url.substr(0, start));
  out += url.substr(start + info.size() + 1);
  return out;
}

std::string OriginOf(std::string_view url) {
  std::string shown = UrlForDisplay(url);
  size_t scheme = shown.find("://");
  if (scheme == std::string::npos) return shown;
  size_t end = shown.find_first_of("/?#", scheme + 3);
  return end == std::string::npos ? shown : shown.substr(0, end);
}

std::string NetworkFailureText(std::string_view method, std::string_view url, std::string_view cause) {
  const std::string origin = OriginOf(url);
  std::string text = std::string(method) + " " + UrlForDisplay(url) + " failed: " +
                     std::string(cause.empty() ? "no answer" : cause);
  switch (ClassifyNetworkFailure(cause)) {
    case NetworkFailureKind::Refused:
      return WithHint(std::move(text),
                      "is the service running at " + origin + "?" +
                          (IsLoopbackHost(origin) ? " Start the local one with: npx sdkpp-emulator"
                                                  : " Check the API base and the network"));
    case NetworkFailureKind::Dropped:
      return WithHint(std::move(text), "the service at " + origin +
                                           " closed the connection without answering: is it up, "
                                           "and does it serve what the API base says (http or https)?");
    case NetworkFailureKind::HostNotFound:
      return WithHint(std::move(text), "the host of " + origin +
                                           " could not be resolved (DNS): check the host name in "
                                           "the API base and the network");
    case NetworkFailureKind::Tls:
      return WithHint(std::move(text),
                      "the TLS connection to " + origin +
                          " failed: check that its certificate is valid, trusted and names that "
                          "host, and that it serves https at all (the local emulator serves http)");
    case NetworkFailureKind::TimedOut:
      return WithHint(std::move(text), "the service at " + origin +
                                           " did not answer in time: is it up and reachable?");
    case NetworkFailureKind::Other:
      break;
  }
  return text;
}

std::string TimeoutText(std::string_view method, std::string_view url, uint32_t timeout_ms) {
  return WithHint(std::string(method) + " " + UrlForDisplay(url) + " timed out after " +
                      std::to_string(timeout_ms) + " ms",
                  "the service at " + OriginOf(url) +
                      " did not answer in time: is it up and reachable? (the limit is "
                      "SetHttpRequestTimeout's)");
}

bool IsUnknownRoute(int32_t status, int32_t service_code) { return status == 404 && service_code == 0; }

std::string StatusWithReason(int32_t status) {
  std::string text = std::to_string(status);
  const char* name = EnumToString(static_cast<HttpStatusCode>(status));
  if (status != 0 && std::string_view(name) != "unknown") {
    text += ' ';
    text += SpacedWords(name);
  }
  return text;
}

std::string HttpFailureText(const HttpFailure& failure) {
  const std::string base = UrlForDisplay(failure.api_base);
  const bool unknown_route = IsUnknownRoute(failure.status, failure.service_code);
  std::string where = std::string(failure.method) + " " + std::string(failure.path);
  std::string answered = StatusWithReason(failure.status) + " at " + base;
  std::string text;
  const bool says_only_the_status =
      failure.service_message.starts_with(std::to_string(failure.status) + ":");
  if (failure.service_message.empty() || unknown_route || says_only_the_status) {
    // "404: Not Found" from the service says no more than the status does.
    text = where + " failed: " + answered;
  } else {
    std::string said = BoundedServiceText(failure.service_message);
    text = said + " (" + where + ": " + answered + ")";
  }
  return WithHint(std::move(text), StatusHint(failure, unknown_route, base));
}

}  // namespace sdkpp::http
