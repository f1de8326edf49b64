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

// What Client::GetTokenFromDevice asks for: the device flow (RFC 8628) for a console or a TV,
// where the player approves on another device. A value object: its setters store what they are
// given; GetTokenFromDevice checks them.
class DeviceAuthorizationArgs
    : public detail::ValueObject<detail::DeviceAuthorizationArgsFields> {
 public:
  // The invalid DeviceAuthorizationArgs (the null object): operator bool false, every getter
  // answers its default.
  static const DeviceAuthorizationArgs nullobj;
  // A valid DeviceAuthorizationArgs with every field at its default; set the fields with the
  // setters.
  DeviceAuthorizationArgs() = default;

  // The application id; 0 means "use the value given to Client::SetApplicationId".
  uint64_t ClientId() const;
  void SetClientId(uint64_t value);
  // The scopes, space-separated (at most 4 KiB).
  std::string Scopes() const;
  void SetScopes(std::string value);

 private:
  explicit DeviceAuthorizationArgs(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
