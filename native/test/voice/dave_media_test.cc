// DAVE on the media path (docs/protocols/dave.md): outgoing packet = AEAD(DAVE(opus)), opened here with
// the harness's own AEAD; incoming frames decrypted after the transport's with the sender's id;
// silence frames in the clear both ways; plain frames only while passthrough is allowed; the
// recovery after more than 36 consecutive failures (op 31 with the last transition id, re-init)
// and the failures that do not count; the largest Opus frame fits; no allocation per frame.
#include <string>
#include <vector>

#include "allocation_counter.h"
#include "dave_fixture.h"

namespace sdkpp::voice::testing {
namespace {

using sdkpp::testing::ToyDaveFrame;

const std::string kSilence = "\xF8\xFF\xFE";

TEST(DaveMedia, OutgoingOpusIsDaveEncryptedInsideTheTransportAead) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  EXPECT_EQ(f.SendAndOpen("OPUS"), "") << "no group yet: withheld, never sent readable";
  EXPECT_EQ(f.connection->Stats().dave_withheld, 1u);
  f.EstablishGroup(7);
  const std::string packet_payload = f.SendAndOpen("OPUS-FRAME");
  EXPECT_EQ(packet_payload, ToyDaveFrame("OPUS-FRAME", 1)) << "the opened RTP payload is the DAVE frame";
  // And on the wire neither the Opus bytes nor the DAVE frame appear in the clear.
  const std::string& wire = f.UdpSent().back();
  EXPECT_EQ(wire.find("OPUS-FRAME"), std::string::npos);
  EXPECT_EQ(wire.size(), 12 + ToyDaveFrame("OPUS-FRAME", 1).size() + 16 + 4);
  EXPECT_EQ(f.connection->Stats().dave_encrypted, 1u);
}

TEST(DaveMedia, SilenceFramesStayInTheClearBothWays) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  f.Wait(11'000);
  EXPECT_EQ(f.SendAndOpen(kSilence), kSilence);
  const int decrypts = f.script->decrypts;
  f.FriendSends(kSilence);
  EXPECT_EQ(f.LastReceived(), kSilence);
  EXPECT_EQ(f.script->decrypts, decrypts);
  EXPECT_EQ(f.connection->Stats().dave_decrypt_failures, 0u);
}

TEST(DaveMedia, IncomingFramesAreDecryptedAfterTheTransport) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  f.FriendSends(ToyDaveFrame("HELLO", 1));
  ASSERT_EQ(f.Received(), 1u);
  EXPECT_EQ(f.LastReceived(), "HELLO");
  EXPECT_EQ(f.listener.opus_received.back().user_id, DaveFixture::kFriend);
  EXPECT_EQ(f.connection->Stats().dave_decrypted, 1u);
  f.FriendSends(ToyDaveFrame("OLDKEY", 9));
  EXPECT_EQ(f.Received(), 1u) << "a frame that fails is dropped";
  EXPECT_EQ(f.connection->Stats().dave_decrypt_failures, 1u);
}

TEST(DaveMedia, PlainFramesPassBeforeTheGroupExistsAndNotInASteadyCall) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.FriendSends("EARLY");
  EXPECT_EQ(f.LastReceived(), "EARLY");
  EXPECT_EQ(f.connection->Stats().dave_passthrough, 1u);
  f.FriendSends(ToyDaveFrame("UNREADABLE", 1));
  EXPECT_EQ(f.LastReceived(), "EARLY") << "encrypted for a group we are not in yet";
  f.EstablishGroup(7);
  f.FriendSends("PLAIN");
  EXPECT_EQ(f.LastReceived(), "EARLY") << "in a steady DAVE call a plain frame is refused";
  EXPECT_EQ(f.connection->Stats().dave_passthrough, 1u);
}

