// JS class ClientCreateOptions.
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/client_create_options.h"

namespace sdkpp::napi {

class ClientCreateOptionsWrap : public ValueWrap<ClientCreateOptionsWrap, ClientCreateOptions> {
 public:
  static constexpr const char* kClassName = "ClientCreateOptions";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x7e6d5c4b3a291807, 0x0f1e2d3c4b5a6978};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  void SetWebBase(const Napi::CallbackInfo& info, ClientCreateOptions& value);
  void SetApiBase(const Napi::CallbackInfo& info, ClientCreateOptions& value);
  Napi::Value ExperimentalAudioSystem(const Napi::CallbackInfo& info);
  void SetExperimentalAudioSystem(const Napi::CallbackInfo& info, ClientCreateOptions& value);
  Napi::Value ExperimentalAndroidPreventCommsForBluetooth(const Napi::CallbackInfo& info);
  void SetExperimentalAndroidPreventCommsForBluetooth(const Napi::CallbackInfo& info,
                                                      ClientCreateOptions& value);
  Napi::Value CpuAffinityMask(const Napi::CallbackInfo& info);
  void SetCpuAffinityMask(const Napi::CallbackInfo& info, ClientCreateOptions& value);
};

// Service base URLs: empty (use the default), or an http:// or https:// URL.
std::string ReadBaseUrl(const ArgRef& arg);

}  // namespace sdkpp::napi
