// DAVE's signalling on the voice connection with a scripted session (docs/protocols/dave.md): Identify's
// version, the session made at Session Description, external sender → key package, proposals →
// commit and Welcome, commit/Welcome → op 23, transition id 0, downgrade and re-upgrade with
// their passthrough windows on the fake clock, epoch 1 re-init, the invalid commit → op 31 and
// a new key package, the privacy code in the log, resume vs rejoin vs close.
#include <string>
#include <vector>

#include "dave_fixture.h"

namespace sdkpp::voice::testing {
namespace {

using Calls = std::vector<std::string>;

TEST(DaveTransitions, IdentifyAnnouncesThePlatformsVersionAndSessionDescriptionMakesTheSession) {
  DaveFixture f;
  f.script->max_version = 1;
  f.ToReady();
  auto identify = f.LastSentOp(0);
  ASSERT_TRUE(identify);
  EXPECT_EQ(identify->Root()["d"]["max_dave_protocol_version"].Int().value_or(-1), 1);
  EXPECT_EQ(f.script->sessions_alive, 0) << "no session before the server picks a version";
  f.Discover();
  f.ServerSays(f.DaveSessionDescription(1));
  EXPECT_EQ(f.listener.media_ready, 1);
  EXPECT_EQ(f.script->calls, (Calls{"create 1 222 111"})) << "user id and the lobby id as channel";
  EXPECT_TRUE(f.BinarySent().empty()) << "the key package waits for the external sender";
  EXPECT_TRUE(f.listener.dave_unavailable.empty());
}

TEST(DaveTransitions, VersionZeroPickedMakesNoSession) {
  DaveFixture f;
  f.ToDaveMediaReady(0);
  EXPECT_EQ(f.script->sessions_alive, 0);
  EXPECT_TRUE(f.script->calls.empty());
}

TEST(DaveTransitions, NoDaveOnThePlatformIdentifiesWithZeroAndWarnsWithTheReason) {
  VoiceFixture f;  // the scripted platform without a DaveScript: the Platform defaults
  f.ToReady();
  auto identify = f.LastSentOp(0);
  ASSERT_TRUE(identify);
  EXPECT_EQ(identify->Root()["d"]["max_dave_protocol_version"].Int().value_or(-1), 0);
  ASSERT_EQ(f.listener.dave_unavailable.size(), 1u);
  EXPECT_EQ(f.listener.dave_unavailable[0], "this platform has no DAVE support");
}

TEST(DaveTransitions, ANullSessionIsReportedAndTheCallGoesOnInTheClear) {
  DaveFixture f;
  f.script->refuse_sessions = true;
  f.ToDaveMediaReady(1);
  EXPECT_EQ(f.listener.media_ready, 1);
  ASSERT_EQ(f.listener.dave_unavailable.size(), 1u);
  EXPECT_EQ(f.listener.dave_unavailable[0], f.script->refuse_reason);
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS") << "no session: plain frames";
  f.ServerBinary(25, "EXTSENDER");
  EXPECT_TRUE(f.BinarySent().empty());
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(DaveTransitions, UpgradeFromAVersionZeroCallRunsOps25To22) {
  DaveFixture f;
  f.ToDaveMediaReady(0);  // the call starts without DAVE (a member lacked it)
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS");
  f.PrepareEpoch(1, 1);  // everyone has DAVE now: a new group
  EXPECT_EQ(f.script->calls, (Calls{"create 1 222 111"}));
  f.ServerBinary(25, "EXTSENDER");
  ASSERT_EQ(f.BinarySent().size(), 1u);
  EXPECT_EQ(f.BinarySent()[0], std::string("\x1A") + "KP1") << "op 26: u8 op ‖ key package";
  f.FriendConnects();
  f.ServerBinary(27, std::string("\x00", 1) + "PROPOSALS");
  EXPECT_EQ(f.script->calls.back(), "proposals 0 PROPOSALS users=333,222") << "connected members and self";
  ASSERT_EQ(f.BinarySent().size(), 2u);
  EXPECT_EQ(f.BinarySent()[1], std::string("\x1C") + "COMMITWELCOME") << "op 28: commit ‖ Welcome";
  f.ServerBinary(29, DaveFixture::Transition(0x0107, "COMMIT"));
  EXPECT_EQ(f.script->calls.back(), "commit COMMIT");
  EXPECT_EQ(f.TransitionIdsSent(23), (std::vector<int64_t>{0x0107}));
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS") << "version 0 stays in effect until op 22";
  EXPECT_FALSE(f.Logged("voice privacy code 7"));
  std::vector<std::string> release_visible;  // what a release build delivers: Warning and up
  f.h.logger.AddCallback([&](std::string line, sdkpp::LoggingSeverity) { release_visible.push_back(std::move(line)); },
                         sdkpp::LoggingSeverity::Warning);
  f.ExecuteTransition(0x0107);
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1));
  EXPECT_EQ(f.script->calls.back(), "passthrough 1 10") << "the upgrade's window";
  EXPECT_TRUE(f.Logged("call 111: voice privacy code 777777777777777777777777100001"));
  bool code_visible = false;
  for (const auto& line : release_visible) code_visible |= line.find("voice privacy code 7777") != std::string::npos;
  EXPECT_TRUE(code_visible) << "the privacy code reaches a Warning-level log (release builds deliver nothing below)";
  EXPECT_TRUE(f.SentOp(31).empty());
}

TEST(DaveTransitions, JoiningAGroupByWelcomeAnswersOp23) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.ServerBinary(25, "EXTSENDER");
  f.ServerBinary(30, DaveFixture::Transition(9, "WELCOME"));
  EXPECT_EQ(f.script->calls.back(), "welcome WELCOME");
  EXPECT_EQ(f.TransitionIdsSent(23), (std::vector<int64_t>{9}));
  f.ExecuteTransition(9);
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1));
  EXPECT_TRUE(f.Logged("voice privacy code 777777777777777777777777100001"));
}

