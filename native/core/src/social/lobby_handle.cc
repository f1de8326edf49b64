#include "sdkpp/lobby_handle.h"

#include <algorithm>

#include "social/factory.h"

namespace sdkpp {
namespace {

const social::LobbyMemberRecord* FindMember(const social::LobbyRecord* lobby, uint64_t member_id) {
  if (!lobby) return nullptr;
  auto it = std::find_if(lobby->members.begin(), lobby->members.end(),
                         [&](const auto& m) { return m.id == member_id; });
  return it == lobby->members.end() ? nullptr : &*it;
}

constexpr uint32_t kCanLinkLobby = 1u << 0;

}  // namespace

const LobbyMemberHandle LobbyMemberHandle::nullobj{};

LobbyMemberHandle::LobbyMemberHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id,
                                     uint64_t member_id)
    : HandleBase(std::move(state), member_id), lobby_id_(lobby_id) {}

LobbyMemberHandle::operator bool() const {
  auto state = Lock();
  return state && FindMember(state->Lobby(lobby_id_), id()) != nullptr;
}

uint64_t LobbyMemberHandle::Id() const { return id(); }

bool LobbyMemberHandle::Connected() const {
  auto state = Lock();
  const auto* m = state ? FindMember(state->Lobby(lobby_id_), id()) : nullptr;
  return m && m->connected;
}

bool LobbyMemberHandle::CanLinkLobby() const {
  auto state = Lock();
  const auto* m = state ? FindMember(state->Lobby(lobby_id_), id()) : nullptr;
  return m && (m->flags & kCanLinkLobby) != 0;
}

std::unordered_map<std::string, std::string> LobbyMemberHandle::Metadata() const {
  auto state = Lock();
  const auto* m = state ? FindMember(state->Lobby(lobby_id_), id()) : nullptr;
  return m ? m->metadata : std::unordered_map<std::string, std::string>{};
}

std::optional<UserHandle> LobbyMemberHandle::User() const {
  auto state = Lock();
  if (!state || !state->User(id())) return std::nullopt;
  return detail::SocialFactory::User(this->state(), id());
}

const LobbyHandle LobbyHandle::nullobj{};

LobbyHandle::LobbyHandle(std::weak_ptr<const social::SocialState> state, uint64_t lobby_id)
    : HandleBase(std::move(state), lobby_id) {}

LobbyHandle::operator bool() const {
  auto state = Lock();
  return state && state->Lobby(id()) != nullptr;
}

uint64_t LobbyHandle::Id() const { return id(); }

std::vector<uint64_t> LobbyHandle::LobbyMemberIds() const {
  std::vector<uint64_t> ids;
  auto state = Lock();
  if (const auto* lobby = state ? state->Lobby(id()) : nullptr) {
    for (const auto& m : lobby->members) ids.push_back(m.id);
  }
  return ids;
}

std::vector<LobbyMemberHandle> LobbyHandle::LobbyMembers() const {
  std::vector<LobbyMemberHandle> members;
  for (uint64_t member : LobbyMemberIds()) members.push_back(detail::SocialFactory::LobbyMember(state(), id(), member));
  return members;
}

std::optional<LobbyMemberHandle> LobbyHandle::GetLobbyMemberHandle(uint64_t memberId) const {
  auto state = Lock();
  if (!state || !FindMember(state->Lobby(id()), memberId)) return std::nullopt;
  return detail::SocialFactory::LobbyMember(this->state(), id(), memberId);
}

std::unordered_map<std::string, std::string> LobbyHandle::Metadata() const {
  auto state = Lock();
  const auto* lobby = state ? state->Lobby(id()) : nullptr;
  return lobby ? lobby->metadata : std::unordered_map<std::string, std::string>{};
}

std::optional<sdkpp::LinkedChannel> LobbyHandle::LinkedChannel() const {
  auto state = Lock();
  const auto* lobby = state ? state->Lobby(id()) : nullptr;
  if (!lobby || !lobby->linked_channel) return std::nullopt;
  return detail::SocialFactory::LinkedChannel(lobby->linked_channel->id, lobby->linked_channel->name,
                                              lobby->linked_channel->guild_id);
}

std::optional<CallInfoHandle> LobbyHandle::GetCallInfoHandle() const {
  auto state = Lock();
  if (!state || !state->Lobby(id()) || !state->Call(id())) return std::nullopt;
  return detail::SocialFactory::CallInfo(this->state(), id());
}

}  // namespace sdkpp
