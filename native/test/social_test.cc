// The social layer fed by gateway events: state, handles, callbacks, and history served from
// the cache without a request.
#include <cstdio>
#include <ctime>
#include <string>

#include "framework/test.h"

#include "json/json.h"
#include "sdkpp/limits.h"
#include "test_client.h"
#include "util/time_format.h"

namespace sdkpp::testing {
namespace {

struct SocialHarness : GatewayHarness {
  SocialHarness() : GatewayHarness("tok-social-1") { Hello(); }
  void Ready() {
    Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
      "user":{"id":"1","username":"me","global_name":"Me"},
      "relationships":[{"id":"2","type":1,"game_relationship_type":1,"user":{"id":"2","username":"friend"}},
                       {"id":"3","type":3,"game_relationship_type":0,"user":{"id":"3","username":"stranger"}}],
      "lobbies":[{"id":"500","application_id":"1234567890123456789","metadata":{"mode":"duo"},
                  "members":[{"id":"1","connected":true,"flags":1},{"id":"2","connected":false,"metadata":{"role":"tank"}}]}],
      "presences":[{"user":{"id":"2"},"status":"online","activities":[{"name":"Game","type":0,"application_id":"1234567890123456789"}]}]})");
    Pump();
  }
};

std::string LobbyMessage(uint64_t id, const std::string& content) {
  return R"({"id":")" + std::to_string(id) + R"(","channel_id":"500","lobby_id":"500","content":")" + content +
         R"(","author":{"id":"2","username":"friend"},"timestamp":"2027-01-15T08:00:00.000Z","application_id":"1234567890123456789",
         "metadata":{"k":"v"},"lobby_member":{"additional_name":"Sir Tank"}})";
}

TEST(Social, ReadyFillsUsersRelationshipsAndLobbies) {
  SocialHarness h;
  EXPECT_FALSE(h.client.GetCurrentUserV2());  // empty until Ready
  EXPECT_EQ(h.client.GetCurrentUser().Id(), 0u);  // the deprecated call: a placeholder
  h.Ready();
  auto me = h.client.GetCurrentUserV2();
  ASSERT_TRUE(me);
  EXPECT_EQ(me->Id(), 1u);
  EXPECT_EQ(me->DisplayName(), "Me");
  EXPECT_EQ(h.client.GetRelationships().size(), 2u);
  EXPECT_EQ(h.client.GetRelationshipHandle(2).ServiceRelationshipType(), RelationshipType::Friend);
  EXPECT_EQ(h.client.GetRelationshipHandle(3).ServiceRelationshipType(), RelationshipType::PendingIncoming);
  EXPECT_EQ(h.client.GetRelationshipsByGroup(RelationshipGroupType::OnlinePlayingGame).size(), 1u);
  EXPECT_EQ(h.client.GetLobbyIds(), std::vector<uint64_t>{500});
  auto lobby = h.client.GetLobbyHandle(500);
  ASSERT_TRUE(lobby);
  EXPECT_EQ(lobby->Metadata().at("mode"), "duo");
  EXPECT_EQ(lobby->LobbyMemberIds(), (std::vector<uint64_t>{1, 2}));
  auto member = lobby->GetLobbyMemberHandle(2);
  ASSERT_TRUE(member);
  EXPECT_FALSE(member->Connected());
  EXPECT_EQ(member->Metadata().at("role"), "tank");
  EXPECT_TRUE(lobby->GetLobbyMemberHandle(1)->CanLinkLobby());
  EXPECT_EQ(h.client.GetUser(2)->Status(), StatusType::Online);
  EXPECT_EQ(h.client.SearchFriendsByUsername("FRI").size(), 1u);
}

