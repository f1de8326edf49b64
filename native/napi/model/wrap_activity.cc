#include "model/wrap_activity.h"

#include <cmath>
#include <optional>
#include <vector>

#include "callbacks/addon_data.h"
#include "enums/enum_exports.h"
#include "model/wrap_activity_parts.h"
#include "model/wrap_authorization_args.h"

namespace sdkpp::napi {

namespace {

constexpr int32_t AllPlatformBits() {
  int32_t bits = 0;
#define SDKPP_OR_FLAG(name, value) bits |= (value);
  SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(SDKPP_OR_FLAG)
#undef SDKPP_OR_FLAG
  return bits;
}

// An optional part: undefined/null unsets it, otherwise it must be an object of that class.
template <class PartWrap, class Part>
std::optional<Part> ReadOptionalPart(const ArgRef& arg) {
  if (IsNullish(arg.value())) return std::nullopt;
  return PartWrap::FromArg(arg);
}

template <class PartWrap, class Part>
Napi::Value OptionalPartToJs(Napi::Env env, const std::optional<Part>& part) {
  if (!part) return env.Undefined();
  return PartWrap::NewInstance(env, *part);
}

Napi::Value OptionalU64ToJs(Napi::Env env, const std::optional<uint64_t>& id) {
  if (!id) return env.Undefined();
  return U64ToJs(env, *id);
}

}  // namespace

ActivityGamePlatforms ReadActivityGamePlatforms(const ArgRef& arg) {
  Napi::Value value = arg.value();
  if (!value.IsNumber()) ThrowTypeError(arg, "must be an ActivityGamePlatforms value");
  double number = value.As<Napi::Number>().DoubleValue();
  if (!std::isfinite(number) || std::trunc(number) != number || number < 0 ||
      number > INT32_MAX || (static_cast<int32_t>(number) & ~AllPlatformBits()) != 0) {
    ThrowRangeError(arg, "must combine only ActivityGamePlatforms flags");
  }
  return static_cast<ActivityGamePlatforms>(static_cast<int32_t>(number));
}

Napi::Function ActivityWrap::Define(Napi::Env env) {
  using W = ActivityWrap;
  Napi::Function constructor = DefineClass(
      env, kClassName,
      {Mutator<&W::AddButton>("AddButton"),
       InstanceMethod<&W::GetButtons>("GetButtons"),
       InstanceMethod<&W::Equals>("Equals"),
       StringMethod<&Activity::Name>("Name"),
       Mutator<&W::SetName>("SetName"),
       InstanceMethod<&W::Type>("Type"),
       Mutator<&W::SetType>("SetType"),
       InstanceMethod<&W::StatusDisplayType>("StatusDisplayType"),
       Mutator<&W::SetStatusDisplayType>("SetStatusDisplayType"),
       InstanceMethod<&W::State>("State"),
       Mutator<&W::SetState>("SetState"),
       InstanceMethod<&W::StateUrl>("StateUrl"),
       Mutator<&W::SetStateUrl>("SetStateUrl"),
       InstanceMethod<&W::Details>("Details"),
       Mutator<&W::SetDetails>("SetDetails"),
       InstanceMethod<&W::DetailsUrl>("DetailsUrl"),
       Mutator<&W::SetDetailsUrl>("SetDetailsUrl"),
       InstanceMethod<&W::ApplicationId>("ApplicationId"),
       Mutator<&W::SetApplicationId>("SetApplicationId"),
       InstanceMethod<&W::ParentApplicationId>("ParentApplicationId"),
       Mutator<&W::SetParentApplicationId>("SetParentApplicationId"),
       InstanceMethod<&W::Assets>("Assets"),
       Mutator<&W::SetAssets>("SetAssets"),
       InstanceMethod<&W::Timestamps>("Timestamps"),
       Mutator<&W::SetTimestamps>("SetTimestamps"),
       InstanceMethod<&W::Party>("Party"),
       Mutator<&W::SetParty>("SetParty"),
       InstanceMethod<&W::Secrets>("Secrets"),
       Mutator<&W::SetSecrets>("SetSecrets"),
       InstanceMethod<&W::SupportedPlatforms>("SupportedPlatforms"),
       Mutator<&W::SetSupportedPlatforms>("SetSupportedPlatforms"),
       ValidGetter()});
  return Finish(env, constructor, AddonData::Of(env).activity);
}

Napi::Function ActivityWrap::Constructor(Napi::Env env) {
  return AddonData::Of(env).activity.Value();
}

void ActivityWrap::AddButton(const Napi::CallbackInfo& info, Activity& value) {
  value.AddButton(ActivityButtonWrap::FromArg(Arg(info, 0, "Activity.AddButton", "button")));
}

Napi::Value ActivityWrap::GetButtons(const Napi::CallbackInfo& info) {
  return ArrayOf<ActivityButtonWrap>(info.Env(), value().GetButtons());
}

Napi::Value ActivityWrap::Equals(const Napi::CallbackInfo& info) {
  const Activity& other = ActivityWrap::FromArg(Arg(info, 0, "Activity.Equals", "other"));
  return Napi::Boolean::New(info.Env(), value().Equals(other));
}

void ActivityWrap::SetName(const Napi::CallbackInfo& info, Activity& value) {
  value.SetName(ReadString(Arg(info, 0, "Activity.SetName", "name"), kMaxShortString));
}

Napi::Value ActivityWrap::Type(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().Type()));
}
void ActivityWrap::SetType(const Napi::CallbackInfo& info, Activity& value) {
  value.SetType(static_cast<ActivityTypes>(ReadEnumValue(
      Arg(info, 0, "Activity.SetType", "type"), "ActivityTypes", &IsEnumMember<ActivityTypes>)));
}

