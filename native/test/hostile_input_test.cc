// Hostile network and IPC input, mutated from valid traffic: the gateway's dispatches, the
// local client's frames and HTTP bodies. Deterministic (fixed seeds, bounded counts), so a
// failure reproduces; under `npm run test:asan` any out-of-bounds read, use-after-free or
// undefined behaviour on these paths fails the run. The client must still be usable afterwards.
#include <optional>

#include "framework/test.h"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "rpc/frame_codec.h"
#include "test_client.h"

namespace sdkpp::testing {
namespace {

// Valid traffic the mutations start from.
const std::vector<std::string> kDispatchSeeds = {
    R"({"op":0,"t":"READY","s":1,"d":{"v":10,"session_id":"s1","resume_gateway_url":"ws://gw.test","user":{"id":"1","username":"me","global_name":"Me"},"relationships":[{"id":"2","type":1,"game_relationship_type":1,"user":{"id":"2","username":"friend"}}],"lobbies":[{"id":"500","application_id":"1234567890123456789","metadata":{"mode":"duo"},"members":[{"id":"1","connected":true,"flags":1},{"id":"2","connected":false,"metadata":{"role":"tank"}}]}],"presences":[{"user":{"id":"2"},"status":"online","activities":[{"name":"Game","type":0,"application_id":"1234567890123456789","party":{"id":"p","size":[1,4]},"assets":{"large_image":"x"}}]}]}})",
    R"({"op":0,"t":"LOBBY_MESSAGE_CREATE","s":2,"d":{"id":"9000","channel_id":"500","lobby_id":"500","content":"hi <@2> <:e:5> <#500>","author":{"id":"2","username":"friend"},"timestamp":"2027-01-15T08:00:00.000Z","application_id":"1234567890123456789","metadata":{"k":"v"},"lobby_member":{"additional_name":"Sir"},"attachments":[{"filename":"a.png"}],"poll":{"question":{"text":"q"},"answers":[{},{}]},"embeds":[{"title":"t"}],"sticker_items":[{"name":"s"}],"flags":8192}})",
    R"({"op":0,"t":"LOBBY_MESSAGE_UPDATE","s":3,"d":{"id":"9000","channel_id":"500","lobby_id":"500","content":"edited","edited_timestamp":"2027-01-15T08:01:00.000Z","moderation_metadata":{"f":"ok"},"author":{"id":"2"}}})",
    R"({"op":0,"t":"LOBBY_MESSAGE_DELETE","s":4,"d":{"id":"9000","lobby_id":"500","channel_id":"500"}})",
    R"({"op":0,"t":"MESSAGE_CREATE","s":5,"d":{"id":"40","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"friend"},"content":"dm","type":18,"thread":{"name":"th"}}})",
    R"({"op":0,"t":"LOBBY_CREATE","s":6,"d":{"id":"501","application_id":"1","metadata":{},"members":[{"id":"1","connected":true}],"linked_channel":{"id":"9","name":"c","guild_id":"8"}}})",
    R"({"op":0,"t":"LOBBY_UPDATE","s":7,"d":{"id":"501","metadata":{"a":"b"},"members":[]}})",
    R"({"op":0,"t":"LOBBY_MEMBER_ADD","s":8,"d":{"lobby_id":"501","member":{"id":"3","connected":true,"metadata":{"x":"y"},"user":{"id":"3","username":"z"}}}})",
    R"({"op":0,"t":"LOBBY_MEMBER_UPDATE","s":9,"d":{"lobby_id":"501","member":{"id":"3","connected":false}}})",
    R"({"op":0,"t":"LOBBY_MEMBER_REMOVE","s":10,"d":{"lobby_id":"501","member":{"id":"3"}}})",
    R"({"op":0,"t":"LOBBY_DELETE","s":11,"d":{"id":"501"}})",
    R"({"op":0,"t":"PRESENCE_UPDATE","s":12,"d":{"user":{"id":"2"},"status":"dnd","activities":[{"name":"G","type":2,"timestamps":{"start":1,"end":2},"secrets":{"join":"j"}}]}})",
    R"({"op":0,"t":"RELATIONSHIP_ADD","s":13,"d":{"id":"4","type":3,"user":{"id":"4","username":"new"},"is_spam_request":true}})",
    R"({"op":0,"t":"RELATIONSHIP_REMOVE","s":14,"d":{"id":"4","type":3}})",
    R"({"op":0,"t":"USER_UPDATE","s":15,"d":{"id":"1","username":"me2","avatar":"a_1"}})",
    R"({"op":0,"t":"ACTIVITY_INVITE_CREATE","s":16,"d":{"sender_id":"2","channel_id":"77","message_id":"41","type":1,"application_id":"1234567890123456789","party_id":"p","session_id":"s","is_valid":true}})",
    R"({"op":0,"t":"RESUMED","s":17,"d":null})",
    R"({"op":11,"d":null})",
    R"({"op":1,"d":17})",
    R"({"op":7,"d":null})",
    R"({"op":9,"d":true})",
    R"({"op":10,"d":{"heartbeat_interval":41250}})",
};

