// Live views of a message, a channel, and the per-conversation summary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdkpp/additional_content.h"
#include "sdkpp/detail/handle_base.h"
#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"
#include "sdkpp/lobby_handle.h"
#include "sdkpp/user_handle.h"

namespace sdkpp {

// A live view of a channel the SDK knows: a DM, a group DM, a lobby, a guild channel
// (Client::GetChannelHandle, MessageHandle::Channel).
class ChannelHandle : public detail::HandleBase {
 public:
  // A handle of no channel: operator bool false, every getter answers its default.
  static const ChannelHandle nullobj;
  // True while the SDK knows the channel and the Client exists; false for nullobj.
  explicit operator bool() const;
  // The channel's id.
  uint64_t Id() const;
  // The channel's name ("" for a DM).
  std::string Name() const;
  // The user ids of a DM's or group DM's other members.
  std::vector<uint64_t> Recipients() const;
  // The kind of channel.
  ChannelType Type() const;

 private:
  friend struct detail::SocialFactory;
  ChannelHandle() = default;
  ChannelHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id);
};

// A live view of a message in the Client's cache (Client::GetMessageHandle, the message history
// calls, the message callbacks); defaults once it left the cache (deleted, or evicted by the
// cache's bounds) or the Client is gone.
class MessageHandle : public detail::HandleBase {
 public:
  // A handle of no message: operator bool false, every getter answers its default.
  static const MessageHandle nullobj;
  // True while the message is in the Client's cache.
  explicit operator bool() const;

  // The message's id.
  uint64_t Id() const;
  // The author's user id.
  uint64_t AuthorId() const;
  // The author, when the SDK knows them.
  std::optional<UserHandle> Author() const;
  // The id of the channel the message is in (a lobby's id for a lobby message).
  uint64_t ChannelId() const;
  // The channel the message is in, when the SDK knows it.
  std::optional<ChannelHandle> Channel() const;
  // The text as shown to players: user and channel mentions the SDK knows read as @name and
  // #name, custom emoji as :name:; other markup is left as sent.
  std::string Content() const;
  // The text exactly as received, markup included.
  std::string RawContent() const;
  // When the message was sent: ms since the epoch.
  uint64_t SentTimestamp() const;
  // When the message was last edited: ms since the epoch; 0 if never edited.
  uint64_t EditedTimestamp() const;
  // A direct message's recipient (the other user, for one's own); 0 for a lobby message.
  uint64_t RecipientId() const;
  // The recipient of a direct message, when the SDK knows them.
  std::optional<UserHandle> Recipient() const;
  // The lobby of a lobby message, while the current user is in it.
  std::optional<LobbyHandle> Lobby() const;
  // The metadata the sender set (SendLobbyMessageWithMetadata, SendUserMessageWithMetadata);
  // empty when none.
  std::unordered_map<std::string, std::string> Metadata() const;
  // Metadata the application's moderation set on the message (at most
  // limits::kMaxModerationMetadataKeysCount keys); empty when none.
  std::unordered_map<std::string, std::string> ModerationMetadata() const;
  // The application the message was sent from, when one was.
  std::optional<uint64_t> ApplicationId() const;
  // What the text does not show (a poll, attachments, a sticker, ...), for a placeholder;
  // nullopt for a text-only message.
  std::optional<sdkpp::AdditionalContent> AdditionalContent() const;
  // The name the sender had in the lobby (a member's additional name), when set.
  std::optional<std::string> AdditionalName() const;
  // What the chat client tells the player about the message, when anything.
  std::optional<DisclosureTypes> DisclosureType() const;
  // True when the message was sent from a game (through this SDK or another).
  bool SentFromGame() const;

 private:
  friend struct detail::SocialFactory;
  MessageHandle() = default;
  MessageHandle(std::weak_ptr<const social::SocialState> state, uint64_t message_id);
};

namespace detail {
struct UserMessageSummaryFields {
  uint64_t last_message_id = 0;
  uint64_t user_id = 0;
};
}  // namespace detail

// One DM conversation in Client::GetUserMessageSummaries: the other user and the newest
// message's id. A snapshot.
class UserMessageSummary : public detail::ValueObject<detail::UserMessageSummaryFields> {
 public:
  // The invalid summary (operator bool false; both ids 0).
  static const UserMessageSummary nullobj;
  // The id of the conversation's newest message.
  uint64_t LastMessageId() const;
  // The other user's id.
  uint64_t UserId() const;

 private:
  friend struct detail::SocialFactory;
  UserMessageSummary(uint64_t last_message_id, uint64_t user_id);
  explicit UserMessageSummary(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
