#include "http/result_builder.h"

#include <cstring>

#include "json/json.h"
#include "logging/redactor.h"

namespace sdkpp::http {
namespace {

// The service's own words are bounded in failure_text.cc; this bounds the whole text (method,
// URL or API base, cause, hint).
constexpr size_t kMaxErrorMessage = 2048;

std::string BodyForResult(std::string_view body, bool carries_secrets) {
  return carries_secrets ? logging::RedactPatterns(body) : std::string(body);
}

std::string Truncate(std::string text) {
  if (text.size() > kMaxErrorMessage) {
    size_t end = kMaxErrorMessage;
    // Never inside a UTF-8 character.
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    text.resize(end);
    text += "...";
  }
  return text;
}

}  // namespace

HttpStatusCode ToHttpStatusCode(int32_t status) {
  auto code = static_cast<HttpStatusCode>(status);
  return std::strcmp(EnumToString(code), "unknown") == 0 ? HttpStatusCode::None : code;
}

ClientResult ResultFromResponse(const logging::Redactor& redactor, const RequestPlace& place,
                                int32_t status, std::string_view body, bool carries_secrets,
                                float retry_after_seconds) {
  ClientResult result = ClientResult::Success();
  result.SetStatus(ToHttpStatusCode(status));
  bool success = status >= 200 && status < 300;
  // An error body may echo what the request carried: masked like every log line.
  result.SetResponseBody(carries_secrets || !success ? redactor.Redact(body) : std::string(body));
  if (success) return result;

  result.SetSuccessful(false);
  result.SetType(ErrorType::HTTPError);
  std::string message;
  if (auto document = json::Document::Parse(body)) {
    json::Value root = document->Root();
    if (auto code = root["code"].Int()) result.SetErrorCode(static_cast<int32_t>(*code));
    if (auto text = root["message"].String()) {
      message = std::string(*text);
    } else if (auto oauth_error = root["error"].String()) {
      message = std::string(*oauth_error);
      if (auto description = root["error_description"].String()) {
        message += ": " + std::string(*description);
      }
    }
  }
  bool retryable = status == 429 || status >= 500;
  HttpFailure failure;
  failure.method = place.method;
  failure.path = place.path;
  failure.api_base = place.api_base;
  failure.status = status;
  failure.service_message = message;
  failure.service_code = result.ErrorCode();
  failure.sent_token = place.sent_token;
  failure.retry_after_seconds = status == 429 ? retry_after_seconds : 0;
  result.SetError(Truncate(redactor.Redact(HttpFailureText(failure))));
  result.SetRetryable(retryable);
  if (retryable) result.SetRetryAfter(retry_after_seconds);
  return result;
}

ClientResult NetworkFailure(const logging::Redactor& redactor, std::string text,
                            float retry_after_seconds) {
  ClientResult result =
      ClientResult::Failure(ErrorType::NetworkError, Truncate(redactor.Redact(text)));
  result.SetRetryable(true);
  result.SetRetryAfter(retry_after_seconds);
  return result;
}

ClientResult MalformedResponse(int32_t status, std::string_view body, bool carries_secrets,
                               std::string what) {
  ClientResult result = ClientResult::Failure(ErrorType::HTTPError, "malformed response: " + what);
  result.SetStatus(ToHttpStatusCode(status));
  result.SetResponseBody(BodyForResult(body, carries_secrets));
  result.SetRetryable(true);
  return result;
}

}  // namespace sdkpp::http
