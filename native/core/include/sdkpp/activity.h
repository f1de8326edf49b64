// Rich presence (spec: "Activity (rich presence)"): the Activity given to
// Client::UpdateRichPresence and read from UserHandle::GameActivity, and its parts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct ActivityAssetsFields {
  std::optional<std::string> large_image;
  std::optional<std::string> large_text;
  std::optional<std::string> large_url;
  std::optional<std::string> small_image;
  std::optional<std::string> small_text;
  std::optional<std::string> small_url;
  std::optional<std::string> invite_cover_image;
};
struct ActivityTimestampsFields {
  uint64_t start = 0;
  uint64_t end = 0;
};
struct ActivityPartyFields {
  std::string id;
  int32_t current_size = 0;
  int32_t max_size = 0;
  ActivityPartyPrivacy privacy = ActivityPartyPrivacy::Private;
};
struct ActivitySecretsFields {
  std::string join;
};
struct ActivityButtonFields {
  std::string label;
  std::string url;
};
}  // namespace detail

// Images and their hover texts and links. An image is an asset key or a URL.
class ActivityAssets : public detail::ValueObject<detail::ActivityAssetsFields> {
 public:
  static const ActivityAssets nullobj;
  ActivityAssets() = default;

  std::optional<std::string> LargeImage() const;
  void SetLargeImage(std::optional<std::string> value);
  std::optional<std::string> LargeText() const;
  void SetLargeText(std::optional<std::string> value);
  // Link target of the large image (http or https).
  std::optional<std::string> LargeUrl() const;
  void SetLargeUrl(std::optional<std::string> value);
  std::optional<std::string> SmallImage() const;
  void SetSmallImage(std::optional<std::string> value);
  std::optional<std::string> SmallText() const;
  void SetSmallText(std::optional<std::string> value);
  std::optional<std::string> SmallUrl() const;
  void SetSmallUrl(std::optional<std::string> value);
  // URL or asset key of the banner shown on game invites; the portal's cover image otherwise.
  std::optional<std::string> InviteCoverImage() const;
  void SetInviteCoverImage(std::optional<std::string> value);

 private:
  explicit ActivityAssets(std::nullptr_t) noexcept;
};

// Unix times in milliseconds; 0 means unset.
class ActivityTimestamps : public detail::ValueObject<detail::ActivityTimestampsFields> {
 public:
  static const ActivityTimestamps nullobj;
  ActivityTimestamps() = default;

  uint64_t Start() const;
  void SetStart(uint64_t value);
  uint64_t End() const;
  void SetEnd(uint64_t value);

 private:
  explicit ActivityTimestamps(std::nullptr_t) noexcept;
};

class ActivityParty : public detail::ValueObject<detail::ActivityPartyFields> {
 public:
  static const ActivityParty nullobj;
  ActivityParty() = default;

  std::string Id() const;
  void SetId(std::string value);
  int32_t CurrentSize() const;
  void SetCurrentSize(int32_t value);
  int32_t MaxSize() const;
  void SetMaxSize(int32_t value);
  ActivityPartyPrivacy Privacy() const;
  void SetPrivacy(ActivityPartyPrivacy value);

 private:
  explicit ActivityParty(std::nullptr_t) noexcept;
};

class ActivitySecrets : public detail::ValueObject<detail::ActivitySecretsFields> {
 public:
  static const ActivitySecrets nullobj;
  ActivitySecrets() = default;

  // The secret handed to the joining player's game (ActivityJoinCallback).
  std::string Join() const;
  void SetJoin(std::string value);

 private:
  explicit ActivitySecrets(std::nullptr_t) noexcept;
};

class ActivityButton : public detail::ValueObject<detail::ActivityButtonFields> {
 public:
  static const ActivityButton nullobj;
  ActivityButton() = default;

  std::string Label() const;
  void SetLabel(std::string value);
  std::string Url() const;
  void SetUrl(std::string value);

 private:
  explicit ActivityButton(std::nullptr_t) noexcept;
};

namespace detail {
struct ActivityFields {
  std::string name;
  ActivityTypes type = ActivityTypes::Playing;
  std::optional<StatusDisplayTypes> status_display_type;
  std::optional<std::string> state;
  std::optional<std::string> state_url;
  std::optional<std::string> details;
  std::optional<std::string> details_url;
  std::optional<uint64_t> application_id;
  std::optional<uint64_t> parent_application_id;
  std::optional<ActivityAssets> assets;
  std::optional<ActivityTimestamps> timestamps;
  std::optional<ActivityParty> party;
  std::optional<ActivitySecrets> secrets;
  std::vector<ActivityButton> buttons;
  ActivityGamePlatforms supported_platforms = ActivityGamePlatforms::Desktop;
};
}  // namespace detail

class Activity : public detail::ValueObject<detail::ActivityFields> {
 public:
  static const Activity nullobj;
  // At most this many buttons; AddButton drops any further one.
  static constexpr size_t kMaxButtons = 2;
  Activity() = default;

  // Appends a copy of `button`. Ignored when the activity already has kMaxButtons buttons
  // or `button` is invalid (nullobj or moved-from).
  void AddButton(ActivityButton button);
  std::vector<ActivityButton> GetButtons() const;
  // True when every field (buttons included, in order) is equal, or both are invalid.
  bool Equals(const Activity& other) const;

  // Shown instead of the application's name.
  std::string Name() const;
  void SetName(std::string value);
  // The service accepts Playing, Listening, Watching and Competing (ValidateActivity).
  ActivityTypes Type() const;
  void SetType(ActivityTypes value);
  // Which of name, state or details is the status text.
  std::optional<StatusDisplayTypes> StatusDisplayType() const;
  void SetStatusDisplayType(std::optional<StatusDisplayTypes> value);
  std::optional<std::string> State() const;
  void SetState(std::optional<std::string> value);
  // Link target of the state text (http or https).
  std::optional<std::string> StateUrl() const;
  void SetStateUrl(std::optional<std::string> value);
  std::optional<std::string> Details() const;
  void SetDetails(std::optional<std::string> value);
  // Link target of the details text (http or https).
  std::optional<std::string> DetailsUrl() const;
  void SetDetailsUrl(std::optional<std::string> value);
  std::optional<uint64_t> ApplicationId() const;
  void SetApplicationId(std::optional<uint64_t> value);
  std::optional<uint64_t> ParentApplicationId() const;
  void SetParentApplicationId(std::optional<uint64_t> value);
  std::optional<ActivityAssets> Assets() const;
  void SetAssets(std::optional<ActivityAssets> value);
  std::optional<ActivityTimestamps> Timestamps() const;
  void SetTimestamps(std::optional<ActivityTimestamps> value);
  std::optional<ActivityParty> Party() const;
  void SetParty(std::optional<ActivityParty> value);
  std::optional<ActivitySecrets> Secrets() const;
  void SetSecrets(std::optional<ActivitySecrets> value);
  // Bit flags (combine with |); Desktop by default.
  ActivityGamePlatforms SupportedPlatforms() const;
  void SetSupportedPlatforms(ActivityGamePlatforms value);

 private:
  explicit Activity(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
