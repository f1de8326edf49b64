// Every service rule of sdkpp/limits.h the core checks, exactly at the limit and one over, with
// characters of every UTF-8 width: a rule counted in bytes instead of code points fails the astral
// rows, one counted in code points instead of bytes would never see the ASCII rows differ.
// A refused argument is a ValidationError and sends no request; an accepted one is sent.
#include "framework/test.h"

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "context/argument_rules.h"
#include "sdkpp/limits.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

// One character of each UTF-8 width.
struct Width {
  const char* name;
  const char* character;
};
constexpr Width kWidths[] = {{"ascii", "a"}, {"two-byte", "\xc3\xa9"}, {"three-byte", "\xe2\x82\xac"},
                             {"astral", "\xf0\x9f\x98\x80"}};

std::string Repeat(const char* character, uint64_t times) {
  std::string out;
  for (uint64_t i = 0; i < times; ++i) out += character;
  return out;
}

// A Client with a token, so that a call whose arguments pass its rules sends a request.
struct AuthedHarness : Harness {
  AuthedHarness() {
    client.UpdateToken(AuthorizationTokenType::Bearer, "tok-limits", nullptr);
    if (auto* me = platform->Pending(); me && me->http.url.ends_with("/oauth2/@me")) {
      platform->Respond(me, 200, R"({"expires":"2030-01-01T00:00:00Z"})");
    }
  }
};

// What a call did with its arguments: sent a request, or refused them (with the error text).
struct Verdict {
  bool sent = false;
  bool refused = false;
  std::string error;
};

// `call` gets a callback that accepts any of the Client's result callback signatures.
using AnyCallback = std::function<void(ClientResult)>;
Verdict Judge(AuthedHarness& h, const std::function<void(Client&, AnyCallback)>& call) {
  size_t before = h.platform->requests.size();
  Verdict verdict;
  call(h.client, [&verdict](ClientResult result) {
    if (result.Type() == ErrorType::ValidationError) {
      verdict.refused = true;
      verdict.error = result.Error();
    }
  });
  Pump();
  verdict.sent = h.platform->requests.size() > before;
  return verdict;
}

void ExpectAccepted(const Verdict& verdict, const std::string& name) {
  EXPECT_TRUE(verdict.sent) << name;
  EXPECT_FALSE(verdict.refused) << name << ": " << verdict.error;
}

void ExpectRefused(const Verdict& verdict, const std::string& name, const std::string& error) {
  EXPECT_FALSE(verdict.sent) << name;
  EXPECT_TRUE(verdict.refused) << name;
  EXPECT_EQ(verdict.error, error) << name;
}

using TextCall = std::function<void(Client&, const std::string&, AnyCallback)>;

// A text rule: empty refused when `min` is at least 1, each width accepted at `max` characters and
// refused at `max + 1`, invalid UTF-8 refused.
void CheckTextRule(const TextCall& call, uint64_t min, uint64_t max, const std::string& range_error,
                   const std::string& utf8_error) {
  for (const auto& width : kWidths) {
    AuthedHarness h;
    std::string at = Repeat(width.character, max);
    std::string over = Repeat(width.character, max + 1);
    ExpectAccepted(Judge(h, [&](Client& c, AnyCallback cb) { call(c, at, cb); }),
                   std::to_string(max) + " " + width.name + " (" + std::to_string(at.size()) + " bytes)");
    ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, over, cb); }),
                  std::to_string(max + 1) + " " + width.name, range_error);
  }
  AuthedHarness h;
  if (min >= 1) ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "", cb); }), "empty", range_error);
  ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "ok \xff", cb); }), "invalid byte", utf8_error);
  ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "\xc0\xaf", cb); }), "overlong", utf8_error);
  ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "\xed\xa0\x80", cb); }), "surrogate", utf8_error);
}

using MetadataCall = std::function<void(Client&, const Client::StringMap&, AnyCallback)>;

