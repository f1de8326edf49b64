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

class ChannelHandle : public detail::HandleBase {
 public:
  static const ChannelHandle nullobj;
  explicit operator bool() const;
  uint64_t Id() const;
  std::string Name() const;
  std::vector<uint64_t> Recipients() const;
  ChannelType Type() const;

 private:
  friend struct detail::SocialFactory;
  ChannelHandle() = default;
  ChannelHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id);
};

class MessageHandle : public detail::HandleBase {
 public:
  static const MessageHandle nullobj;
  // True while the message is in the Client's cache.
  explicit operator bool() const;

  uint64_t Id() const;
  uint64_t AuthorId() const;
  std::optional<UserHandle> Author() const;
  uint64_t ChannelId() const;
  std::optional<ChannelHandle> Channel() const;
  // The text as shown to players: user and channel mentions the SDK knows read as @name and
  // #name, custom emoji as :name:; other markup is left as sent.
  std::string Content() const;
  // The text exactly as received, markup included.
  std::string RawContent() const;
  // ms since the epoch
  uint64_t SentTimestamp() const;
  uint64_t EditedTimestamp() const;
  uint64_t RecipientId() const;
  std::optional<UserHandle> Recipient() const;
  std::optional<LobbyHandle> Lobby() const;
  std::unordered_map<std::string, std::string> Metadata() const;
  std::unordered_map<std::string, std::string> ModerationMetadata() const;
  std::optional<uint64_t> ApplicationId() const;
  // What the text does not show (a poll, attachments, a sticker, ...), for a placeholder;
  // nullopt for a text-only message.
  std::optional<sdkpp::AdditionalContent> AdditionalContent() const;
  std::optional<std::string> AdditionalName() const;
  std::optional<DisclosureTypes> DisclosureType() const;
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

class UserMessageSummary : public detail::ValueObject<detail::UserMessageSummaryFields> {
 public:
  static const UserMessageSummary nullobj;
  uint64_t LastMessageId() const;
  uint64_t UserId() const;

 private:
  friend struct detail::SocialFactory;
  UserMessageSummary(uint64_t last_message_id, uint64_t user_id);
  explicit UserMessageSummary(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
