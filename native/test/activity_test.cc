// Rich presence: the Activity value classes (object model, Equals, the button cap), their
// wire JSON (null and empty keys omitted, round trip, lenient but strict-typed parsing), the
// service's SET_ACTIVITY checks and the activity invite object.
#include "framework/test.h"

#include <functional>
#include <string>
#include <vector>

#include "json/json.h"
#include "sdkpp/sdkpp.h"
#include "social/activity_json.h"

namespace {

using namespace sdkpp;
using social::ActivityFromJson;
using social::ActivityInviteFromJson;
using social::ActivityToJson;
using social::ValidateActivity;

ActivityButton Button(std::string label, std::string url) {
  ActivityButton button;
  button.SetLabel(std::move(label));
  button.SetUrl(std::move(url));
  return button;
}

// Every field set to a non-default value.
Activity FullActivity() {
  Activity a;
  a.SetName("Space Game");
  a.SetType(ActivityTypes::Competing);
  a.SetStatusDisplayType(StatusDisplayTypes::Details);
  a.SetState("In a match");
  a.SetStateUrl("https://example.com/state");
  a.SetDetails("Ranked: \"Gold\" \u00e9\u00e8");
  a.SetDetailsUrl("http://example.com/details");
  a.SetApplicationId(UINT64_MAX);
  a.SetParentApplicationId(1234567890123456789ull);
  ActivityAssets assets;
  assets.SetLargeImage("map_large");
  assets.SetLargeText("Map");
  assets.SetLargeUrl("https://example.com/map");
  assets.SetSmallImage("https://cdn.example.com/rank.png");
  assets.SetSmallText("Rank");
  assets.SetSmallUrl("https://example.com/rank");
  assets.SetInviteCoverImage("cover_key");
  a.SetAssets(assets);
  ActivityTimestamps timestamps;
  timestamps.SetStart(1700000000000ull);
  timestamps.SetEnd(1700000360000ull);
  a.SetTimestamps(timestamps);
  ActivityParty party;
  party.SetId("party-1");
  party.SetCurrentSize(2);
  party.SetMaxSize(4);
  party.SetPrivacy(ActivityPartyPrivacy::Public);
  a.SetParty(party);
  ActivitySecrets secrets;
  secrets.SetJoin("join-secret");
  a.SetSecrets(secrets);
  a.AddButton(Button("Watch", "https://example.com/watch"));
  a.AddButton(Button("Join", "https://example.com/join"));
  a.SetSupportedPlatforms(ActivityGamePlatforms::Desktop | ActivityGamePlatforms::PS5);
  return a;
}

const char* kFullJson =
    R"({"name":"Space Game","type":5,"state":"In a match","state_url":"https://example.com/state",)"
    R"("details":"Ranked: \"Gold\" )"
    "\u00e9\u00e8"
    R"(","details_url":"http://example.com/details","status_display_type":2,)"
    R"("application_id":"18446744073709551615","parent_application_id":"1234567890123456789",)"
    R"("assets":{"large_image":"map_large","large_text":"Map","large_url":"https://example.com/map",)"
    R"("small_image":"https://cdn.example.com/rank.png","small_text":"Rank",)"
    R"("small_url":"https://example.com/rank","invite_cover_image":"cover_key"},)"
    R"("timestamps":{"start":1700000000000,"end":1700000360000},)"
    R"("party":{"id":"party-1","size":[2,4],"privacy":1},"secrets":{"join":"join-secret"},)"
    R"("buttons":[{"label":"Watch","url":"https://example.com/watch"},)"
    R"({"label":"Join","url":"https://example.com/join"}],"supported_platforms":129})";

std::optional<Activity> Parse(const std::string& text) {
  auto document = json::Document::Parse(text);
  if (!document) {
    ADD_FAILURE() << "invalid JSON in the test: " << text;
    return std::nullopt;
  }
  return ActivityFromJson(document->Root());
}

std::optional<ActivityInvite> ParseInvite(const std::string& text) {
  auto document = json::Document::Parse(text);
  if (!document) {
    ADD_FAILURE() << "invalid JSON in the test: " << text;
    return std::nullopt;
  }
  return ActivityInviteFromJson(document->Root());
}

// --- object model

template <class T>
void ExpectObjectModel(const std::function<void(T&)>& change,
                       const std::function<bool(const T&, const T&)>& same) {
  EXPECT_FALSE(T::nullobj);
  T fresh;
  EXPECT_TRUE(fresh);
  T changed;
  change(changed);
  EXPECT_FALSE(same(fresh, changed)) << "the change must be visible";

  T invalid = T::nullobj;
  EXPECT_FALSE(invalid);
  change(invalid);  // setters on an invalid object change nothing and never crash
  EXPECT_TRUE(same(invalid, fresh)) << "an invalid object reads default values";

  T copy = changed;
  EXPECT_TRUE(copy);
  EXPECT_TRUE(same(copy, changed));
  T assigned;
  assigned = changed;
  EXPECT_TRUE(same(assigned, changed));

  T moved = std::move(copy);
  EXPECT_TRUE(moved);
  EXPECT_FALSE(copy);  // NOLINT(bugprone-use-after-move): the rule under test
  EXPECT_TRUE(same(moved, changed));
  T move_assigned;
  move_assigned = std::move(moved);
  EXPECT_FALSE(moved);  // NOLINT(bugprone-use-after-move)
  EXPECT_TRUE(move_assigned);
}