// Fragments spliced in: other JSON types, extreme numbers, odd strings, deep nesting.
const std::vector<std::string> kFragments = {
    "null", "true", "[]", "{}", "\"\"", "-1", "0", "1e309", "-1e309", "18446744073709551616",
    "99999999999999999999999", "\"18446744073709551615\"", "\"-5\"", "\"\\u0000\"", "\"\\ud800\"",
    "\"\xff\xfe\"", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "{\"id\":{}}", "\"2027-99-99T99:99:99Z\"", "1.5", "\"<@\"", "\"<:a:\"",
};

uint32_t Seed(uint32_t fixed) {
  const char* text = std::getenv("SDKPP_FUZZ_SEED");
  return text ? fixed ^ static_cast<uint32_t>(std::strtoul(text, nullptr, 10)) : fixed;
}
int Rounds(int fixed) {
  const char* text = std::getenv("SDKPP_FUZZ_SCALE");
  long scale = text ? std::strtol(text, nullptr, 10) : 1;
  return fixed * static_cast<int>(std::clamp(scale, 1L, 1000L));
}

class Mutator {
 public:
  explicit Mutator(uint32_t seed) : random_(seed) {}

  std::string Mutate(std::string text) {
    int steps = 1 + Pick(3);
    for (int i = 0; i < steps && !text.empty(); ++i) {
      size_t at = Pick(text.size());
      switch (Pick(6)) {
        case 0: text[at] = static_cast<char>(Pick(256)); break;                 // flip a byte
        case 1: text.erase(at, 1 + Pick(std::min<size_t>(16, text.size() - at))); break;  // cut
        case 2: text.insert(at, kFragments[Pick(kFragments.size())]); break;   // splice
        case 3: text.resize(at); break;                                          // truncate
        case 4: {                                                                // swap a value
          size_t colon = text.find(':', at);
          if (colon == std::string::npos) break;
          size_t end = text.find_first_of(",}", colon + 1);
          if (end == std::string::npos) break;
          text.replace(colon + 1, end - colon - 1, kFragments[Pick(kFragments.size())]);
          break;
        }
        default: {                                                               // duplicate
          size_t length = 1 + Pick(std::min<size_t>(64, text.size() - at));
          text.insert(at, text.substr(at, length));
        }
      }
    }
    return text;
  }
  size_t Pick(size_t bound) { return bound == 0 ? 0 : std::uniform_int_distribution<size_t>(0, bound - 1)(random_); }

 private:
  std::mt19937 random_;
};

// Reads everything a launcher would read after each event, so hostile state is also exercised
// through the handles and getters.
void ReadEverything(Client& client) {
  for (uint64_t lobby_id : client.GetLobbyIds()) {
    if (auto lobby = client.GetLobbyHandle(lobby_id)) {
      (void)lobby->Metadata();
      (void)lobby->LinkedChannel();
      for (auto& member : lobby->LobbyMembers()) {
        (void)member.Metadata();
        if (auto user = member.User()) (void)user->DisplayName();
      }
    }
  }
  for (auto& relationship : client.GetRelationships()) {
    if (auto user = relationship.User()) {
      (void)user->AvatarUrl(UserHandle::AvatarType::Gif, UserHandle::AvatarType::Png);
      (void)user->GameActivity();
      (void)user->Status();
    }
  }
  for (uint64_t id : {9000ull, 40ull, 41ull}) {
    if (auto message = client.GetMessageHandle(id)) {
      (void)message->Content();
      (void)message->AdditionalContent();
      (void)message->Channel();
      (void)message->Lobby();
      (void)message->Author();
    }
  }
  if (auto me = client.GetCurrentUserV2()) (void)me->DisplayName();
  Pump();
}

