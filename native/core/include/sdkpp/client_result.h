// The outcome of every Client operation.
#pragma once

#include <cstdint>
#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct ClientResultFields {
  ErrorType type = ErrorType::None;
  std::string error;
  int32_t error_code = 0;
  HttpStatusCode status = HttpStatusCode::None;
  std::string response_body;
  bool successful = false;
  bool retryable = false;
  float retry_after = 0.0f;
};
}  // namespace detail

// The outcome of every Client operation: success, or what went wrong and what to do. The
// callbacks hand it over as their first argument. Made by the SDK (Success, Failure); the setters
// are for tests of code that handles results.
class ClientResult : public detail::ValueObject<detail::ClientResultFields> {
 public:
  // The invalid ClientResult (the null object): operator bool false, every getter answers its
  // default.
  static const ClientResult nullobj;

  // A successful result.
  static ClientResult Success();
  // A failed result of `type` with a human-readable message (never a secret).
  static ClientResult Failure(ErrorType type, std::string error);

  // "ClientResult { Type: ValidationError, Error: ..., ... }" — for logs and JS messages.
  std::string ToString() const;

  // What kind of failure (None on success).
  ErrorType Type() const;
  void SetType(ErrorType value);
  // What happened, where, and after " — " what to do; empty on success. Never holds a secret.
  std::string Error() const;
  void SetError(std::string value);
  // The service's error code from a failed answer's JSON body (e.g. 10013, Unknown User); 0 when
  // there is none.
  int32_t ErrorCode() const;
  void SetErrorCode(int32_t value);
  // The HTTP status of the answer (None when there was no answer).
  HttpStatusCode Status() const;
  void SetStatus(HttpStatusCode value);
  // The body of a failed HTTP answer, as the service sent it (for diagnostics).
  std::string ResponseBody() const;
  void SetResponseBody(std::string value);
  // True when the operation did what it was asked.
  bool Successful() const;
  void SetSuccessful(bool value);
  // True when the same call may succeed later (a timeout, a 429, a 5xx); see RetryAfter.
  bool Retryable() const;
  void SetRetryable(bool value);
  // Seconds to wait before a retry may succeed (429s and backoff), 0 otherwise.
  float RetryAfter() const;
  void SetRetryAfter(float value);

 private:
  ClientResult();
  explicit ClientResult(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
