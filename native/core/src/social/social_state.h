// The social layer's state: users, relationships, lobbies, channels and the message cache of
// one Client. Owned by the Client through a shared_ptr; handles hold weak_ptrs, so after the
// Client is gone their getters read defaults instead of dangling.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "social/message_cache.h"
#include "social/records.h"

namespace sdkpp::social {

class SocialState {
 public:
  uint64_t current_user_id = 0;
  std::string cdn_base;  // e.g. "https://cdn.example"; avatars are built from it
  std::unordered_map<uint64_t, UserRecord> users;
  std::unordered_map<uint64_t, RelationshipRecord> relationships;
  std::unordered_map<uint64_t, LobbyRecord> lobbies;
  std::unordered_map<uint64_t, ChannelRecord> channels;
  // Calls with at least one member, by channel (lobby) id; voice/call keeps them.
  std::unordered_map<uint64_t, CallRecord> calls;
  MessageCache messages;
  uint64_t touch_clock = 0;  // ticks once per record written (record_bounds.h)

  const UserRecord* User(uint64_t id) const {
    auto it = users.find(id);
    return it == users.end() ? nullptr : &it->second;
  }
  const LobbyRecord* Lobby(uint64_t id) const {
    auto it = lobbies.find(id);
    return it == lobbies.end() ? nullptr : &it->second;
  }
  const RelationshipRecord* Relationship(uint64_t user_id) const {
    auto it = relationships.find(user_id);
    return it == relationships.end() ? nullptr : &it->second;
  }
  const CallRecord* Call(uint64_t channel_id) const {
    auto it = calls.find(channel_id);
    return it == calls.end() ? nullptr : &it->second;
  }
  const ChannelRecord* Channel(uint64_t id) const {
    auto it = channels.find(id);
    return it == channels.end() ? nullptr : &it->second;
  }
};

using StateRef = std::weak_ptr<const SocialState>;

}  // namespace sdkpp::social