TEST(ActivityObjectModel, EachClassHasNullobjCopiesAndMoves) {
  ExpectObjectModel<ActivityAssets>(
      [](ActivityAssets& a) { a.SetLargeText("x"); },
      [](const ActivityAssets& a, const ActivityAssets& b) { return a.LargeText() == b.LargeText(); });
  ExpectObjectModel<ActivityTimestamps>(
      [](ActivityTimestamps& t) { t.SetEnd(5); },
      [](const ActivityTimestamps& a, const ActivityTimestamps& b) { return a.End() == b.End(); });
  ExpectObjectModel<ActivityParty>(
      [](ActivityParty& p) { p.SetMaxSize(8); },
      [](const ActivityParty& a, const ActivityParty& b) { return a.MaxSize() == b.MaxSize(); });
  ExpectObjectModel<ActivitySecrets>(
      [](ActivitySecrets& s) { s.SetJoin("j"); },
      [](const ActivitySecrets& a, const ActivitySecrets& b) { return a.Join() == b.Join(); });
  ExpectObjectModel<ActivityButton>(
      [](ActivityButton& b) { b.SetLabel("l"); },
      [](const ActivityButton& a, const ActivityButton& b) { return a.Label() == b.Label(); });
  ExpectObjectModel<Activity>(
      [](Activity& a) { a.SetName("n"); },
      [](const Activity& a, const Activity& b) { return a.Name() == b.Name(); });
  ExpectObjectModel<ActivityInvite>(
      [](ActivityInvite& i) { i.SetIsValid(true); },
      [](const ActivityInvite& a, const ActivityInvite& b) { return a.IsValid() == b.IsValid(); });
  static_assert(std::is_default_constructible_v<Activity>);
  static_assert(std::is_nothrow_move_constructible_v<Activity>);
}

TEST(ActivityObjectModel, DefaultsOfEveryField) {
  Activity a;
  EXPECT_EQ(a.Name(), "");
  EXPECT_EQ(a.Type(), ActivityTypes::Playing);
  EXPECT_FALSE(a.StatusDisplayType());
  EXPECT_FALSE(a.State());
  EXPECT_FALSE(a.StateUrl());
  EXPECT_FALSE(a.Details());
  EXPECT_FALSE(a.DetailsUrl());
  EXPECT_FALSE(a.ApplicationId());
  EXPECT_FALSE(a.ParentApplicationId());
  EXPECT_FALSE(a.Assets());
  EXPECT_FALSE(a.Timestamps());
  EXPECT_FALSE(a.Party());
  EXPECT_FALSE(a.Secrets());
  EXPECT_TRUE(a.GetButtons().empty());
  EXPECT_EQ(a.SupportedPlatforms(), ActivityGamePlatforms::Desktop);

  ActivityAssets assets;
  EXPECT_FALSE(assets.LargeImage() || assets.LargeText() || assets.LargeUrl() ||
               assets.SmallImage() || assets.SmallText() || assets.SmallUrl() ||
               assets.InviteCoverImage());
  ActivityTimestamps timestamps;
  EXPECT_EQ(timestamps.Start(), 0u);
  EXPECT_EQ(timestamps.End(), 0u);
  ActivityParty party;
  EXPECT_EQ(party.Id(), "");
  EXPECT_EQ(party.CurrentSize(), 0);
  EXPECT_EQ(party.MaxSize(), 0);
  EXPECT_EQ(party.Privacy(), ActivityPartyPrivacy::Private);
  EXPECT_EQ(ActivitySecrets().Join(), "");
  EXPECT_EQ(ActivityButton().Label(), "");
  EXPECT_EQ(ActivityButton().Url(), "");

  ActivityInvite invite;
  EXPECT_EQ(invite.SenderId(), 0u);
  EXPECT_EQ(invite.ChannelId(), 0u);
  EXPECT_EQ(invite.MessageId(), 0u);
  EXPECT_EQ(invite.Type(), ActivityActionTypes::Invalid);
  EXPECT_EQ(invite.ApplicationId(), 0u);
  EXPECT_EQ(invite.ParentApplicationId(), 0u);
  EXPECT_EQ(invite.PartyId(), "");
  EXPECT_EQ(invite.SessionId(), "");
  EXPECT_FALSE(invite.IsValid());
}