TEST(Social, LobbyEventsUpdateLiveHandlesAndCallbacks) {
  SocialHarness h;
  h.Ready();
  std::vector<std::string> events;
  h.client.SetLobbyUpdatedCallback([&](uint64_t id) { events.push_back("updated " + std::to_string(id)); });
  h.client.SetLobbyMemberAddedCallback([&](uint64_t l, uint64_t m) { events.push_back("added " + std::to_string(m)); });
  h.client.SetLobbyMemberRemovedCallback([&](uint64_t l, uint64_t m) { events.push_back("removed " + std::to_string(m)); });
  h.client.SetLobbyDeletedCallback([&](uint64_t id) { events.push_back("deleted " + std::to_string(id)); });
  auto lobby = *h.client.GetLobbyHandle(500);
  h.Dispatch("LOBBY_MEMBER_ADD", R"({"lobby_id":"500","member":{"id":"4","connected":true}})");
  EXPECT_EQ(lobby.LobbyMemberIds().size(), 3u);  // the same handle sees the change
  h.Dispatch("LOBBY_MEMBER_REMOVE", R"({"lobby_id":"500","member":{"id":"2"}})");
  h.Dispatch("LOBBY_UPDATE", R"({"id":"500","application_id":"1","metadata":{"mode":"trio"},"members":[{"id":"1"},{"id":"4"}]})");
  EXPECT_EQ(lobby.Metadata().at("mode"), "trio");
  h.Dispatch("LOBBY_DELETE", R"({"id":"500"})");
  EXPECT_FALSE(lobby);
  EXPECT_TRUE(lobby.Metadata().empty());  // a gone lobby reads defaults
  Pump();
  EXPECT_EQ(events, (std::vector<std::string>{"added 4", "removed 2", "updated 500", "deleted 500"}));
}

TEST(Social, MessagesAreCachedEditedDeletedAndCarryTheirFields) {
  SocialHarness h;
  h.Ready();
  std::vector<std::string> events;
  h.client.SetMessageCreatedCallback([&](uint64_t id) { events.push_back("created " + std::to_string(id)); });
  h.client.SetMessageUpdatedCallback([&](uint64_t id) { events.push_back("updated " + std::to_string(id)); });
  h.client.SetMessageDeletedCallback([&](uint64_t id, uint64_t c) { events.push_back("deleted " + std::to_string(id)); });
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "hello"));
  auto message = h.client.GetMessageHandle(9000);
  ASSERT_TRUE(message);
  EXPECT_EQ(message->Content(), "hello");
  EXPECT_EQ(message->AuthorId(), 2u);
  EXPECT_EQ(message->Author()->Username(), "friend");
  EXPECT_EQ(message->Lobby()->Id(), 500u);
  EXPECT_EQ(message->AdditionalName(), "Sir Tank");
  EXPECT_EQ(message->Metadata().at("k"), "v");
  EXPECT_EQ(message->ApplicationId(), 1234567890123456789ull);
  EXPECT_EQ(message->SentTimestamp(), 1'800'000'000'000ull);
  std::string edited = LobbyMessage(9000, "hello again");
  edited.insert(edited.size() - 1, R"(,"edited_timestamp":"2027-01-15T08:01:00.000Z","moderation_metadata":{"flag":"ok"})");
  h.Dispatch("LOBBY_MESSAGE_UPDATE", edited);
  EXPECT_EQ(message->Content(), "hello again");
  EXPECT_EQ(message->ModerationMetadata().at("flag"), "ok");
  h.Dispatch("LOBBY_MESSAGE_DELETE", R"({"id":"9000","lobby_id":"500","channel_id":"500"})");
  EXPECT_FALSE(*message);
  Pump();
  EXPECT_EQ(events, (std::vector<std::string>{"created 9000", "updated 9000", "deleted 9000"}));
}

TEST(Social, AMessageFromTheLinkedGuildChannelIsNotSentFromTheGame) {
  SocialHarness h;
  h.Ready();
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9100, "from the game"));
  std::string from_channel = LobbyMessage(9101, "from the guild");
  from_channel.insert(from_channel.size() - 1, R"(,"linked_channel_id":"777")");
  h.Dispatch("LOBBY_MESSAGE_CREATE", from_channel);
  EXPECT_TRUE(h.client.GetMessageHandle(9100)->SentFromGame());
  auto message = h.client.GetMessageHandle(9101);
  ASSERT_TRUE(message);
  EXPECT_FALSE(message->SentFromGame());
  EXPECT_EQ(message->AuthorId(), 2u);  // the channel's author
  EXPECT_EQ(message->Lobby()->Id(), 500u);
}

