// JS classes of the handles (live views) and the SDK-only values of the social layer. None has
// a public constructor; each has `nullobj` and a `valid` getter like the value classes.
#pragma once

#include <napi.h>

#include <optional>
#include <vector>

#include "callbacks/js_arg.h"
#include "model/value_wrap.h"
#include "sdkpp/guild_types.h"
#include "sdkpp/lobby_handle.h"
#include "sdkpp/message_handle.h"
#include "sdkpp/relationship_handle.h"
#include "sdkpp/user_handle.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {

SDKPP_HANDLE_WRAP_BEGIN(UserHandleWrap, UserHandle, "UserHandle", 0x1a2b3c4d00000001, 0x5e6f708100000001)
SDKPP_METHOD(Id) SDKPP_METHOD(Username) SDKPP_METHOD(GlobalName) SDKPP_METHOD(DisplayName)
SDKPP_METHOD(Avatar) SDKPP_METHOD(AvatarUrl) SDKPP_METHOD(IsProvisional) SDKPP_METHOD(Status)
SDKPP_METHOD(GameActivity)
SDKPP_METHOD(Relationship) SDKPP_METHOD(UserApplicationProfiles)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(UserApplicationProfileHandleWrap, UserApplicationProfileHandle,
                        "UserApplicationProfileHandle", 0x1a2b3c4d00000002, 0x5e6f708100000002)
SDKPP_METHOD(AvatarHash) SDKPP_METHOD(Metadata) SDKPP_METHOD(ProviderId)
SDKPP_METHOD(ProviderIssuedUserId) SDKPP_METHOD(ProviderType) SDKPP_METHOD(Username)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(RelationshipHandleWrap, RelationshipHandle, "RelationshipHandle", 0x1a2b3c4d00000003, 0x5e6f708100000003)
SDKPP_METHOD(Id) SDKPP_METHOD(ServiceRelationshipType) SDKPP_METHOD(GameRelationshipType)
SDKPP_METHOD(IsSpamRequest) SDKPP_METHOD(User)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(LobbyHandleWrap, LobbyHandle, "LobbyHandle", 0x1a2b3c4d00000004, 0x5e6f708100000004)
SDKPP_METHOD(Id) SDKPP_METHOD(LobbyMemberIds) SDKPP_METHOD(LobbyMembers) SDKPP_METHOD(GetLobbyMemberHandle)
SDKPP_METHOD(Metadata) SDKPP_METHOD(LinkedChannel) SDKPP_METHOD(GetCallInfoHandle)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(LobbyMemberHandleWrap, LobbyMemberHandle, "LobbyMemberHandle", 0x1a2b3c4d00000005, 0x5e6f708100000005)
SDKPP_METHOD(Id) SDKPP_METHOD(Connected) SDKPP_METHOD(CanLinkLobby) SDKPP_METHOD(Metadata) SDKPP_METHOD(User)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(ChannelHandleWrap, ChannelHandle, "ChannelHandle", 0x1a2b3c4d00000007, 0x5e6f708100000007)
SDKPP_METHOD(Id) SDKPP_METHOD(Name) SDKPP_METHOD(Recipients) SDKPP_METHOD(Type)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(UserMessageSummaryWrap, UserMessageSummary, "UserMessageSummary", 0x1a2b3c4d00000008, 0x5e6f708100000008)
SDKPP_METHOD(LastMessageId) SDKPP_METHOD(UserId)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(GuildMinimalWrap, GuildMinimal, "GuildMinimal", 0x1a2b3c4d00000009, 0x5e6f708100000009)
SDKPP_METHOD(Id) SDKPP_METHOD(Name)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(GuildChannelWrap, GuildChannel, "GuildChannel", 0x1a2b3c4d0000000a, 0x5e6f70810000000a)
SDKPP_METHOD(Id) SDKPP_METHOD(Name) SDKPP_METHOD(Type) SDKPP_METHOD(Position) SDKPP_METHOD(ParentId)
SDKPP_METHOD(IsLinkable) SDKPP_METHOD(IsViewableAndWriteableByAllMembers) SDKPP_METHOD(LinkedLobby)
SDKPP_HANDLE_WRAP_END

SDKPP_HANDLE_WRAP_BEGIN(LinkedChannelWrap, LinkedChannel, "LinkedChannel", 0x1a2b3c4d0000000b, 0x5e6f70810000000b)
SDKPP_METHOD(Id) SDKPP_METHOD(Name) SDKPP_METHOD(GuildId)
SDKPP_HANDLE_WRAP_END

// LinkedLobby has a public constructor and setters.
class LinkedLobbyWrap : public ValueWrap<LinkedLobbyWrap, LinkedLobby> {
 public:
  static constexpr const char* kClassName = "LinkedLobby";
  static constexpr const char* kMadeBy = "";
  static constexpr bool kHasPublicConstructor = true;
  static constexpr napi_type_tag kTypeTag = {0x1a2b3c4d0000000c, 0x5e6f70810000000c};
  using Base::Base;
  static Napi::Function Define(Napi::Env env);
  static Napi::Function Constructor(Napi::Env env);

 private:
  Napi::Value ApplicationId(const Napi::CallbackInfo& info);
  void SetApplicationId(const Napi::CallbackInfo& info);
  Napi::Value LobbyId(const Napi::CallbackInfo& info);
  void SetLobbyId(const Napi::CallbackInfo& info);
};

// Registers every class above on `exports`.
void DefineHandleClasses(Napi::Env env, Napi::Object exports);

// --- Callback arguments of these classes (callbacks/js_arg.h)

inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::optional<UserHandle>& user) { return Optional<UserHandleWrap>(env, user); }
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::vector<UserMessageSummary>& items) {
  return ArrayOf<UserMessageSummaryWrap>(env, items);
}
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::vector<GuildMinimal>& items) { return ArrayOf<GuildMinimalWrap>(env, items); }
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::vector<GuildChannel>& items) { return ArrayOf<GuildChannelWrap>(env, items); }
// Message history hands over ids, in a BigUint64Array (one object instead of one bigint per
// message): the façade makes its MessageHandle objects (see wrap_client_message_fields.cc for
// why a message handle is not a wrapped object).
inline Napi::Value JsArg(JsArgTag, Napi::Env env, const std::vector<MessageHandle>& messages) {
  auto ids = Napi::TypedArrayOf<uint64_t>::New(env, messages.size(), napi_biguint64_array);
  for (size_t i = 0; i < messages.size(); ++i) ids[i] = messages[i].Id();
  return ids;
}

}  // namespace sdkpp::napi
