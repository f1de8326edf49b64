// One request to the service's HTTP API, as the SDK's features describe it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sdkpp/client_result.h"
#include "sdkpp/platform.h"

namespace sdkpp::http {

enum class AuthScheme { None, Bearer, Bot };

struct ApiRequest {
  std::string method = "GET";
  std::string path;          // appended to the API base, e.g. "/oauth2/token"
  std::string content_type;  // empty when there is no body
  std::string body;
  AuthScheme auth = AuthScheme::None;
  std::string token;
  // May be repeated after a 5xx or a connection failure without changing the outcome.
  bool idempotent = false;
  // The request or its response carries credentials: bodies are never logged and the
  // result's ResponseBody is masked.
  bool carries_secrets = false;
  // For log lines: the SDK operation this request belongs to ("GetToken").
  std::string operation;
  // The HTTP client logs a failure that ends the operation (Warning). Off for a caller that
  // repeats the request on its own and logs its failures itself, rate-limited (the gateway's
  // bootstrap request), so a service that stays down is not a log line per attempt.
  bool log_failure = true;
};

struct ApiResponse {
  ClientResult result = ClientResult::Success();
  int32_t status = 0;  // 0 when no response arrived
  std::string body;
  std::vector<HttpHeader> headers;
};

}  // namespace sdkpp::http
