// ClientResult from what the HTTP layer saw: every field filled (Type, Error, ErrorCode from the
// body's `code`, Status, ResponseBody, Successful, Retryable, RetryAfter). Error texts, and the
// body of a failure or of a request that carries secrets, go through the log's redactor (patterns
// and every secret the client handled): a service that echoes request data must not put a token,
// code or secret into a result.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "logging/redactor.h"
#include "sdkpp/client_result.h"

namespace sdkpp::http {

// A response. `retry_after_seconds` > 0 marks how long to wait before retrying.
ClientResult ResultFromResponse(const logging::Redactor& redactor, int32_t status,
                                std::string_view body, bool carries_secrets,
                                float retry_after_seconds);
// No response: connection failure or timeout (always retryable).
ClientResult NetworkFailure(const logging::Redactor& redactor, std::string message,
                            float retry_after_seconds);
// A 2xx whose body was not what the operation needs (malformed JSON, a missing field). Its error
// text is the caller's own `what`, never service data.
ClientResult MalformedResponse(int32_t status, std::string_view body, bool carries_secrets,
                               std::string what);

HttpStatusCode ToHttpStatusCode(int32_t status);

}  // namespace sdkpp::http
