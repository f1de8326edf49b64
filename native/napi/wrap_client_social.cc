// NativeClient's social methods: lobbies, messages, guilds, users, relationships.
#include "args.h"
#include "convert.h"
#include "enum_exports.h"
#include "js_callback.h"
#include "wrap_client.h"
#include "wrap_client_result.h"
#include "wrap_handles.h"

namespace sdkpp::napi {
namespace {

constexpr size_t kMaxContent = 4000;
constexpr size_t kMaxMetadataEntries = 25;
constexpr size_t kMaxMetadataChars = 1000;

std::shared_ptr<JsCallback> ReadCallback(const ArgRef& arg) {
  if (IsNullish(arg.value())) return nullptr;
  return JsCallback::From(ReadFunction(arg));
}

Napi::Value ResultToJs(Napi::Env env, const ClientResult& result) { return ClientResultWrap::NewInstance(env, result); }

Client::ResultCallback ResultCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](ClientResult result) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result)}; });
  };
}

Client::MessagesCallback MessagesCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](ClientResult result, std::vector<MessageHandle> messages) {
    callback->Call([&](Napi::Env env) {
      // Ids: the façade makes its MessageHandle objects (see wrap_client_message_fields.cc).
      Napi::Array ids = Napi::Array::New(env, messages.size());
      for (uint32_t i = 0; i < messages.size(); ++i) ids.Set(i, U64ToJs(env, messages[i].Id()));
      return std::vector<napi_value>{ResultToJs(env, result), ids};
    });
  };
}

Client::SendUserMessageCallback SendCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](ClientResult result, uint64_t id) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), U64ToJs(env, id)}; });
  };
}

std::function<void(uint64_t)> IdCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](uint64_t id) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{U64ToJs(env, id)}; });
  };
}

std::function<void(uint64_t, uint64_t)> TwoIdCallback(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](uint64_t a, uint64_t b) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{U64ToJs(env, a), U64ToJs(env, b)}; });
  };
}

std::function<void(uint64_t, bool)> RelationshipChanged(std::shared_ptr<JsCallback> callback) {
  if (!callback) return nullptr;
  return [callback](uint64_t id, bool service) {
    callback->Call([&](Napi::Env env) { return std::vector<napi_value>{U64ToJs(env, id), Napi::Boolean::New(env, service)}; });
  };
}

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

#define SDKPP_M(Name) InstanceMethod<&ClientWrap::Name>(#Name)

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::SocialMethods() {
  return {SDKPP_M(CreateOrJoinLobby), SDKPP_M(CreateOrJoinLobbyWithMetadata), SDKPP_M(LeaveLobby),
          SDKPP_M(GetLobbyHandle), SDKPP_M(GetLobbyIds), SDKPP_M(LinkChannelToLobby), SDKPP_M(UnlinkChannelFromLobby),
          SDKPP_M(JoinLinkedLobbyGuild), SDKPP_M(SetLobbyCreatedCallback), SDKPP_M(SetLobbyDeletedCallback),
          SDKPP_M(SetLobbyUpdatedCallback), SDKPP_M(SetLobbyMemberAddedCallback), SDKPP_M(SetLobbyMemberRemovedCallback),
          SDKPP_M(SetLobbyMemberUpdatedCallback), SDKPP_M(SendLobbyMessage), SDKPP_M(SendLobbyMessageWithMetadata),
          SDKPP_M(SendUserMessage), SDKPP_M(SendUserMessageWithMetadata), SDKPP_M(EditUserMessage),
          SDKPP_M(DeleteUserMessage), SDKPP_M(GetLobbyMessagesWithLimit), SDKPP_M(GetUserMessagesWithLimit),
          SDKPP_M(GetUserMessageSummaries), SDKPP_M(GetMessageHandle), SDKPP_M(MessageFieldOf), SDKPP_M(GetChannelHandle),
          SDKPP_M(SetMessageCreatedCallback), SDKPP_M(SetMessageUpdatedCallback), SDKPP_M(SetMessageDeletedCallback),
          SDKPP_M(SetShowingChat), SDKPP_M(GetUserGuilds), SDKPP_M(GetGuildChannels), SDKPP_M(GetCurrentUser),
          SDKPP_M(GetCurrentUserV2), SDKPP_M(GetUser), SDKPP_M(GetServiceClientConnectedUser),
          SDKPP_M(GetUserApplicationProfiles), SDKPP_M(GetUserApplicationProfilesNoLock), SDKPP_M(SetUserUpdatedCallback), SDKPP_M(GetRelationships),
          SDKPP_M(GetRelationshipsByGroup), SDKPP_M(GetRelationshipHandle), SDKPP_M(SearchFriendsByUsername),
          SDKPP_M(SendServiceFriendRequest), SDKPP_M(SendGameFriendRequest), SDKPP_M(SendServiceFriendRequestById),
          SDKPP_M(SendGameFriendRequestById), SDKPP_M(AcceptServiceFriendRequest), SDKPP_M(AcceptGameFriendRequest),
          SDKPP_M(RejectServiceFriendRequest), SDKPP_M(RejectGameFriendRequest), SDKPP_M(CancelServiceFriendRequest),
          SDKPP_M(CancelGameFriendRequest), SDKPP_M(RemoveServiceAndGameFriend), SDKPP_M(RemoveGameFriend),
          SDKPP_M(BlockUser), SDKPP_M(UnblockUser), SDKPP_M(SetRelationshipCreatedCallback),
          SDKPP_M(SetRelationshipDeletedCallback), SDKPP_M(SetRelationshipGroupsUpdatedCallback)};
}

