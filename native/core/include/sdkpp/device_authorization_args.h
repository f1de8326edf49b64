// Arguments of Client::GetTokenFromDevice (the OAuth2 device flow, for consoles and TVs).
#pragma once

#include <cstdint>
#include <string>

#include "sdkpp/detail/value_object.h"

namespace sdkpp {

namespace detail {
struct DeviceAuthorizationArgsFields {
  uint64_t client_id = 0;
  std::string scopes;
};
}  // namespace detail

class DeviceAuthorizationArgs
    : public detail::ValueObject<detail::DeviceAuthorizationArgsFields> {
 public:
  static const DeviceAuthorizationArgs nullobj;
  DeviceAuthorizationArgs() = default;

  // 0 means "use the value given to Client::SetApplicationId".
  uint64_t ClientId() const;
  void SetClientId(uint64_t value);
  std::string Scopes() const;
  void SetScopes(std::string value);

 private:
  explicit DeviceAuthorizationArgs(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
