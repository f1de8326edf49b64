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

class ClientResult : public detail::ValueObject<detail::ClientResultFields> {
 public:
  static const ClientResult nullobj;

  // A successful result.
  static ClientResult Success();
  // A failed result of `type` with a human-readable message (never a secret).
  static ClientResult Failure(ErrorType type, std::string error);

  // "ClientResult { Type: ValidationError, Error: ..., ... }" — for logs and JS messages.
  std::string ToString() const;

  ErrorType Type() const;
  void SetType(ErrorType value);
  std::string Error() const;
  void SetError(std::string value);
  // The service's numeric error code (the `code` of an error body), 0 when there is none.
  int32_t ErrorCode() const;
  void SetErrorCode(int32_t value);
  HttpStatusCode Status() const;
  void SetStatus(HttpStatusCode value);
  std::string ResponseBody() const;
  void SetResponseBody(std::string value);
  bool Successful() const;
  void SetSuccessful(bool value);
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
