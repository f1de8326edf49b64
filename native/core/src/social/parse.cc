#include "social/parse.h"

#include <algorithm>

#include "util/time_format.h"

namespace sdkpp::social {
namespace {

constexpr uint64_t kServiceEpochMs = 1420070400000ull;

std::optional<std::string> OptionalString(const json::Value& value) {
  auto text = value.String();
  if (!text) return std::nullopt;
  return std::string(*text);
}

constexpr int64_t kVoiceMessageFlag = 1 << 13;
constexpr int64_t kThreadCreatedType = 18;

uint8_t SaturatedCount(size_t count) { return static_cast<uint8_t>(count < 255 ? count : 255); }

AdditionalContentRecord Additional(AdditionalContentType type, std::optional<std::string> title,
                                   size_t count) {
  return AdditionalContentRecord{type, std::move(title), SaturatedCount(count)};
}

RelationshipType ToRelationshipType(std::optional<int64_t> value) {
  if (!value || *value < 0 || *value > 6) return RelationshipType::None;
  return static_cast<RelationshipType>(*value);
}

}  // namespace

uint64_t SnowflakeTimeMs(uint64_t id) { return (id >> 22) + kServiceEpochMs; }

StringMap ParseStringMap(const json::Value& object) {
  StringMap map;
  for (const auto& [key, value] : object.Members()) {
    if (auto text = value.String()) map.emplace(std::string(key), std::string(*text));
  }
  return map;
}

std::optional<UserRecord> ParseUser(const json::Value& user) {
  auto [id_field, username, global_name, avatar, bot, provisional, profiles] =
      user.Fields("id", "username", "global_name", "avatar", "bot", "is_provisional_account", "application_profiles");
  auto id = id_field.Snowflake();
  if (!id) return std::nullopt;
  UserRecord record;
  record.id = *id;
  record.username = std::string(username.String().value_or(""));
  record.global_name = OptionalString(global_name);
  record.avatar = OptionalString(avatar);
  record.bot = bot.Bool().value_or(false);
  record.provisional = provisional.Bool().value_or(false);
  record.application_profiles = ParseApplicationProfiles(profiles);
  return record;
}

std::vector<ApplicationProfileRecord> ParseApplicationProfiles(const json::Value& profiles) {
  std::vector<ApplicationProfileRecord> records;
  if (!profiles.IsArray()) return records;
  for (const auto& profile : profiles.Items()) {
    if (records.size() >= kMaxApplicationProfiles) break;
    ApplicationProfileRecord record;
    record.provider_issued_user_id = std::string(profile["provider_issued_user_id"].String().value_or(""));
    if (record.provider_issued_user_id.empty()) continue;
    int64_t type = profile["provider_type"].Int().value_or(static_cast<int64_t>(ExternalIdentityProviderType::Unknown));
    record.provider_type = std::string_view(EnumToString(static_cast<ExternalIdentityProviderType>(type))) == "unknown"
                               ? ExternalIdentityProviderType::Unknown
                               : static_cast<ExternalIdentityProviderType>(type);
    record.provider_id = OptionalString(profile["provider_id"]);
    record.username = std::string(profile["username"].String().value_or(""));
    record.avatar_hash = std::string(profile["avatar_hash"].String().value_or(""));
    record.metadata = std::string(profile["metadata"].String().value_or(""));
    records.push_back(std::move(record));
  }
  return records;
}

std::optional<LobbyMemberRecord> ParseLobbyMember(const json::Value& member) {
  auto id = member["id"].Snowflake();
  if (!id) return std::nullopt;
  LobbyMemberRecord record;
  record.id = *id;
  record.metadata = ParseStringMap(member["metadata"]);
  record.connected = member["connected"].Bool().value_or(false);
  record.flags = static_cast<uint32_t>(member["flags"].Int().value_or(0));
  record.additional_name = OptionalString(member["additional_name"]);
  return record;
}

std::optional<LobbyRecord> ParseLobby(const json::Value& lobby) {
  auto id = lobby["id"].Snowflake();
  if (!id) return std::nullopt;
  LobbyRecord record;
  record.id = *id;
  record.application_id = lobby["application_id"].Snowflake().value_or(0);
  record.metadata = ParseStringMap(lobby["metadata"]);
  for (const auto& member : lobby["members"].Items()) {
    if (auto parsed = ParseLobbyMember(member)) record.members.push_back(std::move(*parsed));
  }
  json::Value linked = lobby["linked_channel"];
  if (linked.IsObject()) {
    if (auto channel_id = linked["id"].Snowflake()) {
      record.linked_channel = LinkedChannelRecord{*channel_id, std::string(linked["name"].String().value_or("")),
                                                  linked["guild_id"].Snowflake().value_or(0)};
    }
  }
  return record;
}

std::optional<AdditionalContentRecord> ParseAdditionalContent(const json::Value& message) {
  using Type = AdditionalContentType;
  // Messages arrive by the thousand: their fields are found in one pass (json::Value::Fields).
  auto [type, content, attachment_list, embed_list, flags, sticker_items, poll, thread] =
      message.Fields("type", "content", "attachments", "embeds", "flags", "sticker_items", "poll", "thread");
  auto attachments = attachment_list.Items();
  // A voice message is an attachment too; it is told apart by its flag alone.
  if (flags.Int().value_or(0) & kVoiceMessageFlag) {
    return Additional(Type::VoiceMessage, std::nullopt, std::max<size_t>(attachments.size(), 1));
  }
  if (poll.IsObject()) {
    return Additional(Type::Poll, OptionalString(poll["question"]["text"]), poll["answers"].Items().size());
  }
  if (!attachments.empty()) {
    // One file's name says what it is; for several, a name would misdescribe the rest.
    auto title = attachments.size() == 1 ? OptionalString(attachments[0]["filename"]) : std::nullopt;
    return Additional(Type::Attachment, std::move(title), attachments.size());
  }
  if (auto stickers = sticker_items.Items(); !stickers.empty()) {
    return Additional(Type::Sticker, OptionalString(stickers[0]["name"]), stickers.size());
  }
  if (auto embeds = embed_list.Items(); !embeds.empty()) {
    return Additional(Type::Embed, OptionalString(embeds[0]["title"]), embeds.size());
  }
  if (thread.IsObject()) return Additional(Type::Thread, OptionalString(thread["name"]), 1);
  if (type.Int() == kThreadCreatedType) {
    // The service's thread-created notice carries the thread's name as its content.
    return Additional(Type::Thread, OptionalString(content), 1);
  }
  return std::nullopt;
}

std::optional<MessageRecord> ParseMessage(const json::Value& message) {
  // In the order the service writes them (Fields is quickest then).
  auto [id_field, content, channel_id, timestamp, edited_timestamp, application_id, author, author_id, lobby_id,
        recipient_id, metadata, moderation_metadata, lobby_member, linked_channel_id] =
      message.Fields("id", "content", "channel_id", "timestamp", "edited_timestamp", "application_id", "author",
                     "author_id", "lobby_id", "recipient_id", "metadata", "moderation_metadata", "lobby_member",
                     "linked_channel_id");
  auto id = id_field.Snowflake();
  if (!id) return std::nullopt;
  MessageRecord record;
  record.id = *id;
  record.channel_id = channel_id.Snowflake().value_or(0);
  record.lobby_id = lobby_id.Snowflake().value_or(0);
  record.recipient_id = recipient_id.Snowflake().value_or(0);
  record.author_id = author["id"].Snowflake().value_or(author_id.Snowflake().value_or(0));
  record.content = std::string(content.String().value_or(""));
  auto sent = timestamp.String();
  record.sent_ms = sent ? ParseIso8601(*sent).value_or(SnowflakeTimeMs(*id)) : SnowflakeTimeMs(*id);
  if (auto edited = edited_timestamp.String()) record.edited_ms = ParseIso8601(*edited).value_or(0);
  record.metadata = ParseStringMap(metadata);
  record.moderation_metadata = ParseStringMap(moderation_metadata);
  record.application_id = application_id.Snowflake();
  record.additional_name = OptionalString(lobby_member["additional_name"]);
  record.additional_content = ParseAdditionalContent(message);
  // A lobby message written in the lobby's linked guild channel names that channel
  // (docs/emulator.md, "Linked channels"): it was not sent from a game.
  record.sent_from_game = !linked_channel_id.Snowflake().has_value();
  if (record.lobby_id != 0 && record.channel_id == 0) record.channel_id = record.lobby_id;
  return record;
}

std::optional<RelationshipRecord> ParseRelationship(const json::Value& relationship) {
  auto id = relationship["id"].Snowflake();
  if (!id) return std::nullopt;
  RelationshipRecord record;
  record.user_id = *id;
  record.service = ToRelationshipType(relationship["type"].Int());
  record.game = ToRelationshipType(relationship["game_relationship_type"].Int());
  record.spam_request = relationship["is_spam_request"].Bool().value_or(false);
  return record;
}

}  // namespace sdkpp::social
