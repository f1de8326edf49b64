#include "sdkpp/guild_types.h"

namespace sdkpp {

const LinkedLobby LinkedLobby::nullobj{nullptr};
LinkedLobby::LinkedLobby(std::nullptr_t) noexcept : ValueObject(nullptr) {}
uint64_t LinkedLobby::ApplicationId() const { return Read().application_id; }
void LinkedLobby::SetApplicationId(uint64_t value) {
  if (auto* f = Write()) f->application_id = value;
}
uint64_t LinkedLobby::LobbyId() const { return Read().lobby_id; }
void LinkedLobby::SetLobbyId(uint64_t value) {
  if (auto* f = Write()) f->lobby_id = value;
}

const LinkedChannel LinkedChannel::nullobj{nullptr};
LinkedChannel::LinkedChannel(std::nullptr_t) noexcept : ValueObject(nullptr) {}
LinkedChannel::LinkedChannel(uint64_t id, std::string name, uint64_t guild_id) {
  if (auto* f = Write()) *f = {id, std::move(name), guild_id};
}
uint64_t LinkedChannel::Id() const { return Read().id; }
std::string LinkedChannel::Name() const { return Read().name; }
uint64_t LinkedChannel::GuildId() const { return Read().guild_id; }

const GuildMinimal GuildMinimal::nullobj{nullptr};
GuildMinimal::GuildMinimal(std::nullptr_t) noexcept : ValueObject(nullptr) {}
GuildMinimal::GuildMinimal(uint64_t id, std::string name) {
  if (auto* f = Write()) *f = {id, std::move(name)};
}
uint64_t GuildMinimal::Id() const { return Read().id; }
std::string GuildMinimal::Name() const { return Read().name; }

const GuildChannel GuildChannel::nullobj{nullptr};
GuildChannel::GuildChannel(std::nullptr_t) noexcept : ValueObject(nullptr) {}
GuildChannel::GuildChannel(detail::GuildChannelFields fields) {
  if (auto* f = Write()) *f = std::move(fields);
}
uint64_t GuildChannel::Id() const { return Read().id; }
std::string GuildChannel::Name() const { return Read().name; }
ChannelType GuildChannel::Type() const { return Read().type; }
int32_t GuildChannel::Position() const { return Read().position; }
std::optional<uint64_t> GuildChannel::ParentId() const { return Read().parent_id; }
bool GuildChannel::IsLinkable() const { return Read().is_linkable; }
bool GuildChannel::IsViewableAndWriteableByAllMembers() const {
  return Read().is_viewable_and_writeable_by_all_members;
}
std::optional<sdkpp::LinkedLobby> GuildChannel::LinkedLobby() const { return Read().linked_lobby; }

}  // namespace sdkpp