// A metadata rule: keys and values together at most `max` characters, in each width.
void CheckMetadataRule(const MetadataCall& call, const std::string& argument) {
  const uint64_t max = limits::kMaxMetadataCodePoints;
  for (const auto& width : kWidths) {
    AuthedHarness h;
    Client::StringMap at{{"k", Repeat(width.character, max - 1)}};
    Client::StringMap over{{"k", Repeat(width.character, max)}};
    ExpectAccepted(Judge(h, [&](Client& c, AnyCallback cb) { call(c, at, cb); }),
                   argument + " at " + std::to_string(max) + " " + width.name);
    ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, over, cb); }),
                  argument + " at " + std::to_string(max + 1) + " " + width.name,
                  argument + ": at most 1000 characters of keys and values");
  }
  AuthedHarness h;
  Client::StringMap split{{Repeat("\xf0\x9f\x98\x80", 500), Repeat("a", 500)}};
  ExpectAccepted(Judge(h, [&](Client& c, AnyCallback cb) { call(c, split, cb); }), argument + " key and value");
  Client::StringMap invalid{{"k\xff", "v"}};
  ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, invalid, cb); }), argument + " invalid key",
                argument + ": keys and values must be valid UTF-8");
}

const std::string kContentRange = "content: must be 1 to 4000 characters";
const std::string kContentUtf8 = "content: must be valid UTF-8";

TEST(Limits, LobbyMessageContentCountsCodePoints) {
  CheckTextRule([](Client& c, const std::string& text, AnyCallback cb) { c.SendLobbyMessage(1, text, [cb](ClientResult r, uint64_t) { cb(r); }); },
                1, limits::kMaxMessageContentCodePoints, kContentRange, kContentUtf8);
}

TEST(Limits, TheIssuesCase1001EmojiAreOneLobbyMessage) {
  AuthedHarness h;
  std::string emoji = Repeat("\xf0\x9f\x98\x80", 1001);
  ASSERT_EQ(emoji.size(), 4004u);
  ExpectAccepted(Judge(h, [&](Client& c, AnyCallback cb) { c.SendLobbyMessage(1, emoji, [cb](ClientResult r, uint64_t) { cb(r); }); }),
                 "1001 emoji");
  ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { c.SendLobbyMessage(1, Repeat("a", 4001), [cb](ClientResult r, uint64_t) { cb(r); }); }),
                "4001 ASCII", kContentRange);
}

TEST(Limits, DirectMessageAndEditContentCountCodePoints) {
  CheckTextRule([](Client& c, const std::string& text, AnyCallback cb) { c.SendUserMessage(2, text, [cb](ClientResult r, uint64_t) { cb(r); }); },
                1, limits::kMaxMessageContentCodePoints, kContentRange, kContentUtf8);
  CheckTextRule([](Client& c, const std::string& text, AnyCallback cb) { c.EditUserMessage(2, 3, text, cb); },
                1, limits::kMaxMessageContentCodePoints, kContentRange, kContentUtf8);
}

TEST(Limits, LobbySecretCountsCodePoints) {
  CheckTextRule([](Client& c, const std::string& text, AnyCallback cb) { c.CreateOrJoinLobby(text, [cb](ClientResult r, uint64_t) { cb(r); }); },
                1, limits::kMaxLobbySecretCodePoints, "secret: must be 1 to 250 characters",
                "secret: must be valid UTF-8");
}

TEST(Limits, MetadataCountsCodePointsOfKeysAndValues) {
  CheckMetadataRule([](Client& c, const Client::StringMap& m, AnyCallback cb) {
    c.CreateOrJoinLobbyWithMetadata("s", m, {}, [cb](ClientResult r, uint64_t) { cb(r); });
  }, "lobbyMetadata");
  CheckMetadataRule([](Client& c, const Client::StringMap& m, AnyCallback cb) {
    c.CreateOrJoinLobbyWithMetadata("s", {}, m, [cb](ClientResult r, uint64_t) { cb(r); });
  }, "memberMetadata");
  CheckMetadataRule([](Client& c, const Client::StringMap& m, AnyCallback cb) {
    c.SendLobbyMessageWithMetadata(1, "hi", m, [cb](ClientResult r, uint64_t) { cb(r); });
  }, "metadata");
  CheckMetadataRule([](Client& c, const Client::StringMap& m, AnyCallback cb) {
    c.SendUserMessageWithMetadata(2, "hi", m, [cb](ClientResult r, uint64_t) { cb(r); });
  }, "metadata");
}

