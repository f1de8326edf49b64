#include "model/wrap_device_authorization_args.h"

#include "callbacks/addon_data.h"

namespace sdkpp::napi {

Napi::Function DeviceAuthorizationArgsWrap::Define(Napi::Env env) {
  using W = DeviceAuthorizationArgsWrap;
  Napi::Function constructor =
      DefineClass(env, kClassName,
                  {InstanceMethod<&W::ClientId>("ClientId"), Mutator<&W::SetClientId>("SetClientId"),
                   StringMethod<&DeviceAuthorizationArgs::Scopes>("Scopes"),
                   Mutator<&W::SetScopes>("SetScopes"),
                   ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).device_authorization_args);
}

Napi::Function DeviceAuthorizationArgsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).device_authorization_args.Value();
}

Napi::Value DeviceAuthorizationArgsWrap::ClientId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().ClientId());
}
void DeviceAuthorizationArgsWrap::SetClientId(const Napi::CallbackInfo& info,
                                              DeviceAuthorizationArgs& value) {
  value.SetClientId(ReadU64(Arg(info, 0, "DeviceAuthorizationArgs.SetClientId", "clientId")));
}
void DeviceAuthorizationArgsWrap::SetScopes(const Napi::CallbackInfo& info,
                                            DeviceAuthorizationArgs& value) {
  value.SetScopes(ReadString(Arg(info, 0, "DeviceAuthorizationArgs.SetScopes", "scopes"), kMaxScopesString));
}

}  // namespace sdkpp::napi
