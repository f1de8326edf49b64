// ClientResult from what the HTTP layer saw: every field filled (Type, Error, ErrorCode from the
// body's `code`, Status, ResponseBody, Successful, Retryable, RetryAfter). An error text says
// what happened, where and what to do (failure_text.h). Error texts, and the body of a failure or
// of a request that carries secrets, go through the log's redactor (patterns and every secret
// the client handled): a service that echoes request data must not put a token, code or secret
// into a result.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "http/failure_text.h"
#include "logging/redactor.h"
#include "sdkpp/client_result.h"

namespace sdkpp::http {

// Where a request went, for the error text of its response.
struct RequestPlace {
  std::string_view method;
  std::string_view path;
  std::string_view api_base;
  bool sent_token = false;
};

// A response. `retry_after_seconds` > 0 marks how long to wait before retrying.
ClientResult ResultFromResponse(const logging::Redactor& redactor, const RequestPlace& place,
                                int32_t status, std::string_view body, bool carries_secrets,
                                float retry_after_seconds);
// No response: connection failure or timeout (always retryable). `text` is the whole error text
// (NetworkFailureText, TimeoutText); it is masked here.
ClientResult NetworkFailure(const logging::Redactor& redactor, std::string text,
                            float retry_after_seconds);
// A 2xx whose body was not what the operation needs (malformed JSON, a missing field). Its error
// text is the caller's own `what`, never service data.
ClientResult MalformedResponse(int32_t status, std::string_view body, bool carries_secrets,
                               std::string what);

HttpStatusCode ToHttpStatusCode(int32_t status);

}  // namespace sdkpp::http