TEST(ActivityObjectModel, EveryFieldRoundTrips) {
  Activity a = FullActivity();
  EXPECT_EQ(a.Name(), "Space Game");
  EXPECT_EQ(a.Type(), ActivityTypes::Competing);
  EXPECT_EQ(a.StatusDisplayType(), StatusDisplayTypes::Details);
  EXPECT_EQ(a.State(), "In a match");
  EXPECT_EQ(a.StateUrl(), "https://example.com/state");
  EXPECT_EQ(a.DetailsUrl(), "http://example.com/details");
  EXPECT_EQ(a.ApplicationId(), UINT64_MAX);
  EXPECT_EQ(a.ParentApplicationId(), 1234567890123456789ull);
  ASSERT_TRUE(a.Assets());
  EXPECT_EQ(a.Assets()->LargeImage(), "map_large");
  EXPECT_EQ(a.Assets()->LargeText(), "Map");
  EXPECT_EQ(a.Assets()->LargeUrl(), "https://example.com/map");
  EXPECT_EQ(a.Assets()->SmallImage(), "https://cdn.example.com/rank.png");
  EXPECT_EQ(a.Assets()->SmallText(), "Rank");
  EXPECT_EQ(a.Assets()->SmallUrl(), "https://example.com/rank");
  EXPECT_EQ(a.Assets()->InviteCoverImage(), "cover_key");
  ASSERT_TRUE(a.Timestamps());
  EXPECT_EQ(a.Timestamps()->Start(), 1700000000000ull);
  EXPECT_EQ(a.Timestamps()->End(), 1700000360000ull);
  ASSERT_TRUE(a.Party());
  EXPECT_EQ(a.Party()->Id(), "party-1");
  EXPECT_EQ(a.Party()->CurrentSize(), 2);
  EXPECT_EQ(a.Party()->MaxSize(), 4);
  EXPECT_EQ(a.Party()->Privacy(), ActivityPartyPrivacy::Public);
  ASSERT_TRUE(a.Secrets());
  EXPECT_EQ(a.Secrets()->Join(), "join-secret");
  ASSERT_EQ(a.GetButtons().size(), 2u);
  EXPECT_EQ(a.GetButtons()[1].Label(), "Join");
  EXPECT_EQ(a.GetButtons()[1].Url(), "https://example.com/join");
  EXPECT_EQ(a.SupportedPlatforms(), ActivityGamePlatforms::Desktop | ActivityGamePlatforms::PS5);

  a.SetState(std::nullopt);
  a.SetAssets(std::nullopt);
  a.SetApplicationId(std::nullopt);
  EXPECT_FALSE(a.State());
  EXPECT_FALSE(a.Assets());
  EXPECT_FALSE(a.ApplicationId());

  ActivityInvite invite;
  invite.SetSenderId(1);
  invite.SetChannelId(2);
  invite.SetMessageId(3);
  invite.SetType(ActivityActionTypes::JoinRequest);
  invite.SetApplicationId(4);
  invite.SetParentApplicationId(5);
  invite.SetPartyId("p");
  invite.SetSessionId("s");
  invite.SetIsValid(true);
  EXPECT_EQ(invite.SenderId(), 1u);
  EXPECT_EQ(invite.ChannelId(), 2u);
  EXPECT_EQ(invite.MessageId(), 3u);
  EXPECT_EQ(invite.Type(), ActivityActionTypes::JoinRequest);
  EXPECT_EQ(invite.ApplicationId(), 4u);
  EXPECT_EQ(invite.ParentApplicationId(), 5u);
  EXPECT_EQ(invite.PartyId(), "p");
  EXPECT_EQ(invite.SessionId(), "s");
  EXPECT_TRUE(invite.IsValid());
}

TEST(ActivityObjectModel, CopiesAreDeepIncludingParts) {
  Activity original = FullActivity();
  Activity copy = original;
  auto assets = *copy.Assets();
  assets.SetLargeText("changed");
  copy.SetAssets(assets);
  copy.AddButton(Button("Third", "https://x.example"));  // dropped: already two
  EXPECT_EQ(original.Assets()->LargeText(), "Map");
  EXPECT_EQ(copy.Assets()->LargeText(), "changed");

  // Getters hand out copies: changing one does not reach into the activity.
  auto party = original.Party();
  party->SetId("other");
  EXPECT_EQ(original.Party()->Id(), "party-1");
  auto buttons = original.GetButtons();
  buttons[0].SetLabel("other");
  EXPECT_EQ(original.GetButtons()[0].Label(), "Watch");
}

TEST(ActivityObjectModel, AddButtonKeepsAtMostTwoAndIgnoresInvalidButtons) {
  Activity a;
  a.AddButton(ActivityButton::nullobj);
  EXPECT_TRUE(a.GetButtons().empty());
  a.AddButton(Button("1", "https://one.example"));
  a.AddButton(Button("2", "https://two.example"));
  a.AddButton(Button("3", "https://three.example"));
  auto buttons = a.GetButtons();
  ASSERT_EQ(buttons.size(), Activity::kMaxButtons);
  EXPECT_EQ(buttons[0].Label(), "1");
  EXPECT_EQ(buttons[1].Label(), "2");

  Activity invalid = Activity::nullobj;
  invalid.AddButton(Button("1", "https://one.example"));
  EXPECT_TRUE(invalid.GetButtons().empty());
}

