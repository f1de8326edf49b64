// JS classes ActivityAssets, ActivityTimestamps, ActivityParty, ActivitySecrets and
// ActivityButton (the parts of an Activity).
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/activity.h"

namespace sdkpp::napi {

class ActivityAssetsWrap : public ValueWrap<ActivityAssetsWrap, ActivityAssets> {
 public:
  static constexpr const char* kClassName = "ActivityAssets";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr napi_type_tag kTypeTag = {0xf7a70ae0228a8fd6, 0x9ec8950517da4b43};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value LargeImage(const Napi::CallbackInfo& info);
  void SetLargeImage(const Napi::CallbackInfo& info);
  Napi::Value LargeText(const Napi::CallbackInfo& info);
  void SetLargeText(const Napi::CallbackInfo& info);
  Napi::Value LargeUrl(const Napi::CallbackInfo& info);
  void SetLargeUrl(const Napi::CallbackInfo& info);
  Napi::Value SmallImage(const Napi::CallbackInfo& info);
  void SetSmallImage(const Napi::CallbackInfo& info);
  Napi::Value SmallText(const Napi::CallbackInfo& info);
  void SetSmallText(const Napi::CallbackInfo& info);
  Napi::Value SmallUrl(const Napi::CallbackInfo& info);
  void SetSmallUrl(const Napi::CallbackInfo& info);
  Napi::Value InviteCoverImage(const Napi::CallbackInfo& info);
  void SetInviteCoverImage(const Napi::CallbackInfo& info);
};

class ActivityTimestampsWrap : public ValueWrap<ActivityTimestampsWrap, ActivityTimestamps> {
 public:
  static constexpr const char* kClassName = "ActivityTimestamps";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr napi_type_tag kTypeTag = {0x07d53b0e7c6e01d8, 0x6fb4c749d87b243b};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value Start(const Napi::CallbackInfo& info);
  void SetStart(const Napi::CallbackInfo& info);
  Napi::Value End(const Napi::CallbackInfo& info);
  void SetEnd(const Napi::CallbackInfo& info);
};

class ActivityPartyWrap : public ValueWrap<ActivityPartyWrap, ActivityParty> {
 public:
  static constexpr const char* kClassName = "ActivityParty";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0xe4d95d446575432d, 0x47bd2506efbe5214};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  void SetId(const Napi::CallbackInfo& info, ActivityParty& value);
  Napi::Value CurrentSize(const Napi::CallbackInfo& info);
  void SetCurrentSize(const Napi::CallbackInfo& info, ActivityParty& value);
  Napi::Value MaxSize(const Napi::CallbackInfo& info);
  void SetMaxSize(const Napi::CallbackInfo& info, ActivityParty& value);
  Napi::Value Privacy(const Napi::CallbackInfo& info);
  void SetPrivacy(const Napi::CallbackInfo& info, ActivityParty& value);
};

class ActivitySecretsWrap : public ValueWrap<ActivitySecretsWrap, ActivitySecrets> {
 public:
  static constexpr const char* kClassName = "ActivitySecrets";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x376523e13bc829fb, 0xae25fc4161dbb54c};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  void SetJoin(const Napi::CallbackInfo& info, ActivitySecrets& value);
};

class ActivityButtonWrap : public ValueWrap<ActivityButtonWrap, ActivityButton> {
 public:
  static constexpr const char* kClassName = "ActivityButton";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0xec951bd34c6354a8, 0xd3b4c3f327ffb8d1};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  void SetLabel(const Napi::CallbackInfo& info, ActivityButton& value);
  void SetUrl(const Napi::CallbackInfo& info, ActivityButton& value);
};

}  // namespace sdkpp::napi
