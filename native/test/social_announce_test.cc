// Every new thing fires its Created callback exactly once, whatever the order in which its paths
// reach the SDK — the answer to the player's own call, the gateway's event, a history page, a
// resumed gateway's replay — and Updated fires only when something the app can read changed
// (social_layer.h; README "The API").
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "framework/test.h"

#include "social/message_cache.h"
#include "social/record_bounds.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

constexpr const char* kNow = "2027-01-15T08:00:00.000Z";  // ScriptedPlatform's clock
constexpr const char* kLater = "2027-01-15T08:01:00.000Z";

// The player (id 1), in lobby 500 with a friend (2); DMs with the friend go to channel 77.
struct AnnounceHarness : GatewayHarness {
  std::vector<std::string> heard;

  AnnounceHarness() : GatewayHarness("tok-announce-1") {
    Hello();
    Dispatch("READY", R"({"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test",
      "user":{"id":"1","username":"me"},
      "relationships":[{"id":"2","type":1,"game_relationship_type":0,"user":{"id":"2","username":"friend"}}],
      "lobbies":[{"id":"500","application_id":"1234567890123456789","members":[{"id":"1","connected":true},{"id":"2","connected":true}]}]})");
    Pump();
    auto say = [this](const char* what) {
      return [this, what](uint64_t id) { heard.push_back(std::string(what) + " " + std::to_string(id)); };
    };
    client.SetMessageCreatedCallback(say("message+"));
    client.SetMessageUpdatedCallback(say("message~"));
    client.SetMessageDeletedCallback([this](uint64_t id, uint64_t) { heard.push_back("message- " + std::to_string(id)); });
    client.SetLobbyCreatedCallback(say("lobby+"));
    client.SetLobbyUpdatedCallback(say("lobby~"));
    client.SetLobbyDeletedCallback(say("lobby-"));
    auto member = [this](const char* what) {
      return [this, what](uint64_t lobby, uint64_t id) {
        heard.push_back(std::string(what) + " " + std::to_string(lobby) + "/" + std::to_string(id));
      };
    };
    client.SetLobbyMemberAddedCallback(member("member+"));
    client.SetLobbyMemberUpdatedCallback(member("member~"));
    client.SetLobbyMemberRemovedCallback(member("member-"));
    client.SetRelationshipCreatedCallback([this](uint64_t id, bool service) {
      heard.push_back("relationship+ " + std::to_string(id) + (service ? " service" : " game"));
    });
    client.SetRelationshipGroupsUpdatedCallback(say("groups"));
  }

  size_t Count(const std::string& line) const { return std::count(heard.begin(), heard.end(), line); }
  size_t CountStartingWith(const std::string& prefix) const {
    return std::count_if(heard.begin(), heard.end(), [&](const std::string& line) { return line.starts_with(prefix); });
  }

  // The open request with this method whose URL contains `part` (null if none).
  ScriptedPlatform::Request* Open(const std::string& method, const std::string& part) {
    for (auto& request : platform->requests) {
      if (!request.answered && !request.cancelled && request.http.method == method &&
          request.http.url.find(part) != std::string::npos) {
        return &request;
      }
    }
    return nullptr;
  }
  void Answer(const std::string& method, const std::string& part, const std::string& body, int status = 200) {
    auto* request = Open(method, part);
    EXPECT_NE(request, nullptr);
    if (request) platform->Respond(request, status, body);
  }

  // The socket drops; the SDK resumes on a new one and the service replays `type` — under a new
  // sequence number, as a service that numbers its replay afresh does: the connection drops
  // only numbers it has seen, so the social layer is what must keep the replay silent.
  void ResumeAndReplay(const std::string& type, const std::string& data) {
    platform->events()->OnWebSocketClosed(socket, 1006, "dropped");
    size_t opened = platform->sockets_opened.size();
    for (int step = 0; step < 100 && platform->sockets_opened.size() == opened; ++step) platform->Advance(50);
    ASSERT_GT(platform->sockets_opened.size(), opened);
    socket = platform->sockets_opened.back().first;
    platform->events()->OnWebSocketOpen(socket);
    Hello();
    const auto& sent = platform->socket_sent[socket];
    ASSERT_FALSE(sent.empty());
    EXPECT_NE(sent.back().find(R"("op":6)"), std::string::npos);  // a Resume, not an Identify
    Dispatch(type, data);
    Dispatch("RESUMED", "{}");
    EXPECT_EQ(client.GetStatus(), Client::Status::Ready);
  }
};

