// NativeClient's messages (core: native/core/src/client/client_messages.cc); the façade's
// MessageHandle reads are in wrap_client_message_fields.cc.
#include "callbacks/callback_adapter.h"
#include "client/wrap_client.h"
#include "enums/enum_exports.h"
#include "model/wrap_client_result.h"
#include "sdkpp/limits.h"
#include "social/wrap_handles.h"
#include "util/args.h"
#include "util/convert.h"
#include "util/wrap_macros.h"

namespace sdkpp::napi {

std::vector<Napi::ClassPropertyDescriptor<ClientWrap>> ClientWrap::MessagesMethods() {
  using W = ClientWrap;
  return {InstanceMethod<&W::SendLobbyMessage>("SendLobbyMessage"),
          InstanceMethod<&W::SendLobbyMessageWithMetadata>("SendLobbyMessageWithMetadata"),
          InstanceMethod<&W::SendUserMessage>("SendUserMessage"),
          InstanceMethod<&W::SendUserMessageWithMetadata>("SendUserMessageWithMetadata"),
          InstanceMethod<&W::EditUserMessage>("EditUserMessage"),
          InstanceMethod<&W::DeleteUserMessage>("DeleteUserMessage"),
          InstanceMethod<&W::GetLobbyMessagesWithLimit>("GetLobbyMessagesWithLimit"),
          InstanceMethod<&W::GetUserMessagesWithLimit>("GetUserMessagesWithLimit"),
          InstanceMethod<&W::GetUserMessageSummaries>("GetUserMessageSummaries"),
          InstanceMethod<&W::GetMessageHandle>("GetMessageHandle"),
          InstanceMethod<&W::MessageShared>("MessageShared"),
          InstanceMethod<&W::ReadMessages>("ReadMessages"),
          InstanceMethod<&W::MessageFieldOf>("MessageFieldOf"),
          InstanceMethod<&W::GetChannelHandle>("GetChannelHandle"),
          InstanceMethod<&W::SetMessageCreatedCallback>("SetMessageCreatedCallback"),
          InstanceMethod<&W::SetMessageUpdatedCallback>("SetMessageUpdatedCallback"),
          InstanceMethod<&W::SetMessageDeletedCallback>("SetMessageDeletedCallback"),
          InstanceMethod<&W::SetShowingChat>("SetShowingChat")};
}

// The four sends share one shape: (target id, content[, metadata], callback).
#define SDKPP_SEND(Name, target)                                                                 \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                        \
    const char* m = "Client." #Name;                                                             \
    uint64_t id = ReadU64(ArgRef{info, 0, m, target});                                           \
    std::string content = ReadText(ArgRef{info, 1, m, "content"}, limits::kMaxMessageContentCodePoints); \
    client_->Name(id, content, Completion<Client::SendUserMessageCallback>(ArgRef{info, 2, m, "callback"})); \
  }
#define SDKPP_SEND_WITH_METADATA(Name, target)                                                   \
  void ClientWrap::Name(const Napi::CallbackInfo& info) {                                        \
    const char* m = "Client." #Name;                                                             \
    uint64_t id = ReadU64(ArgRef{info, 0, m, target});                                           \
    std::string content = ReadText(ArgRef{info, 1, m, "content"}, limits::kMaxMessageContentCodePoints); \
    auto metadata = ReadMetadata(ArgRef{info, 2, m, "metadata"});                                \
    client_->Name(id, content, metadata,                                                         \
                  Completion<Client::SendUserMessageCallback>(ArgRef{info, 3, m, "callback"}));  \
  }

SDKPP_SEND(SendLobbyMessage, "lobbyId")
SDKPP_SEND_WITH_METADATA(SendLobbyMessageWithMetadata, "lobbyId")
SDKPP_SEND(SendUserMessage, "recipientId")
SDKPP_SEND_WITH_METADATA(SendUserMessageWithMetadata, "recipientId")

#undef SDKPP_SEND
#undef SDKPP_SEND_WITH_METADATA

void ClientWrap::EditUserMessage(const Napi::CallbackInfo& info) {
  const char* m = "Client.EditUserMessage";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  uint64_t message = ReadU64(ArgRef{info, 1, m, "messageId"});
  std::string content = ReadText(ArgRef{info, 2, m, "content"}, limits::kMaxMessageContentCodePoints);
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
  int32_t limit = ReadInt32(ArgRef{info, 1, m, "limit"});
  client_->GetLobbyMessagesWithLimit(lobby, limit, Completion<Client::MessagesCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::GetUserMessagesWithLimit(const Napi::CallbackInfo& info) {
  const char* m = "Client.GetUserMessagesWithLimit";
  uint64_t recipient = ReadU64(ArgRef{info, 0, m, "recipientId"});
  int32_t limit = ReadInt32(ArgRef{info, 1, m, "limit"});
  client_->GetUserMessagesWithLimit(recipient, limit, Completion<Client::MessagesCallback>(ArgRef{info, 2, m, "callback"}));
}

void ClientWrap::GetUserMessageSummaries(const Napi::CallbackInfo& info) {
  client_->GetUserMessageSummaries(
      Completion<Client::UserMessageSummariesCallback>(ArgRef{info, 0, "Client.GetUserMessageSummaries", "callback"}));
}

Napi::Value ClientWrap::GetMessageHandle(const Napi::CallbackInfo& info) {
  // undefined when the message is not known; else its snapshot goes to the bytes the façade
  // shares with the addon and the answer is its text: GetMessageHandle and the first getters of
  // the handle cost one call (wrap_client_message_fields.cc).
  return SnapshotOfOne(info.Env(), ReadU64(ArgRef{info, 0, "Client.GetMessageHandle", "messageId"}));
}

Napi::Value ClientWrap::GetChannelHandle(const Napi::CallbackInfo& info) {
  return Optional<ChannelHandleWrap>(info.Env(), client_->GetChannelHandle(ReadU64(ArgRef{info, 0, "Client.GetChannelHandle", "channelId"})));
}

void ClientWrap::SetShowingChat(const Napi::CallbackInfo& info) {
  client_->SetShowingChat(ReadBool(ArgRef{info, 0, "Client.SetShowingChat", "showingChat"}));
}

SDKPP_SET_HANDLER(SetMessageCreatedCallback, MessageCreatedCallback)
SDKPP_SET_HANDLER(SetMessageUpdatedCallback, MessageUpdatedCallback)
SDKPP_SET_HANDLER(SetMessageDeletedCallback, MessageDeletedCallback)

}  // namespace sdkpp::napi