TEST(ActivityObjectModel, EqualsComparesEveryField) {
  EXPECT_TRUE(FullActivity().Equals(FullActivity()));
  EXPECT_TRUE(Activity().Equals(Activity()));
  EXPECT_TRUE(Activity::nullobj.Equals(Activity::nullobj));
  EXPECT_FALSE(Activity().Equals(Activity::nullobj));
  EXPECT_FALSE(Activity::nullobj.Equals(Activity()));

  std::vector<std::pair<const char*, std::function<void(Activity&)>>> changes = {
      {"Name", [](Activity& a) { a.SetName("x"); }},
      {"Type", [](Activity& a) { a.SetType(ActivityTypes::Playing); }},
      {"StatusDisplayType", [](Activity& a) { a.SetStatusDisplayType(std::nullopt); }},
      {"State", [](Activity& a) { a.SetState("x"); }},
      {"StateUrl", [](Activity& a) { a.SetStateUrl(std::nullopt); }},
      {"Details", [](Activity& a) { a.SetDetails(""); }},
      {"DetailsUrl", [](Activity& a) { a.SetDetailsUrl("https://x.example"); }},
      {"ApplicationId", [](Activity& a) { a.SetApplicationId(1); }},
      {"ParentApplicationId", [](Activity& a) { a.SetParentApplicationId(std::nullopt); }},
      {"Assets", [](Activity& a) {
         auto assets = *a.Assets();
         assets.SetInviteCoverImage(std::nullopt);
         a.SetAssets(assets);
       }},
      {"Assets invalid", [](Activity& a) { a.SetAssets(ActivityAssets::nullobj); }},
      {"Timestamps", [](Activity& a) {
         auto t = *a.Timestamps();
         t.SetStart(1);
         a.SetTimestamps(t);
       }},
      {"Party", [](Activity& a) {
         auto p = *a.Party();
         p.SetPrivacy(ActivityPartyPrivacy::Private);
         a.SetParty(p);
       }},
      {"Secrets", [](Activity& a) { a.SetSecrets(std::nullopt); }},
      {"Buttons", [](Activity& a) {
         Activity b = a;
         a = Activity();
         a.SetName(b.Name());
       }},
      {"SupportedPlatforms",
       [](Activity& a) { a.SetSupportedPlatforms(ActivityGamePlatforms::Desktop); }},
  };
  for (auto& [field, change] : changes) {
    Activity changed = FullActivity();
    change(changed);
    EXPECT_FALSE(changed.Equals(FullActivity())) << field;
    EXPECT_FALSE(FullActivity().Equals(changed)) << field;
  }

  Activity reordered;
  reordered.AddButton(Button("B", "https://b.example"));
  reordered.AddButton(Button("A", "https://a.example"));
  Activity ordered;
  ordered.AddButton(Button("A", "https://a.example"));
  ordered.AddButton(Button("B", "https://b.example"));
  EXPECT_FALSE(ordered.Equals(reordered));
}

// --- JSON

TEST(ActivityJson, DefaultActivityWritesOnlyTypeAndPlatforms) {
  EXPECT_EQ(ActivityToJson(Activity()), R"({"type":0,"supported_platforms":1})");
  EXPECT_EQ(ActivityToJson(Activity::nullobj), R"({"type":0,"supported_platforms":1})");
}

TEST(ActivityJson, FullActivityHasTheServiceShape) {
  EXPECT_EQ(ActivityToJson(FullActivity()), kFullJson);
  auto document = json::Document::Parse(ActivityToJson(FullActivity()));
  ASSERT_TRUE(document);
  EXPECT_EQ(document->Root()["application_id"].String(), "18446744073709551615");
  EXPECT_EQ(document->Root()["party"]["size"].Items().size(), 2u);
}

TEST(ActivityJson, OmitsNullAndEmptyKeys) {
  Activity a;
  a.SetName("");
  a.SetState("");
  a.SetDetails(std::nullopt);
  a.SetStateUrl("");
  ActivityAssets empty_assets;
  empty_assets.SetLargeText("");
  a.SetAssets(empty_assets);
  a.SetTimestamps(ActivityTimestamps());
  a.SetSecrets(ActivitySecrets());
  EXPECT_EQ(ActivityToJson(a), R"({"type":0,"supported_platforms":1})");

  ActivityAssets some_assets;
  some_assets.SetSmallText("s");
  some_assets.SetLargeText("");
  a.SetAssets(some_assets);
  ActivityTimestamps start_only;
  start_only.SetStart(10);
  a.SetTimestamps(start_only);
  ActivityParty party;  // privacy is a value; an empty id and a 0/0 size are not written
  a.SetParty(party);
  a.AddButton(Button("Label", ""));
  EXPECT_EQ(ActivityToJson(a),
            R"({"type":0,"assets":{"small_text":"s"},"timestamps":{"start":10},)"
            R"("party":{"privacy":0},"buttons":[{"label":"Label"}],"supported_platforms":1})");

  a.SetParty(ActivityParty::nullobj);  // an invalid part is left out entirely
  a.SetAssets(ActivityAssets::nullobj);
  a.SetTimestamps(ActivityTimestamps::nullobj);
  EXPECT_EQ(ActivityToJson(a), R"({"type":0,"buttons":[{"label":"Label"}],"supported_platforms":1})");
}

