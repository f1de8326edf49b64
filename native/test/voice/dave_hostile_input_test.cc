// Hostile DAVE input on the voice gateway: truncated, unknown, oversized and out-of-order binary
// frames, garbage transition payloads, floods of pending transitions and JSON DAVE ops with
// unusable fields: each counted, none answered, nothing crashes, the call goes on.
#include <random>
#include <string>
#include <vector>

#include "dave_fixture.h"
#include "voice/dave/dave_controller.h"

namespace sdkpp::voice::testing {
namespace {

TEST(DaveHostileInput, TruncatedAndOversizedBinaryFramesAreCounted) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  const uint64_t before = f.connection->Stats().bad_gateway_frames;
  f.events().OnWebSocketBinary(f.ws(), "");
  f.events().OnWebSocketBinary(f.ws(), std::string("\x00\x01", 2));
  f.events().OnWebSocketBinary(f.ws(), std::string(64 * 1024 + 1, '\x19'));
  EXPECT_EQ(f.connection->Stats().bad_gateway_frames, before + 3);
  EXPECT_TRUE(f.script->calls.size() == 1u) << "only the create: nothing reached the session";
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(DaveHostileInput, UnknownOpsAndShortPayloadsAreCounted) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.ServerBinary(99, "WHAT");
  f.ServerBinary(26, "A CLIENT OP");  // only clients send op 26
  f.ServerBinary(25, "");             // an empty external sender
  EXPECT_EQ(f.connection->Stats().dave_bad_messages, 3u);
  f.ServerBinary(25, "EXTSENDER");
  f.ServerBinary(27, "");                          // no operation byte
  f.ServerBinary(27, std::string("\x07", 1) + "X");  // unknown operation
  f.ServerBinary(29, std::string("\x00", 1));      // no room for the transition id
  f.ServerBinary(30, std::string("\x00\x05", 2));  // a transition id and no Welcome
  EXPECT_EQ(f.connection->Stats().dave_bad_messages, 7u);
  EXPECT_EQ(f.script->Count("proposals"), 0);
  EXPECT_EQ(f.script->Count("commit"), 0);
  EXPECT_EQ(f.script->Count("welcome"), 0);
  EXPECT_TRUE(f.SentOp(31).empty()) << "garbage is not an invalid commit of ours";
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(DaveHostileInput, CommitsAndProposalsBeforeTheExternalSenderAreIgnored) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.ServerBinary(29, DaveFixture::Transition(3, "COMMIT"));
  f.ServerBinary(30, DaveFixture::Transition(3, "WELCOME"));
  f.ServerBinary(27, std::string("\x00", 1) + "PROPOSALS");
  EXPECT_EQ(f.connection->Stats().dave_bad_messages, 3u);
  EXPECT_EQ(f.script->calls.size(), 1u);
  EXPECT_TRUE(f.SentOp(23).empty());
  EXPECT_TRUE(f.SentOp(31).empty());
  EXPECT_TRUE(f.BinarySent().empty());
}

TEST(DaveHostileInput, DaveMessagesWithoutASessionAreCountedNotActedOn) {
  DaveFixture f;
  f.ToDaveMediaReady(0);
  f.PrepareTransition(1, 4);
  f.ServerBinary(29, DaveFixture::Transition(4, "COMMIT"));
  f.ExecuteTransition(4);
  EXPECT_GE(f.connection->Stats().dave_bad_messages, 2u);
  EXPECT_TRUE(f.SentOp(23).empty());
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS");
}

TEST(DaveHostileInput, AFloodOfPendingTransitionsIsBounded) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  for (int id = 100; id < 200; ++id) f.PrepareTransition(1, id);
  EXPECT_EQ(f.SentOp(23).size(), 1u + kDaveMaxPendingTransitions) << "the group's own op 23, then the bound";
  EXPECT_GE(f.connection->Stats().dave_bad_messages, 100u - kDaveMaxPendingTransitions);
}

TEST(DaveHostileInput, UnusableJsonDaveOpsAreCounted) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  const uint64_t before = f.connection->Stats().bad_gateway_frames;
  f.ServerJson(21, R"({"protocol_version":"1","transition_id":1})");
  f.ServerJson(22, R"({"transition_id":-1})");
  f.ServerJson(24, R"({"protocol_version":1})");
  EXPECT_EQ(f.connection->Stats().bad_gateway_frames, before + 3);
  EXPECT_TRUE(f.SentOp(23).empty());
}

TEST(DaveHostileInput, RandomBinaryFramesNeverCrash) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  std::mt19937 random(14);
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(random() % 64, '\0');
    for (auto& byte : bytes) byte = static_cast<char>(random());
    if (bytes.size() >= 3 && i % 2 == 0) bytes[2] = static_cast<char>(25 + random() % 7);
    f.events().OnWebSocketBinary(f.ws(), bytes);
    if (i % 100 == 0) f.FriendSends(sdkpp::testing::ToyDaveFrame("X", static_cast<uint8_t>(random())));
  }
  EXPECT_TRUE(f.listener.lost.empty());
  EXPECT_GT(f.connection->Stats().bad_gateway_frames + f.connection->Stats().dave_bad_messages, 0u);
}

}  // namespace
}  // namespace sdkpp::voice::testing
