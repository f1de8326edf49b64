// application/x-www-form-urlencoded bodies (the OAuth2 token endpoint accepts only these).
#pragma once

#include <string>
#include <string_view>

namespace sdkpp::http {

class FormBody {
 public:
  FormBody& Add(std::string_view name, std::string_view value);
  std::string Take() { return std::move(body_); }

 private:
  std::string body_;
};

inline constexpr std::string_view kFormContentType = "application/x-www-form-urlencoded";
inline constexpr std::string_view kJsonContentType = "application/json";

}  // namespace sdkpp::http