TEST(ActivityJson, EscapesStrings) {
  Activity a;
  a.SetName("quote \" backslash \\ newline \n control \x01");
  EXPECT_EQ(ActivityToJson(a),
            R"({"name":"quote \" backslash \\ newline \n control \u0001","type":0,"supported_platforms":1})");
  auto parsed = Parse(ActivityToJson(a));
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->Name(), a.Name());
}

TEST(ActivityJson, RoundTripKeepsEveryField) {
  auto parsed = Parse(ActivityToJson(FullActivity()));
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(parsed->Equals(FullActivity())) << ActivityToJson(*parsed);
  EXPECT_EQ(ActivityToJson(*parsed), kFullJson);

  Activity minimal;
  auto parsed_minimal = Parse(ActivityToJson(minimal));
  ASSERT_TRUE(parsed_minimal);
  EXPECT_TRUE(parsed_minimal->Equals(minimal));

  Activity with_zero_ids;
  with_zero_ids.SetApplicationId(0);
  with_zero_ids.SetSupportedPlatforms(static_cast<ActivityGamePlatforms>(0));
  auto parsed_zero = Parse(ActivityToJson(with_zero_ids));
  ASSERT_TRUE(parsed_zero);
  EXPECT_TRUE(parsed_zero->Equals(with_zero_ids)) << ActivityToJson(*parsed_zero);
}

TEST(ActivityJson, ParsesLenientlyUnknownKeysNullsAndForms) {
  auto a = Parse(
      R"({"name":"G","type":2,"state":null,"unknown":{"deep":[1,2]},"created_at":5,)"
      R"("application_id":42,"assets":null,"timestamps":{"start":7},)"
      R"("party":{"id":"p"},"buttons":["Watch",{"label":"Join","url":"https://j.example"},"Extra"],)"
      R"("supported_platforms":1027})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->Name(), "G");
  EXPECT_EQ(a->Type(), ActivityTypes::Listening);
  EXPECT_FALSE(a->State());
  EXPECT_EQ(a->ApplicationId(), 42u);
  EXPECT_FALSE(a->Assets());
  ASSERT_TRUE(a->Timestamps());
  EXPECT_EQ(a->Timestamps()->Start(), 7u);
  EXPECT_EQ(a->Timestamps()->End(), 0u);
  ASSERT_TRUE(a->Party());
  EXPECT_EQ(a->Party()->Id(), "p");
  EXPECT_EQ(a->Party()->MaxSize(), 0);
  auto buttons = a->GetButtons();
  ASSERT_EQ(buttons.size(), 2u);  // the third is dropped, like AddButton
  EXPECT_EQ(buttons[0].Label(), "Watch");
  EXPECT_EQ(buttons[0].Url(), "");
  EXPECT_EQ(buttons[1].Url(), "https://j.example");
  // 1027 = 1024 (unknown) | 2 | 1: the unknown bit is dropped.
  EXPECT_EQ(a->SupportedPlatforms(), ActivityGamePlatforms::Desktop | ActivityGamePlatforms::Xbox);

  auto empty = Parse("{}");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->Equals(Activity()));
}

TEST(ActivityJson, NumbersAtTheirBoundsAreRead) {
  // The smallest and largest values each field takes; absent ones read as 0.
  auto a = Parse(R"({"timestamps":{"start":0,"end":9223372036854775807},"party":{"id":"p","size":[0,2147483647]}})");
  ASSERT_TRUE(a);
  ASSERT_TRUE(a->Timestamps());
  EXPECT_EQ(a->Timestamps()->Start(), 0u);
  EXPECT_EQ(a->Timestamps()->End(), 9223372036854775807u);
  ASSERT_TRUE(a->Party());
  EXPECT_EQ(a->Party()->CurrentSize(), 0);
  EXPECT_EQ(a->Party()->MaxSize(), 2147483647);
  auto absent = Parse(R"({"timestamps":{}})");
  ASSERT_TRUE(absent);
  ASSERT_TRUE(absent->Timestamps());
  EXPECT_EQ(absent->Timestamps()->Start(), 0u);
  EXPECT_EQ(absent->Timestamps()->End(), 0u);
  auto zeros = Parse(R"({"timestamps":{"start":5,"end":0},"party":{"size":[5,0]}})");
  ASSERT_TRUE(zeros);
  EXPECT_EQ(zeros->Timestamps()->End(), 0u);
  EXPECT_EQ(zeros->Party()->MaxSize(), 0);
  EXPECT_FALSE(Parse(R"({"timestamps":{"end":-1}})"));
  EXPECT_FALSE(Parse(R"({"party":{"size":[2147483648,2147483648]}})"));
}

