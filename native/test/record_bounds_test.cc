// Issue 11 item 11: a flood from the service (100k presences of strangers, endless DM channels
// or lobbies) keeps the social records within their caps, and what the player needs — friends,
// lobby members, the player — stays readable.
#include <optional>
#include <string>

#include "framework/test.h"
#include "social/record_bounds.h"
#include "social/social_layer.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

struct FloodHarness : GatewayHarness {
  FloodHarness() : GatewayHarness("tok-flood-1") { Hello(); }
  void Ready() {
    Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
      "user":{"id":"1","username":"me"},
      "relationships":[{"id":"2","type":1,"game_relationship_type":1,"user":{"id":"2","username":"friend"}}],
      "lobbies":[{"id":"500","application_id":"1234567890123456789","members":[{"id":"1"},{"id":"3","user":{"id":"3","username":"teammate"}}]}]})");
    Pump();
  }
  const social::SocialState& state() { return *impl().social().state(); }
};

// The caps are the README's ("What the SDK remembers is bounded as well": at most 5,000 users,
// 1,000 DM channels and 1,000 lobbies; "the last … 1,024 such lobbies are remembered"). The
// tests below meet each cap at its edge through the constant; this pins the constant itself.
TEST(RecordBounds, TheCapsAreTheOnesTheReadmeStates) {
  EXPECT_EQ(social::kMaxUserRecords, size_t{5'000});
  EXPECT_EQ(social::kMaxChannelRecords, size_t{1'000});
  EXPECT_EQ(social::kMaxLobbyRecords, size_t{1'000});
  EXPECT_EQ(social::kMaxRememberedEvictedLobbies, size_t{1'024});
}

TEST(RecordBounds, AFloodOfStrangersPresencesStaysWithinTheCapAndKeepsWhoIsNeeded) {
  FloodHarness h;
  h.Ready();
  for (uint64_t id = 1'000'000; id < 1'100'000; ++id) {
    h.Dispatch("PRESENCE_UPDATE", R"({"user":{"id":")" + std::to_string(id) + R"("},"status":"online","activities":[]})");
  }
  // A friend's presence after the flood still lands on the friend.
  h.Dispatch("PRESENCE_UPDATE", R"({"user":{"id":"2"},"status":"idle","activities":[]})");
  Pump();
  EXPECT_LE(h.state().users.size(), social::kMaxUserRecords);
  ASSERT_NE(h.state().User(1), nullptr);
  ASSERT_NE(h.state().User(2), nullptr);
  EXPECT_EQ(h.state().User(2)->username, "friend");
  EXPECT_EQ(h.state().User(2)->status, StatusType::Idle);
  ASSERT_NE(h.state().User(3), nullptr);
  EXPECT_EQ(h.state().User(3)->username, "teammate");
  // The newest strangers are the ones still known.
  EXPECT_NE(h.state().User(1'099'999), nullptr);
  EXPECT_EQ(h.state().User(1'000'000), nullptr);
  auto friend_handle = h.client.GetUser(2);
  ASSERT_TRUE(friend_handle.has_value());
  EXPECT_EQ(friend_handle->Username(), "friend");
}

// The user cap at its edge: with exactly kMaxUserRecords users known nothing goes; one stranger
// more and the map sheds to 90 % of the cap, least recently touched strangers first, never the
// people the app needs (the current user, a friend, a lobby member).
TEST(RecordBounds, TheUserCapHoldsExactlyItsCountAndOneMoreShedsTheOldestStrangers) {
  FloodHarness h;
  h.Ready();
  const size_t known = h.state().users.size();
  const uint64_t first = 1'000'000;
  const uint64_t strangers = social::kMaxUserRecords - known;
  for (uint64_t id = first; id < first + strangers; ++id) {
    h.Dispatch("PRESENCE_UPDATE", R"({"user":{"id":")" + std::to_string(id) + R"("},"status":"online","activities":[]})");
  }
  Pump();
  EXPECT_EQ(h.state().users.size(), social::kMaxUserRecords);
  EXPECT_NE(h.state().User(first), nullptr);
  h.Dispatch("PRESENCE_UPDATE", R"({"user":{"id":")" + std::to_string(first + strangers) + R"("},"status":"online","activities":[]})");
  Pump();
  EXPECT_EQ(h.state().users.size(), social::kMaxUserRecords - social::kMaxUserRecords / 10);
  EXPECT_EQ(h.state().User(first), nullptr);
  EXPECT_NE(h.state().User(first + strangers), nullptr);
  for (uint64_t needed : {1, 2, 3}) EXPECT_NE(h.state().User(needed), nullptr) << needed;
}

TEST(RecordBounds, DirectMessageChannelsAndLobbiesAreBoundedToo) {
  FloodHarness h;
  h.Ready();
  for (uint64_t n = 0; n < 3 * social::kMaxChannelRecords; ++n) {
    const std::string id = std::to_string(2'000'000 + n);
    h.Dispatch("MESSAGE_CREATE", R"({"id":")" + std::to_string(5'000'000 + n) + R"(","channel_id":")" + id +
                                     R"(","recipient_id":"1","author":{"id":")" + std::to_string(3'000'000 + n) +
                                     R"(","username":"x"},"content":"hi"})");
  }
  for (uint64_t n = 0; n < 3 * social::kMaxLobbyRecords; ++n) {
    h.Dispatch("LOBBY_CREATE", R"({"id":")" + std::to_string(4'000'000 + n) + R"(","application_id":"1234567890123456789","members":[{"id":"1"}]})");
  }
  Pump();
  EXPECT_LE(h.state().channels.size(), social::kMaxChannelRecords);
  EXPECT_LE(h.state().lobbies.size(), social::kMaxLobbyRecords);
  EXPECT_NE(h.state().Lobby(4'000'000 + 3 * social::kMaxLobbyRecords - 1), nullptr);  // the newest stays
  EXPECT_LE(h.state().users.size(), social::kMaxUserRecords);
  EXPECT_LE(h.state().messages.size(), social::kMaxCachedMessages);
}


TEST(RecordBounds, ALiveMessageOlderThanTheNewestTwoHundredIsStillAnnouncedWithItsHandle) {
  FloodHarness h;
  h.Ready();
  auto lobby_message = [](uint64_t id) {
    return R"({"id":")" + std::to_string(id) + R"(","channel_id":"500","lobby_id":"500","content":"m)" + std::to_string(id) +
           R"(","author":{"id":"3","username":"teammate"}})";
  };
  for (uint64_t id = 10'000; id < 10'000 + social::kMaxMessagesPerChannel; ++id) h.Dispatch("LOBBY_MESSAGE_CREATE", lobby_message(id));
  Pump();
  std::optional<std::string> content;
  h.client.SetMessageCreatedCallback([&](uint64_t id) {
    if (auto message = h.client.GetMessageHandle(id); message && id == 777) content = message->Content();
  });
  h.Dispatch("LOBBY_MESSAGE_CREATE", lobby_message(777));  // older than the 200 the channel keeps
  Pump();
  ASSERT_TRUE(content.has_value());
  EXPECT_EQ(*content, "m777");
  EXPECT_FALSE(h.client.GetMessageHandle(777).has_value());  // and let go once the callback ran
}

}  // namespace
}  // namespace sdkpp::testing