Napi::Value ActivityWrap::StatusDisplayType(const Napi::CallbackInfo& info) {
  auto type = value().StatusDisplayType();
  if (!type) return info.Env().Undefined();
  return Napi::Number::New(info.Env(), static_cast<int32_t>(*type));
}
void ActivityWrap::SetStatusDisplayType(const Napi::CallbackInfo& info, Activity& value) {
  ArgRef arg = Arg(info, 0, "Activity.SetStatusDisplayType", "statusDisplayType");
  if (IsNullish(arg.value())) {
    value.SetStatusDisplayType(std::nullopt);
    return;
  }
  value.SetStatusDisplayType(static_cast<StatusDisplayTypes>(
      ReadEnumValue(arg, "StatusDisplayTypes", &IsEnumMember<StatusDisplayTypes>)));
}

Napi::Value ActivityWrap::State(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().State());
}
void ActivityWrap::SetState(const Napi::CallbackInfo& info, Activity& value) {
  value.SetState(
      ReadOptionalString(Arg(info, 0, "Activity.SetState", "state"), kMaxShortString));
}
Napi::Value ActivityWrap::StateUrl(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().StateUrl());
}
void ActivityWrap::SetStateUrl(const Napi::CallbackInfo& info, Activity& value) {
  value.SetStateUrl(
      ReadOptionalString(Arg(info, 0, "Activity.SetStateUrl", "stateUrl"), kMaxUrlString));
}
Napi::Value ActivityWrap::Details(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().Details());
}
void ActivityWrap::SetDetails(const Napi::CallbackInfo& info, Activity& value) {
  value.SetDetails(
      ReadOptionalString(Arg(info, 0, "Activity.SetDetails", "details"), kMaxShortString));
}
Napi::Value ActivityWrap::DetailsUrl(const Napi::CallbackInfo& info) {
  return OptionalStringToJs(info.Env(), value().DetailsUrl());
}
void ActivityWrap::SetDetailsUrl(const Napi::CallbackInfo& info, Activity& value) {
  value.SetDetailsUrl(
      ReadOptionalString(Arg(info, 0, "Activity.SetDetailsUrl", "detailsUrl"), kMaxUrlString));
}

Napi::Value ActivityWrap::ApplicationId(const Napi::CallbackInfo& info) {
  return OptionalU64ToJs(info.Env(), value().ApplicationId());
}
void ActivityWrap::SetApplicationId(const Napi::CallbackInfo& info, Activity& value) {
  value.SetApplicationId(
      ReadOptionalU64(Arg(info, 0, "Activity.SetApplicationId", "applicationId")));
}
Napi::Value ActivityWrap::ParentApplicationId(const Napi::CallbackInfo& info) {
  return OptionalU64ToJs(info.Env(), value().ParentApplicationId());
}
void ActivityWrap::SetParentApplicationId(const Napi::CallbackInfo& info, Activity& value) {
  value.SetParentApplicationId(ReadOptionalU64(
      Arg(info, 0, "Activity.SetParentApplicationId", "parentApplicationId")));
}

Napi::Value ActivityWrap::Assets(const Napi::CallbackInfo& info) {
  return OptionalPartToJs<ActivityAssetsWrap>(info.Env(), value().Assets());
}
void ActivityWrap::SetAssets(const Napi::CallbackInfo& info, Activity& value) {
  value.SetAssets(ReadOptionalPart<ActivityAssetsWrap, ActivityAssets>(
      Arg(info, 0, "Activity.SetAssets", "assets")));
}
Napi::Value ActivityWrap::Timestamps(const Napi::CallbackInfo& info) {
  return OptionalPartToJs<ActivityTimestampsWrap>(info.Env(), value().Timestamps());
}
void ActivityWrap::SetTimestamps(const Napi::CallbackInfo& info, Activity& value) {
  value.SetTimestamps(ReadOptionalPart<ActivityTimestampsWrap, ActivityTimestamps>(
      Arg(info, 0, "Activity.SetTimestamps", "timestamps")));
}
Napi::Value ActivityWrap::Party(const Napi::CallbackInfo& info) {
  return OptionalPartToJs<ActivityPartyWrap>(info.Env(), value().Party());
}
void ActivityWrap::SetParty(const Napi::CallbackInfo& info, Activity& value) {
  value.SetParty(ReadOptionalPart<ActivityPartyWrap, ActivityParty>(
      Arg(info, 0, "Activity.SetParty", "party")));
}
Napi::Value ActivityWrap::Secrets(const Napi::CallbackInfo& info) {
  return OptionalPartToJs<ActivitySecretsWrap>(info.Env(), value().Secrets());
}
void ActivityWrap::SetSecrets(const Napi::CallbackInfo& info, Activity& value) {
  value.SetSecrets(ReadOptionalPart<ActivitySecretsWrap, ActivitySecrets>(
      Arg(info, 0, "Activity.SetSecrets", "secrets")));
}

Napi::Value ActivityWrap::SupportedPlatforms(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<int32_t>(value().SupportedPlatforms()));
}
void ActivityWrap::SetSupportedPlatforms(const Napi::CallbackInfo& info, Activity& value) {
  value.SetSupportedPlatforms(ReadActivityGamePlatforms(
      Arg(info, 0, "Activity.SetSupportedPlatforms", "supportedPlatforms")));
}

}  // namespace sdkpp::napi
