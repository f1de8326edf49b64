// What the social layer knows, as plain records. Handles (UserHandle, LobbyHandle, ...) are
// live views over these: they look them up at each call.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdkpp/enums.h"

namespace sdkpp::social {

using StringMap = std::unordered_map<std::string, std::string>;

struct ApplicationProfileRecord {
  std::string avatar_hash;
  std::string metadata;
  std::optional<std::string> provider_id;
  std::string provider_issued_user_id;
  ExternalIdentityProviderType provider_type = ExternalIdentityProviderType::Unknown;
  std::string username;
};

struct UserRecord {
  uint64_t id = 0;
  std::string username;
  std::optional<std::string> global_name;
  std::optional<std::string> avatar;
  bool provisional = false;
  bool bot = false;
  StatusType status = StatusType::Offline;
  // The user's activity of this game (or its sibling applications), as the service sent it.
  std::optional<std::string> game_activity_json;
  std::vector<ApplicationProfileRecord> application_profiles;
  uint64_t touched = 0;  // record_bounds.h
};

struct RelationshipRecord {
  uint64_t user_id = 0;
  RelationshipType service = RelationshipType::None;
  RelationshipType game = RelationshipType::None;
  bool spam_request = false;
  bool operator==(const RelationshipRecord&) const = default;
};

struct LobbyMemberRecord {
  uint64_t id = 0;
  StringMap metadata;
  bool connected = false;
  uint32_t flags = 0;  // 1 << 0: CanLinkLobby
  std::optional<std::string> additional_name;
  bool operator==(const LobbyMemberRecord&) const = default;
};

struct LinkedChannelRecord {
  uint64_t id = 0;
  std::string name;
  uint64_t guild_id = 0;
  bool operator==(const LinkedChannelRecord&) const = default;
};

// One user's state in a call (VOICE_STATE_UPDATE; docs/voice-calls.md).
struct VoiceStateRecord {
  uint64_t user_id = 0;
  bool self_mute = false;
  bool self_deaf = false;
};

// Who is in one channel's call, in join order.
struct CallRecord {
  uint64_t channel_id = 0;
  uint64_t guild_id = 0;
  std::vector<VoiceStateRecord> voice_states;
  const VoiceStateRecord* Find(uint64_t user_id) const {
    for (const auto& state : voice_states) {
      if (state.user_id == user_id) return &state;
    }
    return nullptr;
  }
};

struct LobbyRecord {
  uint64_t id = 0;
  uint64_t application_id = 0;
  StringMap metadata;
  std::vector<LobbyMemberRecord> members;
  std::optional<LinkedChannelRecord> linked_channel;
  uint64_t touched = 0;  // record_bounds.h
};

// What a message carries that its text does not show (sdkpp::AdditionalContent's fields).
struct AdditionalContentRecord {
  AdditionalContentType type = AdditionalContentType::Other;
  std::optional<std::string> title;
  uint8_t count = 0;
  bool operator==(const AdditionalContentRecord&) const = default;
};

struct MessageRecord {
  uint64_t id = 0;
  uint64_t author_id = 0;
  uint64_t channel_id = 0;
  uint64_t lobby_id = 0;      // 0: not a lobby message
  uint64_t recipient_id = 0;  // DMs: the user the message went to
  std::string content;
  uint64_t sent_ms = 0;
  uint64_t edited_ms = 0;  // 0: never edited
  StringMap metadata;
  StringMap moderation_metadata;
  std::optional<uint64_t> application_id;
  std::optional<std::string> additional_name;
  std::optional<AdditionalContentRecord> additional_content;
  bool sent_from_game = true;
  // Bookkeeping, not content: MessageCreated was announced for it (social_layer.cc). A record
  // that only a history page brought has not been: its create event may still come.
  bool announced = false;
};

// Whether the app could tell the two apart (the social layer's Updated callbacks fire only when
// it could): every field but the bookkeeping. A lobby's members are compared one by one.
inline bool SameReadable(const MessageRecord& a, const MessageRecord& b) {
  return a.id == b.id && a.author_id == b.author_id && a.channel_id == b.channel_id && a.lobby_id == b.lobby_id &&
         a.recipient_id == b.recipient_id && a.sent_ms == b.sent_ms && a.edited_ms == b.edited_ms &&
         a.sent_from_game == b.sent_from_game && a.application_id == b.application_id && a.content == b.content &&
         a.metadata == b.metadata && a.moderation_metadata == b.moderation_metadata &&
         a.additional_name == b.additional_name && a.additional_content == b.additional_content;
}
inline bool SameReadableOwnFields(const LobbyRecord& a, const LobbyRecord& b) {
  return a.id == b.id && a.application_id == b.application_id && a.metadata == b.metadata &&
         a.linked_channel == b.linked_channel;
}

struct ChannelRecord {
  uint64_t id = 0;
  ChannelType type = ChannelType::Dm;
  std::string name;
  std::vector<uint64_t> recipients;
  uint64_t touched = 0;  // record_bounds.h
};

}  // namespace sdkpp::social