TEST(Limits, HistoryLimitIsOneToTwoHundred) {
  const int32_t max = static_cast<int32_t>(limits::kMaxHistoryMessagesCount);
  for (bool lobby : {true, false}) {
    auto history = [lobby](int32_t limit) {
      return [lobby, limit](Client& c, AnyCallback cb) {
        auto done = [cb](ClientResult r, std::vector<MessageHandle>) { cb(r); };
        if (lobby) c.GetLobbyMessagesWithLimit(1, limit, done);
        else c.GetUserMessagesWithLimit(2, limit, done);
      };
    };
    AuthedHarness h;
    ExpectRefused(Judge(h, history(0)), "0", "limit: must be 1 to 200");
    ExpectRefused(Judge(h, history(-1)), "-1", "limit: must be 1 to 200");
    ExpectAccepted(Judge(h, history(1)), "1");
    ExpectAccepted(Judge(h, history(max)), "200");
    ExpectRefused(Judge(h, history(max + 1)), "201", "limit: must be 1 to 200");
  }
}

TEST(Limits, ActivityInviteContentCountsCodePoints) {
  ActivityParty party;
  party.SetId("party-1");
  party.SetCurrentSize(1);
  party.SetMaxSize(4);
  ActivitySecrets secrets;
  secrets.SetJoin("join-1");
  Activity activity;
  activity.SetName("Game");
  activity.SetParty(party);
  activity.SetSecrets(secrets);
  for (const auto& width : kWidths) {
    AuthedHarness h;
    h.client.UpdateRichPresence(activity, nullptr);
    const uint64_t max = limits::kMaxActivityInviteContentCodePoints;
    auto invite = [](std::string content) {
      return [content](Client& c, AnyCallback cb) { c.SendActivityInvite(5, content, cb); };
    };
    ExpectAccepted(Judge(h, invite("")), "no content");
    ExpectAccepted(Judge(h, invite(Repeat(width.character, max))), std::string("at the limit, ") + width.name);
    ExpectRefused(Judge(h, invite(Repeat(width.character, max + 1))), std::string("one over, ") + width.name,
                  "content: at most 1024 characters");
    ExpectRefused(Judge(h, invite("\xff")), "invalid", "content: must be valid UTF-8");
  }
}

TEST(Limits, FriendRequestUsernameIsTwoToThirtyTwoCharacters) {
  for (auto send : {&Client::SendServiceFriendRequest, &Client::SendGameFriendRequest}) {
    TextCall call = [send](Client& c, const std::string& text, AnyCallback cb) { (c.*send)(text, cb); };
    CheckTextRule(call, limits::kMinUsernameCodePoints, limits::kMaxUsernameCodePoints, "username: must be 2 to 32 characters",
                  "username: must be valid UTF-8");
    AuthedHarness h;
    ExpectRefused(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "a", cb); }), "one character",
                  "username: must be 2 to 32 characters");
    ExpectAccepted(Judge(h, [&](Client& c, AnyCallback cb) { call(c, "\xf0\x9f\x98\x80\xf0\x9f\x98\x80", cb); }),
                   "two astral characters");
  }
}

TEST(Limits, ProvisionalDisplayNameIsOneToThirtyTwoCharacters) {
  CheckTextRule([](Client& c, const std::string& text, AnyCallback cb) { c.UpdateProvisionalAccountDisplayName(text, cb); },
                1, limits::kMaxDisplayNameCodePoints, "name: must be 1 to 32 characters", "name: must be valid UTF-8");
}

