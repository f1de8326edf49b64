// A live view of a user the SDK knows (from READY, relationships, lobbies, messages).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"
#include "sdkpp/detail/handle_base.h"
#include "sdkpp/enums.h"

namespace sdkpp {

class Activity;
class RelationshipHandle;
class UserApplicationProfileHandle;

class UserHandle : public detail::HandleBase {
 public:
  enum class AvatarType : int32_t { SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE(SDKPP_ENUM_MEMBER) };

  static const UserHandle nullobj;

  // True while the user is known to the Client.
  explicit operator bool() const;

  uint64_t Id() const;
  std::string Username() const;
  std::optional<std::string> GlobalName() const;
  // GlobalName when set, else Username.
  std::string DisplayName() const;
  std::optional<std::string> Avatar() const;
  // The avatar image (or the default avatar) in the requested format; animated avatars use
  // `animatedType`, others `staticType`.
  std::string AvatarUrl(AvatarType animatedType, AvatarType staticType) const;
  static std::string AvatarTypeToString(AvatarType type);
  bool IsProvisional() const;
  StatusType Status() const;
  std::optional<Activity> GameActivity() const;
  RelationshipHandle Relationship() const;
  std::vector<UserApplicationProfileHandle> UserApplicationProfiles() const;

 private:
  friend struct detail::SocialFactory;
  UserHandle() = default;
  UserHandle(std::weak_ptr<const social::SocialState> state, uint64_t id);
};

const char* EnumToString(UserHandle::AvatarType value);

// A user's profile in a game (an external identity linked to the account).
class UserApplicationProfileHandle {
 public:
  static const UserApplicationProfileHandle nullobj;
  explicit operator bool() const { return valid_; }
  std::string AvatarHash() const { return avatar_hash_; }
  std::string Metadata() const { return metadata_; }
  std::optional<std::string> ProviderId() const { return provider_id_; }
  std::string ProviderIssuedUserId() const { return provider_issued_user_id_; }
  ExternalIdentityProviderType ProviderType() const { return provider_type_; }
  std::string Username() const { return username_; }

 private:
  friend struct detail::SocialFactory;
  UserApplicationProfileHandle(std::string avatar_hash, std::string metadata,
                               std::optional<std::string> provider_id,
                               std::string provider_issued_user_id,
                               ExternalIdentityProviderType provider_type, std::string username);
  std::string avatar_hash_;
  std::string metadata_;
  std::optional<std::string> provider_id_;
  std::string provider_issued_user_id_;
  ExternalIdentityProviderType provider_type_;
  std::string username_;
  bool valid_ = true;
};

}  // namespace sdkpp