TEST(ActivityJson, WritesATimestampOfOneMillisecond) {
  // 0 is "not set" and omitted; every other value, the smallest included, is written.
  Activity a;
  ActivityTimestamps t;
  t.SetStart(1);
  t.SetEnd(1);
  a.SetTimestamps(t);
  const std::string text = ActivityToJson(a);
  EXPECT_NE(text.find(R"("start":1)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("end":1)"), std::string::npos) << text;
}

TEST(ActivityJson, RefusesMalformedActivities) {
  const char* bad[] = {
      "[]",
      "\"activity\"",
      "null",
      R"({"name":5})",
      R"({"type":"0"})",
      R"({"type":99})",
      R"({"type":1.5})",
      R"({"status_display_type":7})",
      R"({"state":["x"]})",
      R"({"application_id":"12x"})",
      R"({"application_id":-1})",
      R"({"parent_application_id":"18446744073709551616"})",
      R"({"assets":"large"})",
      R"({"assets":{"large_image":1}})",
      R"({"timestamps":{"start":-5}})",
      R"({"timestamps":{"end":"5"}})",
      R"({"timestamps":[1,2]})",
      R"({"party":{"size":[1]}})",
      R"({"party":{"size":[1,2,3]}})",
      R"({"party":{"size":[-1,2]}})",
      R"({"party":{"size":[1,3000000000]}})",
      R"({"party":{"size":"1/2"}})",
      R"({"party":{"size":[null,2]}})",
      R"({"party":{"size":[2,null]}})",
      R"({"party":{"privacy":9}})",
      R"({"party":{"id":3}})",
      R"({"secrets":{"join":true}})",
      R"({"buttons":{"label":"x"}})",
      R"({"buttons":[5]})",
      R"({"buttons":[{"label":"x","url":1}]})",
      R"({"supported_platforms":"desktop"})",
  };
  for (const char* text : bad) {
    EXPECT_FALSE(Parse(text)) << text;
  }
}

// --- validation

struct ValidationRow {
  const char* name;
  std::function<void(Activity&)> change;
  const char* field;  // nullptr: the activity stays valid
};

