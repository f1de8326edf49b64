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

class LinkedLobby : public detail::ValueObject<detail::LinkedLobbyFields> {
 public:
  static const LinkedLobby nullobj;
  LinkedLobby() = default;
  uint64_t ApplicationId() const;
  void SetApplicationId(uint64_t value);
  uint64_t LobbyId() const;
  void SetLobbyId(uint64_t value);

 private:
  explicit LinkedLobby(std::nullptr_t) noexcept;
};

class LinkedChannel : public detail::ValueObject<detail::LinkedChannelFields> {
 public:
  static const LinkedChannel nullobj;
  uint64_t Id() const;
  std::string Name() const;
  uint64_t GuildId() const;

 private:
  friend struct detail::SocialFactory;
  LinkedChannel(uint64_t id, std::string name, uint64_t guild_id);
  explicit LinkedChannel(std::nullptr_t) noexcept;
};

class GuildMinimal : public detail::ValueObject<detail::GuildMinimalFields> {
 public:
  static const GuildMinimal nullobj;
  uint64_t Id() const;
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

class GuildChannel : public detail::ValueObject<detail::GuildChannelFields> {
 public:
  static const GuildChannel nullobj;
  uint64_t Id() const;
  std::string Name() const;
  ChannelType Type() const;
  int32_t Position() const;
  std::optional<uint64_t> ParentId() const;
  bool IsLinkable() const;
  bool IsViewableAndWriteableByAllMembers() const;
  std::optional<sdkpp::LinkedLobby> LinkedLobby() const;

 private:
  friend struct detail::SocialFactory;
  explicit GuildChannel(detail::GuildChannelFields fields);
  explicit GuildChannel(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
