// NativeClient's social methods: lobbies, messages, guilds, users, relationships.
#include "args.h"
#include "callback_adapter.h"
#include "convert.h"
#include "enum_exports.h"
#include "wrap_client.h"
#include "wrap_client_result.h"
#include "wrap_handles.h"

namespace sdkpp::napi {
namespace {

constexpr size_t kMaxContent = 4000;
constexpr size_t kMaxMetadataEntries = 25;
constexpr size_t kMaxMetadataChars = 1000;

Client::StringMap ReadMetadata(const ArgRef& arg) { return ReadStringMap(arg, kMaxMetadataEntries, kMaxMetadataChars); }

int32_t ReadLimit(const ArgRef& arg) {
  if (!arg.value().IsNumber()) ThrowTypeError(arg, "must be a number");
  double limit = arg.value().As<Napi::Number>().DoubleValue();
  if (!(limit >= 1 && limit <= 200) || static_cast<double>(static_cast<int32_t>(limit)) != limit) {
    ThrowRangeError(arg, "must be an integer from 1 to 200");
  }
  return static_cast<int32_t>(limit);
}

}  // namespace

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::SocialMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::CreateOrJoinLobby>("CreateOrJoinLobby"),
          InstanceMethod<&W::CreateOrJoinLobbyWithMetadata>("CreateOrJoinLobbyWithMetadata"),
          InstanceMethod<&W::LeaveLobby>("LeaveLobby"),
          InstanceMethod<&W::GetLobbyHandle>("GetLobbyHandle"),
          InstanceMethod<&W::GetLobbyIds>("GetLobbyIds"),
          InstanceMethod<&W::LinkChannelToLobby>("LinkChannelToLobby"),
          InstanceMethod<&W::UnlinkChannelFromLobby>("UnlinkChannelFromLobby"),
          InstanceMethod<&W::JoinLinkedLobbyGuild>("JoinLinkedLobbyGuild"),
          InstanceMethod<&W::SetLobbyCreatedCallback>("SetLobbyCreatedCallback"),
          InstanceMethod<&W::SetLobbyDeletedCallback>("SetLobbyDeletedCallback"),
          InstanceMethod<&W::SetLobbyUpdatedCallback>("SetLobbyUpdatedCallback"),
          InstanceMethod<&W::SetLobbyMemberAddedCallback>("SetLobbyMemberAddedCallback"),
          InstanceMethod<&W::SetLobbyMemberRemovedCallback>("SetLobbyMemberRemovedCallback"),
          InstanceMethod<&W::SetLobbyMemberUpdatedCallback>("SetLobbyMemberUpdatedCallback"),
          InstanceMethod<&W::SendLobbyMessage>("SendLobbyMessage"),
          InstanceMethod<&W::SendLobbyMessageWithMetadata>("SendLobbyMessageWithMetadata"),
          InstanceMethod<&W::SendUserMessage>("SendUserMessage"),
          InstanceMethod<&W::SendUserMessageWithMetadata>("SendUserMessageWithMetadata"),
          InstanceMethod<&W::EditUserMessage>("EditUserMessage"),
          InstanceMethod<&W::DeleteUserMessage>("DeleteUserMessage"),
          InstanceMethod<&W::GetLobbyMessagesWithLimit>("GetLobbyMessagesWithLimit"),
          InstanceMethod<&W::GetUserMessagesWithLimit>("GetUserMessagesWithLimit"),
          InstanceMethod<&W::GetUserMessageSummaries>("GetUserMessageSummaries"),
          InstanceMethod<&W::GetMessageHandle>("GetMessageHandle"),
          InstanceMethod<&W::MessageFieldOf>("MessageFieldOf"),
          InstanceMethod<&W::GetChannelHandle>("GetChannelHandle"),
          InstanceMethod<&W::SetMessageCreatedCallback>("SetMessageCreatedCallback"),
          InstanceMethod<&W::SetMessageUpdatedCallback>("SetMessageUpdatedCallback"),
          InstanceMethod<&W::SetMessageDeletedCallback>("SetMessageDeletedCallback"),
          InstanceMethod<&W::SetShowingChat>("SetShowingChat"),
          InstanceMethod<&W::GetUserGuilds>("GetUserGuilds"),
          InstanceMethod<&W::GetGuildChannels>("GetGuildChannels"),
          InstanceMethod<&W::GetCurrentUser>("GetCurrentUser"),
          InstanceMethod<&W::GetCurrentUserV2>("GetCurrentUserV2"),
          InstanceMethod<&W::GetUser>("GetUser"),
          InstanceMethod<&W::GetServiceClientConnectedUser>("GetServiceClientConnectedUser"),
          InstanceMethod<&W::GetUserApplicationProfiles>("GetUserApplicationProfiles"),
          InstanceMethod<&W::GetUserApplicationProfilesNoLock>("GetUserApplicationProfilesNoLock"),
          InstanceMethod<&W::SetUserUpdatedCallback>("SetUserUpdatedCallback"),
          InstanceMethod<&W::GetRelationships>("GetRelationships"),
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

// --- Lobbies

void ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobby";
  std::string secret = ReadString(ArgRef{info, 0, m, "secret"}, 250);
  client_->CreateOrJoinLobby(secret, Completion<Client::CreateOrJoinLobbyCallback>(ArgRef{info, 1, m, "callback"}));
}

void ClientWrap::CreateOrJoinLobbyWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobbyWithMetadata";
  std::string secret = ReadString(ArgRef{info, 0, m, "secret"}, 250);
  auto lobby_metadata = ReadMetadata(ArgRef{info, 1, m, "lobbyMetadata"});
  auto member_metadata = ReadMetadata(ArgRef{info, 2, m, "memberMetadata"});
  client_->CreateOrJoinLobbyWithMetadata(secret, lobby_metadata, member_metadata,
                                        Completion<Client::CreateOrJoinLobbyCallback>(ArgRef{info, 3, m, "callback"}));
}

void ClientWrap::LeaveLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.LeaveLobby", "lobbyId"});
  client_->LeaveLobby(lobby, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client.LeaveLobby", "callback"}));
}

Napi::Value ClientWrap::GetLobbyHandle(const Napi::CallbackInfo& info) {
  return Optional<LobbyHandleWrap>(info.Env(), client_->GetLobbyHandle(ReadU64(ArgRef{info, 0, "Client.GetLobbyHandle", "lobbyId"})));
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo& info) { return ToJs(info.Env(), client_->GetLobbyIds()); }

void ClientWrap::LinkChannelToLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.LinkChannelToLobby";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  uint64_t channel = ReadU64(ArgRef{info, 1, m, "channelId"});
  client_->LinkChannelToLobby(lobby, channel, Completion<Client::ResultCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::UnlinkChannelFromLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.UnlinkChannelFromLobby", "lobbyId"});
  client_->UnlinkChannelFromLobby(lobby, Completion<Client::ResultCallback>(ArgRef{info, 1, "Client.UnlinkChannelFromLobby", "callback"}));
}

void ClientWrap::JoinLinkedLobbyGuild(const Napi::CallbackInfo& info) {
  const char* m = "Client.JoinLinkedLobbyGuild";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  client_->JoinLinkedLobbyGuild(
      lobby, Completion<Client::ProvisionalUserMergeRequiredCallback>(ArgRef{info, 1, m, "provisionalUserMergeRequiredCallback"}),
      Completion<Client::JoinLinkedLobbyGuildCallback>(ArgRef{info, 2, m, "callback"}));
}

// Event handlers: undefined or null clears one.
#define SDKPP_SET_HANDLER(Name, Type)                                                        \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                   \
    client_->Name(Handler<Client::Type>(ArgRef{info, 0, "Client." #Name, "callback"}));     \
  }

SDKPP_SET_HANDLER(SetLobbyCreatedCallback, LobbyCreatedCallback)
SDKPP_SET_HANDLER(SetLobbyDeletedCallback, LobbyDeletedCallback)
SDKPP_SET_HANDLER(SetLobbyUpdatedCallback, LobbyUpdatedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberAddedCallback, LobbyMemberAddedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberRemovedCallback, LobbyMemberRemovedCallback)
SDKPP_SET_HANDLER(SetLobbyMemberUpdatedCallback, LobbyMemberUpdatedCallback)
SDKPP_SET_HANDLER(SetMessageCreatedCallback, MessageCreatedCallback)
SDKPP_SET_HANDLER(SetMessageUpdatedCallback, MessageUpdatedCallback)
SDKPP_SET_HANDLER(SetMessageDeletedCallback, MessageDeletedCallback)
SDKPP_SET_HANDLER(SetUserUpdatedCallback, UserUpdatedCallback)
SDKPP_SET_HANDLER(SetRelationshipCreatedCallback, RelationshipCreatedCallback)
SDKPP_SET_HANDLER(SetRelationshipDeletedCallback, RelationshipDeletedCallback)
SDKPP_SET_HANDLER(SetRelationshipGroupsUpdatedCallback, RelationshipGroupsUpdatedCallback)

#undef SDKPP_SET_HANDLER

// --- Messages

void ClientWrap::SendLobbyMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendLobbyMessage";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  client_->SendLobbyMessage(lobby, content, Completion<Client::SendUserMessageCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::SendLobbyMessageWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendLobbyMessageWithMetadata";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  auto metadata = ReadMetadata(ArgRef{info, 2, m, "metadata"});
  client_->SendLobbyMessageWithMetadata(lobby, content, metadata, Completion<Client::SendUserMessageCallback>(ArgRef{info, 3, m, "callback"}));
}

void ClientWrap::SendUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  client_->SendUserMessage(recipient, content, Completion<Client::SendUserMessageCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::SendUserMessageWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendUserMessageWithMetadata";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  auto metadata = ReadMetadata(ArgRef{info, 2, m, "metadata"});
  client_->SendUserMessageWithMetadata(recipient, content, metadata, Completion<Client::SendUserMessageCallback>(ArgRef{info, 3, m, "callback"}));
}

void ClientWrap::EditUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.EditUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  uint64_t message = ReadU64(ArgRef{info, 1, m, "messageId"});
  std::string content = ReadString(ArgRef{info, 2, m, "content"}, kMaxContent);
  client_->EditUserMessage(recipient, message, content, Completion<Client::ResultCallback>(ArgRef{info, 3, m, "callback"}));
}

