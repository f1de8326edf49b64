#include "model/wrap_activity_parts.h"

#include <cmath>

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"
#include "model/wrap_authorization_args.h"

namespace sdkpp::napi {

namespace {

// A party size: a TypeError for a non-number, a RangeError for a fraction, a non-finite value
// or one outside [0, 2^31 - 1].
int32_t ReadPartySize(const ArgRef& arg) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double number = arg.value().As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number) || std::trunc(number) != number || number < 0 ||
      number > INT32_MAX) {
    ThrowRangeError(arg, "must be an integer from 0 to 2147483647");
  }
  return static_cast<int32_t>(number);
}

}  // namespace

// --- ActivityAssets

Napi::Function ActivityAssetsWrap::Define(Napi::Env env) {
  using W = ActivityAssetsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::LargeImage>("LargeImage"),
       InstanceMethod<&W::SetLargeImage>("SetLargeImage"),
       InstanceMethod<&W::LargeText>("LargeText"),
       InstanceMethod<&W::SetLargeText>("SetLargeText"),
       InstanceMethod<&W::LargeUrl>("LargeUrl"),
       InstanceMethod<&W::SetLargeUrl>("SetLargeUrl"),
       InstanceMethod<&W::SmallImage>("SmallImage"),
       InstanceMethod<&W::SetSmallImage>("SetSmallImage"),
       InstanceMethod<&W::SmallText>("SmallText"),
       InstanceMethod<&W::SetSmallText>("SetSmallText"),
       InstanceMethod<&W::SmallUrl>("SmallUrl"),
       InstanceMethod<&W::SetSmallUrl>("SetSmallUrl"),
       InstanceMethod<&W::InviteCoverImage>("InviteCoverImage"),
       InstanceMethod<&W::SetInviteCoverImage>("SetInviteCoverImage"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_assets);
}

Napi::Function ActivityAssetsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_assets.Value();
}

Napi::Value ActivityAssetsWrap::LargeImage(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().LargeImage());
}
void ActivityAssetsWrap::SetLargeImage(const Napi::CallbackInfo& info) {
  value().SetLargeImage(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetLargeImage", "largeImage"), kMaxUrlString));
}
Napi::Value ActivityAssetsWrap::LargeText(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().LargeText());
}
void ActivityAssetsWrap::SetLargeText(const Napi::CallbackInfo& info) {
  value().SetLargeText(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetLargeText", "largeText"), kMaxShortString));
}
Napi::Value ActivityAssetsWrap::LargeUrl(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().LargeUrl());
}
void ActivityAssetsWrap::SetLargeUrl(const Napi::CallbackInfo& info) {
  value().SetLargeUrl(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetLargeUrl", "largeUrl"), kMaxUrlString));
}
Napi::Value ActivityAssetsWrap::SmallImage(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().SmallImage());
}
void ActivityAssetsWrap::SetSmallImage(const Napi::CallbackInfo& info) {
  value().SetSmallImage(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetSmallImage", "smallImage"), kMaxUrlString));
}
Napi::Value ActivityAssetsWrap::SmallText(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().SmallText());
}
void ActivityAssetsWrap::SetSmallText(const Napi::CallbackInfo& info) {
  value().SetSmallText(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetSmallText", "smallText"), kMaxShortString));
}
Napi::Value ActivityAssetsWrap::SmallUrl(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().SmallUrl());
}
void ActivityAssetsWrap::SetSmallUrl(const Napi::CallbackInfo& info) {
  value().SetSmallUrl(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetSmallUrl", "smallUrl"), kMaxUrlString));
}
Napi::Value ActivityAssetsWrap::InviteCoverImage(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().InviteCoverImage());
}
void ActivityAssetsWrap::SetInviteCoverImage(const Napi::CallbackInfo& info) {
  value().SetInviteCoverImage(ReadOptionalString(
      Arg(info, 0, "ActivityAssets.SetInviteCoverImage", "inviteCoverImage"), kMaxUrlString));
}

// --- ActivityTimestamps

Napi::Function ActivityTimestampsWrap::Define(Napi::Env env) {
  using W = ActivityTimestampsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {InstanceMethod<&W::Start>("Start"),
       InstanceMethod<&W::SetStart>("SetStart"),
       InstanceMethod<&W::End>("End"),
       InstanceMethod<&W::SetEnd>("SetEnd"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_timestamps);
}

Napi::Function ActivityTimestampsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_timestamps.Value();
}