std::string LobbyMessage(uint64_t id, const std::string& content, const std::string& edited = "") {
  return R"({"id":")" + std::to_string(id) + R"(","channel_id":"500","lobby_id":"500","content":")" + content +
         R"(","author":{"id":"1","username":"me"},"timestamp":")" + kNow + R"(","edited_timestamp":)" +
         (edited.empty() ? "null" : "\"" + edited + "\"") + "}";
}

std::string DirectMessage(uint64_t id, const std::string& content, const std::string& edited = "") {
  return R"({"id":")" + std::to_string(id) + R"(","channel_id":"77","recipient_id":"2","content":")" + content +
         R"(","author":{"id":"1","username":"me"},"timestamp":")" + kNow + R"(","edited_timestamp":)" +
         (edited.empty() ? "null" : "\"" + edited + "\"") + "}";
}

// The player's own message, reaching the SDK by its send's answer, the gateway's create event
// and a history page in every order; a resumed gateway then replays the create.
struct OwnMessagePaths {
  const char* event;          // LOBBY_MESSAGE_CREATE or MESSAGE_CREATE
  const char* send_path;      // the send's URL
  const char* history_path;   // the history request's URL
  std::string (*json)(uint64_t, const std::string&, const std::string&);
  void (*send)(Client&);
  void (*history)(Client&);
};

const OwnMessagePaths kLobby{
    "LOBBY_MESSAGE_CREATE", "/lobbies/500/messages", "/lobbies/500/messages?limit=", LobbyMessage,
    [](Client& c) { c.SendLobbyMessage(500, "gg", [](ClientResult, uint64_t) {}); },
    [](Client& c) { c.GetLobbyMessagesWithLimit(500, 10, [](ClientResult, std::vector<MessageHandle>) {}); }};
const OwnMessagePaths kDirect{
    "MESSAGE_CREATE", "/users/@me/dms/2/messages", "/users/@me/dms/2/messages?limit=", DirectMessage,
    [](Client& c) { c.SendUserMessage(2, "gg", [](ClientResult, uint64_t) {}); },
    [](Client& c) { c.GetUserMessagesWithLimit(2, 10, [](ClientResult, std::vector<MessageHandle>) {}); }};

enum class Step { Answer, Event, History };

// Runs the steps in `order` for message 9000, then a resumed gateway replays its create; the
// player hears one MessageCreated and no MessageUpdated.
void OwnMessageInOrder(const OwnMessagePaths& paths, std::vector<Step> order) {
  AnnounceHarness h;
  const std::string message = paths.json(9000, "gg", "");
  paths.send(h.client);
  for (Step step : order) {
    switch (step) {
      case Step::Answer:
        h.Answer("POST", paths.send_path, message);
        break;
      case Step::Event:
        h.Dispatch(paths.event, message);
        break;
      case Step::History:
        paths.history(h.client);
        h.Answer("GET", paths.history_path, "[" + message + "]");
        break;
    }
  }
  Pump();
  h.ResumeAndReplay(paths.event, message);
  Pump();
  EXPECT_EQ(h.Count("message+ 9000"), 1u);
  EXPECT_EQ(h.Count("message~ 9000"), 0u);
  auto handle = h.client.GetMessageHandle(9000);
  ASSERT_TRUE(handle);
  EXPECT_EQ(handle->Content(), "gg");
}

TEST(SocialAnnounce, OwnLobbyMessageIsCreatedOnceWhateverTheOrder) {
  OwnMessageInOrder(kLobby, {Step::Answer, Step::Event});
  OwnMessageInOrder(kLobby, {Step::Event, Step::Answer});
  OwnMessageInOrder(kLobby, {Step::History, Step::Event, Step::Answer});
  OwnMessageInOrder(kLobby, {Step::Answer, Step::History, Step::Event});
  OwnMessageInOrder(kLobby, {Step::Event, Step::History, Step::Answer});
}

