#include "model/wrap_activity_invite.h"

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"

namespace sdkpp::napi {

Napi::Function ActivityInviteWrap::Define(Napi::Env env) {
  using W = ActivityInviteWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::SenderId>("SenderId"),
       Mutator<&W::SetSenderId>("SetSenderId"),
       InstanceMethod<&W::ChannelId>("ChannelId"),
       Mutator<&W::SetChannelId>("SetChannelId"),
       InstanceMethod<&W::MessageId>("MessageId"),
       Mutator<&W::SetMessageId>("SetMessageId"),
       InstanceMethod<&W::Type>("Type"),
       Mutator<&W::SetType>("SetType"),
       InstanceMethod<&W::ApplicationId>("ApplicationId"),
       Mutator<&W::SetApplicationId>("SetApplicationId"),
       InstanceMethod<&W::ParentApplicationId>("ParentApplicationId"),
       Mutator<&W::SetParentApplicationId>("SetParentApplicationId"),
       StringMethod<&ActivityInvite::PartyId>("PartyId"),
       Mutator<&W::SetPartyId>("SetPartyId"),
       StringMethod<&ActivityInvite::SessionId>("SessionId"),
       Mutator<&W::SetSessionId>("SetSessionId"),
       InstanceMethod<&W::IsValid>("IsValid"),
       Mutator<&W::SetIsValid>("SetIsValid"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_invite);
}

Napi::Function ActivityInviteWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_invite.Value();
}

Napi::Value ActivityInviteWrap::SenderId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().SenderId());
}
void ActivityInviteWrap::SetSenderId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetSenderId(ReadU64(Arg(info, 0, "ActivityInvite.SetSenderId", "senderId")));
}
Napi::Value ActivityInviteWrap::ChannelId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().ChannelId());
}
void ActivityInviteWrap::SetChannelId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetChannelId(ReadU64(Arg(info, 0, "ActivityInvite.SetChannelId", "channelId")));
}
Napi::Value ActivityInviteWrap::MessageId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().MessageId());
}
void ActivityInviteWrap::SetMessageId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetMessageId(ReadU64(Arg(info, 0, "ActivityInvite.SetMessageId", "messageId")));
}
Napi::Value ActivityInviteWrap::Type(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Type()));
}
void ActivityInviteWrap::SetType(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetType(static_cast<ActivityActionTypes>(
      ReadEnumValue(Arg(info, 0, "ActivityInvite.SetType", "type"), "ActivityActionTypes",
                    &IsEnumMember<ActivityActionTypes>)));
}
Napi::Value ActivityInviteWrap::ApplicationId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().ApplicationId());
}
void ActivityInviteWrap::SetApplicationId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetApplicationId(
      ReadU64(Arg(info, 0, "ActivityInvite.SetApplicationId", "applicationId")));
}
Napi::Value ActivityInviteWrap::ParentApplicationId(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().ParentApplicationId());
}
void ActivityInviteWrap::SetParentApplicationId(const Napi::CallbackInfo& info,
                                                ActivityInvite& value) {
  value.SetParentApplicationId(
      ReadU64(Arg(info, 0, "ActivityInvite.SetParentApplicationId", "parentApplicationId")));
}
void ActivityInviteWrap::SetPartyId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetPartyId(
      ReadString(Arg(info, 0, "ActivityInvite.SetPartyId", "partyId"), kMaxShortString));
}
void ActivityInviteWrap::SetSessionId(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetSessionId(
      ReadString(Arg(info, 0, "ActivityInvite.SetSessionId", "sessionId"), kMaxShortString));
}
Napi::Value ActivityInviteWrap::IsValid(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), value().IsValid());
}
void ActivityInviteWrap::SetIsValid(const Napi::CallbackInfo& info, ActivityInvite& value) {
  value.SetIsValid(ReadBool(Arg(info, 0, "ActivityInvite.SetIsValid", "isValid")));
}

}  // namespace sdkpp::napi