TEST(ActivityValidation, Table) {
  const std::string t128(128, 't');
  const std::string t129(129, 't');
  // Characters are code points (limits.h): 128 astral characters (512 UTF-8 bytes) are allowed,
  // 129 are not.
  std::string astral128;
  for (int i = 0; i < 128; ++i) astral128 += "\xF0\x9F\x8E\xAE";
  const std::string astral129 = astral128 + "\xF0\x9F\x8E\xAE";
  const std::string u256 = "https://" + std::string(248, 'u');
  const std::string u257 = u256 + "u";

  auto assets = [](std::function<void(ActivityAssets&)> set) {
    return [set](Activity& a) {
      ActivityAssets assets = a.Assets().value_or(ActivityAssets());
      set(assets);
      a.SetAssets(assets);
    };
  };
  auto party = [](int32_t current, int32_t max) {
    return [current, max](Activity& a) {
      ActivityParty p;
      p.SetCurrentSize(current);
      p.SetMaxSize(max);
      a.SetParty(p);
    };
  };
  auto buttons = [](std::vector<ActivityButton> list) {
    return [list](Activity& a) {
      for (const auto& b : list) a.AddButton(b);
    };
  };

  std::vector<ValidationRow> rows = {
      {"default activity", [](Activity&) {}, nullptr},
      {"full activity", [](Activity& a) { a = FullActivity(); }, nullptr},
      {"Playing", [](Activity& a) { a.SetType(ActivityTypes::Playing); }, nullptr},
      {"Listening", [](Activity& a) { a.SetType(ActivityTypes::Listening); }, nullptr},
      {"Watching", [](Activity& a) { a.SetType(ActivityTypes::Watching); }, nullptr},
      {"Competing", [](Activity& a) { a.SetType(ActivityTypes::Competing); }, nullptr},
      {"Streaming", [](Activity& a) { a.SetType(ActivityTypes::Streaming); }, "Activity.Type"},
      {"CustomStatus", [](Activity& a) { a.SetType(ActivityTypes::CustomStatus); }, "Activity.Type"},
      {"HangStatus", [](Activity& a) { a.SetType(ActivityTypes::HangStatus); }, "Activity.Type"},
      {"type 42", [](Activity& a) { a.SetType(static_cast<ActivityTypes>(42)); }, "Activity.Type"},
      {"status display 9",
       [](Activity& a) { a.SetStatusDisplayType(static_cast<StatusDisplayTypes>(9)); },
       "Activity.StatusDisplayType"},
      {"name 128", [&](Activity& a) { a.SetName(t128); }, nullptr},
      {"name 129", [&](Activity& a) { a.SetName(t129); }, "Activity.Name"},
      {"name 128 astral", [&](Activity& a) { a.SetName(astral128); }, nullptr},
      {"name 129 astral", [&](Activity& a) { a.SetName(astral129); }, "Activity.Name"},
      {"name not UTF-8", [](Activity& a) { a.SetName("\xC3"); }, "Activity.Name"},
      {"state 129", [&](Activity& a) { a.SetState(t129); }, "Activity.State"},
      {"details 129", [&](Activity& a) { a.SetDetails(t129); }, "Activity.Details"},
      {"large text 129", assets([&](ActivityAssets& x) { x.SetLargeText(t129); }),
       "Activity.Assets.LargeText"},
      {"small text 129", assets([&](ActivityAssets& x) { x.SetSmallText(t129); }),
       "Activity.Assets.SmallText"},
      {"large image key 256", assets([&](ActivityAssets& x) { x.SetLargeImage(u256); }), nullptr},
      {"small image 257", assets([&](ActivityAssets& x) { x.SetSmallImage(u257); }),
       "Activity.Assets.SmallImage"},
      {"state url 256", [&](Activity& a) { a.SetStateUrl(u256); }, nullptr},
      {"state url 257", [&](Activity& a) { a.SetStateUrl(u257); }, "Activity.StateUrl"},
      {"state url empty", [](Activity& a) { a.SetStateUrl(""); }, nullptr},
      {"state url ftp", [](Activity& a) { a.SetStateUrl("ftp://x.example"); }, "Activity.StateUrl"},
      {"state url bare", [](Activity& a) { a.SetStateUrl("example.com"); }, "Activity.StateUrl"},
      {"state url scheme only", [](Activity& a) { a.SetStateUrl("https://"); },
       "Activity.StateUrl"},
      {"state url http scheme only", [](Activity& a) { a.SetStateUrl("http://"); }, "Activity.StateUrl"},
      {"state url http one character", [](Activity& a) { a.SetStateUrl("http://x"); }, nullptr},
      {"state url https one character", [](Activity& a) { a.SetStateUrl("https://x"); }, nullptr},
      {"state url scheme not first", [](Activity& a) { a.SetStateUrl("xhttp://x.example"); },
       "Activity.StateUrl"},
      {"details url javascript", [](Activity& a) { a.SetDetailsUrl("javascript:alert(1)"); },
       "Activity.DetailsUrl"},
      {"large url", assets([](ActivityAssets& x) { x.SetLargeUrl("file:///etc/passwd"); }),
       "Activity.Assets.LargeUrl"},
      {"small url 257", assets([&](ActivityAssets& x) { x.SetSmallUrl(u257); }),
       "Activity.Assets.SmallUrl"},
      {"cover key", assets([](ActivityAssets& x) { x.SetInviteCoverImage("cover_key"); }), nullptr},
      {"cover https", assets([](ActivityAssets& x) { x.SetInviteCoverImage("https://c.example/a.png"); }),
       nullptr},
      {"cover ftp", assets([](ActivityAssets& x) { x.SetInviteCoverImage("ftp://c.example/a.png"); }),
       "Activity.Assets.InviteCoverImage"},
      {"cover key 257", assets([&](ActivityAssets& x) { x.SetInviteCoverImage(std::string(257, 'k')); }),
       "Activity.Assets.InviteCoverImage"},
      {"party 0/0", party(0, 0), nullptr},
      {"party 4/4", party(4, 4), nullptr},
      {"party 5/4", party(5, 4), "Activity.Party.CurrentSize"},
      {"party -1/4", party(-1, 4), "Activity.Party.CurrentSize"},
      {"party 0/-1", party(0, -1), "Activity.Party.MaxSize"},
      {"party privacy 3",
       [](Activity& a) {
         ActivityParty p;
         p.SetPrivacy(static_cast<ActivityPartyPrivacy>(3));
         a.SetParty(p);
       },
       "Activity.Party.Privacy"},
      {"party id 129",
       [&](Activity& a) {
         ActivityParty p;
         p.SetId(t129);
         a.SetParty(p);
       },
       "Activity.Party.Id"},
      {"join secret 129",
       [&](Activity& a) {
         ActivitySecrets s;
         s.SetJoin(t129);
         a.SetSecrets(s);
       },
       "Activity.Secrets.Join"},
      {"two buttons", buttons({Button("a", "https://a.example"), Button("b", "http://b.example")}),
       nullptr},
      {"empty button label", buttons({Button("", "https://a.example")}), "Activity.Buttons[0].Label"},
      {"button label 129", buttons({Button(t129, "https://a.example")}), "Activity.Buttons[0].Label"},
      {"button without url", buttons({Button("a", "https://a.example"), Button("b", "")}),
       "Activity.Buttons[1].Url"},
      {"button url mailto", buttons({Button("a", "mailto:x@example.com")}), "Activity.Buttons[0].Url"},
      {"button url 257", buttons({Button("a", u257)}), "Activity.Buttons[0].Url"},
      {"platforms Xbox|PS4|PS5",
       [](Activity& a) {
         a.SetSupportedPlatforms(ActivityGamePlatforms::Xbox | ActivityGamePlatforms::PS4 |
                                 ActivityGamePlatforms::PS5);
       },
       nullptr},
      {"platforms 256",
       [](Activity& a) { a.SetSupportedPlatforms(static_cast<ActivityGamePlatforms>(256)); },
       "Activity.SupportedPlatforms"},
      {"invalid activity", [](Activity& a) { a = Activity::nullobj; }, "Activity"},
  };

  for (const ValidationRow& row : rows) {
    Activity a;
    row.change(a);
    ClientResult result = ValidateActivity(a);
    if (row.field == nullptr) {
      EXPECT_TRUE(result.Successful()) << row.name << ": " << result.Error();
      EXPECT_EQ(result.Type(), ErrorType::None) << row.name;
    } else {
      EXPECT_FALSE(result.Successful()) << row.name;
      EXPECT_EQ(result.Type(), ErrorType::ValidationError) << row.name;
      EXPECT_EQ(result.Error().rfind(std::string(row.field) + " ", 0), 0u)
          << row.name << ": " << result.Error();
      EXPECT_LT(result.Error().size(), 200u) << row.name;  // the offending value is not echoed
    }
  }
}

