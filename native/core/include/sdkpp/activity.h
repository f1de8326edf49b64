// Rich presence (spec: "Activity (rich presence)"): the Activity given to
// Client::UpdateRichPresence and read from UserHandle::GameActivity, and its parts. The same
// words as the TypeScript classes (lib/sdk/values.ts), adapted to C++: these are value objects
// (copied in and out; nullobj and a moved-from one are invalid, operator bool false), and their
// setters store what they are given (an invalid one's do nothing). The service's limits are checked by the Client call that
// sends the value (UpdateRichPresence), which answers a ValidationError naming the field.
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

// The images and their hover texts of a rich presence Activity. Every field is optional:
// std::nullopt when unset, and setting std::nullopt clears it. An image is an asset key of the
// application or an http(s) URL, at most limits::kMaxActivityUrlCodePoints code points; a text
// at most limits::kMaxActivityTextCodePoints; a link must be http(s).
class ActivityAssets : public detail::ValueObject<detail::ActivityAssetsFields> {
 public:
  // The invalid ActivityAssets (the null object): operator bool false, every getter answers its
  // default.
  static const ActivityAssets nullobj;
  // A valid ActivityAssets with every field at its default; set the fields with the setters.
  ActivityAssets() = default;

  // The large image: an asset key or an http(s) URL.
  std::optional<std::string> LargeImage() const;
  void SetLargeImage(std::optional<std::string> value);
  // The text shown when hovering over the large image.
  std::optional<std::string> LargeText() const;
  void SetLargeText(std::optional<std::string> value);
  // The http(s) link opened when the large image is clicked.
  std::optional<std::string> LargeUrl() const;
  void SetLargeUrl(std::optional<std::string> value);
  // The small image (shown over a corner of the large one): an asset key or an http(s) URL.
  std::optional<std::string> SmallImage() const;
  void SetSmallImage(std::optional<std::string> value);
  // The text shown when hovering over the small image.
  std::optional<std::string> SmallText() const;
  void SetSmallText(std::optional<std::string> value);
  // The http(s) link opened when the small image is clicked.
  std::optional<std::string> SmallUrl() const;
  void SetSmallUrl(std::optional<std::string> value);
  // URL or asset key of the banner shown on game invites; the portal's cover image otherwise.
  std::optional<std::string> InviteCoverImage() const;
  void SetInviteCoverImage(std::optional<std::string> value);

 private:
  explicit ActivityAssets(std::nullptr_t) noexcept;
};

// The start and end of a rich presence Activity: Unix times in milliseconds, 0 when unset. A
// start shows "elapsed", an end shows "remaining".
class ActivityTimestamps : public detail::ValueObject<detail::ActivityTimestampsFields> {
 public:
  // The invalid ActivityTimestamps (the null object): operator bool false, every getter answers its
  // default.
  static const ActivityTimestamps nullobj;
  // A valid ActivityTimestamps with every field at its default; set the fields with the setters.
  ActivityTimestamps() = default;

  // When the activity started (ms since the epoch); 0 when unset.
  uint64_t Start() const;
  void SetStart(uint64_t value);
  // When the activity ends (ms since the epoch); 0 when unset.
  uint64_t End() const;
  void SetEnd(uint64_t value);

 private:
  explicit ActivityTimestamps(std::nullptr_t) noexcept;
};

// The party of a rich presence Activity: "2 of 4". Needed, with a join secret (ActivitySecrets),
// for Client::SendActivityInvite.
class ActivityParty : public detail::ValueObject<detail::ActivityPartyFields> {
 public:
  // The invalid ActivityParty (the null object): operator bool false, every getter answers its
  // default.
  static const ActivityParty nullobj;
  // A valid ActivityParty with every field at its default; set the fields with the setters.
  ActivityParty() = default;

  // The party's id, chosen by the game (empty when unset): at most
  // limits::kMaxActivityTextCodePoints code points.
  std::string Id() const;
  void SetId(std::string value);
  // How many players are in the party (at most MaxSize, checked by UpdateRichPresence).
  int32_t CurrentSize() const;
  void SetCurrentSize(int32_t value);
  // How many players the party holds.
  int32_t MaxSize() const;
  void SetMaxSize(int32_t value);
  // Who may join (Private by default).
  ActivityPartyPrivacy Privacy() const;
  void SetPrivacy(ActivityPartyPrivacy value);

 private:
  explicit ActivityParty(std::nullptr_t) noexcept;
};

// The secrets of a rich presence Activity: the join secret the game hands to players it invites.
// Never logged.
class ActivitySecrets : public detail::ValueObject<detail::ActivitySecretsFields> {
 public:
  // The invalid ActivitySecrets (the null object): operator bool false, every getter answers its
  // default.
  static const ActivitySecrets nullobj;
  // A valid ActivitySecrets with every field at its default; set the fields with the setters.
  ActivitySecrets() = default;

  // The secret handed to the joining player's game (Client::ActivityJoinCallback); empty when
  // unset; at most limits::kMaxActivityTextCodePoints code points.
  std::string Join() const;
  void SetJoin(std::string value);

 private:
  explicit ActivitySecrets(std::nullptr_t) noexcept;
};