TEST(SocialAnnounce, OwnDirectMessageIsCreatedOnceWhateverTheOrder) {
  OwnMessageInOrder(kDirect, {Step::Answer, Step::Event});
  OwnMessageInOrder(kDirect, {Step::Event, Step::Answer});
  OwnMessageInOrder(kDirect, {Step::History, Step::Event, Step::Answer});
  OwnMessageInOrder(kDirect, {Step::Answer, Step::History, Step::Event});
  OwnMessageInOrder(kDirect, {Step::Event, Step::History, Step::Answer});
}

TEST(SocialAnnounce, AnEditIsOneUpdatedAndARepeatedOrEmptyUpdateIsNone) {
  AnnounceHarness h;
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "gg"));
  // An UPDATE that changes nothing the app can read (what it has already).
  h.Dispatch("LOBBY_MESSAGE_UPDATE", LobbyMessage(9000, "gg"));
  Pump();
  EXPECT_EQ(h.Count("message~ 9000"), 0u);
  // A real edit, then the same edit again (a repeat, and a resumed gateway's replay).
  h.Dispatch("LOBBY_MESSAGE_UPDATE", LobbyMessage(9000, "gg wp", kLater));
  h.Dispatch("LOBBY_MESSAGE_UPDATE", LobbyMessage(9000, "gg wp", kLater));
  Pump();
  h.ResumeAndReplay("LOBBY_MESSAGE_UPDATE", LobbyMessage(9000, "gg wp", kLater));
  Pump();
  EXPECT_EQ(h.Count("message+ 9000"), 1u);
  EXPECT_EQ(h.Count("message~ 9000"), 1u);
  // A replayed create after the edit neither announces nor undoes it.
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "gg"));
  Pump();
  EXPECT_EQ(h.Count("message+ 9000"), 1u);
  EXPECT_EQ(h.Count("message~ 9000"), 1u);
  EXPECT_EQ(h.client.GetMessageHandle(9000)->Content(), "gg wp");
}

TEST(SocialAnnounce, OwnDirectMessageEditIsOneUpdatedAndItsDeleteOneDeletedInEitherOrder) {
  for (bool answer_first : {true, false}) {
    AnnounceHarness h;
    h.Dispatch("MESSAGE_CREATE", DirectMessage(9000, "gg"));
    const std::string edited = DirectMessage(9000, "gg wp", kLater);
    h.client.EditUserMessage(2, 9000, "gg wp", [](ClientResult) {});
    if (answer_first) h.Answer("PATCH", "/users/@me/dms/2/messages/9000", edited);
    h.Dispatch("MESSAGE_UPDATE", edited);
    if (!answer_first) h.Answer("PATCH", "/users/@me/dms/2/messages/9000", edited);
    Pump();
    EXPECT_EQ(h.Count("message~ 9000"), 1u);
    h.client.DeleteUserMessage(2, 9000, [](ClientResult) {});
    if (answer_first) h.Answer("DELETE", "/users/@me/dms/2/messages/9000", "", 204);
    h.Dispatch("MESSAGE_DELETE", R"({"id":"9000","channel_id":"77"})");
    if (!answer_first) h.Answer("DELETE", "/users/@me/dms/2/messages/9000", "", 204);
    Pump();
    EXPECT_EQ(h.Count("message- 9000"), 1u);
    // A late create after the delete (a replay) stays silent, as does the deleted message.
    h.ResumeAndReplay("MESSAGE_CREATE", DirectMessage(9000, "gg"));
    Pump();
    EXPECT_EQ(h.Count("message+ 9000"), 1u);
    EXPECT_FALSE(h.client.GetMessageHandle(9000));
    EXPECT_EQ(h.heard.size(), 3u);
  }
}

TEST(SocialAnnounce, AReplayedCreateStaysSilentAfterTheCacheBoundsLetTheMessageGo) {
  AnnounceHarness h;
  h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "first"));
  for (uint64_t id = 9001; id <= 9000 + social::kMaxMessagesPerChannel; ++id) {
    h.Dispatch("LOBBY_MESSAGE_CREATE", LobbyMessage(id, "m"));
  }
  Pump();
  ASSERT_FALSE(h.client.GetMessageHandle(9000));  // the channel's bound pushed it out
  h.ResumeAndReplay("LOBBY_MESSAGE_CREATE", LobbyMessage(9000, "first"));
  Pump();
  EXPECT_EQ(h.Count("message+ 9000"), 1u);
  EXPECT_EQ(h.CountStartingWith("message+ "), social::kMaxMessagesPerChannel + 1);
  EXPECT_EQ(h.CountStartingWith("message~ "), 0u);
}

