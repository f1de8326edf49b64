#include "social/wrap_handles.h"

#include "callbacks/addon_data.h"
#include "model/wrap_activity.h"
#include "util/convert.h"
#include "util/wrap_macros.h"
#include "voice/wrap_call.h"

namespace sdkpp::napi {

// --- UserHandle
SDKPP_CONSTRUCTOR(UserHandleWrap)
SDKPP_GET(UserHandleWrap, Id)
SDKPP_GET(UserHandleWrap, Username)
SDKPP_GET(UserHandleWrap, GlobalName)
SDKPP_GET(UserHandleWrap, DisplayName)
SDKPP_GET(UserHandleWrap, Avatar)
SDKPP_GET(UserHandleWrap, IsProvisional)
SDKPP_GET(UserHandleWrap, Status)
Napi::Value UserHandleWrap::AvatarUrl(const Napi::CallbackInfo& info) {
  const char* method = "UserHandle.AvatarUrl";
  auto animated = ReadEnumValue(ArgRef{info, 0, method, "animatedType"}, "UserHandle.AvatarType",
                                [](int32_t v) { return v >= 0 && v <= 3; });
  auto still = ReadEnumValue(ArgRef{info, 1, method, "staticType"}, "UserHandle.AvatarType",
                             [](int32_t v) { return v >= 0 && v <= 3; });
  return ToJs(info.Env(), value().AvatarUrl(static_cast<UserHandle::AvatarType>(animated),
                                            static_cast<UserHandle::AvatarType>(still)));
}
SDKPP_GET_WRAPPED(UserHandleWrap, GameActivity, ActivityWrap)
Napi::Value UserHandleWrap::Relationship(const Napi::CallbackInfo& info) {
  return RelationshipHandleWrap::NewInstance(info.Env(), value().Relationship());
}
Napi::Value UserHandleWrap::UserApplicationProfiles(const Napi::CallbackInfo& info) {
  return ArrayOf<UserApplicationProfileHandleWrap>(info.Env(), value().UserApplicationProfiles());
}

// --- UserApplicationProfileHandle
SDKPP_CONSTRUCTOR(UserApplicationProfileHandleWrap)
SDKPP_GET(UserApplicationProfileHandleWrap, AvatarHash)
SDKPP_GET(UserApplicationProfileHandleWrap, Metadata)
SDKPP_GET(UserApplicationProfileHandleWrap, ProviderId)
SDKPP_GET(UserApplicationProfileHandleWrap, ProviderIssuedUserId)
SDKPP_GET(UserApplicationProfileHandleWrap, ProviderType)
SDKPP_GET(UserApplicationProfileHandleWrap, Username)

// --- RelationshipHandle
SDKPP_CONSTRUCTOR(RelationshipHandleWrap)
SDKPP_GET(RelationshipHandleWrap, Id)
SDKPP_GET(RelationshipHandleWrap, ServiceRelationshipType)
SDKPP_GET(RelationshipHandleWrap, GameRelationshipType)
SDKPP_GET(RelationshipHandleWrap, IsSpamRequest)
SDKPP_GET_WRAPPED(RelationshipHandleWrap, User, UserHandleWrap)

// --- LobbyHandle
SDKPP_CONSTRUCTOR(LobbyHandleWrap)
SDKPP_GET(LobbyHandleWrap, Id)
SDKPP_GET(LobbyHandleWrap, LobbyMemberIds)
SDKPP_GET(LobbyHandleWrap, Metadata)
SDKPP_GET_WRAPPED(LobbyHandleWrap, LinkedChannel, LinkedChannelWrap)
Napi::Value LobbyHandleWrap::LobbyMembers(const Napi::CallbackInfo& info) {
  return ArrayOf<LobbyMemberHandleWrap>(info.Env(), value().LobbyMembers());
}
Napi::Value LobbyHandleWrap::GetLobbyMemberHandle(const Napi::CallbackInfo& info) {
  auto member = value().GetLobbyMemberHandle(ReadU64(ArgRef{info, 0, "LobbyHandle.GetLobbyMemberHandle", "memberId"}));
  if (!member) return info.Env().Undefined();
  return LobbyMemberHandleWrap::NewInstance(info.Env(), *member);
}
Napi::Value LobbyHandleWrap::GetCallInfoHandle(const Napi::CallbackInfo& info) {
  return Optional<CallInfoHandleWrap>(info.Env(), value().GetCallInfoHandle());
}

// --- LobbyMemberHandle
SDKPP_CONSTRUCTOR(LobbyMemberHandleWrap)
SDKPP_GET(LobbyMemberHandleWrap, Id)
SDKPP_GET(LobbyMemberHandleWrap, Connected)
SDKPP_GET(LobbyMemberHandleWrap, CanLinkLobby)
SDKPP_GET(LobbyMemberHandleWrap, Metadata)
SDKPP_GET_WRAPPED(LobbyMemberHandleWrap, User, UserHandleWrap)

// --- ChannelHandle
SDKPP_CONSTRUCTOR(ChannelHandleWrap)
SDKPP_GET(ChannelHandleWrap, Id)
SDKPP_GET(ChannelHandleWrap, Name)
SDKPP_GET(ChannelHandleWrap, Recipients)
SDKPP_GET(ChannelHandleWrap, Type)

// --- UserMessageSummary
SDKPP_CONSTRUCTOR(UserMessageSummaryWrap)
SDKPP_GET(UserMessageSummaryWrap, LastMessageId)
SDKPP_GET(UserMessageSummaryWrap, UserId)

// --- GuildMinimal, GuildChannel, LinkedChannel, LinkedLobby
SDKPP_CONSTRUCTOR(GuildMinimalWrap)
SDKPP_GET(GuildMinimalWrap, Id)
SDKPP_GET(GuildMinimalWrap, Name)
SDKPP_CONSTRUCTOR(GuildChannelWrap)
SDKPP_GET(GuildChannelWrap, Id)
SDKPP_GET(GuildChannelWrap, Name)
SDKPP_GET(GuildChannelWrap, Type)
SDKPP_GET(GuildChannelWrap, Position)
SDKPP_GET(GuildChannelWrap, ParentId)
SDKPP_GET(GuildChannelWrap, IsLinkable)
SDKPP_GET(GuildChannelWrap, IsViewableAndWriteableByAllMembers)
SDKPP_GET_WRAPPED(GuildChannelWrap, LinkedLobby, LinkedLobbyWrap)
SDKPP_CONSTRUCTOR(LinkedChannelWrap)
SDKPP_GET(LinkedChannelWrap, Id)
SDKPP_GET(LinkedChannelWrap, Name)
SDKPP_GET(LinkedChannelWrap, GuildId)
SDKPP_CONSTRUCTOR(LinkedLobbyWrap)
SDKPP_GET(LinkedLobbyWrap, ApplicationId)
SDKPP_GET(LinkedLobbyWrap, LobbyId)
void LinkedLobbyWrap::SetApplicationId(const Napi::CallbackInfo& info) {
  value().SetApplicationId(ReadU64(ArgRef{info, 0, "LinkedLobby.SetApplicationId", "applicationId"}));
}
void LinkedLobbyWrap::SetLobbyId(const Napi::CallbackInfo& info) {
  value().SetLobbyId(ReadU64(ArgRef{info, 0, "LinkedLobby.SetLobbyId", "lobbyId"}));
}

SDKPP_DEFINE(UserHandleWrap, SDKPP_M(UserHandleWrap, Id), SDKPP_M(UserHandleWrap, Username),
             SDKPP_M(UserHandleWrap, GlobalName), SDKPP_M(UserHandleWrap, DisplayName),
             SDKPP_M(UserHandleWrap, Avatar), SDKPP_M(UserHandleWrap, AvatarUrl),
             SDKPP_M(UserHandleWrap, IsProvisional), SDKPP_M(UserHandleWrap, Status),
             SDKPP_M(UserHandleWrap, GameActivity),
             SDKPP_M(UserHandleWrap, Relationship), SDKPP_M(UserHandleWrap, UserApplicationProfiles))
SDKPP_DEFINE(UserApplicationProfileHandleWrap, SDKPP_M(UserApplicationProfileHandleWrap, AvatarHash),
             SDKPP_M(UserApplicationProfileHandleWrap, Metadata), SDKPP_M(UserApplicationProfileHandleWrap, ProviderId),
             SDKPP_M(UserApplicationProfileHandleWrap, ProviderIssuedUserId),
             SDKPP_M(UserApplicationProfileHandleWrap, ProviderType), SDKPP_M(UserApplicationProfileHandleWrap, Username))
SDKPP_DEFINE(RelationshipHandleWrap, SDKPP_M(RelationshipHandleWrap, Id),
             SDKPP_M(RelationshipHandleWrap, ServiceRelationshipType), SDKPP_M(RelationshipHandleWrap, GameRelationshipType),
             SDKPP_M(RelationshipHandleWrap, IsSpamRequest), SDKPP_M(RelationshipHandleWrap, User))
SDKPP_DEFINE(LobbyHandleWrap, SDKPP_M(LobbyHandleWrap, Id), SDKPP_M(LobbyHandleWrap, LobbyMemberIds),
             SDKPP_M(LobbyHandleWrap, LobbyMembers), SDKPP_M(LobbyHandleWrap, GetLobbyMemberHandle),
             SDKPP_M(LobbyHandleWrap, Metadata), SDKPP_M(LobbyHandleWrap, LinkedChannel),
             SDKPP_M(LobbyHandleWrap, GetCallInfoHandle))
SDKPP_DEFINE(LobbyMemberHandleWrap, SDKPP_M(LobbyMemberHandleWrap, Id), SDKPP_M(LobbyMemberHandleWrap, Connected),
             SDKPP_M(LobbyMemberHandleWrap, CanLinkLobby), SDKPP_M(LobbyMemberHandleWrap, Metadata),
             SDKPP_M(LobbyMemberHandleWrap, User))
SDKPP_DEFINE(ChannelHandleWrap, SDKPP_M(ChannelHandleWrap, Id), SDKPP_M(ChannelHandleWrap, Name),
             SDKPP_M(ChannelHandleWrap, Recipients), SDKPP_M(ChannelHandleWrap, Type))
SDKPP_DEFINE(UserMessageSummaryWrap, SDKPP_M(UserMessageSummaryWrap, LastMessageId), SDKPP_M(UserMessageSummaryWrap, UserId))
SDKPP_DEFINE(GuildMinimalWrap, SDKPP_M(GuildMinimalWrap, Id), SDKPP_M(GuildMinimalWrap, Name))
SDKPP_DEFINE(GuildChannelWrap, SDKPP_M(GuildChannelWrap, Id), SDKPP_M(GuildChannelWrap, Name),
             SDKPP_M(GuildChannelWrap, Type), SDKPP_M(GuildChannelWrap, Position), SDKPP_M(GuildChannelWrap, ParentId),
             SDKPP_M(GuildChannelWrap, IsLinkable), SDKPP_M(GuildChannelWrap, IsViewableAndWriteableByAllMembers),
             SDKPP_M(GuildChannelWrap, LinkedLobby))
SDKPP_DEFINE(LinkedChannelWrap, SDKPP_M(LinkedChannelWrap, Id), SDKPP_M(LinkedChannelWrap, Name),
             SDKPP_M(LinkedChannelWrap, GuildId))
SDKPP_DEFINE(LinkedLobbyWrap, SDKPP_M(LinkedLobbyWrap, ApplicationId), SDKPP_M(LinkedLobbyWrap, SetApplicationId),
             SDKPP_M(LinkedLobbyWrap, LobbyId), SDKPP_M(LinkedLobbyWrap, SetLobbyId))

void DefineHandleClasses(Napi::Env env, Napi::Object exports) {
  exports.Set("UserHandle", UserHandleWrap::Define(env));
  exports.Set("UserApplicationProfileHandle", UserApplicationProfileHandleWrap::Define(env));
  exports.Set("RelationshipHandle", RelationshipHandleWrap::Define(env));
  exports.Set("LobbyHandle", LobbyHandleWrap::Define(env));
  exports.Set("LobbyMemberHandle", LobbyMemberHandleWrap::Define(env));
  exports.Set("ChannelHandle", ChannelHandleWrap::Define(env));
  exports.Set("UserMessageSummary", UserMessageSummaryWrap::Define(env));
  exports.Set("GuildMinimal", GuildMinimalWrap::Define(env));
  exports.Set("GuildChannel", GuildChannelWrap::Define(env));
  exports.Set("LinkedChannel", LinkedChannelWrap::Define(env));
  exports.Set("LinkedLobby", LinkedLobbyWrap::Define(env));
}

}  // namespace sdkpp::napi