// A button of a rich presence Activity: a label and the http(s) link it opens. An activity holds
// at most Activity::kMaxButtons (AddButton).
class ActivityButton : public detail::ValueObject<detail::ActivityButtonFields> {
 public:
  // The invalid ActivityButton (the null object): operator bool false, every getter answers its
  // default.
  static const ActivityButton nullobj;
  // A valid ActivityButton with every field at its default; set the fields with the setters.
  ActivityButton() = default;

  // The button's text: 1 to limits::kMaxActivityTextCodePoints code points.
  std::string Label() const;
  void SetLabel(std::string value);
  // The link the button opens: an http:// or https:// URL of at most
  // limits::kMaxActivityUrlCodePoints code points.
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

// A rich presence: what the player is doing in the game, shown on their profile and sent with
// Client::UpdateRichPresence, which checks it: Type Playing, Listening, Watching or Competing;
// texts at most limits::kMaxActivityTextCodePoints code points, links and image keys at most
// limits::kMaxActivityUrlCodePoints and http(s) only; at most kMaxButtons buttons; a party's
// CurrentSize at most its MaxSize. A broken rule answers a ValidationError naming the field.
// The parts (Assets, Timestamps, Party, Secrets) are copied in and out: change a part, then set
// it again.
//
//   sdkpp::Activity activity;
//   activity.SetType(sdkpp::ActivityTypes::Playing);
//   activity.SetName("Space Duel");
//   activity.SetState("In a match");
//   sdkpp::ActivityParty party;
//   party.SetId("match-42");
//   party.SetCurrentSize(2);
//   party.SetMaxSize(4);
//   activity.SetParty(party);
//   client.UpdateRichPresence(activity, [](sdkpp::ClientResult result) { /* ... */ });
class Activity : public detail::ValueObject<detail::ActivityFields> {
 public:
  // The invalid Activity (the null object): operator bool false, every getter answers its default.
  static const Activity nullobj;
  // At most this many buttons; AddButton drops any further one.
  static constexpr size_t kMaxButtons = 2;
  // A valid Activity with every field at its default; set the fields with the setters.
  Activity() = default;

  // Appends a copy of `button`. Ignored when the activity already has kMaxButtons buttons
  // or `button` is invalid (nullobj or moved-from).
  void AddButton(ActivityButton button);
  // Copies of the buttons, in order (at most kMaxButtons).
  std::vector<ActivityButton> GetButtons() const;
  // True when every field (buttons included, in order) is equal, or both are invalid.
  bool Equals(const Activity& other) const;

  // The activity's name: what the player's profile says they are playing (shown instead of the
  // application's name); at most limits::kMaxActivityTextCodePoints code points.
  std::string Name() const;
  void SetName(std::string value);
  // The kind of activity (Playing by default); UpdateRichPresence accepts Playing, Listening,
  // Watching and Competing.
  ActivityTypes Type() const;
  void SetType(ActivityTypes value);
  // Which of name, state or details the player's status line shows; std::nullopt: the name.
  std::optional<StatusDisplayTypes> StatusDisplayType() const;
  void SetStatusDisplayType(std::optional<StatusDisplayTypes> value);
  // The second line: the player's current state ("In a match"); at most
  // limits::kMaxActivityTextCodePoints code points; std::nullopt clears it.
  std::optional<std::string> State() const;
  void SetState(std::optional<std::string> value);
  // The link the state opens: http or https, at most limits::kMaxActivityUrlCodePoints code points.
  std::optional<std::string> StateUrl() const;
  void SetStateUrl(std::optional<std::string> value);
  // The first line: what the player is doing ("Ranked, map Dust"); at most
  // limits::kMaxActivityTextCodePoints code points; std::nullopt clears it.
  std::optional<std::string> Details() const;
  void SetDetails(std::optional<std::string> value);
  // The link the details open: http or https, at most limits::kMaxActivityUrlCodePoints code points.
  std::optional<std::string> DetailsUrl() const;
  void SetDetailsUrl(std::optional<std::string> value);
  // The application the activity belongs to (set by the service for activities it hands out).
  std::optional<uint64_t> ApplicationId() const;
  void SetApplicationId(std::optional<uint64_t> value);
  // The parent application of a child application's activity.
  std::optional<uint64_t> ParentApplicationId() const;
  void SetParentApplicationId(std::optional<uint64_t> value);
  // A copy of the images and their texts, if set; the setter stores a copy (std::nullopt clears).
  std::optional<ActivityAssets> Assets() const;
  void SetAssets(std::optional<ActivityAssets> value);
  // A copy of the start and end times, if set.
  std::optional<ActivityTimestamps> Timestamps() const;
  void SetTimestamps(std::optional<ActivityTimestamps> value);
  // A copy of the party, if set.
  std::optional<ActivityParty> Party() const;
  void SetParty(std::optional<ActivityParty> value);
  // A copy of the secrets, if set.
  std::optional<ActivitySecrets> Secrets() const;
  void SetSecrets(std::optional<ActivitySecrets> value);
  // The platforms the game can be joined from: ActivityGamePlatforms bit flags (combine with |);
  // Desktop by default; UpdateRichPresence refuses other bits.
  ActivityGamePlatforms SupportedPlatforms() const;
  void SetSupportedPlatforms(ActivityGamePlatforms value);

 private:
  explicit Activity(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