std::string Lobby600(const std::string& extra = "", const std::string& members = R"([{"id":"1","connected":true}])") {
  return R"({"id":"600","application_id":"1234567890123456789","metadata":{"mode":"duo"})" + extra +
         R"(,"members":)" + members + "}";
}

TEST(SocialAnnounce, ALobbyIsCreatedOnceWhetherTheJoinAnswerOrTheGatewayComesFirst) {
  for (bool answer_first : {true, false}) {
    AnnounceHarness h;
    h.client.CreateOrJoinLobby("secret-600", [](ClientResult, uint64_t) {});
    if (answer_first) h.Answer("PUT", "/lobbies", Lobby600());
    h.Dispatch("LOBBY_CREATE", Lobby600());
    if (!answer_first) h.Answer("PUT", "/lobbies", Lobby600());
    Pump();
    h.ResumeAndReplay("LOBBY_CREATE", Lobby600());
    Pump();
    EXPECT_EQ(h.heard, std::vector<std::string>{"lobby+ 600"});
  }
}

TEST(SocialAnnounce, ALobbyUpdateIsAnnouncedOncePerChangeWhateverTheOrder) {
  const std::string linked = Lobby600(R"(,"linked_channel":{"id":"42","name":"general","guild_id":"7"})");
  for (bool answer_first : {true, false}) {
    AnnounceHarness h;
    h.Dispatch("LOBBY_CREATE", Lobby600());
    // The same object again changes nothing.
    h.Dispatch("LOBBY_UPDATE", Lobby600());
    Pump();
    EXPECT_EQ(h.heard, std::vector<std::string>{"lobby+ 600"});
    h.client.LinkChannelToLobby(600, 42, [](ClientResult) {});
    if (answer_first) h.Answer("PATCH", "/lobbies/600/channel-linking", linked);
    h.Dispatch("LOBBY_UPDATE", linked);
    if (!answer_first) h.Answer("PATCH", "/lobbies/600/channel-linking", linked);
    h.Dispatch("LOBBY_UPDATE", linked);
    Pump();
    EXPECT_EQ(h.heard, (std::vector<std::string>{"lobby+ 600", "lobby~ 600"}));
  }
}

TEST(SocialAnnounce, ALeftLobbyJoinedAgainIsCreatedAgainAndAnEvictedOnesReplayStaysSilent) {
  AnnounceHarness h;
  h.Dispatch("LOBBY_CREATE", Lobby600());
  h.client.LeaveLobby(600, [](ClientResult) {});
  h.Answer("DELETE", "/lobbies/600/members/@me", "", 204);
  h.Dispatch("LOBBY_DELETE", R"({"id":"600"})");
  h.Dispatch("LOBBY_CREATE", Lobby600());  // joined again: a new lobby for the app
  Pump();
  EXPECT_EQ(h.heard, (std::vector<std::string>{"lobby+ 600", "lobby- 600", "lobby+ 600"}));
  // Enough lobbies after it that the bounds let lobby 600 go...
  for (uint64_t id = 10'000; id < 10'000 + social::kMaxLobbyRecords; ++id) {
    h.Dispatch("LOBBY_CREATE", R"({"id":")" + std::to_string(id) + R"(","members":[{"id":"1"}]})");
  }
  Pump();
  ASSERT_FALSE(h.client.GetLobbyHandle(600));
  // ...and a replay of its create is still no news.
  h.ResumeAndReplay("LOBBY_CREATE", Lobby600());
  Pump();
  EXPECT_EQ(h.Count("lobby+ 600"), 2u);
  EXPECT_EQ(h.CountStartingWith("lobby~ "), 0u);
}

