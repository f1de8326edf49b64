#include "sdkpp/message_handle.h"

#include "social/content_markup.h"
#include "social/factory.h"

namespace sdkpp {

const ChannelHandle ChannelHandle::nullobj{};

ChannelHandle::ChannelHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id)
    : HandleBase(std::move(state), channel_id) {}

ChannelHandle::operator bool() const {
  auto state = Lock();
  return state && (state->Channel(id()) || state->Lobby(id()));
}

uint64_t ChannelHandle::Id() const { return id(); }

std::string ChannelHandle::Name() const {
  auto state = Lock();
  if (!state) return "";
  if (const auto* channel = state->Channel(id())) return channel->name;
  return "";
}

std::vector<uint64_t> ChannelHandle::Recipients() const {
  auto state = Lock();
  if (!state) return {};
  if (const auto* channel = state->Channel(id())) return channel->recipients;
  if (const auto* lobby = state->Lobby(id())) {
    std::vector<uint64_t> members;
    for (const auto& m : lobby->members) members.push_back(m.id);
    return members;
  }
  return {};
}

ChannelType ChannelHandle::Type() const {
  auto state = Lock();
  if (!state) return ChannelType::Dm;
  if (const auto* channel = state->Channel(id())) return channel->type;
  if (state->Lobby(id())) return ChannelType::Lobby;
  return ChannelType::Dm;
}

const MessageHandle MessageHandle::nullobj{};

MessageHandle::MessageHandle(std::weak_ptr<const social::SocialState> state, uint64_t message_id)
    : HandleBase(std::move(state), message_id) {}

namespace {
template <class T, class Read>
T ReadMessage(std::shared_ptr<const social::SocialState> state, uint64_t id, T fallback, Read read) {
  if (!state) return fallback;
  const social::MessageRecord* message = state->messages.Find(id);
  return message ? read(*message) : fallback;
}
}  // namespace

MessageHandle::operator bool() const {
  auto state = Lock();
  return state && state->messages.Find(id()) != nullptr;
}

