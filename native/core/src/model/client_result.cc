#include "sdkpp/client_result.h"

#include <cstdio>

namespace sdkpp {

const ClientResult ClientResult::nullobj{nullptr};
ClientResult::ClientResult() = default;
ClientResult::ClientResult(std::nullptr_t) noexcept : ValueObject(nullptr) {}

ClientResult ClientResult::Success() {
  ClientResult result;
  result.SetSuccessful(true);
  return result;
}

ClientResult ClientResult::Failure(ErrorType type, std::string error) {
  ClientResult result;
  result.SetType(type);
  result.SetError(std::move(error));
  result.SetSuccessful(false);
  return result;
}

std::string ClientResult::ToString() const {
  if (!*this) return "ClientResult { invalid }";
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "ErrorCode: %d, Status: %d, Retryable: %s, RetryAfter: %g",
                ErrorCode(), static_cast<int>(Status()), Retryable() ? "true" : "false",
                static_cast<double>(RetryAfter()));
  std::string text = "ClientResult { Type: ";
  text += EnumToString(Type());
  text += ", Successful: ";
  text += Successful() ? "true" : "false";
  if (!Error().empty()) text += ", Error: \"" + Error() + "\"";
  text += ", ";
  text += numbers;
  text += " }";
  return text;
}

ErrorType ClientResult::Type() const { return Read().type; }
void ClientResult::SetType(ErrorType value) {
  if (auto* f = Write()) f->type = value;
}
std::string ClientResult::Error() const { return Read().error; }
void ClientResult::SetError(std::string value) {
  if (auto* f = Write()) f->error = std::move(value);
}
int32_t ClientResult::ErrorCode() const { return Read().error_code; }
void ClientResult::SetErrorCode(int32_t value) {
  if (auto* f = Write()) f->error_code = value;
}
HttpStatusCode ClientResult::Status() const { return Read().status; }
void ClientResult::SetStatus(HttpStatusCode value) {
  if (auto* f = Write()) f->status = value;
}
std::string ClientResult::ResponseBody() const { return Read().response_body; }
void ClientResult::SetResponseBody(std::string value) {
  if (auto* f = Write()) f->response_body = std::move(value);
}
bool ClientResult::Successful() const { return Read().successful; }
void ClientResult::SetSuccessful(bool value) {
  if (auto* f = Write()) f->successful = value;
}
bool ClientResult::Retryable() const { return Read().retryable; }
void ClientResult::SetRetryable(bool value) {
  if (auto* f = Write()) f->retryable = value;
}
float ClientResult::RetryAfter() const { return Read().retry_after; }
void ClientResult::SetRetryAfter(float value) {
  if (auto* f = Write()) f->retry_after = value;
}

}  // namespace sdkpp
