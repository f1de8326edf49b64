// JS class DeviceAuthorizationArgs.
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/device_authorization_args.h"

namespace sdkpp::napi {

class DeviceAuthorizationArgsWrap
    : public ValueWrap<DeviceAuthorizationArgsWrap, DeviceAuthorizationArgs> {
 public:
  static constexpr const char* kClassName = "DeviceAuthorizationArgs";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x2b3c4d5e6f708192, 0xa3b4c5d6e7f80912};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value ClientId(const Napi::CallbackInfo& info);
  void SetClientId(const Napi::CallbackInfo& info, DeviceAuthorizationArgs& value);
  void SetScopes(const Napi::CallbackInfo& info, DeviceAuthorizationArgs& value);
};

}  // namespace sdkpp::napi