// --- invites

TEST(ActivityInviteJson, ParsesTheServiceInviteObject) {
  auto invite = ParseInvite(
      R"({"sender_id":"111","channel_id":"222","message_id":"18446744073709551615","type":1,)"
      R"("application_id":"444","parent_application_id":"555","party_id":"party-1",)"
      R"("session_id":"sess","is_valid":true,"extra":{"ignored":true}})");
  ASSERT_TRUE(invite);
  EXPECT_TRUE(*invite);
  EXPECT_EQ(invite->SenderId(), 111u);
  EXPECT_EQ(invite->ChannelId(), 222u);
  EXPECT_EQ(invite->MessageId(), UINT64_MAX);
  EXPECT_EQ(invite->Type(), ActivityActionTypes::Join);
  EXPECT_EQ(invite->ApplicationId(), 444u);
  EXPECT_EQ(invite->ParentApplicationId(), 555u);
  EXPECT_EQ(invite->PartyId(), "party-1");
  EXPECT_EQ(invite->SessionId(), "sess");
  EXPECT_TRUE(invite->IsValid());
}

TEST(ActivityInviteJson, NullsAndAbsentKeysReadDefaults) {
  // The emulator sends null application ids for a deleted application.
  auto invite = ParseInvite(
      R"({"sender_id":1,"channel_id":"2","message_id":"3","type":5,"application_id":null,)"
      R"("parent_application_id":null})");
  ASSERT_TRUE(invite);
  EXPECT_EQ(invite->SenderId(), 1u);
  EXPECT_EQ(invite->Type(), ActivityActionTypes::JoinRequest);
  EXPECT_EQ(invite->ApplicationId(), 0u);
  EXPECT_EQ(invite->ParentApplicationId(), 0u);
  EXPECT_EQ(invite->PartyId(), "");
  EXPECT_EQ(invite->SessionId(), "");
  EXPECT_FALSE(invite->IsValid());

  auto unknown_type = ParseInvite(R"({"sender_id":"1","channel_id":"2","message_id":"3","type":3})");
  ASSERT_TRUE(unknown_type);
  EXPECT_EQ(unknown_type->Type(), ActivityActionTypes::Invalid);
}

TEST(ActivityInviteJson, RefusesMalformedInvites) {
  const char* bad[] = {
      "[]",
      "null",
      R"({"channel_id":"2","message_id":"3"})",
      R"({"sender_id":"1","message_id":"3"})",
      R"({"sender_id":"1","channel_id":"2"})",
      R"({"sender_id":null,"channel_id":"2","message_id":"3"})",
      R"({"sender_id":"x","channel_id":"2","message_id":"3"})",
      R"({"sender_id":"-1","channel_id":"2","message_id":"3"})",
      R"({"sender_id":"1","channel_id":"2","message_id":"3","type":"1"})",
      R"({"sender_id":"1","channel_id":"2","message_id":"3","application_id":"abc"})",
      R"({"sender_id":"1","channel_id":"2","message_id":"3","party_id":7})",
      R"({"sender_id":"1","channel_id":"2","message_id":"3","session_id":{}})",
      R"({"sender_id":"1","channel_id":"2","message_id":"3","is_valid":"true"})",
  };
  for (const char* text : bad) {
    EXPECT_FALSE(ParseInvite(text)) << text;
  }
}

}  // namespace
