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

// A live view of a user: each getter reads the SDK's current state, so a handle kept across
// Client::SetUserUpdatedCallback events shows the new values. Once the SDK forgets the user (or
// the Client is destroyed) the getters answer defaults.
class UserHandle : public detail::HandleBase {
 public:
  // The avatar image formats, for AvatarUrl (members in detail/enum_lists.h, each with its
  // meaning).
  enum class AvatarType : int32_t { SDKPP_ENUM_LIST_USER_HANDLE_AVATAR_TYPE(SDKPP_ENUM_MEMBER) };

  // A handle of no user: operator bool false, every getter answers its default.
  static const UserHandle nullobj;

  // True while the user is known to the Client.
  explicit operator bool() const;

  // The user's id.
  uint64_t Id() const;
  // The unique username ("" once the user is unknown).
  std::string Username() const;
  // The display name the user chose, if any.
  std::optional<std::string> GlobalName() const;
  // What to show: GlobalName when set, else Username.
  std::string DisplayName() const;
  // The avatar's hash (std::nullopt: the user has the default avatar); see AvatarUrl.
  std::optional<std::string> Avatar() const;
  // The URL of the user's avatar on the CDN: an animated avatar in `animatedType`, a still one
  // in `staticType` (Gif, Webp, Png or Jpeg); the default avatar's PNG when the user has none.
  std::string AvatarUrl(AvatarType animatedType, AvatarType staticType) const;
  // The name of an AvatarType value ("Png"); "unknown" for a value not in the enum.
  static std::string AvatarTypeToString(AvatarType type);
  // True for a provisional account (made by Client::GetProvisionalToken).
  bool IsProvisional() const;
  // The user's online status (Unknown when the SDK has not heard it).
  StatusType Status() const;
  // The user's current activity in this game (or a sibling application), if any.
  std::optional<Activity> GameActivity() const;
  // The current user's relationship with this user (a handle whose types are None when there is
  // none).
  RelationshipHandle Relationship() const;
  // The user's linked external identities for this application.
  std::vector<UserApplicationProfileHandle> UserApplicationProfiles() const;

 private:
  friend struct detail::SocialFactory;
  UserHandle() = default;
  UserHandle(std::weak_ptr<const social::SocialState> state, uint64_t id);
};

// The name of an AvatarType value ("Png"); "unknown" for a value not in the enum. A static
// string: never free it.
const char* EnumToString(UserHandle::AvatarType value);

// One of a user's identities from an external provider (Steam, Epic, OIDC, ...) linked to this
// application (UserHandle::UserApplicationProfiles, Client::GetUserApplicationProfiles). A
// snapshot, not a live view.
class UserApplicationProfileHandle {
 public:
  // The invalid profile (operator bool false; every getter answers "" or its default).
  static const UserApplicationProfileHandle nullobj;
  // False for nullobj.
  explicit operator bool() const { return valid_; }
  // The profile's avatar hash at the provider ("" when none).
  std::string AvatarHash() const { return avatar_hash_; }
  // The provider's metadata, as the service sent it (JSON text; "" when none).
  std::string Metadata() const { return metadata_; }
  // The provider's id for an OIDC provider; std::nullopt for the others.
  std::optional<std::string> ProviderId() const { return provider_id_; }
  // The user's id at the provider.
  std::string ProviderIssuedUserId() const { return provider_issued_user_id_; }
  // Which provider.
  ExternalIdentityProviderType ProviderType() const { return provider_type_; }
  // The user's name at the provider.
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