#undef SDKPP_M

// --- Lobbies

void ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobby";
  std::string secret = ReadString(ArgRef{info, 0, m, "secret"}, 250);
  auto callback = ReadCallback(ArgRef{info, 1, m, "callback"});
  client_->CreateOrJoinLobby(secret, [callback](ClientResult result, uint64_t id) {
    if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), U64ToJs(env, id)}; });
  });
}

void ClientWrap::CreateOrJoinLobbyWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.CreateOrJoinLobbyWithMetadata";
  std::string secret = ReadString(ArgRef{info, 0, m, "secret"}, 250);
  auto lobby_metadata = ReadMetadata(ArgRef{info, 1, m, "lobbyMetadata"});
  auto member_metadata = ReadMetadata(ArgRef{info, 2, m, "memberMetadata"});
  auto callback = ReadCallback(ArgRef{info, 3, m, "callback"});
  client_->CreateOrJoinLobbyWithMetadata(secret, lobby_metadata, member_metadata, [callback](ClientResult result, uint64_t id) {
    if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), U64ToJs(env, id)}; });
  });
}

void ClientWrap::LeaveLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.LeaveLobby", "lobbyId"});
  client_->LeaveLobby(lobby, ResultCallback(ReadCallback(ArgRef{info, 1, "Client.LeaveLobby", "callback"})));
}

Napi::Value ClientWrap::GetLobbyHandle(const Napi::CallbackInfo& info) {
  return Optional<LobbyHandleWrap>(info.Env(), client_->GetLobbyHandle(ReadU64(ArgRef{info, 0, "Client.GetLobbyHandle", "lobbyId"})));
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo& info) { return ToJs(info.Env(), client_->GetLobbyIds()); }

void ClientWrap::LinkChannelToLobby(const Napi::CallbackInfo& info) {
  const char* m = "Client.LinkChannelToLobby";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  uint64_t channel = ReadU64(ArgRef{info, 1, m, "channelId"});
  client_->LinkChannelToLobby(lobby, channel, ResultCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::UnlinkChannelFromLobby(const Napi::CallbackInfo& info) {
  uint64_t lobby = ReadU64(ArgRef{info, 0, "Client.UnlinkChannelFromLobby", "lobbyId"});
  client_->UnlinkChannelFromLobby(lobby, ResultCallback(ReadCallback(ArgRef{info, 1, "Client.UnlinkChannelFromLobby", "callback"})));
}

void ClientWrap::JoinLinkedLobbyGuild(const Napi::CallbackInfo& info) {
  const char* m = "Client.JoinLinkedLobbyGuild";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  auto merge_required = ReadCallback(ArgRef{info, 1, m, "provisionalUserMergeRequiredCallback"});
  auto callback = ReadCallback(ArgRef{info, 2, m, "callback"});
  client_->JoinLinkedLobbyGuild(
      lobby,
      [merge_required] {
        if (merge_required) merge_required->Call([](Napi::Env) { return std::vector<napi_value>{}; });
      },
      [callback](ClientResult result, std::string url) {
        if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), Napi::String::New(env, url)}; });
      });
}