TEST(Limits, RuleTextsNameTheArgumentAndTheRule) {
  EXPECT_EQ(rules::CheckText("x", "abc", 1, 3), std::nullopt);
  EXPECT_EQ(rules::CheckText("x", "abcd", 1, 3), "x: must be 1 to 3 characters");
  EXPECT_EQ(rules::CheckText("x", "abcd", 0, 3), "x: at most 3 characters");
  EXPECT_EQ(rules::CheckMetadata("m", {{"ab", "c"}}, 3), std::nullopt);
  EXPECT_EQ(rules::CheckMetadata("m", {{"ab", "cd"}}, 3), "m: at most 3 characters of keys and values");
  EXPECT_EQ(rules::CheckRange("n", 4, 1, 3), "n: must be 1 to 3");
}

// The voice settings' ranges: the core logs these words and the addon throws them.
TEST(Limits, VoiceSettingRangesSayTheirBoundsFromTheTable) {
  EXPECT_EQ(rules::RangeRule(rules::kParticipantVolumeRange), "must be from 0 to 200 (100 = unchanged)");
  EXPECT_EQ(rules::RangeRule(rules::kDeviceVolumeRange), "must be from 0 to 100");
  EXPECT_EQ(rules::RangeRule(rules::kVadThresholdRange), "must be from -100 to 0 (dB)");
  EXPECT_EQ(rules::RangeRule(rules::kNoAudioInputThresholdRange), "must be from -100 to 0 (dBFS)");
  EXPECT_EQ(rules::RangeRule(rules::kPttReleaseDelayRange), "must be an integer from 0 to 2000 (ms)");
  EXPECT_EQ(rules::CheckSetting("SetVADThreshold: threshold", -100.5, rules::kVadThresholdRange),
            "SetVADThreshold: threshold must be from -100 to 0 (dB)");
}

TEST(Limits, ClientAudioSettersLogTheRuleAndKeepTheirValueOutOfRange) {
  Harness h;
  h.client.SetInputVolume(101);
  h.client.SetOutputVolume(std::nanf(""));
  h.client.SetNoAudioInputThreshold(0.5f);
  Pump();  // log lines reach the app's callback as callbacks
  EXPECT_EQ(h.client.GetInputVolume(), float(limits::kUnityVolume));
  EXPECT_EQ(h.client.GetOutputVolume(), float(limits::kUnityVolume));
  for (const char* refusal : {"SetInputVolume: inputVolume must be from 0 to 100",
                              "SetOutputVolume: outputVolume must be from 0 to 100",
                              "SetNoAudioInputThreshold: dBFS must be from -100 to 0 (dBFS)"}) {
    bool logged = false;
    for (const auto& line : h.logs) logged = logged || line.find(refusal) != std::string::npos;
    EXPECT_TRUE(logged) << refusal;
  }
}

TEST(Limits, SettingRangesTakeTheirBoundsAndRefuseWhatIsNotANumberInThem) {
  const rules::SettingRange& vad = rules::kVadThresholdRange;
  EXPECT_TRUE(rules::InRange(double(limits::kMinVadThresholdDb), vad));
  EXPECT_TRUE(rules::InRange(double(limits::kMaxVadThresholdDb), vad));
  EXPECT_TRUE(rules::InRange(-59.5, vad));
  EXPECT_FALSE(rules::InRange(-100.001, vad));
  EXPECT_FALSE(rules::InRange(0.001, vad));
  EXPECT_FALSE(rules::InRange(std::nan(""), vad));
  EXPECT_FALSE(rules::InRange(-std::numeric_limits<double>::infinity(), vad));
  EXPECT_FALSE(rules::InRange(std::numeric_limits<double>::infinity(), rules::kParticipantVolumeRange));
  EXPECT_EQ(rules::CheckSetting("v", double(limits::kMaxParticipantVolume), rules::kParticipantVolumeRange),
            std::nullopt);
  EXPECT_TRUE(rules::InRange(2000, rules::kPttReleaseDelayRange));
  EXPECT_FALSE(rules::InRange(2001, rules::kPttReleaseDelayRange));
  EXPECT_FALSE(rules::InRange(400.5, rules::kPttReleaseDelayRange));  // an integer range
}

}  // namespace
}  // namespace sdkpp::testing
