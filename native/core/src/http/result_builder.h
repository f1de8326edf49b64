// ClientResult from what the HTTP layer saw: every field filled (Type, Error, ErrorCode from the
// body's `code`, Status, ResponseBody, Successful, Retryable, RetryAfter).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sdkpp/client_result.h"

namespace sdkpp::http {

// A response. `retry_after_seconds` > 0 marks how long to wait before retrying.
ClientResult ResultFromResponse(int32_t status, std::string_view body, bool carries_secrets,
                                float retry_after_seconds);
// No response: connection failure or timeout (always retryable).
ClientResult NetworkFailure(std::string message, float retry_after_seconds);
// A 2xx whose body was not what the operation needs (malformed JSON, a missing field).
ClientResult MalformedResponse(int32_t status, std::string_view body, bool carries_secrets,
                               std::string what);

HttpStatusCode ToHttpStatusCode(int32_t status);

}  // namespace sdkpp::http