void ClientWrap::DeleteUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.DeleteUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  uint64_t message = ReadU64(ArgRef{info, 1, m, "messageId"});
  client_->DeleteUserMessage(recipient, message, Completion<Client::ResultCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::GetLobbyMessagesWithLimit(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetLobbyMessagesWithLimit";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  int32_t limit = ReadLimit(ArgRef{info, 1, m, "limit"});
  client_->GetLobbyMessagesWithLimit(lobby, limit, Completion<Client::MessagesCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::GetUserMessagesWithLimit(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetUserMessagesWithLimit";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  int32_t limit = ReadLimit(ArgRef{info, 1, m, "limit"});
  client_->GetUserMessagesWithLimit(recipient, limit, Completion<Client::MessagesCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::GetUserMessageSummaries(const Napi::CallbackInfo& info) {
  client_->GetUserMessageSummaries(
      Completion<Client::UserMessageSummariesCallback>(ArgRef{info, 0, "Client.GetUserMessageSummaries", "callback"}));
}

Napi::Value ClientWrap::GetMessageHandle(const Napi::CallbackInfo& info) {
  // The id when the message is known (the façade makes the handle), else undefined.
  auto message = client_->GetMessageHandle(ReadU64(ArgRef{info, 0, "Client.GetMessageHandle", "messageId"}));
  return message ? Napi::Value(U64ToJs(info.Env(), message->Id())) : info.Env().Undefined();
}

Napi::Value ClientWrap::GetChannelHandle(const Napi::CallbackInfo& info) {
  return Optional<ChannelHandleWrap>(info.Env(), client_->GetChannelHandle(ReadU64(ArgRef{info, 0, "Client.GetChannelHandle", "channelId"})));
}

void ClientWrap::SetShowingChat(const Napi::CallbackInfo& info) {
  client_->SetShowingChat(ReadBool(ArgRef{info, 0, "Client.SetShowingChat", "showingChat"}));
}

// --- Guilds, users

void ClientWrap::GetUserGuilds(const Napi::CallbackInfo& info) {
  client_->GetUserGuilds(Completion<Client::GetUserGuildsCallback>(ArgRef{info, 0, "Client.GetUserGuilds", "callback"}));
}

void ClientWrap::GetGuildChannels(const Napi::CallbackInfo& info) {
  uint64_t guild = ReadU64(ArgRef{info, 0, "Client.GetGuildChannels", "guildId"});
  client_->GetGuildChannels(guild, Completion<Client::GetGuildChannelsCallback>(ArgRef{info, 1, "Client.GetGuildChannels", "callback"}));
}

Napi::Value ClientWrap::GetCurrentUser(const Napi::CallbackInfo& info) {
  return UserHandleWrap::NewInstance(info.Env(), client_->GetCurrentUser());
}

Napi::Value ClientWrap::GetCurrentUserV2(const Napi::CallbackInfo& info) {
  return Optional<UserHandleWrap>(info.Env(), client_->GetCurrentUserV2());
}

Napi::Value ClientWrap::GetUser(const Napi::CallbackInfo& info) {
  return Optional<UserHandleWrap>(info.Env(), client_->GetUser(ReadU64(ArgRef{info, 0, "Client.GetUser", "userId"})));
}

void ClientWrap::GetServiceClientConnectedUser(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetServiceClientConnectedUser";
  uint64_t application_id = ReadU64(ArgRef{info, 0, m, "applicationId"});
  client_->GetServiceClientConnectedUser(application_id,
                                         Completion<Client::GetServiceClientConnectedUserCallback>(ArgRef{info, 1, m, "callback"}));
}

Napi::Value ClientWrap::GetUserApplicationProfiles(const Napi::CallbackInfo& info) {
  return ArrayOf<UserApplicationProfileHandleWrap>(info.Env(), client_->GetUserApplicationProfiles());
}

Napi::Value ClientWrap::GetUserApplicationProfilesNoLock(const Napi::CallbackInfo& info) {
  return ArrayOf<UserApplicationProfileHandleWrap>(info.Env(), client_->GetUserApplicationProfilesNoLock());
}

// --- Relationships

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
    std::string username = ReadString(ArgRef{info, 0, "Client." #Name, "username"}, 64);       \
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

}  // namespace sdkpp::napi
