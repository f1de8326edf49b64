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

class LobbyMemberHandle : public detail::HandleBase {
 public:
  static const LobbyMemberHandle nullobj;

  explicit operator bool() const;
  uint64_t Id() const;
  bool Connected() const;
  bool CanLinkLobby() const;
  std::unordered_map<std::string, std::string> Metadata() const;
  std::optional<UserHandle> User() const;

 private:
  friend struct detail::SocialFactory;
  LobbyMemberHandle() = default;
  LobbyMemberHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id,
                    uint64_t member_id);
  uint64_t lobby_id_ = 0;
};

class LobbyHandle : public detail::HandleBase {
 public:
  static const LobbyHandle nullobj;

  explicit operator bool() const;
  uint64_t Id() const;
  std::vector<uint64_t> LobbyMemberIds() const;
  std::vector<LobbyMemberHandle> LobbyMembers() const;
  std::optional<LobbyMemberHandle> GetLobbyMemberHandle(uint64_t memberId) const;
  std::unordered_map<std::string, std::string> Metadata() const;
  std::optional<sdkpp::LinkedChannel> LinkedChannel() const;
  // The lobby's call while anyone is in it (this user or not).
  std::optional<CallInfoHandle> GetCallInfoHandle() const;

 private:
  friend struct detail::SocialFactory;
  LobbyHandle() = default;
  LobbyHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id);
};

}  // namespace sdkpp
