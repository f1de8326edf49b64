#include "http/service_endpoints.h"

#include <cstdlib>

namespace sdkpp {
namespace {

std::string Pick(std::string_view option, const char* env_name, std::string_view fallback) {
  std::string value(option);
  if (value.empty()) {
    const char* env = std::getenv(env_name);
    if (env != nullptr) value = env;
  }
  if (value.empty()) value = fallback;
  while (!value.empty() && value.back() == '/') value.pop_back();
  return value;
}

}  // namespace

ServiceEndpoints ServiceEndpoints::Resolve(std::string_view api_option,
                                           std::string_view web_option) {
  return {Pick(api_option, "SDKPP_API_BASE", kDefaultApiBase),
          Pick(web_option, "SDKPP_WEB_BASE", kDefaultWebBase)};
}

}  // namespace sdkpp