#define SDKPP_SET_CALLBACK(Name, Adapter)                                                     \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                     \
    client_->Name(Adapter(ReadCallback(ArgRef{info, 0, "Client." #Name, "callback"})));       \
  }

SDKPP_SET_CALLBACK(SetLobbyCreatedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetLobbyDeletedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetLobbyUpdatedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetLobbyMemberAddedCallback, TwoIdCallback)
SDKPP_SET_CALLBACK(SetLobbyMemberRemovedCallback, TwoIdCallback)
SDKPP_SET_CALLBACK(SetLobbyMemberUpdatedCallback, TwoIdCallback)
SDKPP_SET_CALLBACK(SetMessageCreatedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetMessageUpdatedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetMessageDeletedCallback, TwoIdCallback)
SDKPP_SET_CALLBACK(SetUserUpdatedCallback, IdCallback)
SDKPP_SET_CALLBACK(SetRelationshipCreatedCallback, RelationshipChanged)
SDKPP_SET_CALLBACK(SetRelationshipDeletedCallback, RelationshipChanged)
SDKPP_SET_CALLBACK(SetRelationshipGroupsUpdatedCallback, IdCallback)

#undef SDKPP_SET_CALLBACK

// --- Messages

void ClientWrap::SendLobbyMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendLobbyMessage";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  client_->SendLobbyMessage(lobby, content, SendCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::SendLobbyMessageWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendLobbyMessageWithMetadata";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  auto metadata = ReadMetadata(ArgRef{info, 2, m, "metadata"});
  client_->SendLobbyMessageWithMetadata(lobby, content, metadata, SendCallback(ReadCallback(ArgRef{info, 3, m, "callback"})));
}

void ClientWrap::SendUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  client_->SendUserMessage(recipient, content, SendCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::SendUserMessageWithMetadata(const Napi::CallbackInfo& info) {
  const char* m = "Client.SendUserMessageWithMetadata";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  std::string content = ReadString(ArgRef{info, 1, m, "content"}, kMaxContent);
  auto metadata = ReadMetadata(ArgRef{info, 2, m, "metadata"});
  client_->SendUserMessageWithMetadata(recipient, content, metadata, SendCallback(ReadCallback(ArgRef{info, 3, m, "callback"})));
}

void ClientWrap::EditUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.EditUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  uint64_t message = ReadU64(ArgRef{info, 1, m, "messageId"});
  std::string content = ReadString(ArgRef{info, 2, m, "content"}, kMaxContent);
  client_->EditUserMessage(recipient, message, content, ResultCallback(ReadCallback(ArgRef{info, 3, m, "callback"})));
}

void ClientWrap::DeleteUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.DeleteUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  uint64_t message = ReadU64(ArgRef{info, 1, m, "messageId"});
  client_->DeleteUserMessage(recipient, message, ResultCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::GetLobbyMessagesWithLimit(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetLobbyMessagesWithLimit";
  uint64_t lobby = ReadU64(ArgRef{info, 0, m, "lobbyId"});
  int32_t limit = ReadLimit(ArgRef{info, 1, m, "limit"});
  client_->GetLobbyMessagesWithLimit(lobby, limit, MessagesCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::GetUserMessagesWithLimit(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetUserMessagesWithLimit";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  int32_t limit = ReadLimit(ArgRef{info, 1, m, "limit"});
  client_->GetUserMessagesWithLimit(recipient, limit, MessagesCallback(ReadCallback(ArgRef{info, 2, m, "callback"})));
}

void ClientWrap::GetUserMessageSummaries(const Napi::CallbackInfo& info) {
  auto callback = ReadCallback(ArgRef{info, 0, "Client.GetUserMessageSummaries", "callback"});
  client_->GetUserMessageSummaries([callback](ClientResult result, std::vector<UserMessageSummary> summaries) {
    if (callback) callback->Call([&](Napi::Env env) {
      return std::vector<napi_value>{ResultToJs(env, result), ArrayOf<UserMessageSummaryWrap>(env, summaries)};
    });
  });
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
  auto callback = ReadCallback(ArgRef{info, 0, "Client.GetUserGuilds", "callback"});
  client_->GetUserGuilds([callback](ClientResult result, std::vector<GuildMinimal> guilds) {
    if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), ArrayOf<GuildMinimalWrap>(env, guilds)}; });
  });
}

void ClientWrap::GetGuildChannels(const Napi::CallbackInfo& info) {
  uint64_t guild = ReadU64(ArgRef{info, 0, "Client.GetGuildChannels", "guildId"});
  auto callback = ReadCallback(ArgRef{info, 1, "Client.GetGuildChannels", "callback"});
  client_->GetGuildChannels(guild, [callback](ClientResult result, std::vector<GuildChannel> channels) {
    if (callback) callback->Call([&](Napi::Env env) { return std::vector<napi_value>{ResultToJs(env, result), ArrayOf<GuildChannelWrap>(env, channels)}; });
  });
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
  auto callback = ReadCallback(ArgRef{info, 1, m, "callback"});
  client_->GetServiceClientConnectedUser(application_id, [callback](ClientResult result, std::optional<UserHandle> user) {
    if (callback) {
      callback->Call([&](Napi::Env env) {
        return std::vector<napi_value>{ResultToJs(env, result), Optional<UserHandleWrap>(env, user)};
      });
    }
  });
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
    client_->Name(username, ResultCallback(ReadCallback(ArgRef{info, 1, "Client." #Name, "callback"}))); \
  }
#define SDKPP_BY_ID(Name)                                                                      \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                      \
    uint64_t user = ReadU64(ArgRef{info, 0, "Client." #Name, "userId"});                       \
    client_->Name(user, ResultCallback(ReadCallback(ArgRef{info, 1, "Client." #Name, "callback"}))); \
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