TEST(Social, EveryMessageCallbackOfABurstLongerThanTheCacheFindsItsHandle) {
  SocialHarness h;
  h.Ready();
  // The whole burst is parsed before any callback runs (one socket read, many frames): the
  // cache bound pushes the oldest out, yet each callback still gets a handle for its id.
  const size_t burst = social::kMaxMessagesPerChannel * 3;
  size_t created = 0, with_handle = 0;
  h.client.SetMessageCreatedCallback([&](uint64_t id) {
    ++created;
    auto message = h.client.GetMessageHandle(id);
    if (message && message->Content() == "m" + std::to_string(id)) ++with_handle;
  });
  for (uint64_t id = 10'000; id < 10'000 + burst; ++id) {
    h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(id, "m" + std::to_string(id)));
  }
  Pump();
  EXPECT_EQ(created, burst);
  EXPECT_EQ(with_handle, burst);
  // After the callbacks the bound holds again: the oldest are gone, the newest stay.
  EXPECT_FALSE(h.client.GetMessageHandle(10'000));
  EXPECT_TRUE(h.client.GetMessageHandle(10'000 + burst - 1));
}

TEST(Social, TheCurrentUsersApplicationProfilesComeFromItsOwnObject) {
  SocialHarness h;
  EXPECT_TRUE(h.client.GetUserApplicationProfiles().empty());  // before Ready
  h.Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
    "user":{"id":"1","username":"me","application_profiles":[
      {"provider_type":2,"provider_issued_user_id":"76561198000000001","provider_id":"1234567890123456789","username":"Me on Steam","avatar_hash":"","metadata":""},
      {"provider_type":99,"provider_issued_user_id":"x-7","username":"odd"},
      {"provider_type":0,"username":"no subject: skipped"}]},
    "relationships":[],"lobbies":[],"presences":[]})");
  Pump();
  auto profiles = h.client.GetUserApplicationProfiles();
  ASSERT_EQ(profiles.size(), 2u);
  EXPECT_EQ(profiles[0].ProviderType(), ExternalIdentityProviderType::Steam);
  EXPECT_EQ(profiles[0].ProviderIssuedUserId(), "76561198000000001");
  EXPECT_EQ(profiles[0].ProviderId(), "1234567890123456789");
  EXPECT_EQ(profiles[0].Username(), "Me on Steam");
  EXPECT_EQ(profiles[1].ProviderType(), ExternalIdentityProviderType::Unknown);
  EXPECT_EQ(h.client.GetUserApplicationProfilesNoLock().size(), 2u);
  // Another object of the same user without profiles (a message author, USER_UPDATE) keeps them.
  h.Dispatch("USER_UPDATE", R"({"id":"1","username":"me2"})");
  Pump();
  EXPECT_EQ(h.client.GetUserApplicationProfiles().size(), 2u);
  EXPECT_EQ(h.client.GetCurrentUserV2()->Username(), "me2");
}

TEST(Social, UserHistoryComesFromTheCacheWithNoRequest) {
  SocialHarness h;
  h.Ready();
  // One page from the service...
  std::vector<MessageHandle> first;
  h.client.GetUserMessagesWithLimit(2, 3, [&](ClientResult r, std::vector<MessageHandle> m) { first = m; });
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  EXPECT_NE(request->http.url.find("/users/@me/dms/2/messages?limit=3"), std::string::npos);
  h.platform->Respond(request, 200, R"([
    {"id":"30","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"c"},
    {"id":"20","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"b"},
    {"id":"10","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"a"}])");
  Pump();
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].Content(), "c");
  // ...then a live message...
  h.Dispatch("MESSAGE_CREATE", R"({"id":"40","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"d"})");
  // ...and the same question again needs no request.
  size_t requests = h.platform->requests.size();
  std::vector<MessageHandle> second;
  h.client.GetUserMessagesWithLimit(2, 4, [&](ClientResult r, std::vector<MessageHandle> m) { second = m; });
  Pump();
  EXPECT_EQ(h.platform->requests.size(), requests);
  ASSERT_EQ(second.size(), 4u);
  EXPECT_EQ(second[0].Content(), "d");
  EXPECT_EQ(second[3].Content(), "a");
  // More than the cache knows: a request.
  h.client.GetUserMessagesWithLimit(2, 10, [](ClientResult, std::vector<MessageHandle>) {});
  EXPECT_EQ(h.platform->requests.size(), requests + 1);
}

TEST(Social, GuildChannelsAreSortedAsTheChatClientShowsThem) {
  SocialHarness h;
  h.Ready();
  std::vector<GuildChannel> channels;
  h.client.GetGuildChannels(42, [&](ClientResult r, std::vector<GuildChannel> c) { channels = c; });
  h.platform->Respond(h.platform->Pending(), 200, R"([
    {"id":"5","name":"voice-b","type":2,"position":0,"parent_id":"3"},
    {"id":"3","name":"Category B","type":4,"position":1},
    {"id":"4","name":"text-b","type":0,"position":5,"parent_id":"3"},
    {"id":"1","name":"Category A","type":4,"position":0},
    {"id":"6","name":"loose","type":0,"position":0},
    {"id":"2","name":"text-a","type":0,"position":0,"parent_id":"1","linked_lobby":{"application_id":"9","lobby_id":"500"}}])");
  Pump();
  std::vector<std::string> names;
  for (auto& c : channels) names.push_back(c.Name());
  EXPECT_EQ(names, (std::vector<std::string>{"loose", "Category A", "text-a", "Category B", "text-b", "voice-b"}));
  EXPECT_EQ(channels[2].ParentId(), 1u);
  EXPECT_EQ(channels[2].LinkedLobby()->LobbyId(), 500u);
  EXPECT_EQ(channels[1].Type(), ChannelType::GuildCategory);
}