Napi::Value ActivityTimestampsWrap::Start(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().Start());
}
void ActivityTimestampsWrap::SetStart(const Napi::CallbackInfo& info) {
  value().SetStart(ReadU64(Arg(info, 0, "ActivityTimestamps.SetStart", "start")));
}
Napi::Value ActivityTimestampsWrap::End(const Napi::CallbackInfo& info) {
  return U64ToJs(info.Env(), value().End());
}
void ActivityTimestampsWrap::SetEnd(const Napi::CallbackInfo& info) {
  value().SetEnd(ReadU64(Arg(info, 0, "ActivityTimestamps.SetEnd", "end")));
}

// --- ActivityParty

Napi::Function ActivityPartyWrap::Define(Napi::Env env) {
  using W = ActivityPartyWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {StringMethod<&ActivityParty::Id>("Id"),
       Mutator<&W::SetId>("SetId"),
       InstanceMethod<&W::CurrentSize>("CurrentSize"),
       Mutator<&W::SetCurrentSize>("SetCurrentSize"),
       InstanceMethod<&W::MaxSize>("MaxSize"),
       Mutator<&W::SetMaxSize>("SetMaxSize"),
       InstanceMethod<&W::Privacy>("Privacy"),
       Mutator<&W::SetPrivacy>("SetPrivacy"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_party);
}

Napi::Function ActivityPartyWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_party.Value();
}

void ActivityPartyWrap::SetId(const Napi::CallbackInfo& info, ActivityParty& value) {
  value.SetId(ReadString(Arg(info, 0, "ActivityParty.SetId", "id"), kMaxShortString));
}
Napi::Value ActivityPartyWrap::CurrentSize(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().CurrentSize());
}
void ActivityPartyWrap::SetCurrentSize(const Napi::CallbackInfo& info, ActivityParty& value) {
  value.SetCurrentSize(
      ReadPartySize(Arg(info, 0, "ActivityParty.SetCurrentSize", "currentSize")));
}
Napi::Value ActivityPartyWrap::MaxSize(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), value().MaxSize());
}
void ActivityPartyWrap::SetMaxSize(const Napi::CallbackInfo& info, ActivityParty& value) {
  value.SetMaxSize(ReadPartySize(Arg(info, 0, "ActivityParty.SetMaxSize", "maxSize")));
}
Napi::Value ActivityPartyWrap::Privacy(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Privacy()));
}
void ActivityPartyWrap::SetPrivacy(const Napi::CallbackInfo& info, ActivityParty& value) {
  value.SetPrivacy(static_cast<ActivityPartyPrivacy>(
      ReadEnumValue(Arg(info, 0, "ActivityParty.SetPrivacy", "privacy"), "ActivityPartyPrivacy",
                    &IsEnumMember<ActivityPartyPrivacy>)));
}

// --- ActivitySecrets

Napi::Function ActivitySecretsWrap::Define(Napi::Env env) {
  using W = ActivitySecretsWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {StringMethod<&ActivitySecrets::Join>("Join"), Mutator<&W::SetJoin>("SetJoin"), ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_secrets);
}

Napi::Function ActivitySecretsWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_secrets.Value();
}

void ActivitySecretsWrap::SetJoin(const Napi::CallbackInfo& info, ActivitySecrets& value) {
  value.SetJoin(ReadString(Arg(info, 0, "ActivitySecrets.SetJoin", "join"), kMaxShortString));
}

// --- ActivityButton

Napi::Function ActivityButtonWrap::Define(Napi::Env env) {
  using W = ActivityButtonWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {StringMethod<&ActivityButton::Label>("Label"),
       Mutator<&W::SetLabel>("SetLabel"),
       StringMethod<&ActivityButton::Url>("Url"),
       Mutator<&W::SetUrl>("SetUrl"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity_button);
}

Napi::Function ActivityButtonWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity_button.Value();
}

void ActivityButtonWrap::SetLabel(const Napi::CallbackInfo& info, ActivityButton& value) {
  value.SetLabel(ReadString(Arg(info, 0, "ActivityButton.SetLabel", "label"), kMaxShortString));
}
void ActivityButtonWrap::SetUrl(const Napi::CallbackInfo& info, ActivityButton& value) {
  value.SetUrl(ReadString(Arg(info, 0, "ActivityButton.SetUrl", "url"), kMaxUrlString));
}

}  // namespace sdkpp::napi