TEST(DaveTransitions, TransitionIdZeroExecutesAtOnceWithoutOp23) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(0);
  EXPECT_TRUE(f.SentOp(23).empty());
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1));
  // op 21 with id 0 also executes at once: here a downgrade.
  f.PrepareTransition(0, 0);
  EXPECT_TRUE(f.SentOp(23).empty());
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS");
}

TEST(DaveTransitions, ExecuteOfAnUnknownTransitionChangesNothing) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.ExecuteTransition(42);
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1));
}

TEST(DaveTransitions, DowngradeKeepsPassthroughWindowsThenGoesPlain) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  f.Wait(11'000);  // past the first window
  f.FriendSends("PLAIN");
  EXPECT_EQ(f.Received(), 0u) << "a plain frame in a steady DAVE call is refused";
  f.PrepareTransition(0, 8);  // a member without DAVE joins: downgrade
  EXPECT_EQ(f.TransitionIdsSent(23).back(), 8);
  EXPECT_EQ(f.script->calls.back(), "passthrough 1 24");
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1)) << "still encrypted while pending";
  f.Wait(20'000);
  f.FriendSends("PLAIN");
  EXPECT_EQ(f.LastReceived(), "PLAIN") << "plain passes while the downgrade is pending";
  f.ExecuteTransition(8);
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS") << "version 0 in effect";
  EXPECT_EQ(f.script->calls.back(), "passthrough 1 10");
  EXPECT_TRUE(f.Logged("voice privacy code none"));
  // In the 10 s after: late encrypted frames still decrypt, plain ones pass.
  f.FriendSends(sdkpp::testing::ToyDaveFrame("LATE", 1));
  EXPECT_EQ(f.LastReceived(), "LATE");
  const int decrypts = f.script->decrypts;
  f.Wait(10'000);
  f.FriendSends("PLAIN2");
  EXPECT_EQ(f.LastReceived(), "PLAIN2");
  f.FriendSends(sdkpp::testing::ToyDaveFrame("X", 1));
  EXPECT_EQ(f.LastReceived(), sdkpp::testing::ToyDaveFrame("X", 1)) << "after the window: no DAVE at all";
  EXPECT_EQ(f.script->decrypts, decrypts);
}

TEST(DaveTransitions, ReUpgradeAfterADowngradeOpensTheWindowAgain) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  f.PrepareTransition(0, 8);
  f.ExecuteTransition(8);
  f.Wait(30'000);
  f.PrepareEpoch(1, 1);  // the member without DAVE left: a new group
  EXPECT_EQ(f.script->Count("reinit 1"), 1);
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP2") << "a new key package at once";
  f.ServerBinary(27, std::string("\x00", 1) + "PROPOSALS2");
  f.ServerBinary(29, DaveFixture::Transition(10, "COMMIT2"));
  EXPECT_EQ(f.TransitionIdsSent(23).back(), 10);
  EXPECT_EQ(f.SendAndOpen("OPUS"), "OPUS") << "version 0 until op 22";
  f.ExecuteTransition(10);
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 2));
  EXPECT_EQ(f.script->calls.back(), "passthrough 1 10");
  f.Wait(9'000);
  f.FriendSends("STRAGGLER");
  EXPECT_EQ(f.LastReceived(), "STRAGGLER") << "inside the 10 s";
  f.Wait(2'000);
  const size_t before = f.Received();
  f.FriendSends("TOO LATE");
  EXPECT_EQ(f.Received(), before) << "after the 10 s";
  EXPECT_TRUE(f.Logged("voice privacy code 777777777777777777777777100002"));
}

TEST(DaveTransitions, EpochOneReinitialisesAndSendsANewKeyPackage) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.PrepareEpoch(1, 2);  // any other epoch asks for nothing
  EXPECT_EQ(f.script->Count("reinit"), 0);
  f.PrepareEpoch(1, 1);
  EXPECT_EQ(f.script->Count("reinit 1"), 1);
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP2");
  EXPECT_EQ(f.SendAndOpen("OPUS"), "") << "the rebuilt group has no keys yet: withheld, not sent readable";
  EXPECT_TRUE(f.Logged("voice privacy code none"));
}