TEST(Social, RelationshipEventsAndCallbacks) {
  SocialHarness h;
  h.Ready();
  std::vector<std::pair<uint64_t, bool>> created, deleted;
  h.client.SetRelationshipCreatedCallback([&](uint64_t id, bool service) { created.push_back({id, service}); });
  h.client.SetRelationshipDeletedCallback([&](uint64_t id, bool service) { deleted.push_back({id, service}); });
  h.Dispatch("RELATIONSHIP_ADD", R"({"id":"7","type":4,"user":{"id":"7","username":"newfriend"}})");
  h.Dispatch("RELATIONSHIP_UPDATE", R"({"id":"3","type":1,"user":{"id":"3","username":"stranger"}})");
  h.Dispatch("RELATIONSHIP_REMOVE", R"({"id":"2","type":0})");
  Pump();
  EXPECT_EQ(h.client.GetRelationshipHandle(7).ServiceRelationshipType(), RelationshipType::PendingOutgoing);
  EXPECT_EQ(h.client.GetRelationshipHandle(3).ServiceRelationshipType(), RelationshipType::Friend);
  EXPECT_FALSE(h.client.GetRelationshipHandle(2));
  ASSERT_EQ(created.size(), 2u);
  ASSERT_EQ(deleted.size(), 1u);
  EXPECT_EQ(deleted[0].first, 2u);
}

TEST(Social, HandlesOutliveTheClientSafely) {
  std::optional<LobbyHandle> lobby;
  {
    SocialHarness h;
    h.Ready();
    lobby = h.client.GetLobbyHandle(500);
    ASSERT_TRUE(*lobby);
  }
  EXPECT_FALSE(*lobby);
  EXPECT_EQ(lobby->LobbyMemberIds().size(), 0u);
  EXPECT_TRUE(lobby->Metadata().empty());
}

}  // namespace
}  // namespace sdkpp::testing

namespace sdkpp::testing {
namespace {

// ISO 8601 (UTC, milliseconds) of `ms` since the epoch, as the service writes timestamps.
std::string Iso(uint64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc = UtcCalendar(seconds);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(ms % 1000));
  return text;
}

std::string LobbyMessageAt(uint64_t id, uint64_t sent_ms) {
  return R"({"id":")" + std::to_string(id) + R"(","channel_id":"500","lobby_id":"500","content":"m)" + std::to_string(id) +
         R"(","author":{"id":"2","username":"friend"},"timestamp":")" + Iso(sent_ms) + R"("})";
}

