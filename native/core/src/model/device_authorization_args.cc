#include "sdkpp/device_authorization_args.h"

namespace sdkpp {

const DeviceAuthorizationArgs DeviceAuthorizationArgs::nullobj{nullptr};
DeviceAuthorizationArgs::DeviceAuthorizationArgs(std::nullptr_t) noexcept : ValueObject(nullptr) {}

uint64_t DeviceAuthorizationArgs::ClientId() const { return Read().client_id; }
void DeviceAuthorizationArgs::SetClientId(uint64_t value) {
  if (auto* f = Write()) f->client_id = value;
}
std::string DeviceAuthorizationArgs::Scopes() const { return Read().scopes; }
void DeviceAuthorizationArgs::SetScopes(std::string value) {
  if (auto* f = Write()) f->scopes = std::move(value);
}

}  // namespace sdkpp