TEST(DaveTransitions, InvalidCommitSendsOp31ReinitsAndSendsANewKeyPackage) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.script->fail_commit = true;
  f.ServerBinary(29, DaveFixture::Transition(12, "BADCOMMIT"));
  EXPECT_EQ(f.TransitionIdsSent(31), (std::vector<int64_t>{12}));
  EXPECT_TRUE(f.SentOp(23).size() == 1u) << "no op 23 for the bad one";
  EXPECT_EQ(f.script->Count("reinit 1"), 1);
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP2");
  EXPECT_EQ(f.connection->Stats().dave_invalid_transitions, 1u);
  // Another bad one while re-initialising: no second op 31 (the server already rebuilds us).
  f.script->fail_welcome = true;
  f.ServerBinary(30, DaveFixture::Transition(13, "BADWELCOME"));
  EXPECT_EQ(f.TransitionIdsSent(31).size(), 1u);
  EXPECT_EQ(f.script->Count("reinit"), 1);
}

TEST(DaveTransitions, InvalidWelcomeAlsoSendsOp31) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.ServerBinary(25, "EXTSENDER");
  f.script->fail_welcome = true;
  f.ServerBinary(30, DaveFixture::Transition(5, "BADWELCOME"));
  EXPECT_EQ(f.TransitionIdsSent(31), (std::vector<int64_t>{5}));
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP2");
}

TEST(DaveTransitions, ExternalSenderBeforeTheSessionIsAppliedWhenItIsMade) {
  DaveFixture f;
  f.ToReady();
  f.Discover();
  f.ServerBinary(25, "EARLY");
  EXPECT_TRUE(f.BinarySent().empty());
  f.ServerSays(f.DaveSessionDescription(1));
  EXPECT_EQ(f.script->calls, (Calls{"create 1 222 111", "external_sender EARLY", "key_package KP1"}));
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP1");
}

TEST(DaveTransitions, RefusedMlsStepsAreLoggedAndCountedWithoutAnswers) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.script->fail_external_sender = true;
  f.ServerBinary(25, "BAD");
  EXPECT_TRUE(f.BinarySent().empty());
  f.script->fail_external_sender = false;
  f.script->fail_key_package = true;
  f.ServerBinary(25, "EXTSENDER");
  EXPECT_TRUE(f.BinarySent().empty());
  f.script->fail_proposals = true;
  f.ServerBinary(27, std::string("\x00", 1) + "STRANGER");
  EXPECT_TRUE(f.BinarySent().empty()) << "no commit for proposals adding a stranger";
  EXPECT_GE(f.connection->Stats().dave_bad_messages, 2u);
  EXPECT_TRUE(f.listener.lost.empty());
}

TEST(DaveTransitions, ResumeKeepsTheGroupAndRejoinStartsAFreshSession) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.ServerCloses(1006);
  ASSERT_EQ(LossOf(f.listener), Loss(VoiceLoss::Resumable));
  f.connection->Resume();
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  f.ServerSays(R"({"op":9,"d":null})");
  EXPECT_EQ(f.script->Count("reset"), 0);
  EXPECT_EQ(f.script->Count("create"), 1);
  EXPECT_EQ(f.SendAndOpen("OPUS"), sdkpp::testing::ToyDaveFrame("OPUS", 1)) << "still encrypted after the resume";
  // A full rejoin: a new session from scratch.
  f.connection->Connect(VoiceFixture::Info());
  EXPECT_EQ(f.script->Count("reset"), 1);
  EXPECT_EQ(f.script->sessions_alive, 0);
  f.events().OnWebSocketOpen(f.ws());
  f.ServerSays(R"({"op":8,"d":{"heartbeat_interval":5000}})");
  f.ServerSays(R"({"op":2,"d":{"ssrc":4242,"ip":"127.0.0.1","port":50001,"modes":["aead_aes256_gcm_rtpsize"]}})");
  f.Discover();
  f.ServerSays(f.DaveSessionDescription(1));
  EXPECT_EQ(f.script->Count("create"), 2);
  EXPECT_EQ(f.script->sessions_alive, 1);
}

TEST(DaveTransitions, CloseResetsAndDestroysTheSession) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.connection->Close();
  EXPECT_EQ(f.script->sessions_alive, 0);
  ASSERT_GE(f.script->calls.size(), 2u);
  EXPECT_EQ(f.script->calls[f.script->calls.size() - 2], "reset");
  EXPECT_EQ(f.script->calls.back(), "destroyed");
}

TEST(DaveTransitions, DaveMessagesAreNumberedForSeqAck) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.seq = 0x1234;
  f.ServerBinary(25, "EXTSENDER");
  f.Wait(5000);
  auto heartbeat = f.LastSentOp(3);
  ASSERT_TRUE(heartbeat);
  EXPECT_EQ(heartbeat->Root()["d"]["seq_ack"].Int().value_or(-1), 0x1234);
  // The same numbered message replayed after a resume is not processed twice.
  f.seq = 0x1234;
  f.ServerBinary(25, "EXTSENDER");
  EXPECT_EQ(f.script->Count("external_sender"), 1);
}

}  // namespace
}  // namespace sdkpp::voice::testing