// Issue 11 item 7: the SDK's own side of the history rules (spec: lobby history is at most 200
// messages and reaches back 72 hours). A service that answers with older messages or more than
// asked does not widen what the app gets.
TEST(Social, LobbyHistoryKeepsToSeventyTwoHoursAndTheLimitWhateverTheServiceSends) {
  SocialHarness h;
  h.Ready();
  const uint64_t now = h.platform->NowMs();
  const uint64_t hour = 60ull * 60 * 1000;
  std::vector<MessageHandle> got;
  bool answered = false;
  h.client.GetLobbyMessagesWithLimit(500, 3, [&](ClientResult r, std::vector<MessageHandle> m) {
    answered = r.Successful();
    got = std::move(m);
  });
  auto* request = h.platform->Pending();
  ASSERT_NE(request, nullptr);
  EXPECT_NE(request->http.url.find("/lobbies/500/messages?limit=3"), std::string::npos);
  // Six messages for a limit of 3, two of them older than 72 hours.
  h.platform->Respond(request, 200, "[" + LobbyMessageAt(906, now - 1 * hour) + "," + LobbyMessageAt(905, now - 1 * hour) + "," +
                                        LobbyMessageAt(904, now - 2 * hour) + "," + LobbyMessageAt(903, now - 71 * hour) + "," +
                                        LobbyMessageAt(902, now - 73 * hour) + "," + LobbyMessageAt(901, now - 200 * hour) + "]");
  Pump();
  ASSERT_TRUE(answered);
  std::vector<std::string> contents;
  for (const auto& m : got) contents.push_back(m.Content());
  EXPECT_EQ(contents, (std::vector<std::string>{"m906", "m905", "m904"}));

  // Asked for 200 and sent 250: at most 200 reach the app.
  std::string many = "[";
  for (uint64_t i = 0; i < 250; ++i) many += (i ? "," : "") + LobbyMessageAt(2000 - i, now - hour);
  many += "]";
  // Older than 72 hours are left out even when that leaves fewer than asked.
  got.clear();
  h.client.GetLobbyMessagesWithLimit(500, 5, [&](ClientResult, std::vector<MessageHandle> m) { got = std::move(m); });
  if (auto* next = h.platform->Pending()) {
    h.platform->Respond(next, 200, "[" + LobbyMessageAt(906, now - 1 * hour) + "," + LobbyMessageAt(902, now - 73 * hour) + "]");
  }
  Pump();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].Content(), "m906");
  got.clear();
  h.client.GetLobbyMessagesWithLimit(500, 200, [&](ClientResult, std::vector<MessageHandle> m) { got = std::move(m); });
  if (auto* next = h.platform->Pending()) h.platform->Respond(next, 200, many);
  Pump();
  EXPECT_LE(got.size(), 200u);
  EXPECT_FALSE(got.empty());
}

// The 72-hour edge, on both of the SDK's paths (a page from the service, then the same page
// served from the cache): "up to 72 hours" keeps a message exactly 72 hours old, and one a
// millisecond older is left out. The cache (message_cache.cc) and this filter agree on it.
TEST(Social, LobbyHistoryKeepsAMessageExactlySeventyTwoHoursOld) {
  SocialHarness h;
  h.Ready();
  const uint64_t now = h.platform->NowMs();
  const uint64_t window = limits::kMaxHistoryAgeMs;
  auto contents = [&h](int32_t limit, const std::string* page) {
    std::vector<std::string> out;
    h.client.GetLobbyMessagesWithLimit(500, limit, [&out](ClientResult r, std::vector<MessageHandle> m) {
      EXPECT_TRUE(r.Successful());
      for (const auto& handle : m) out.push_back(handle.Content());
    });
    if (page) {
      auto* request = h.platform->Pending();
      EXPECT_NE(request, nullptr);
      if (request) h.platform->Respond(request, 200, *page);
    } else {
      EXPECT_EQ(h.platform->Pending(), nullptr) << "served from the cache";
    }
    Pump();
    return out;
  };
  const std::string page = "[" + LobbyMessageAt(913, now - 1) + "," + LobbyMessageAt(912, now - window) + "," +
                           LobbyMessageAt(911, now - window - 1) + "]";
  EXPECT_EQ(contents(5, &page), (std::vector<std::string>{"m913", "m912"}));
  // The two kept are the cache's newest contiguous run: a request for two needs no request.
  EXPECT_EQ(contents(2, nullptr), (std::vector<std::string>{"m913", "m912"}));
  // A millisecond later the cached 72-hour message is past the edge too.
  h.platform->Advance(1);
  EXPECT_EQ(contents(2, nullptr), (std::vector<std::string>{"m913"}));
}

}  // namespace
}  // namespace sdkpp::testing
