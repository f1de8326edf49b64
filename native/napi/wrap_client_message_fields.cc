// MessageHandle's fields, read by message id. The façade's MessageHandle is a small JS object
// (the client and the id) rather than a wrapped native object: history hands out up to 200
// handles at a time, and a wrapped object costs about 0.9 µs to make plus a finalizer for the
// GC, where a JS object costs tens of nanoseconds. Each getter reads the core's live view here,
// so a handle answers defaults once its message has left the cache, as in C++.
#include "args.h"
#include "convert.h"
#include "wrap_client.h"
#include "wrap_handles.h"

namespace sdkpp::napi {

namespace {

// The order of MessageField in lib/sdk/message_handle.ts.
enum class MessageField : int32_t {
  Valid = 0,
  AuthorId,
  Author,
  ChannelId,
  Channel,
  Content,
  RawContent,
  SentTimestamp,
  EditedTimestamp,
  RecipientId,
  Recipient,
  Lobby,
  Metadata,
  ModerationMetadata,
  ApplicationId,
  AdditionalContent,
  AdditionalName,
  DisclosureType,
  SentFromGame,
  Count,
};

Napi::Value AdditionalContentToJs(Napi::Env env, const std::optional<sdkpp::AdditionalContent>& content) {
  if (!content) return env.Undefined();
  Napi::Object object = Napi::Object::New(env);
  object.Set("Type", ToJs(env, content->Type()));
  object.Set("Title", ToJs(env, content->Title()));
  object.Set("Count", ToJs(env, content->Count()));
  return object;
}

}  // namespace

Napi::Value ClientWrap::MessageFieldOf(const Napi::CallbackInfo& info) {
  const char* method = "MessageHandle";
  uint64_t id = ReadU64(ArgRef{info, 0, method, "messageId"});
  int32_t raw = ReadInt(ArgRef{info, 1, method, "field"}, 0, static_cast<int32_t>(MessageField::Count) - 1,
                        "is not a MessageHandle field");
  Napi::Env env = info.Env();
  // A UI reads several fields of one message in a row: keep its handle. A handle is a live
  // view (every getter reads the current state), so a kept one answers as a fresh one would.
  if (!last_message_ || last_message_->Id() != id) last_message_ = client_->GetMessageHandle(id);
  const MessageHandle& message = last_message_ && last_message_->Id() == id ? *last_message_ : MessageHandle::nullobj;
  switch (static_cast<MessageField>(raw)) {
    case MessageField::Valid: return ToJs(env, static_cast<bool>(message));
    case MessageField::AuthorId: return ToJs(env, message.AuthorId());
    case MessageField::Author: return Optional<UserHandleWrap>(env, message.Author());
    case MessageField::ChannelId: return ToJs(env, message.ChannelId());
    case MessageField::Channel: return Optional<ChannelHandleWrap>(env, message.Channel());
    case MessageField::Content: return ToJs(env, message.Content());
    case MessageField::RawContent: return ToJs(env, message.RawContent());
    case MessageField::SentTimestamp: return ToJs(env, message.SentTimestamp());
    case MessageField::EditedTimestamp: return ToJs(env, message.EditedTimestamp());
    case MessageField::RecipientId: return ToJs(env, message.RecipientId());
    case MessageField::Recipient: return Optional<UserHandleWrap>(env, message.Recipient());
    case MessageField::Lobby: return Optional<LobbyHandleWrap>(env, message.Lobby());
    case MessageField::Metadata: return ToJs(env, message.Metadata());
    case MessageField::ModerationMetadata: return ToJs(env, message.ModerationMetadata());
    case MessageField::ApplicationId: return ToJs(env, message.ApplicationId());
    case MessageField::AdditionalContent: return AdditionalContentToJs(env, message.AdditionalContent());
    case MessageField::AdditionalName: return ToJs(env, message.AdditionalName());
    case MessageField::DisclosureType: return ToJs(env, message.DisclosureType());
    case MessageField::SentFromGame: return ToJs(env, message.SentFromGame());
    case MessageField::Count: break;
  }
  return env.Undefined();
}

}  // namespace sdkpp::napi