// The memory of lobbies the bounds let go (kMaxRememberedEvictedLobbies), at its value. Past
// kMaxLobbyRecords a sweep lets the least recently touched tenth go (101 lobbies), and they are
// remembered in that order, so after 11 sweeps (1111 lobbies) the memory holds the newest 1024:
// the lobby let go exactly 1024 lobbies ago (this one included) replays silently, and the one let
// go just before it — one over the bound — is forgotten, so its create is news again.
TEST(SocialAnnounce, RemembersExactlyTheBoundOfEvictedLobbies) {
  AnnounceHarness h;
  const size_t sweep = social::kMaxLobbyRecords / 10 + 1;
  const size_t sweeps = social::kMaxRememberedEvictedLobbies / sweep + 1;
  const size_t remembered = sweeps * sweep;
  ASSERT_GT(remembered, social::kMaxRememberedEvictedLobbies);
  // Lobby 500 (from READY) goes first, then 10000, 10001, ... in the order they came.
  const size_t creates = social::kMaxLobbyRecords + (sweeps - 1) * sweep;
  for (uint64_t id = 10'000; id < 10'000 + creates; ++id) {
    h.Dispatch("LOBBY_CREATE", R"({"id":")" + std::to_string(id) + R"(","members":[{"id":"1"}]})");
  }
  Pump();
  ASSERT_EQ(h.CountStartingWith("lobby+ "), creates);
  const size_t oldest_held = remembered - social::kMaxRememberedEvictedLobbies;  // its place among those let go
  const uint64_t at_bound = 10'000 + oldest_held - 1;
  const uint64_t one_over = at_bound - 1;
  ASSERT_FALSE(h.client.GetLobbyHandle(at_bound));
  ASSERT_FALSE(h.client.GetLobbyHandle(one_over));
  ASSERT_TRUE(h.client.GetLobbyHandle(10'000 + remembered - 1));
  ASSERT_FALSE(h.client.GetLobbyHandle(10'000 + remembered - 2)) << "the last one let go";
  h.heard.clear();
  h.Dispatch("LOBBY_CREATE", R"({"id":")" + std::to_string(at_bound) + R"(","members":[{"id":"1"}]})");
  h.Dispatch("LOBBY_CREATE", R"({"id":")" + std::to_string(one_over) + R"(","members":[{"id":"1"}]})");
  Pump();
  EXPECT_EQ(h.heard, std::vector<std::string>{"lobby+ " + std::to_string(one_over)});
}

TEST(SocialAnnounce, AMemberIsAddedOnceAndUpdatedOncePerChangeWhateverTheOrder) {
  AnnounceHarness h;
  const std::string add = R"({"lobby_id":"500","member":{"id":"4","connected":true}})";
  h.Dispatch("LOBBY_MEMBER_ADD", add);
  h.Dispatch("LOBBY_MEMBER_UPDATE", add);  // nothing changed
  Pump();
  h.ResumeAndReplay("LOBBY_MEMBER_ADD", add);
  Pump();
  EXPECT_EQ(h.heard, std::vector<std::string>{"member+ 500/4"});
  h.heard.clear();

  // Joining again with new member metadata: the join's answer (the lobby with the player's
  // member changed) and the gateway's LOBBY_MEMBER_UPDATE, in either order: one MemberUpdated.
  const std::string lobby = R"({"id":"500","application_id":"1234567890123456789","members":[
    {"id":"1","connected":true,"metadata":{"role":"healer"}},{"id":"2","connected":true},{"id":"4","connected":true}]})";
  const std::string update = R"({"lobby_id":"500","member":{"id":"1","connected":true,"metadata":{"role":"healer"}}})";
  h.client.CreateOrJoinLobbyWithMetadata("secret-500", {}, {{"role", "healer"}}, [](ClientResult, uint64_t) {});
  h.Answer("PUT", "/lobbies", lobby);
  h.Dispatch("LOBBY_MEMBER_UPDATE", update);
  Pump();
  EXPECT_EQ(h.heard, std::vector<std::string>{"member~ 500/1"});
  h.heard.clear();
  const std::string tank = R"({"lobby_id":"500","member":{"id":"1","connected":true,"metadata":{"role":"tank"}}})";
  const std::string lobby_tank = R"({"id":"500","application_id":"1234567890123456789","members":[
    {"id":"1","connected":true,"metadata":{"role":"tank"}},{"id":"2","connected":true},{"id":"4","connected":true}]})";
  h.client.CreateOrJoinLobbyWithMetadata("secret-500", {}, {{"role", "tank"}}, [](ClientResult, uint64_t) {});
  h.Dispatch("LOBBY_MEMBER_UPDATE", tank);
  h.Answer("PUT", "/lobbies", lobby_tank);
  Pump();
  EXPECT_EQ(h.heard, std::vector<std::string>{"member~ 500/1"});
}

