// Guilds and channels as GetUserGuilds / GetGuildChannels report them, and the lobby-channel
// links. Value classes (copies, not live views).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/detail/handle_base.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct LinkedLobbyFields {
  uint64_t application_id = 0;
  uint64_t lobby_id = 0;
};
struct LinkedChannelFields {
  uint64_t id = 0;
  std::string name;
  uint64_t guild_id = 0;
};
struct GuildMinimalFields {
  uint64_t id = 0;
  std::string name;
};
}  // namespace detail

// The lobby a guild channel is linked to (GuildChannel::LinkedLobby). A plain value with a public
// constructor; ids read 0 when unset.
class LinkedLobby : public detail::ValueObject<detail::LinkedLobbyFields> {
 public:
  // The invalid LinkedLobby (the null object): operator bool false, every getter answers its
  // default.
  static const LinkedLobby nullobj;
  // A valid LinkedLobby with every field at its default; set the fields with the setters.
  LinkedLobby() = default;
  // The application that owns the lobby.
  uint64_t ApplicationId() const;
  void SetApplicationId(uint64_t value);
  // The lobby's id.
  uint64_t LobbyId() const;
  void SetLobbyId(uint64_t value);

 private:
  explicit LinkedLobby(std::nullptr_t) noexcept;
};

// The guild channel linked to a lobby (LobbyHandle::LinkedChannel): its messages and the lobby's
// are one conversation. A snapshot.
class LinkedChannel : public detail::ValueObject<detail::LinkedChannelFields> {
 public:
  // The invalid LinkedChannel (the null object): operator bool false, every getter answers its
  // default.
  static const LinkedChannel nullobj;
  // The channel's id.
  uint64_t Id() const;
  // The channel's name.
  std::string Name() const;
  // The guild the channel belongs to.
  uint64_t GuildId() const;

 private:
  friend struct detail::SocialFactory;
  LinkedChannel(uint64_t id, std::string name, uint64_t guild_id);
  explicit LinkedChannel(std::nullptr_t) noexcept;
};

// A guild the current user is in (Client::GetUserGuilds). A snapshot.
class GuildMinimal : public detail::ValueObject<detail::GuildMinimalFields> {
 public:
  // The invalid GuildMinimal (the null object): operator bool false, every getter answers its
  // default.
  static const GuildMinimal nullobj;
  // The guild's id.
  uint64_t Id() const;
  // The guild's name.
  std::string Name() const;

 private:
  friend struct detail::SocialFactory;
  GuildMinimal(uint64_t id, std::string name);
  explicit GuildMinimal(std::nullptr_t) noexcept;
};

namespace detail {
struct GuildChannelFields {
  uint64_t id = 0;
  std::string name;
  ChannelType type = ChannelType::GuildText;
  int32_t position = 0;
  std::optional<uint64_t> parent_id;
  bool is_linkable = false;
  bool is_viewable_and_writeable_by_all_members = false;
  std::optional<sdkpp::LinkedLobby> linked_lobby;
};
}  // namespace detail

// A channel of a guild (Client::GetGuildChannels, sorted as the chat client shows them). A
// snapshot.
class GuildChannel : public detail::ValueObject<detail::GuildChannelFields> {
 public:
  // The invalid GuildChannel (the null object): operator bool false, every getter answers its
  // default.
  static const GuildChannel nullobj;
  // The channel's id.
  uint64_t Id() const;
  // The channel's name.
  std::string Name() const;
  // The kind of channel.
  ChannelType Type() const;
  // The channel's position among its siblings (the service's sort key).
  int32_t Position() const;
  // The category the channel is in, if any.
  std::optional<uint64_t> ParentId() const;
  // True when the current user may link the channel to a lobby (Client::LinkChannelToLobby).
  bool IsLinkable() const;
  // True when every member of the guild can read and write the channel.
  bool IsViewableAndWriteableByAllMembers() const;
  // The lobby the channel is linked to, if any.
  std::optional<sdkpp::LinkedLobby> LinkedLobby() const;

 private:
  friend struct detail::SocialFactory;
  explicit GuildChannel(detail::GuildChannelFields fields);
  explicit GuildChannel(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
