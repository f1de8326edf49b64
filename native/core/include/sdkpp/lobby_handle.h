// Live views of a lobby and its members.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdkpp/call_info_handle.h"
#include "sdkpp/detail/handle_base.h"
#include "sdkpp/guild_types.h"
#include "sdkpp/user_handle.h"

namespace sdkpp {

// A live view of one member of a lobby (LobbyHandle::LobbyMembers,
// LobbyHandle::GetLobbyMemberHandle): each getter reads the SDK's current state; defaults once
// the member left.
class LobbyMemberHandle : public detail::HandleBase {
 public:
  // A handle of no member: operator bool false, every getter answers its default.
  static const LobbyMemberHandle nullobj;

  // True while the member is in the lobby and the Client exists; false for nullobj.
  explicit operator bool() const;
  // The member's user id.
  uint64_t Id() const;
  // True while the member has a gateway session (is online in the game).
  bool Connected() const;
  // True when the member may link the lobby to a channel (Client::LinkChannelToLobby).
  bool CanLinkLobby() const;
  // The member's metadata (keys and values together at most limits::kMaxMetadataCodePoints
  // code points); empty when none.
  std::unordered_map<std::string, std::string> Metadata() const;
  // The member as a user, when the SDK knows them.
  std::optional<UserHandle> User() const;

 private:
  friend struct detail::SocialFactory;
  LobbyMemberHandle() = default;
  LobbyMemberHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id,
                    uint64_t member_id);
  uint64_t lobby_id_ = 0;
};

// A live view of a lobby the current user is in (Client::GetLobbyHandle): each getter reads the
// SDK's current state; defaults once the user left the lobby or it was deleted.
class LobbyHandle : public detail::HandleBase {
 public:
  // A handle of no lobby: operator bool false, every getter answers its default.
  static const LobbyHandle nullobj;

  // True while the current user is in the lobby and the Client exists; false for nullobj.
  explicit operator bool() const;
  // The lobby's id.
  uint64_t Id() const;
  // The members' user ids (at most limits::kMaxLobbyMembersCount).
  std::vector<uint64_t> LobbyMemberIds() const;
  // The members, as handles.
  std::vector<LobbyMemberHandle> LobbyMembers() const;
  // One member by user id; std::nullopt when `memberId` is not a member.
  std::optional<LobbyMemberHandle> GetLobbyMemberHandle(uint64_t memberId) const;
  // The lobby's metadata (keys and values together at most limits::kMaxMetadataCodePoints code
  // points); empty when none.
  std::unordered_map<std::string, std::string> Metadata() const;
  // The guild channel linked to the lobby, if any.
  std::optional<sdkpp::LinkedChannel> LinkedChannel() const;
  // The lobby's call while anyone is in it (this user or not).
  std::optional<CallInfoHandle> GetCallInfoHandle() const;

 private:
  friend struct detail::SocialFactory;
  LobbyHandle() = default;
  LobbyHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id);
};

}  // namespace sdkpp
