// The only place handles and SDK-only values are made.
#pragma once

#include "sdkpp/guild_types.h"
#include "sdkpp/lobby_handle.h"
#include "sdkpp/message_handle.h"
#include "sdkpp/relationship_handle.h"
#include "sdkpp/user_handle.h"
#include "social/social_state.h"

namespace sdkpp::detail {

struct SocialFactory {
  static UserHandle User(social::StateRef state, uint64_t id) { return UserHandle(std::move(state), id); }
  static RelationshipHandle Relationship(social::StateRef state, uint64_t user_id) {
    return RelationshipHandle(std::move(state), user_id);
  }
  static LobbyHandle Lobby(social::StateRef state, uint64_t id) { return LobbyHandle(std::move(state), id); }
  static LobbyMemberHandle LobbyMember(social::StateRef state, uint64_t lobby_id, uint64_t member_id) {
    return LobbyMemberHandle(std::move(state), lobby_id, member_id);
  }
  static MessageHandle Message(social::StateRef state, uint64_t id) { return MessageHandle(std::move(state), id); }
  static ChannelHandle Channel(social::StateRef state, uint64_t id) { return ChannelHandle(std::move(state), id); }
  static UserApplicationProfileHandle Profile(const social::ApplicationProfileRecord& r) {
    return UserApplicationProfileHandle(r.avatar_hash, r.metadata, r.provider_id,
                                        r.provider_issued_user_id, r.provider_type, r.username);
  }
  static sdkpp::LinkedChannel LinkedChannel(uint64_t id, std::string name, uint64_t guild_id) {
    return sdkpp::LinkedChannel(id, std::move(name), guild_id);
  }
  static CallInfoHandle CallInfo(social::StateRef state, uint64_t channel_id) {
    return CallInfoHandle(std::move(state), channel_id);
  }
  static VoiceStateHandle VoiceState(social::StateRef state, uint64_t channel_id, uint64_t user_id) {
    return VoiceStateHandle(std::move(state), channel_id, user_id);
  }
  static GuildMinimal Guild(uint64_t id, std::string name) { return GuildMinimal(id, std::move(name)); }
  static GuildChannel Channel(GuildChannelFields fields) { return GuildChannel(std::move(fields)); }
  static UserMessageSummary Summary(uint64_t last_message_id, uint64_t user_id) {
    return UserMessageSummary(last_message_id, user_id);
  }
};

}  // namespace sdkpp::detail