struct ReconnectingGateway : GatewayHarness {
  ReconnectingGateway() : GatewayHarness("tok-hostile-1") {}
  bool SocketClosed() {
    for (; closed_seen < platform->sockets_closed.size(); ++closed_seen) closed.insert(platform->sockets_closed[closed_seen].first);
    return closed.count(socket) > 0;
  }
  size_t closed_seen = 0;
  std::unordered_set<PlatformId> closed;
  // After a close the SDK reconnects with backoff: answer what it asks and open its new socket
  // (with Hello), so the next hostile frame reaches a live session again.
  void FollowReconnect() {
    for (int step = 0; step < 120 && SocketClosed(); ++step) {
      platform->Advance(1000);
      if (auto* pending = platform->Pending(); pending && pending->http.url.find("/gateway") != std::string::npos) {
        platform->Respond(pending, 200, R"({"url":"ws://gw.test"})");
      }
      if (platform->sockets_opened.back().first != socket) {
        socket = platform->sockets_opened.back().first;
        platform->events()->OnWebSocketOpen(socket);
        Hello();
        ++reconnects;
      }
    }
  }
  int reconnects = 0;
};

TEST(HostileInput, MutatedGatewayTrafficNeverCrashesTheClient) {
  ReconnectingGateway h;
  Mutator mutate(Seed(20261123));
  h.Send(kDispatchSeeds.back());  // Hello
  size_t delivered = 0;
  const int rounds = Rounds(4000);
  for (int round = 0; round < rounds; ++round) {
    h.FollowReconnect();
    ASSERT_FALSE(h.SocketClosed()) << "the client stopped reconnecting at round " << round;
    const std::string& seed = kDispatchSeeds[mutate.Pick(kDispatchSeeds.size())];
    h.Send(mutate.Pick(4) == 0 ? seed : mutate.Mutate(seed));
    ++delivered;
    ReadEverything(h.client);
  }
  EXPECT_EQ(delivered, static_cast<size_t>(rounds));
  EXPECT_GT(h.reconnects, 10);  // garbage made it reconnect, many times, and it always did
  // Still a working client: told its session is gone (op 9), it identifies afresh, and the new
  // session's READY and a message are understood.
  h.FollowReconnect();
  h.Send(R"({"op":9,"d":false})");
  h.platform->Advance(6000);
  h.FollowReconnect();
  h.Send(kDispatchSeeds[0]);
  // Read in the callback, as an app does: the channel may hold 200 newer (mutated) messages, and
  // the cache keeps only the newest 200 of a channel — but a message is findable while its
  // callback runs.
  std::optional<std::string> content;
  h.client.SetMessageCreatedCallback([&](uint64_t id) {
    if (id != 777) return;
    if (auto message = h.client.GetMessageHandle(777)) content = message->Content();
  });
  h.Send(R"({"op":0,"t":"LOBBY_MESSAGE_CREATE","s":2,"d":{"id":"777","channel_id":"500","lobby_id":"500","content":"alive","author":{"id":"2","username":"friend"}}})");
  Pump();
  ASSERT_TRUE(content.has_value()) << "status " << Client::StatusToString(h.client.GetStatus()) << ", reconnects " << h.reconnects
                                   << ", lobbies " << h.client.GetLobbyIds().size();
  EXPECT_EQ(*content, "alive");
}

TEST(HostileInput, MutatedLocalClientFramesNeverCrashTheClient) {
  Harness h;
  Mutator mutate(Seed(7));
  const std::vector<std::string> seeds = {
      R"({"cmd":"DISPATCH","evt":"READY","data":{"v":1,"config":{"api_endpoint":"x"},"user":{"id":"1","username":"p"}}})",
      R"({"cmd":"DISPATCH","evt":"ACTIVITY_JOIN","data":{"secret":"s"}})",
      R"({"cmd":"DISPATCH","evt":"ACTIVITY_JOIN_REQUEST","data":{"user":{"id":"2","username":"q"}}})",
      R"({"cmd":"DISPATCH","evt":"ACTIVITY_INVITE","data":{"user":{"id":"2"},"activity":{"application_id":"1","party":{"id":"p"}},"type":1,"channel_id":"3","message_id":"4"}})",
      R"({"cmd":"DISPATCH","evt":"AUTHORIZE_REQUEST","data":{}})",
      R"({"cmd":"AUTHORIZE","nonce":"1","data":{"code":"c"}})",
      R"({"cmd":"SET_ACTIVITY","nonce":"2","evt":"ERROR","data":{"code":4006,"message":"m"}})",
  };
  int opened = 0;
  for (int round = 0, rounds = Rounds(3000); round < rounds; ++round) {
    if (h.impl().local_client().connection().state() == rpc::RpcConnection::State::Closed) {
      h.impl().local_client().Reach([](bool) {});
      h.platform->events()->OnIpcOpen(h.platform->ipc_opened.back());
      // Mostly a proper handshake first, so the hostile frames reach a ready connection.
      if (mutate.Pick(4) != 0) h.platform->events()->OnIpcData(h.platform->ipc_opened.back(), rpc::EncodeFrame(rpc::Opcode::Frame, seeds[0]));
      ++opened;
    }
    PlatformId stream = h.platform->ipc_opened.back();
    std::string payload = mutate.Mutate(seeds[mutate.Pick(seeds.size())]);
    std::string frame = rpc::EncodeFrame(mutate.Pick(8) == 0 ? rpc::Opcode::Close : rpc::Opcode::Frame, payload);
    if (mutate.Pick(5) == 0) frame = mutate.Mutate(frame);  // the header too
    h.platform->events()->OnIpcData(stream, frame);
    Pump();
  }
  EXPECT_GT(opened, 1);  // hostile frames closed the connection and it was re-opened
}

TEST(HostileInput, MutatedHttpBodiesNeverCrashTheClient) {
  Mutator mutate(Seed(99));
  const std::string history = R"([{"id":"30","channel_id":"77","recipient_id":"1","author":{"id":"2","username":"f"},"content":"c","attachments":[{}]},{"id":"20","channel_id":"77","recipient_id":"1","author":{"id":"2"},"content":"b"}])";
  const std::string guild_channels = R"([{"id":"1","name":"cat","type":4,"position":0},{"id":"2","name":"t","type":0,"position":1,"parent_id":"1","linked_lobby":{"application_id":"1","lobby_id":"5"}}])";
  for (int round = 0, rounds = Rounds(600); round < rounds; ++round) {
    GatewayHarness h;
    h.client.GetUserMessagesWithLimit(2, 3, [](ClientResult, std::vector<MessageHandle> messages) {
      for (auto& m : messages) (void)m.Content();
    });
    h.client.GetGuildChannels(8, [](ClientResult, std::vector<GuildChannel> channels) {
      for (auto& c : channels) (void)c.Name();
    });
    h.client.GetToken(kAppId, "code", "verifier", "http://127.0.0.1/callback",
                      [](ClientResult, std::string, std::string, AuthorizationTokenType, int32_t, std::string) {});
    while (auto* pending = h.platform->Pending()) {
      const std::string& url = pending->http.url;
      std::string body = url.find("/messages") != std::string::npos  ? history
                         : url.find("/channels") != std::string::npos ? guild_channels
                                                                      : TokenBody();
      int status = mutate.Pick(6) == 0 ? static_cast<int>(400 + mutate.Pick(200)) : 200;
      h.platform->Respond(pending, status, mutate.Mutate(body));
    }
    Pump();
    ReadEverything(h.client);
  }
}

}  // namespace
}  // namespace sdkpp::testing
