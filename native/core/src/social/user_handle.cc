#include "sdkpp/user_handle.h"

#include "sdkpp/activity.h"
#include "sdkpp/relationship_handle.h"
#include "social/activity_json.h"
#include "social/factory.h"

namespace sdkpp {

const UserHandle UserHandle::nullobj{};

UserHandle::UserHandle(std::weak_ptr<const social::SocialState> state, uint64_t id)
    : HandleBase(std::move(state), id) {}

namespace {
template <class T, class Read>
T ReadUser(const UserHandle& handle, uint64_t id, std::shared_ptr<const social::SocialState> state,
           T fallback, Read read) {
  if (!state) return fallback;
  const social::UserRecord* user = state->User(id);
  return user ? read(*user) : fallback;
}
}  // namespace

UserHandle::operator bool() const {
  auto state = Lock();
  return state && state->User(id()) != nullptr;
}

uint64_t UserHandle::Id() const { return id(); }

std::string UserHandle::Username() const {
  return ReadUser<std::string>(*this, id(), Lock(), "", [](const auto& u) { return u.username; });
}

std::optional<std::string> UserHandle::GlobalName() const {
  return ReadUser<std::optional<std::string>>(*this, id(), Lock(), std::nullopt,
                                              [](const auto& u) { return u.global_name; });
}

std::string UserHandle::DisplayName() const {
  return ReadUser<std::string>(*this, id(), Lock(), "", [](const auto& u) {
    return u.global_name && !u.global_name->empty() ? *u.global_name : u.username;
  });
}

std::optional<std::string> UserHandle::Avatar() const {
  return ReadUser<std::optional<std::string>>(*this, id(), Lock(), std::nullopt,
                                              [](const auto& u) { return u.avatar; });
}

std::string UserHandle::AvatarTypeToString(AvatarType type) { return EnumToString(type); }

std::string UserHandle::AvatarUrl(AvatarType animatedType, AvatarType staticType) const {
  auto state = Lock();
  if (!state) return "";
  const social::UserRecord* user = state->User(id());
  auto extension = [](AvatarType type) {
    switch (type) {
      case AvatarType::Gif:
        return "gif";
      case AvatarType::Webp:
        return "webp";
      case AvatarType::Jpeg:
        return "jpg";
      case AvatarType::Png:
      default:
        return "png";
    }
  };
  if (!user || !user->avatar || user->avatar->empty()) {
    // The default avatars are numbered by the id's creation time.
    return state->cdn_base + "/embed/avatars/" + std::to_string((id() >> 22) % 6) + ".png";
  }
  bool animated = user->avatar->rfind("a_", 0) == 0;
  return state->cdn_base + "/avatars/" + std::to_string(id()) + "/" + *user->avatar + "." +
         extension(animated ? animatedType : staticType);
}

bool UserHandle::IsProvisional() const {
  return ReadUser<bool>(*this, id(), Lock(), false, [](const auto& u) { return u.provisional; });
}

StatusType UserHandle::Status() const {
  return ReadUser<StatusType>(*this, id(), Lock(), StatusType::Unknown, [](const auto& u) { return u.status; });
}

std::optional<Activity> UserHandle::GameActivity() const {
  auto state = Lock();
  const auto* user = state ? state->User(id()) : nullptr;
  if (!user || !user->game_activity_json) return std::nullopt;
  auto document = json::Document::Parse(*user->game_activity_json);
  if (!document) return std::nullopt;
  return social::ActivityFromJson(document->Root());
}

RelationshipHandle UserHandle::Relationship() const {
  return detail::SocialFactory::Relationship(state(), id());
}

std::vector<UserApplicationProfileHandle> UserHandle::UserApplicationProfiles() const {
  std::vector<UserApplicationProfileHandle> profiles;
  auto state = Lock();
  if (!state) return profiles;
  if (const auto* user = state->User(id())) {
    for (const auto& profile : user->application_profiles) profiles.push_back(detail::SocialFactory::Profile(profile));
  }
  return profiles;
}

const UserApplicationProfileHandle UserApplicationProfileHandle::nullobj = [] {
  UserApplicationProfileHandle invalid("", "", std::nullopt, "", ExternalIdentityProviderType::None, "");
  invalid.valid_ = false;
  return invalid;
}();

UserApplicationProfileHandle::UserApplicationProfileHandle(std::string avatar_hash, std::string metadata,
                                                           std::optional<std::string> provider_id,
                                                           std::string provider_issued_user_id,
                                                           ExternalIdentityProviderType provider_type,
                                                           std::string username)
    : avatar_hash_(std::move(avatar_hash)), metadata_(std::move(metadata)), provider_id_(std::move(provider_id)),
      provider_issued_user_id_(std::move(provider_issued_user_id)), provider_type_(provider_type),
      username_(std::move(username)) {}

}  // namespace sdkpp
