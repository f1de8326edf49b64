#include "social/activity_json.h"

#include <cstdint>
#include <string_view>

#include "sdkpp/limits.h"
#include "util/utf8.h"

namespace sdkpp::social {
namespace {

constexpr int32_t kAllPlatformBits = 0
#define SDKPP_OR_FLAG(name, value) | (value)
    SDKPP_ENUM_LIST_ACTIVITY_GAME_PLATFORMS(SDKPP_OR_FLAG)
#undef SDKPP_OR_FLAG
    ;
static_assert(kAllPlatformBits == 255);

template <class E>
bool IsMember(E value) {
  return std::string_view(EnumToString(value)) != "unknown";
}

bool Absent(const json::Value& value) { return !value.Exists() || value.IsNull(); }

// --- writing

void WriteString(json::Writer& w, std::string_view key, const std::string& text) {
  if (!text.empty()) w.Key(key).String(text);
}
void WriteString(json::Writer& w, std::string_view key, const std::optional<std::string>& text) {
  if (text) WriteString(w, key, *text);
}

bool HasContent(const ActivityAssets& a) {
  for (const auto& text : {a.LargeImage(), a.LargeText(), a.LargeUrl(), a.SmallImage(),
                           a.SmallText(), a.SmallUrl(), a.InviteCoverImage()}) {
    if (text && !text->empty()) return true;
  }
  return false;
}

void WriteAssets(json::Writer& w, const ActivityAssets& a) {
  w.Key("assets").BeginObject();
  WriteString(w, "large_image", a.LargeImage());
  WriteString(w, "large_text", a.LargeText());
  WriteString(w, "large_url", a.LargeUrl());
  WriteString(w, "small_image", a.SmallImage());
  WriteString(w, "small_text", a.SmallText());
  WriteString(w, "small_url", a.SmallUrl());
  WriteString(w, "invite_cover_image", a.InviteCoverImage());
  w.EndObject();
}

void WriteParty(json::Writer& w, const ActivityParty& p) {
  w.Key("party").BeginObject();
  WriteString(w, "id", p.Id());
  if (p.CurrentSize() != 0 || p.MaxSize() != 0) {
    w.Key("size").BeginArray().Int(p.CurrentSize()).Int(p.MaxSize()).EndArray();
  }
  w.Key("privacy").Int(static_cast<int32_t>(p.Privacy()));
  w.EndObject();
}

// --- reading: each reader sets `ok` to false on a malformed value and leaves it otherwise.

struct Reader {
  bool ok = true;

  std::optional<std::string> OptString(const json::Value& value) {
    if (Absent(value)) return std::nullopt;
    auto text = value.String();
    if (!text) {
      ok = false;
      return std::nullopt;
    }
    return std::string(*text);
  }
  std::string String(const json::Value& value) { return OptString(value).value_or(""); }

  std::optional<uint64_t> OptId(const json::Value& value) {
    if (Absent(value)) return std::nullopt;
    auto id = value.Snowflake();
    if (!id) ok = false;
    return id;
  }

  std::optional<int64_t> OptInt(const json::Value& value, int64_t min, int64_t max) {
    if (Absent(value)) return std::nullopt;
    auto number = value.Int();
    if (!number || *number < min || *number > max) {
      ok = false;
      return std::nullopt;
    }
    return number;
  }

  template <class E>
  std::optional<E> OptEnum(const json::Value& value) {
    auto number = OptInt(value, INT32_MIN, INT32_MAX);
    if (!number) return std::nullopt;
    E result = static_cast<E>(static_cast<int32_t>(*number));
    if (!IsMember(result)) {
      ok = false;
      return std::nullopt;
    }
    return result;
  }

  std::optional<bool> OptBool(const json::Value& value) {
    if (Absent(value)) return std::nullopt;
    auto flag = value.Bool();
    if (!flag) ok = false;
    return flag;
  }

