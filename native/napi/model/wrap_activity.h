// JS class Activity (rich presence).
#pragma once

#include <napi.h>

#include "model/value_wrap.h"
#include "sdkpp/activity.h"

namespace sdkpp::napi {

class ActivityWrap : public ValueWrap<ActivityWrap, Activity> {
 public:
  static constexpr const char* kClassName = "Activity";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x7d2bfaf25e3ab9f5, 0x8d4e1739a9085914};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  void AddButton(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value GetButtons(const Napi::CallbackInfo& info);
  Napi::Value Equals(const Napi::CallbackInfo& info);
  void SetName(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Type(const Napi::CallbackInfo& info);
  void SetType(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value StatusDisplayType(const Napi::CallbackInfo& info);
  void SetStatusDisplayType(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value State(const Napi::CallbackInfo& info);
  void SetState(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value StateUrl(const Napi::CallbackInfo& info);
  void SetStateUrl(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Details(const Napi::CallbackInfo& info);
  void SetDetails(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value DetailsUrl(const Napi::CallbackInfo& info);
  void SetDetailsUrl(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value ApplicationId(const Napi::CallbackInfo& info);
  void SetApplicationId(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value ParentApplicationId(const Napi::CallbackInfo& info);
  void SetParentApplicationId(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Assets(const Napi::CallbackInfo& info);
  void SetAssets(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Timestamps(const Napi::CallbackInfo& info);
  void SetTimestamps(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Party(const Napi::CallbackInfo& info);
  void SetParty(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value Secrets(const Napi::CallbackInfo& info);
  void SetSecrets(const Napi::CallbackInfo& info, Activity& value);
  Napi::Value SupportedPlatforms(const Napi::CallbackInfo& info);
  void SetSupportedPlatforms(const Napi::CallbackInfo& info, Activity& value);
};

// An ActivityGamePlatforms combination: an integer whose bits are all known flags (0 allowed).
ActivityGamePlatforms ReadActivityGamePlatforms(const ArgRef& arg);

}  // namespace sdkpp::napi
