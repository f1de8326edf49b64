// Where the Client sends its requests. Precedence: ClientCreateOptions / Client(apiBase,
// webBase) > the SDKPP_API_BASE / SDKPP_WEB_BASE environment variables > the built-in default,
// so a launcher can be pointed at the emulator without code changes.
#pragma once

#include <string>
#include <string_view>

namespace sdkpp {

// The built-in default is the local emulator's well-known address (`npx sdkpp-emulator`).
inline constexpr std::string_view kDefaultApiBase = "http://127.0.0.1:8790/api";
inline constexpr std::string_view kDefaultWebBase = "http://127.0.0.1:8790";

struct ServiceEndpoints {
  std::string api_base;  // no trailing slash
  std::string web_base;  // no trailing slash

  static ServiceEndpoints Resolve(std::string_view api_option, std::string_view web_option);
};

}  // namespace sdkpp