  // An object, or nullopt when absent; a non-object marks the document malformed.
  bool Object(const json::Value& value) {
    if (Absent(value)) return false;
    if (!value.IsObject()) {
      ok = false;
      return false;
    }
    return true;
  }
};

ActivityAssets ReadAssets(Reader& r, const json::Value& v) {
  ActivityAssets assets;
  assets.SetLargeImage(r.OptString(v["large_image"]));
  assets.SetLargeText(r.OptString(v["large_text"]));
  assets.SetLargeUrl(r.OptString(v["large_url"]));
  assets.SetSmallImage(r.OptString(v["small_image"]));
  assets.SetSmallText(r.OptString(v["small_text"]));
  assets.SetSmallUrl(r.OptString(v["small_url"]));
  assets.SetInviteCoverImage(r.OptString(v["invite_cover_image"]));
  return assets;
}

ActivityTimestamps ReadTimestamps(Reader& r, const json::Value& v) {
  ActivityTimestamps timestamps;
  timestamps.SetStart(static_cast<uint64_t>(r.OptInt(v["start"], 0, INT64_MAX).value_or(0)));
  timestamps.SetEnd(static_cast<uint64_t>(r.OptInt(v["end"], 0, INT64_MAX).value_or(0)));
  return timestamps;
}

ActivityParty ReadParty(Reader& r, const json::Value& v) {
  ActivityParty party;
  party.SetId(r.String(v["id"]));
  json::Value size = v["size"];
  if (!Absent(size)) {
    auto items = size.Items();
    if (!size.IsArray() || items.size() != 2) {
      r.ok = false;
    } else {
      party.SetCurrentSize(static_cast<int32_t>(r.OptInt(items[0], 0, INT32_MAX).value_or(0)));
      party.SetMaxSize(static_cast<int32_t>(r.OptInt(items[1], 0, INT32_MAX).value_or(0)));
      if (Absent(items[0]) || Absent(items[1])) r.ok = false;
    }
  }
  party.SetPrivacy(
      r.OptEnum<ActivityPartyPrivacy>(v["privacy"]).value_or(ActivityPartyPrivacy::Private));
  return party;
}

void ReadButtons(Reader& r, const json::Value& v, Activity& activity) {
  if (Absent(v)) return;
  if (!v.IsArray()) {
    r.ok = false;
    return;
  }
  for (const json::Value& item : v.Items()) {
    ActivityButton button;
    if (item.IsString()) {
      button.SetLabel(std::string(*item.String()));
    } else if (item.IsObject()) {
      button.SetLabel(r.String(item["label"]));
      button.SetUrl(r.String(item["url"]));
    } else {
      r.ok = false;
      return;
    }
    activity.AddButton(std::move(button));  // drops any beyond kMaxButtons
  }
}

// --- validation

class Checker {
 public:
  bool failed() const { return failed_; }
  ClientResult Result() const {
    return failed_ ? ClientResult::Failure(ErrorType::ValidationError, message_)
                   : ClientResult::Success();
  }

  void Fail(const std::string& field, const std::string& rule) {
    if (failed_) return;
    failed_ = true;
    message_ = field + " " + rule;
  }

  void Text(const std::string& field, const std::string& text, size_t max) {
    auto length = utf8::CountCodePoints(text);
    if (!length) return Fail(field, "must be valid UTF-8");
    if (*length > max) Fail(field, "must be at most " + std::to_string(max) + " characters long");
  }
  void Text(const std::string& field, const std::optional<std::string>& text, size_t max) {
    if (text) Text(field, *text, max);
  }

  void Url(const std::string& field, const std::string& url) {
    std::string_view view(url);
    bool http = (view.rfind("http://", 0) == 0 && view.size() > 7) ||
                (view.rfind("https://", 0) == 0 && view.size() > 8);
    if (!http) return Fail(field, "must be an http:// or https:// URL");
    Text(field, url, limits::kMaxActivityUrlCodePoints);
  }
  // Unset or empty: nothing to check (the serializer omits it).
  void OptionalUrl(const std::string& field, const std::optional<std::string>& url) {
    if (url && !url->empty()) Url(field, *url);
  }

