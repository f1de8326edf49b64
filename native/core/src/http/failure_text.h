// The words of a failed request: what happened, where (the method and the URL, or the API base
// the Client is configured with) and what to do. One place, so that a refused connection, a DNS
// or TLS failure, a timeout and an HTTP error read alike in ClientResult.Error(), the SdkError
// message and the log.
//
// Secrets: URLs are shown without their user-info part, and every text built here is still
// passed through the log's redactor by its caller (result_builder.cc, http_client.cc), which
// masks tokens, codes and secrets in query strings too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sdkpp::http {

enum class NetworkFailureKind {
  Refused,       // nothing listens there, or the host cannot be reached
  Dropped,       // connected, then closed without an answer
  HostNotFound,  // DNS
  Tls,           // certificate or handshake
  TimedOut,
  Other,
};

// The kind of a platform's failure message. Hosts start the message with the error's code when
// they know one ("ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8790", platform.h); a code
// elsewhere in the text counts too.
NetworkFailureKind ClassifyNetworkFailure(std::string_view message);

// "user:password" of scheme://user:password@host/..., empty when there is none.
std::string_view UserInfoOf(std::string_view url);
// `url` without its user info.
std::string UrlForDisplay(std::string_view url);
// scheme://host[:port] of `url`, without user info.
std::string OriginOf(std::string_view url);

// "GET http://127.0.0.1:8790/api/users/@me failed: ECONNREFUSED: ... — is the service running at
// http://127.0.0.1:8790? Start the local one with: npx sdkpp-emulator"
std::string NetworkFailureText(std::string_view method, std::string_view url, std::string_view cause);
// The SDK's own bound (SetHttpRequestTimeout) ran out before an answer came.
std::string TimeoutText(std::string_view method, std::string_view url, uint32_t timeout_ms);

// An HTTP error status. `service_message` is what the body said ("Unknown User",
// "invalid_grant: ..."), empty when it said nothing usable; `service_code` its `code` (0: none).
struct HttpFailure {
  std::string_view method;
  std::string_view path;      // as appended to the API base: "/users/@me"
  std::string_view api_base;  // the Client's: "http://127.0.0.1:8790/api"
  int32_t status = 0;
  std::string_view service_message;
  int32_t service_code = 0;
  bool sent_token = false;        // the request carried the player's token
  double retry_after_seconds = 0;  // for 429
};

// "Unknown User (GET /users/@me: 404 Not Found at http://127.0.0.1:8790/api)", or, when the
// service named no error of its own, "GET /users/@me failed: 404 Not Found at
// http://127.0.0.1:8790 — is the API base right? ...".
std::string HttpFailureText(const HttpFailure& failure);

// True for a 404 that names no error of the service (code 0 or none): no such route, which
// with an API base that works for other apps means this one's base is wrong.
bool IsUnknownRoute(int32_t status, int32_t service_code);

// "404 Not Found", "429 Too Many Requests", "599" for a status without a name.
std::string StatusWithReason(int32_t status);

}  // namespace sdkpp::http
