// JS class ActivityInvite.
#pragma once

#include <napi.h>

#include "callbacks/js_arg.h"
#include "model/value_wrap.h"
#include "sdkpp/activity_invite.h"

namespace sdkpp::napi {

class ActivityInviteWrap : public ValueWrap<ActivityInviteWrap, ActivityInvite> {
 public:
  static constexpr const char* kClassName = "ActivityInvite";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr bool kMemoizesStrings = true;
  static constexpr napi_type_tag kTypeTag = {0x306d356da2955ae6, 0x459d80176e2d486c};

  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value SenderId(const Napi::CallbackInfo& info);
  void SetSenderId(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value ChannelId(const Napi::CallbackInfo& info);
  void SetChannelId(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value MessageId(const Napi::CallbackInfo& info);
  void SetMessageId(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value Type(const Napi::CallbackInfo& info);
  void SetType(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value ApplicationId(const Napi::CallbackInfo& info);
  void SetApplicationId(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value ParentApplicationId(const Napi::CallbackInfo& info);
  void SetParentApplicationId(const Napi::CallbackInfo& info, ActivityInvite& value);
  void SetPartyId(const Napi::CallbackInfo& info, ActivityInvite& value);
  void SetSessionId(const Napi::CallbackInfo& info, ActivityInvite& value);
  Napi::Value IsValid(const Napi::CallbackInfo& info);
  void SetIsValid(const Napi::CallbackInfo& info, ActivityInvite& value);
};

// A callback's ActivityInvite (callbacks/js_arg.h).
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const ActivityInvite& invite) { return ActivityInviteWrap::NewInstance(env, invite); }

}  // namespace sdkpp::napi