 private:
  bool failed_ = false;
  std::string message_;
};

}  // namespace

void WriteActivity(json::Writer& w, const Activity& activity) {
  w.BeginObject();
  WriteString(w, "name", activity.Name());
  w.Key("type").Int(static_cast<int32_t>(activity.Type()));
  WriteString(w, "state", activity.State());
  WriteString(w, "state_url", activity.StateUrl());
  WriteString(w, "details", activity.Details());
  WriteString(w, "details_url", activity.DetailsUrl());
  if (auto display = activity.StatusDisplayType()) {
    w.Key("status_display_type").Int(static_cast<int32_t>(*display));
  }
  if (auto id = activity.ApplicationId()) w.Key("application_id").Snowflake(*id);
  if (auto id = activity.ParentApplicationId()) w.Key("parent_application_id").Snowflake(*id);
  if (auto assets = activity.Assets(); assets && *assets && HasContent(*assets)) {
    WriteAssets(w, *assets);
  }
  if (auto t = activity.Timestamps(); t && *t && (t->Start() != 0 || t->End() != 0)) {
    w.Key("timestamps").BeginObject();
    if (t->Start() != 0) w.Key("start").Uint(t->Start());
    if (t->End() != 0) w.Key("end").Uint(t->End());
    w.EndObject();
  }
  if (auto party = activity.Party(); party && *party) WriteParty(w, *party);
  if (auto secrets = activity.Secrets(); secrets && *secrets && !secrets->Join().empty()) {
    w.Key("secrets").BeginObject().Key("join").String(secrets->Join()).EndObject();
  }
  auto buttons = activity.GetButtons();
  if (!buttons.empty()) {
    w.Key("buttons").BeginArray();
    for (const ActivityButton& button : buttons) {
      w.BeginObject();
      WriteString(w, "label", button.Label());
      WriteString(w, "url", button.Url());
      w.EndObject();
    }
    w.EndArray();
  }
  w.Key("supported_platforms").Int(static_cast<int32_t>(activity.SupportedPlatforms()));
  w.EndObject();
}

std::string ActivityToJson(const Activity& activity) {
  json::Writer writer;
  WriteActivity(writer, activity);
  return writer.Take();
}

std::optional<Activity> ActivityFromJson(const json::Value& value) {
  if (!value.IsObject()) return std::nullopt;
  Reader r;
  Activity activity;
  activity.SetName(r.String(value["name"]));
  activity.SetType(r.OptEnum<ActivityTypes>(value["type"]).value_or(ActivityTypes::Playing));
  activity.SetStatusDisplayType(r.OptEnum<StatusDisplayTypes>(value["status_display_type"]));
  activity.SetState(r.OptString(value["state"]));
  activity.SetStateUrl(r.OptString(value["state_url"]));
  activity.SetDetails(r.OptString(value["details"]));
  activity.SetDetailsUrl(r.OptString(value["details_url"]));
  activity.SetApplicationId(r.OptId(value["application_id"]));
  activity.SetParentApplicationId(r.OptId(value["parent_application_id"]));
  if (json::Value v = value["assets"]; r.Object(v)) activity.SetAssets(ReadAssets(r, v));
  if (json::Value v = value["timestamps"]; r.Object(v)) {
    activity.SetTimestamps(ReadTimestamps(r, v));
  }
  if (json::Value v = value["party"]; r.Object(v)) activity.SetParty(ReadParty(r, v));
  if (json::Value v = value["secrets"]; r.Object(v)) {
    ActivitySecrets secrets;
    secrets.SetJoin(r.String(v["join"]));
    activity.SetSecrets(std::move(secrets));
  }
  ReadButtons(r, value["buttons"], activity);
  if (auto bits = r.OptInt(value["supported_platforms"], INT32_MIN, INT32_MAX)) {
    activity.SetSupportedPlatforms(
        static_cast<ActivityGamePlatforms>(static_cast<int32_t>(*bits) & kAllPlatformBits));
  }
  if (!r.ok) return std::nullopt;
  return activity;
}

ClientResult ValidateActivity(const Activity& activity) {
  Checker c;
  if (!activity) {
    c.Fail("Activity", "is invalid (nullobj or moved-from)");
    return c.Result();
  }
  switch (activity.Type()) {
    case ActivityTypes::Playing:
    case ActivityTypes::Listening:
    case ActivityTypes::Watching:
    case ActivityTypes::Competing:
      break;
    default:
      c.Fail("Activity.Type", "must be Playing, Listening, Watching or Competing (got " +
                                  std::string(EnumToString(activity.Type())) + ")");
  }
  if (auto display = activity.StatusDisplayType(); display && !IsMember(*display)) {
    c.Fail("Activity.StatusDisplayType", "must be a StatusDisplayTypes value");
  }
  c.Text("Activity.Name", activity.Name(), limits::kMaxActivityTextCodePoints);
  c.Text("Activity.State", activity.State(), limits::kMaxActivityTextCodePoints);
  c.OptionalUrl("Activity.StateUrl", activity.StateUrl());
  c.Text("Activity.Details", activity.Details(), limits::kMaxActivityTextCodePoints);
  c.OptionalUrl("Activity.DetailsUrl", activity.DetailsUrl());
  if (auto assets = activity.Assets(); assets && *assets) {
    c.Text("Activity.Assets.LargeImage", assets->LargeImage(), limits::kMaxActivityUrlCodePoints);
    c.Text("Activity.Assets.LargeText", assets->LargeText(), limits::kMaxActivityTextCodePoints);
    c.OptionalUrl("Activity.Assets.LargeUrl", assets->LargeUrl());
    c.Text("Activity.Assets.SmallImage", assets->SmallImage(), limits::kMaxActivityUrlCodePoints);
    c.Text("Activity.Assets.SmallText", assets->SmallText(), limits::kMaxActivityTextCodePoints);
    c.OptionalUrl("Activity.Assets.SmallUrl", assets->SmallUrl());
    auto cover = assets->InviteCoverImage();
    if (cover && cover->find("://") != std::string::npos) {
      c.Url("Activity.Assets.InviteCoverImage", *cover);
    } else {
      c.Text("Activity.Assets.InviteCoverImage", cover, limits::kMaxActivityUrlCodePoints);
    }
  }
  if (auto party = activity.Party(); party && *party) {
    c.Text("Activity.Party.Id", party->Id(), limits::kMaxActivityTextCodePoints);
    if (party->CurrentSize() < 0) c.Fail("Activity.Party.CurrentSize", "must not be negative");
    if (party->MaxSize() < 0) c.Fail("Activity.Party.MaxSize", "must not be negative");
    if (party->CurrentSize() > party->MaxSize()) {
      c.Fail("Activity.Party.CurrentSize", "must not exceed MaxSize");
    }
    if (!IsMember(party->Privacy())) {
      c.Fail("Activity.Party.Privacy", "must be an ActivityPartyPrivacy value");
    }
  }
  if (auto secrets = activity.Secrets(); secrets && *secrets) {
    c.Text("Activity.Secrets.Join", secrets->Join(), limits::kMaxActivityTextCodePoints);
  }
  auto buttons = activity.GetButtons();
  if (buttons.size() > Activity::kMaxButtons) {
    c.Fail("Activity.Buttons", "must hold at most " + std::to_string(Activity::kMaxButtons) +
                                   " buttons");
  }
  for (size_t i = 0; i < buttons.size(); ++i) {
    std::string field = "Activity.Buttons[" + std::to_string(i) + "]";
    if (buttons[i].Label().empty()) c.Fail(field + ".Label", "must not be empty");
    c.Text(field + ".Label", buttons[i].Label(), limits::kMaxActivityTextCodePoints);
    c.Url(field + ".Url", buttons[i].Url());
  }
  auto platforms = static_cast<int32_t>(activity.SupportedPlatforms());
  if ((platforms & ~kAllPlatformBits) != 0) {
    c.Fail("Activity.SupportedPlatforms", "must combine only ActivityGamePlatforms flags");
  }
  return c.Result();
}

std::optional<ActivityInvite> ActivityInviteFromJson(const json::Value& value) {
  if (!value.IsObject()) return std::nullopt;
  Reader r;
  auto sender = r.OptId(value["sender_id"]);
  auto channel = r.OptId(value["channel_id"]);
  auto message = r.OptId(value["message_id"]);
  if (!sender || !channel || !message) return std::nullopt;
  ActivityInvite invite;
  invite.SetSenderId(*sender);
  invite.SetChannelId(*channel);
  invite.SetMessageId(*message);
  auto type = r.OptInt(value["type"], INT32_MIN, INT32_MAX);
  if (type) {
    auto action = static_cast<ActivityActionTypes>(static_cast<int32_t>(*type));
    invite.SetType(IsMember(action) ? action : ActivityActionTypes::Invalid);
  }
  invite.SetApplicationId(r.OptId(value["application_id"]).value_or(0));
  invite.SetParentApplicationId(r.OptId(value["parent_application_id"]).value_or(0));
  invite.SetPartyId(r.String(value["party_id"]));
  invite.SetSessionId(r.String(value["session_id"]));
  invite.SetIsValid(r.OptBool(value["is_valid"]).value_or(false));
  if (!r.ok) return std::nullopt;
  return invite;
}

}  // namespace sdkpp::social