TEST(SocialAnnounce, TheMembersALobbyComesWithArePartOfItsCreated) {
  // The join's answer lists the player and the friend; a service that also tells the joiner
  // LOBBY_MEMBER_ADD for itself (before or after the answer) adds nothing the app did not hear.
  for (bool answer_first : {true, false}) {
    AnnounceHarness h;
    const std::string members = R"([{"id":"1","connected":true},{"id":"2","connected":true}])";
    const std::string add_me = R"({"lobby_id":"600","member":{"id":"1","connected":true}})";
    h.client.CreateOrJoinLobby("secret-600", [](ClientResult, uint64_t) {});
    if (answer_first) h.Answer("PUT", "/lobbies", Lobby600("", members));
    h.Dispatch("LOBBY_CREATE", Lobby600("", members));
    h.Dispatch("LOBBY_MEMBER_ADD", add_me);
    if (!answer_first) h.Answer("PUT", "/lobbies", Lobby600("", members));
    Pump();
    EXPECT_EQ(h.heard, std::vector<std::string>{"lobby+ 600"});
  }
}

TEST(SocialAnnounce, ARelationshipIsCreatedOncePerChangeAndAReplayIsSilent) {
  for (bool answer_first : {true, false}) {
    AnnounceHarness h;
    const std::string pending = R"({"id":"7","type":4,"user":{"id":"7","username":"newfriend"}})";
    h.client.SendServiceFriendRequestById(7, [](ClientResult) {});
    if (answer_first) h.Answer("PUT", "/users/@me/relationships/7", "", 204);
    h.Dispatch("RELATIONSHIP_ADD", pending);
    if (!answer_first) h.Answer("PUT", "/users/@me/relationships/7", "", 204);
    h.Dispatch("RELATIONSHIP_UPDATE", pending);  // nothing changed
    Pump();
    h.ResumeAndReplay("RELATIONSHIP_ADD", pending);
    Pump();
    EXPECT_EQ(h.heard, (std::vector<std::string>{"relationship+ 7 service", "groups 7"}));
    // Accepted: a change of type (there is no RelationshipUpdated), announced once.
    const std::string friends = R"({"id":"7","type":1,"user":{"id":"7","username":"newfriend"}})";
    h.Dispatch("RELATIONSHIP_UPDATE", friends);
    h.Dispatch("RELATIONSHIP_UPDATE", friends);
    Pump();
    EXPECT_EQ(h.Count("relationship+ 7 service"), 2u);
    EXPECT_EQ(h.heard.size(), 4u);
  }
}

TEST(SocialAnnounce, AnActivityInviteUpdateIsAnnouncedOncePerChange) {
  AnnounceHarness h;
  std::vector<bool> updates;
  size_t created = 0;
  h.client.SetActivityInviteCreatedCallback([&](ActivityInvite) { ++created; });
  h.client.SetActivityInviteUpdatedCallback([&](ActivityInvite invite) { updates.push_back(invite.IsValid()); });
  const std::string invite = R"({"sender_id":"2","channel_id":"77","message_id":"41","type":1,
    "application_id":"1234567890123456789","party_id":"p","session_id":"s","is_valid":true})";
  std::string used = invite;
  used.replace(used.find(R"("is_valid":true)"), 15, R"("is_valid":false)");
  h.Dispatch("ACTIVITY_INVITE_CREATE", invite);
  h.Dispatch("ACTIVITY_INVITE_UPDATE", invite);  // nothing changed
  h.Dispatch("ACTIVITY_INVITE_UPDATE", used);
  Pump();
  h.ResumeAndReplay("ACTIVITY_INVITE_UPDATE", used);
  h.Dispatch("ACTIVITY_INVITE_CREATE", invite);  // a replayed create
  Pump();
  EXPECT_EQ(created, 1u);
  EXPECT_EQ(updates, std::vector<bool>{false});
}

}  // namespace
}  // namespace sdkpp::testing
