#include "sdkpp/activity.h"

namespace sdkpp {

// --- ActivityAssets

const ActivityAssets ActivityAssets::nullobj{nullptr};
ActivityAssets::ActivityAssets(std::nullptr_t) noexcept : ValueObject(nullptr) {}

std::optional<std::string> ActivityAssets::LargeImage() const { return Read().large_image; }
void ActivityAssets::SetLargeImage(std::optional<std::string> value) {
  if (auto* f = Write()) f->large_image = std::move(value);
}
std::optional<std::string> ActivityAssets::LargeText() const { return Read().large_text; }
void ActivityAssets::SetLargeText(std::optional<std::string> value) {
  if (auto* f = Write()) f->large_text = std::move(value);
}
std::optional<std::string> ActivityAssets::LargeUrl() const { return Read().large_url; }
void ActivityAssets::SetLargeUrl(std::optional<std::string> value) {
  if (auto* f = Write()) f->large_url = std::move(value);
}
std::optional<std::string> ActivityAssets::SmallImage() const { return Read().small_image; }
void ActivityAssets::SetSmallImage(std::optional<std::string> value) {
  if (auto* f = Write()) f->small_image = std::move(value);
}
std::optional<std::string> ActivityAssets::SmallText() const { return Read().small_text; }
void ActivityAssets::SetSmallText(std::optional<std::string> value) {
  if (auto* f = Write()) f->small_text = std::move(value);
}
std::optional<std::string> ActivityAssets::SmallUrl() const { return Read().small_url; }
void ActivityAssets::SetSmallUrl(std::optional<std::string> value) {
  if (auto* f = Write()) f->small_url = std::move(value);
}
std::optional<std::string> ActivityAssets::InviteCoverImage() const {
  return Read().invite_cover_image;
}
void ActivityAssets::SetInviteCoverImage(std::optional<std::string> value) {
  if (auto* f = Write()) f->invite_cover_image = std::move(value);
}

// --- ActivityTimestamps

const ActivityTimestamps ActivityTimestamps::nullobj{nullptr};
ActivityTimestamps::ActivityTimestamps(std::nullptr_t) noexcept : ValueObject(nullptr) {}

uint64_t ActivityTimestamps::Start() const { return Read().start; }
void ActivityTimestamps::SetStart(uint64_t value) {
  if (auto* f = Write()) f->start = value;
}
uint64_t ActivityTimestamps::End() const { return Read().end; }
void ActivityTimestamps::SetEnd(uint64_t value) {
  if (auto* f = Write()) f->end = value;
}

// --- ActivityParty

const ActivityParty ActivityParty::nullobj{nullptr};
ActivityParty::ActivityParty(std::nullptr_t) noexcept : ValueObject(nullptr) {}

std::string ActivityParty::Id() const { return Read().id; }
void ActivityParty::SetId(std::string value) {
  if (auto* f = Write()) f->id = std::move(value);
}
int32_t ActivityParty::CurrentSize() const { return Read().current_size; }
void ActivityParty::SetCurrentSize(int32_t value) {
  if (auto* f = Write()) f->current_size = value;
}
int32_t ActivityParty::MaxSize() const { return Read().max_size; }
void ActivityParty::SetMaxSize(int32_t value) {
  if (auto* f = Write()) f->max_size = value;
}
ActivityPartyPrivacy ActivityParty::Privacy() const { return Read().privacy; }
void ActivityParty::SetPrivacy(ActivityPartyPrivacy value) {
  if (auto* f = Write()) f->privacy = value;
}

// --- ActivitySecrets

const ActivitySecrets ActivitySecrets::nullobj{nullptr};
ActivitySecrets::ActivitySecrets(std::nullptr_t) noexcept : ValueObject(nullptr) {}

std::string ActivitySecrets::Join() const { return Read().join; }
void ActivitySecrets::SetJoin(std::string value) {
  if (auto* f = Write()) f->join = std::move(value);
}

// --- ActivityButton

const ActivityButton ActivityButton::nullobj{nullptr};
ActivityButton::ActivityButton(std::nullptr_t) noexcept : ValueObject(nullptr) {}

std::string ActivityButton::Label() const { return Read().label; }
void ActivityButton::SetLabel(std::string value) {
  if (auto* f = Write()) f->label = std::move(value);
}
std::string ActivityButton::Url() const { return Read().url; }
void ActivityButton::SetUrl(std::string value) {
  if (auto* f = Write()) f->url = std::move(value);
}

// --- Activity

namespace {

// Equality of the parts through their getters: both invalid, or both valid with equal fields.
bool Same(const ActivityAssets& a, const ActivityAssets& b) {
  if (static_cast<bool>(a) != static_cast<bool>(b)) return false;
  return a.LargeImage() == b.LargeImage() && a.LargeText() == b.LargeText() &&
         a.LargeUrl() == b.LargeUrl() && a.SmallImage() == b.SmallImage() &&
         a.SmallText() == b.SmallText() && a.SmallUrl() == b.SmallUrl() &&
         a.InviteCoverImage() == b.InviteCoverImage();
}
bool Same(const ActivityTimestamps& a, const ActivityTimestamps& b) {
  if (static_cast<bool>(a) != static_cast<bool>(b)) return false;
  return a.Start() == b.Start() && a.End() == b.End();
}
bool Same(const ActivityParty& a, const ActivityParty& b) {
  if (static_cast<bool>(a) != static_cast<bool>(b)) return false;
  return a.Id() == b.Id() && a.CurrentSize() == b.CurrentSize() &&
         a.MaxSize() == b.MaxSize() && a.Privacy() == b.Privacy();
}
bool Same(const ActivitySecrets& a, const ActivitySecrets& b) {
  if (static_cast<bool>(a) != static_cast<bool>(b)) return false;
  return a.Join() == b.Join();
}
bool Same(const ActivityButton& a, const ActivityButton& b) {
  if (static_cast<bool>(a) != static_cast<bool>(b)) return false;
  return a.Label() == b.Label() && a.Url() == b.Url();
}
template <class T>
bool Same(const std::optional<T>& a, const std::optional<T>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || Same(*a, *b);
}

}  // namespace

const Activity Activity::nullobj{nullptr};
Activity::Activity(std::nullptr_t) noexcept : ValueObject(nullptr) {}

void Activity::AddButton(ActivityButton button) {
  auto* f = Write();
  if (!f || !button || f->buttons.size() >= kMaxButtons) return;
  f->buttons.push_back(std::move(button));
}
std::vector<ActivityButton> Activity::GetButtons() const { return Read().buttons; }

bool Activity::Equals(const Activity& other) const {
  if (static_cast<bool>(*this) != static_cast<bool>(other)) return false;
  const detail::ActivityFields& a = Read();
  const detail::ActivityFields& b = other.Read();
  if (a.buttons.size() != b.buttons.size()) return false;
  for (size_t i = 0; i < a.buttons.size(); ++i) {
    if (!Same(a.buttons[i], b.buttons[i])) return false;
  }
  return a.name == b.name && a.type == b.type && a.status_display_type == b.status_display_type &&
         a.state == b.state && a.state_url == b.state_url && a.details == b.details &&
         a.details_url == b.details_url && a.application_id == b.application_id &&
         a.parent_application_id == b.parent_application_id && Same(a.assets, b.assets) &&
         Same(a.timestamps, b.timestamps) && Same(a.party, b.party) &&
         Same(a.secrets, b.secrets) && a.supported_platforms == b.supported_platforms;
}

std::string Activity::Name() const { return Read().name; }
void Activity::SetName(std::string value) {
  if (auto* f = Write()) f->name = std::move(value);
}
ActivityTypes Activity::Type() const { return Read().type; }
void Activity::SetType(ActivityTypes value) {
  if (auto* f = Write()) f->type = value;
}
std::optional<StatusDisplayTypes> Activity::StatusDisplayType() const {
  return Read().status_display_type;
}
void Activity::SetStatusDisplayType(std::optional<StatusDisplayTypes> value) {
  if (auto* f = Write()) f->status_display_type = value;
}
std::optional<std::string> Activity::State() const { return Read().state; }
void Activity::SetState(std::optional<std::string> value) {
  if (auto* f = Write()) f->state = std::move(value);
}
std::optional<std::string> Activity::StateUrl() const { return Read().state_url; }
void Activity::SetStateUrl(std::optional<std::string> value) {
  if (auto* f = Write()) f->state_url = std::move(value);
}
std::optional<std::string> Activity::Details() const { return Read().details; }
void Activity::SetDetails(std::optional<std::string> value) {
  if (auto* f = Write()) f->details = std::move(value);
}
std::optional<std::string> Activity::DetailsUrl() const { return Read().details_url; }
void Activity::SetDetailsUrl(std::optional<std::string> value) {
  if (auto* f = Write()) f->details_url = std::move(value);
}
std::optional<uint64_t> Activity::ApplicationId() const { return Read().application_id; }
void Activity::SetApplicationId(std::optional<uint64_t> value) {
  if (auto* f = Write()) f->application_id = value;
}
std::optional<uint64_t> Activity::ParentApplicationId() const {
  return Read().parent_application_id;
}
void Activity::SetParentApplicationId(std::optional<uint64_t> value) {
  if (auto* f = Write()) f->parent_application_id = value;
}
std::optional<ActivityAssets> Activity::Assets() const { return Read().assets; }
void Activity::SetAssets(std::optional<ActivityAssets> value) {
  if (auto* f = Write()) f->assets = std::move(value);
}
std::optional<ActivityTimestamps> Activity::Timestamps() const { return Read().timestamps; }
void Activity::SetTimestamps(std::optional<ActivityTimestamps> value) {
  if (auto* f = Write()) f->timestamps = std::move(value);
}
std::optional<ActivityParty> Activity::Party() const { return Read().party; }
void Activity::SetParty(std::optional<ActivityParty> value) {
  if (auto* f = Write()) f->party = std::move(value);
}
std::optional<ActivitySecrets> Activity::Secrets() const { return Read().secrets; }
void Activity::SetSecrets(std::optional<ActivitySecrets> value) {
  if (auto* f = Write()) f->secrets = std::move(value);
}
ActivityGamePlatforms Activity::SupportedPlatforms() const { return Read().supported_platforms; }
void Activity::SetSupportedPlatforms(ActivityGamePlatforms value) {
  if (auto* f = Write()) f->supported_platforms = value;
}

}  // namespace sdkpp