TEST(DaveMedia, MoreThan36ConsecutiveFailuresSendOp31AndReinit) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  for (int i = 0; i < 36; ++i) f.FriendSends(ToyDaveFrame("BAD", 9));
  EXPECT_TRUE(f.SentOp(31).empty()) << "36 are tolerated";
  f.FriendSends(ToyDaveFrame("GOOD", 1));  // a success resets the run
  for (int i = 0; i < 36; ++i) f.FriendSends(ToyDaveFrame("BAD", 9));
  EXPECT_TRUE(f.SentOp(31).empty());
  f.FriendSends(ToyDaveFrame("BAD", 9));  // the 37th in a row
  EXPECT_EQ(f.TransitionIdsSent(31), (std::vector<int64_t>{7})) << "with the last transition id";
  EXPECT_EQ(f.script->Count("reinit 1"), 1);
  EXPECT_EQ(f.BinarySent().back(), std::string("\x1A") + "KP2");
  EXPECT_EQ(f.connection->Stats().dave_decrypt_failures, 73u);
  // While re-initialising, failures do not count: no second op 31.
  for (int i = 0; i < 100; ++i) f.FriendSends(ToyDaveFrame("BAD", 9));
  EXPECT_EQ(f.SentOp(31).size(), 1u);
}

TEST(DaveMedia, FailuresDuringAPendingTransitionDoNotCount) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  f.ServerBinary(29, DaveFixture::Transition(8, "COMMIT-EPOCH2"));  // pending until op 22
  for (int i = 0; i < 60; ++i) f.FriendSends(ToyDaveFrame("OLD", 9));
  EXPECT_TRUE(f.SentOp(31).empty());
  f.ExecuteTransition(8);
  f.FriendSends(ToyDaveFrame("NEW", 2));
  EXPECT_EQ(f.LastReceived(), "NEW");
}

TEST(DaveMedia, TheLargestOpusFrameStillFitsEncrypted) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  const std::string largest(1275, 'o');
  EXPECT_EQ(f.SendAndOpen(largest), ToyDaveFrame(largest, 1));
  f.FriendSpeaks();
  f.FriendSends(ToyDaveFrame(largest, 1));
  EXPECT_EQ(f.LastReceived(), largest);
}

TEST(DaveMedia, AnEncryptionFailureDropsTheFrame) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.EstablishGroup(7);
  f.script->fail_encrypt = true;
  EXPECT_EQ(f.SendAndOpen("OPUS"), "") << "not sent in the clear";
  EXPECT_EQ(f.connection->Stats().dave_encrypt_failures, 1u);
}

TEST(DaveMedia, NoAllocationPerFrame) {
  DaveFixture f;
  f.ToDaveMediaReady(1);
  f.FriendSpeaks();
  f.EstablishGroup(7);
  const std::string opus(160, 'o');
  const auto incoming = f.ServerPacket(DaveFixture::kFriendSsrc, 500, 1000, ToyDaveFrame(opus, 1));
  // Warm up the recording vectors of the harness, then count only the connection's work.
  f.listener.opus_received.reserve(64);
  f.UdpSent().reserve(64);
  f.connection->SendOpus(0, reinterpret_cast<const uint8_t*>(opus.data()), opus.size());
  f.UdpSent().clear();
  f.UdpSent().reserve(64);
  uint64_t sent_allocations = 0;
  {
    ResetAllocationCounter();
    ArmedAllocations armed;
    for (int i = 0; i < 10; ++i) {
      f.connection->SendOpus(960 * (i + 1), reinterpret_cast<const uint8_t*>(opus.data()), opus.size());
    }
    sent_allocations = CountedAllocations().allocations;
  }
  EXPECT_EQ(f.UdpSent().size(), 10u);
  EXPECT_EQ(f.script->encrypts, 11);
  // Each recorded datagram is the scripted platform copying it (one std::string): the
  // connection, DAVE included, allocates nothing of its own.
  EXPECT_EQ(sent_allocations, 10u);
  uint64_t received_allocations = 0;
  {
    ResetAllocationCounter();
    ArmedAllocations armed;
    f.Datagram(incoming);
    received_allocations = CountedAllocations().allocations;
  }
  EXPECT_EQ(f.LastReceived(), opus);
  EXPECT_EQ(received_allocations, 1u) << "only the recording listener's copy of the payload";
}

}  // namespace
}  // namespace sdkpp::voice::testing
