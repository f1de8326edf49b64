// NativeClient's relationships (core: native/core/src/client/client_relationships.cc).
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "util/wrap_macros.h"
#include "sdkpp/limits.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::RelationshipsMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::GetRelationships>("GetRelationships"),
          InstanceMethod<&W::GetRelationshipsByGroup>("GetRelationshipsByGroup"),
          InstanceMethod<&W::GetRelationshipHandle>("GetRelationshipHandle"),
          InstanceMethod<&W::SearchFriendsByUsername>("SearchFriendsByUsername"),
          InstanceMethod<&W::SendServiceFriendRequest>("SendServiceFriendRequest"),
          InstanceMethod<&W::SendGameFriendRequest>("SendGameFriendRequest"),
          InstanceMethod<&W::SendServiceFriendRequestById>("SendServiceFriendRequestById"),
          InstanceMethod<&W::SendGameFriendRequestById>("SendGameFriendRequestById"),
          InstanceMethod<&W::AcceptServiceFriendRequest>("AcceptServiceFriendRequest"),
          InstanceMethod<&W::AcceptGameFriendRequest>("AcceptGameFriendRequest"),
          InstanceMethod<&W::RejectServiceFriendRequest>("RejectServiceFriendRequest"),
          InstanceMethod<&W::RejectGameFriendRequest>("RejectGameFriendRequest"),
          InstanceMethod<&W::CancelServiceFriendRequest>("CancelServiceFriendRequest"),
          InstanceMethod<&W::CancelGameFriendRequest>("CancelGameFriendRequest"),
          InstanceMethod<&W::RemoveServiceAndGameFriend>("RemoveServiceAndGameFriend"),
          InstanceMethod<&W::RemoveGameFriend>("RemoveGameFriend"),
          InstanceMethod<&W::BlockUser>("BlockUser"),
          InstanceMethod<&W::UnblockUser>("UnblockUser"),
          InstanceMethod<&W::SetRelationshipCreatedCallback>("SetRelationshipCreatedCallback"),
          InstanceMethod<&W::SetRelationshipDeletedCallback>("SetRelationshipDeletedCallback"),
          InstanceMethod<&W::SetRelationshipGroupsUpdatedCallback>("SetRelationshipGroupsUpdatedCallback")};
}

Napi::Value ClientWrap::GetRelationships(const Napi::CallbackInfo& info) {
  return ArrayOf<RelationshipHandleWrap>(info.Env(), client_->GetRelationships());
}

Napi::Value ClientWrap::GetRelationshipsByGroup(const Napi::CallbackInfo& info) {
  auto group = ReadEnumValue(ArgRef{info, 0, "Client.GetRelationshipsByGroup", "groupType"}, "RelationshipGroupType",
                             &IsEnumMember<RelationshipGroupType>);
  return ArrayOf<RelationshipHandleWrap>(info.Env(), client_->GetRelationshipsByGroup(static_cast<RelationshipGroupType>(group)));
}

Napi::Value ClientWrap::GetRelationshipHandle(const Napi::CallbackInfo& info) {
  return RelationshipHandleWrap::NewInstance(info.Env(), client_->GetRelationshipHandle(ReadU64(ArgRef{info, 0, "Client.GetRelationshipHandle", "userId"})));
}

Napi::Value ClientWrap::SearchFriendsByUsername(const Napi::CallbackInfo& info) {
  std::string search = ReadString(ArgRef{info, 0, "Client.SearchFriendsByUsername", "searchStr"}, 64);
  return ArrayOf<UserHandleWrap>(info.Env(), client_->SearchFriendsByUsername(search));
}

#define SDKPP_BY_USERNAME(Name)                                                                \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                      \
    std::string username = ReadText(ArgRef{info, 0, "Client." #Name, "username"}, limits::kMaxUsernameCodePoints); \
    client_->Name(username, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client." #Name, "callback"})); \
  }
#define SDKPP_BY_ID(Name)                                                                      \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                      \
    uint64_t user = ReadU64(ArgRef{info, 0, "Client." #Name, "userId"});                       \
    client_->Name(user, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client." #Name, "callback"})); \
  }

SDKPP_BY_USERNAME(SendServiceFriendRequest)
SDKPP_BY_USERNAME(SendGameFriendRequest)
SDKPP_BY_ID(SendServiceFriendRequestById)
SDKPP_BY_ID(SendGameFriendRequestById)
SDKPP_BY_ID(AcceptServiceFriendRequest)
SDKPP_BY_ID(AcceptGameFriendRequest)
SDKPP_BY_ID(RejectServiceFriendRequest)
SDKPP_BY_ID(RejectGameFriendRequest)
SDKPP_BY_ID(CancelServiceFriendRequest)
SDKPP_BY_ID(CancelGameFriendRequest)
SDKPP_BY_ID(RemoveServiceAndGameFriend)
SDKPP_BY_ID(RemoveGameFriend)
SDKPP_BY_ID(BlockUser)
SDKPP_BY_ID(UnblockUser)

#undef SDKPP_BY_USERNAME
#undef SDKPP_BY_ID

SDKPP_SET_HANDLER(SetRelationshipCreatedCallback, RelationshipCreatedCallback)
SDKPP_SET_HANDLER(SetRelationshipDeletedCallback, RelationshipDeletedCallback)
SDKPP_SET_HANDLER(SetRelationshipGroupsUpdatedCallback, RelationshipGroupsUpdatedCallback)

}  // namespace sdkpp::napi