uint64_t MessageHandle::Id() const { return id(); }
uint64_t MessageHandle::AuthorId() const {
  return ReadMessage<uint64_t>(Lock(), id(), 0, [](const auto& m) { return m.author_id; });
}
std::optional<UserHandle> MessageHandle::Author() const {
  auto state = Lock();
  uint64_t author = AuthorId();
  if (!state || author == 0 || !state->User(author)) return std::nullopt;
  return detail::SocialFactory::User(this->state(), author);
}
uint64_t MessageHandle::ChannelId() const {
  return ReadMessage<uint64_t>(Lock(), id(), 0, [](const auto& m) { return m.channel_id; });
}
std::optional<ChannelHandle> MessageHandle::Channel() const {
  auto state = Lock();
  uint64_t channel = ChannelId();
  if (!state || channel == 0) return std::nullopt;
  return detail::SocialFactory::Channel(this->state(), channel);
}
std::string MessageHandle::Content() const {
  auto state = Lock();
  if (!state) return "";
  const social::MessageRecord* message = state->messages.Find(id());
  if (!message) return "";
  social::NameLookup user_name = [&](uint64_t user_id) -> std::optional<std::string> {
    const social::UserRecord* user = state->User(user_id);
    if (!user) return std::nullopt;
    return user->global_name && !user->global_name->empty() ? *user->global_name : user->username;
  };
  // Lobbies are found by their linked channel's id, so index them once, and only when a
  // channel mention is not a channel the state holds itself.
  std::optional<std::unordered_map<uint64_t, const std::string*>> linked;
  social::NameLookup channel_name = [&](uint64_t channel_id) -> std::optional<std::string> {
    const social::ChannelRecord* channel = state->Channel(channel_id);
    if (channel && !channel->name.empty()) return channel->name;
    if (!linked) {
      linked.emplace();
      for (const auto& [lobby_id, lobby] : state->lobbies) {
        if (lobby.linked_channel && !lobby.linked_channel->name.empty()) {
          linked->emplace(lobby.linked_channel->id, &lobby.linked_channel->name);
        }
      }
    }
    auto found = linked->find(channel_id);
    if (found == linked->end()) return std::nullopt;
    return *found->second;
  };
  return social::RenderContentMarkup(message->content, user_name, channel_name);
}
std::string MessageHandle::RawContent() const {
  return ReadMessage<std::string>(Lock(), id(), "", [](const auto& m) { return m.content; });
}
uint64_t MessageHandle::SentTimestamp() const {
  return ReadMessage<uint64_t>(Lock(), id(), 0, [](const auto& m) { return m.sent_ms; });
}
uint64_t MessageHandle::EditedTimestamp() const {
  return ReadMessage<uint64_t>(Lock(), id(), 0, [](const auto& m) { return m.edited_ms; });
}
uint64_t MessageHandle::RecipientId() const {
  return ReadMessage<uint64_t>(Lock(), id(), 0, [](const auto& m) { return m.recipient_id; });
}
std::optional<UserHandle> MessageHandle::Recipient() const {
  auto state = Lock();
  uint64_t recipient = RecipientId();
  if (!state || recipient == 0 || !state->User(recipient)) return std::nullopt;
  return detail::SocialFactory::User(this->state(), recipient);
}
std::optional<LobbyHandle> MessageHandle::Lobby() const {
  auto state = Lock();
  uint64_t lobby = ReadMessage<uint64_t>(state, id(), 0, [](const auto& m) { return m.lobby_id; });
  if (!state || lobby == 0 || !state->Lobby(lobby)) return std::nullopt;
  return detail::SocialFactory::Lobby(this->state(), lobby);
}
std::unordered_map<std::string, std::string> MessageHandle::Metadata() const {
  return ReadMessage<std::unordered_map<std::string, std::string>>(Lock(), id(), {}, [](const auto& m) { return m.metadata; });
}
std::unordered_map<std::string, std::string> MessageHandle::ModerationMetadata() const {
  return ReadMessage<std::unordered_map<std::string, std::string>>(Lock(), id(), {},
                                                                  [](const auto& m) { return m.moderation_metadata; });
}
std::optional<uint64_t> MessageHandle::ApplicationId() const {
  return ReadMessage<std::optional<uint64_t>>(Lock(), id(), std::nullopt, [](const auto& m) { return m.application_id; });
}
std::optional<sdkpp::AdditionalContent> MessageHandle::AdditionalContent() const {
  auto record = ReadMessage<std::optional<social::AdditionalContentRecord>>(
      Lock(), id(), std::nullopt, [](const auto& m) { return m.additional_content; });
  if (!record) return std::nullopt;
  sdkpp::AdditionalContent content;
  content.SetType(record->type);
  content.SetTitle(std::move(record->title));
  content.SetCount(record->count);
  return content;
}
std::optional<std::string> MessageHandle::AdditionalName() const {
  return ReadMessage<std::optional<std::string>>(Lock(), id(), std::nullopt, [](const auto& m) { return m.additional_name; });
}
std::optional<DisclosureTypes> MessageHandle::DisclosureType() const { return std::nullopt; }
bool MessageHandle::SentFromGame() const {
  return ReadMessage<bool>(Lock(), id(), false, [](const auto& m) { return m.sent_from_game; });
}

const UserMessageSummary UserMessageSummary::nullobj{nullptr};
UserMessageSummary::UserMessageSummary(std::nullptr_t) noexcept : ValueObject(nullptr) {}
UserMessageSummary::UserMessageSummary(uint64_t last_message_id, uint64_t user_id) {
  if (auto* f = Write()) {
    f->last_message_id = last_message_id;
    f->user_id = user_id;
  }
}
uint64_t UserMessageSummary::LastMessageId() const { return Read().last_message_id; }
uint64_t UserMessageSummary::UserId() const { return Read().user_id; }

}  // namespace sdkpp
