// The bounded message cache: contiguity, out-of-order and early deletes, memory bounds.
#include "framework/test.h"

#include <algorithm>
#include <random>

#include "sdkpp/limits.h"
#include "social/message_cache.h"

namespace sdkpp::social {
namespace {

MessageRecord Message(uint64_t id, uint64_t channel = 100, std::string content = "m") {
  MessageRecord m;
  m.id = id;
  m.channel_id = channel;
  m.content = std::move(content);
  return m;
}

std::vector<MessageRecord> Page(uint64_t newest, size_t count, uint64_t channel = 100) {
  std::vector<MessageRecord> page;
  for (size_t i = 0; i < count; ++i) page.push_back(Message(newest - i, channel));
  return page;
}

std::vector<uint64_t> Ids(const std::optional<std::vector<const MessageRecord*>>& list) {
  std::vector<uint64_t> ids;
  if (list) for (const auto* m : *list) ids.push_back(m->id);
  return ids;
}

TEST(MessageCache, LiveMessagesAloneDoNotAnswerHistory) {
  MessageCache cache;
  cache.AddLive(Message(10));
  cache.AddLive(Message(11));
  EXPECT_FALSE(cache.Newest(100, 2));  // nothing says there is nothing in between or before
}

TEST(MessageCache, AHistoryPagePlusLiveMessagesAnswerWithoutARequest) {
  MessageCache cache;
  cache.AddHistory(100, Page(50, 20), 20);
  cache.AddLive(Message(51));
  cache.AddLive(Message(52));
  auto newest = cache.Newest(100, 22);
  ASSERT_TRUE(newest);
  EXPECT_EQ(Ids(newest).front(), 52u);
  EXPECT_EQ(Ids(newest).back(), 31u);
  EXPECT_FALSE(cache.Newest(100, 23));  // older than the page: unknown
}

TEST(MessageCache, AShortPageMeansTheWholeHistory) {
  MessageCache cache;
  cache.AddHistory(100, Page(5, 5), 50);
  EXPECT_EQ(Ids(cache.Newest(100, 200)).size(), 5u);
}

TEST(MessageCache, EditsApplyAndStaleEditsDoNot) {
  MessageCache cache;
  cache.AddHistory(100, Page(10, 3), 3);
  MessageRecord edit = Message(9, 100, "edited");
  edit.edited_ms = 2000;
  EXPECT_TRUE(cache.Update(edit));
  MessageRecord older = Message(9, 100, "older edit");
  older.edited_ms = 1000;
  cache.Update(older);
  EXPECT_EQ(cache.Find(9)->content, "edited");
  EXPECT_FALSE(cache.Update(Message(999)));
}

TEST(MessageCache, AnUnEditedCopyIsStaleOnceTheMessageWasEdited) {
  // A replayed create (no edited timestamp) after the edit must not undo it.
  MessageCache cache;
  MessageRecord edit = Message(9, 100, "edited");
  edit.edited_ms = 2000;
  cache.AddLive(edit);
  EXPECT_TRUE(cache.Update(Message(9, 100, "original")));
  EXPECT_EQ(cache.Find(9)->content, "edited");
}

TEST(MessageCache, AnAnnouncedMessageStaysAnnouncedThroughHistoryPagesAndEviction) {
  MessageCache cache;
  MessageRecord live = Message(9);
  live.announced = true;
  cache.AddLive(live);
  // A history page's copy (not announced) neither clears the flag nor, when stale, the content.
  cache.AddHistory(100, Page(10, 3), 3);
  EXPECT_TRUE(cache.Find(9)->announced);
  EXPECT_FALSE(cache.Find(10)->announced);
  EXPECT_FALSE(cache.AnnouncedThenEvicted(9));
  // Let go with its channel: remembered as announced (and only it).
  cache.DropChannel(100);
  EXPECT_FALSE(cache.Find(9));
  EXPECT_TRUE(cache.AnnouncedThenEvicted(9));
  EXPECT_FALSE(cache.AnnouncedThenEvicted(10));
  // Back from a later page: still announced.
  cache.AddHistory(100, Page(10, 3), 3);
  EXPECT_TRUE(cache.Find(9)->announced);
  EXPECT_FALSE(cache.Find(8)->announced);
}

TEST(MessageCache, ADeleteBeforeItsCreateWins) {
  MessageCache cache;
  cache.AddHistory(100, Page(10, 3), 3);
  EXPECT_FALSE(cache.Delete(100, 11));  // not there yet
  cache.AddLive(Message(11));           // the create arrives late
  EXPECT_EQ(cache.Find(11), nullptr);
  EXPECT_EQ(Ids(cache.Newest(100, 3)), (std::vector<uint64_t>{10, 9, 8}));
}

TEST(MessageCache, DeletesKeepTheRunContiguous) {
  MessageCache cache;
  cache.AddHistory(100, Page(10, 5), 5);
  EXPECT_TRUE(cache.Delete(100, 8));
  EXPECT_EQ(Ids(cache.Newest(100, 4)), (std::vector<uint64_t>{10, 9, 7, 6}));
}

TEST(MessageCache, OutOfOrderArrivalsAreSortedAndDeduplicated) {
  MessageCache cache;
  cache.AddHistory(100, Page(10, 3), 3);
  cache.AddLive(Message(13));
  cache.AddLive(Message(12));
  cache.AddLive(Message(13));  // a replayed duplicate
  cache.AddLive(Message(11));
  EXPECT_EQ(cache.size(), 6u);
  EXPECT_EQ(Ids(cache.Newest(100, 6)), (std::vector<uint64_t>{13, 12, 11, 10, 9, 8}));
}

TEST(MessageCache, ANewSessionForgetsContiguity) {
  MessageCache cache;
  cache.AddHistory(100, Page(10, 3), 3);
  cache.ForgetContiguity();
  EXPECT_FALSE(cache.Newest(100, 1));
  EXPECT_NE(cache.Find(10), nullptr);  // the messages themselves stay readable
}

TEST(MessageCache, MemoryIsBoundedPerChannelAndOverall) {
  MessageCache cache;
  for (uint64_t i = 1; i <= kMaxMessagesPerChannel + 100; ++i) cache.AddLive(Message(i));
  EXPECT_EQ(cache.size(), kMaxMessagesPerChannel);
  EXPECT_EQ(cache.Find(1), nullptr);  // the oldest went first
  for (uint64_t channel = 1; channel <= 100; ++channel) {
    for (uint64_t i = 0; i < 300; ++i) cache.AddLive(Message(channel * 1'000'000 + i, 1000 + channel));
  }
  EXPECT_LE(cache.size(), kMaxCachedMessages);
  EXPECT_LT(cache.channel_count(), 101u);  // least recently used channels were dropped
}

TEST(MessageCache, APinnedMessageStaysFindableAfterEvictionUntilUnpinned) {
  MessageCache cache;
  cache.AddLive(Message(1, 100, "first"));
  cache.Pin(1);
  cache.Pin(1);  // two queued callbacks
  for (uint64_t i = 2; i <= kMaxMessagesPerChannel + 1; ++i) cache.AddLive(Message(i));
  EXPECT_EQ(cache.size(), kMaxMessagesPerChannel);
  ASSERT_NE(cache.Find(1), nullptr);
  EXPECT_EQ(cache.Find(1)->content, "first");
  MessageRecord edit = Message(1, 100, "edited");
  edit.edited_ms = 5;
  EXPECT_TRUE(cache.Update(edit));
  EXPECT_EQ(cache.Find(1)->content, "edited");
  cache.Unpin(1);
  EXPECT_NE(cache.Find(1), nullptr);
  cache.Unpin(1);
  EXPECT_EQ(cache.Find(1), nullptr);
  EXPECT_EQ(cache.pinned_evicted_count(), 0u);
  cache.Unpin(1);  // unbalanced: ignored
}

TEST(MessageCache, ADeleteRemovesAPinnedEvictedMessage) {
  MessageCache cache;
  cache.AddLive(Message(1));
  cache.Pin(1);
  for (uint64_t i = 2; i <= kMaxMessagesPerChannel + 1; ++i) cache.AddLive(Message(i));
  EXPECT_TRUE(cache.Delete(100, 1));
  EXPECT_EQ(cache.Find(1), nullptr);
  cache.Unpin(1);
  EXPECT_EQ(cache.pinned_evicted_count(), 0u);
}

TEST(MessageCache, AWholeHistoryTrimmedByTheBoundStillAnswersFromTheCache) {
  MessageCache cache;
  cache.AddHistory(100, {}, 50);  // the channel has no history at all
  for (uint64_t i = 1; i <= kMaxMessagesPerChannel + 10; ++i) cache.AddLive(Message(i));
  auto newest = cache.Newest(100, 200);
  ASSERT_TRUE(newest.has_value());
  EXPECT_EQ(newest->front()->id, kMaxMessagesPerChannel + 10);
  EXPECT_FALSE(cache.Newest(100, kMaxMessagesPerChannel + 1).has_value());  // older ones: a request
}

// The run's edges. A message arriving inside the contiguous run extends it; one older than the
// run's oldest message does not (there may be messages between it and the run nobody fetched),
// wherever it lands in the channel's storage.
TEST(MessageCache, AnArrivalOlderThanTheRunDoesNotExtendIt) {
  for (uint64_t before_run : {1u, 4u}) {  // few or many messages before the run: either half
    MessageCache cache;
    for (uint64_t id = 1; id <= before_run; ++id) cache.AddLive(Message(id));
    cache.AddHistory(100, {Message(30), Message(20), Message(10)}, 3);  // run: 10, 20, 30
    cache.AddLive(Message(7));  // older than the run's oldest
    EXPECT_EQ(Ids(cache.Newest(100, 3)), (std::vector<uint64_t>{30, 20, 10})) << before_run;
    EXPECT_FALSE(cache.Newest(100, 4)) << "7 is not known to follow 10 directly; " << before_run;
    cache.AddLive(Message(15));  // inside the run
    EXPECT_EQ(Ids(cache.Newest(100, 4)), (std::vector<uint64_t>{30, 20, 15, 10})) << before_run;
    EXPECT_FALSE(cache.Newest(100, 5)) << before_run;
  }
}

TEST(MessageCache, AOneMessagePageStartsARunOfOneThatLiveMessagesExtend) {
  MessageCache cache;
  cache.AddLive(Message(5));
  cache.AddHistory(100, {Message(10)}, 1);
  EXPECT_EQ(Ids(cache.Newest(100, 1)), (std::vector<uint64_t>{10}));
  EXPECT_FALSE(cache.Newest(100, 2));
  cache.AddLive(Message(11));
  EXPECT_EQ(Ids(cache.Newest(100, 2)), (std::vector<uint64_t>{11, 10}));
  EXPECT_FALSE(cache.Newest(100, 3));
}

TEST(MessageCache, AnArrivalJustOlderThanARunOfOneDoesNotExtendIt) {
  MessageCache cache;
  cache.AddLive(Message(5));
  cache.AddHistory(100, {Message(10)}, 1);  // a run of one: 10
  cache.AddLive(Message(7));                // one message (10) is newer: still outside the run
  EXPECT_EQ(Ids(cache.Newest(100, 1)), (std::vector<uint64_t>{10}));
  EXPECT_FALSE(cache.Newest(100, 2)) << "messages between 7 and 10 may be missing";
}

TEST(MessageCache, AnEmptyPageForAFullRequestChangesNoRun) {
  MessageCache cache;
  cache.AddLive(Message(5));
  cache.AddHistory(100, {}, 0);
  EXPECT_FALSE(cache.Newest(100, 1));
}

TEST(MessageCache, DeletingTheRunsOldestOrOnlyMessageShortensIt) {
  MessageCache cache;
  cache.AddLive(Message(5));
  cache.AddHistory(100, {Message(20), Message(10)}, 2);  // run: 10, 20
  EXPECT_TRUE(cache.Delete(100, 10));                   // the run's oldest
  EXPECT_EQ(Ids(cache.Newest(100, 1)), (std::vector<uint64_t>{20}));
  EXPECT_FALSE(cache.Newest(100, 2)) << "5 is not part of the run";
  EXPECT_TRUE(cache.Delete(100, 20));  // the only one left
  EXPECT_FALSE(cache.Newest(100, 1)) << "5 is not part of the run";
  EXPECT_TRUE(cache.Delete(100, 5));  // outside the run: nothing to shorten
  EXPECT_FALSE(cache.Newest(100, 1));
}

// At equal edit times the copy that arrived last wins (an update that changes fields without an
// edit, such as moderation metadata), in every way a copy can arrive.
TEST(MessageCache, AtEqualEditTimesTheLaterCopyWins) {
  MessageCache cache;
  MessageRecord first = Message(10, 100, "first");
  first.edited_ms = 7;
  cache.AddHistory(100, {first}, 5);
  MessageRecord second = Message(10, 100, "second");
  second.edited_ms = 7;
  EXPECT_TRUE(cache.Update(second));
  ASSERT_NE(cache.Find(10), nullptr);
  EXPECT_EQ(cache.Find(10)->content, "second");
  MessageRecord third = Message(10, 100, "third");
  third.edited_ms = 7;
  cache.AddHistory(100, {third}, 5);
  ASSERT_NE(cache.Find(10), nullptr);
  EXPECT_EQ(cache.Find(10)->content, "third");
  // Pinned and pushed out of its channel, then a page brings it back.
  cache.Pin(10);
  for (uint64_t id = 11; id < 11 + kMaxMessagesPerChannel; ++id) cache.AddLive(Message(id));
  ASSERT_EQ(cache.pinned_evicted_count(), 1u);
  MessageRecord fourth = Message(10, 100, "fourth");
  fourth.edited_ms = 7;
  EXPECT_TRUE(cache.Update(fourth));  // applies to the pinned copy
  ASSERT_NE(cache.Find(10), nullptr);
  EXPECT_EQ(cache.Find(10)->content, "fourth");
  MessageRecord fifth = Message(10, 200, "fifth");
  fifth.edited_ms = 7;
  cache.AddHistory(200, {fifth}, 5);
  EXPECT_EQ(cache.pinned_evicted_count(), 0u);
  ASSERT_NE(cache.Find(10), nullptr);
  EXPECT_EQ(cache.Find(10)->content, "fifth");
  // An older edit loses to the pinned copy.
  cache.Pin(10);
  cache.DropChannel(200);
  MessageRecord stale = Message(10, 200, "stale");
  stale.edited_ms = 6;
  cache.AddHistory(200, {stale}, 5);
  ASSERT_NE(cache.Find(10), nullptr);
  EXPECT_EQ(cache.Find(10)->content, "fifth");
}

TEST(MessageCache, RemembersExactlyTheBoundOfEarlyDeletes) {
  MessageCache cache;
  // Deletes of messages never seen, up to the bound: every one of them is still remembered.
  for (uint64_t id = 1; id <= kMaxRememberedDeletes; ++id) cache.Delete(100, id);
  cache.AddLive(Message(1));
  EXPECT_EQ(cache.Find(1), nullptr) << "the oldest of " << kMaxRememberedDeletes << " deletes is remembered";
  cache.Delete(100, kMaxRememberedDeletes + 1);  // one more: the oldest is forgotten
  cache.AddLive(Message(1));
  EXPECT_NE(cache.Find(1), nullptr);
  cache.AddLive(Message(2));
  EXPECT_EQ(cache.Find(2), nullptr);
}

// The memory of announced messages the bounds let go (kMaxRememberedAnnouncedEvictions), at its
// value: a live burst in one channel past its bound evicts one announced message per message.
// Exactly the bound of them is remembered; one more eviction forgets the oldest, and only it.
TEST(MessageCache, RemembersExactlyTheBoundOfAnnouncedEvictions) {
  MessageCache cache;
  auto announced = [](uint64_t id) {
    MessageRecord m = Message(id);
    m.announced = true;
    return m;
  };
  const uint64_t last_at_bound = kMaxMessagesPerChannel + kMaxRememberedAnnouncedEvictions;
  for (uint64_t id = 1; id <= last_at_bound; ++id) cache.AddLive(announced(id));
  ASSERT_EQ(cache.size(), kMaxMessagesPerChannel);
  EXPECT_EQ(cache.Find(kMaxRememberedAnnouncedEvictions), nullptr);
  EXPECT_NE(cache.Find(kMaxRememberedAnnouncedEvictions + 1), nullptr);
  EXPECT_TRUE(cache.AnnouncedThenEvicted(1)) << "the oldest of " << kMaxRememberedAnnouncedEvictions << " evictions";
  EXPECT_TRUE(cache.AnnouncedThenEvicted(kMaxRememberedAnnouncedEvictions));
  EXPECT_FALSE(cache.AnnouncedThenEvicted(kMaxRememberedAnnouncedEvictions + 1)) << "still cached";
  cache.AddLive(announced(last_at_bound + 1));  // one more eviction: the oldest is forgotten
  EXPECT_FALSE(cache.AnnouncedThenEvicted(1));
  EXPECT_TRUE(cache.AnnouncedThenEvicted(2));
  EXPECT_TRUE(cache.AnnouncedThenEvicted(kMaxRememberedAnnouncedEvictions + 1));
}

TEST(MessageCache, UnpinningAMessageStillInItsChannelTellsNoOne) {
  MessageCache cache;
  int changes = 0;
  cache.AddLive(Message(10));
  cache.SetChangeListener([&] { ++changes; });
  cache.Pin(10);
  cache.Unpin(10);
  cache.Unpin(10);  // more unpins than pins: nothing
  EXPECT_EQ(changes, 0);
  EXPECT_NE(cache.Find(10), nullptr);
}

// FindAll's neighbour shortcut against Find, over id lists of every shape a reader can pass:
// newest first, oldest first, skips of one and two, repeats, strangers, pinned evicted ones.
TEST(MessageCache, FindAllMatchesFindForEveryOrderOfIds) {
  MessageCache cache;
  cache.AddHistory(100, Page(60, 50), 50);       // 11..60
  cache.AddHistory(200, Page(130, 20, 200), 20);  // 111..130
  std::mt19937 random(20261129);
  std::uniform_int_distribution<uint64_t> pick(0, 140);
  std::uniform_int_distribution<int> step(-3, 3);
  for (int round = 0; round < 400; ++round) {
    std::vector<uint64_t> ids;
    uint64_t id = pick(random);
    size_t count = 1 + round % 12;
    for (size_t i = 0; i < count; ++i) {
      ids.push_back(id);
      int delta = round % 3 == 0 ? step(random) : (round % 3 == 1 ? -1 - round % 2 : 1 + round % 2);
      id = static_cast<uint64_t>(std::max<int64_t>(0, static_cast<int64_t>(id) + delta));
      if (random() % 9 == 0) id = pick(random);
    }
    const MessageRecord* sentinel = reinterpret_cast<const MessageRecord*>(&cache);
    std::vector<const MessageRecord*> found(ids.size() + 1, sentinel);
    std::vector<uint64_t> padded = ids;
    padded.push_back(60);  // a findable id just past the end: a read past `count` would take it
    cache.FindAll(padded.data(), ids.size(), found.data());
    for (size_t i = 0; i < ids.size(); ++i) {
      ASSERT_EQ(found[i], cache.Find(ids[i])) << "round " << round << ", index " << i << ", id " << ids[i];
    }
    ASSERT_EQ(found[ids.size()], sentinel) << "FindAll wrote past count";
  }
}

}  // namespace
}  // namespace sdkpp::social

namespace sdkpp::social {
namespace {

constexpr uint64_t kHourMs = 60 * 60 * 1000;

MessageRecord LobbyMessage(uint64_t id, uint64_t sent_ms, uint64_t lobby = 100) {
  MessageRecord m = Message(id, lobby);
  m.lobby_id = lobby;
  m.sent_ms = sent_ms;
  return m;
}

// Issue 11 item 11: the cache keeps what the history rules need — 200 per channel, and lobby
// messages only within 72 hours on the service clock — plus what pins still hold.
TEST(MessageCache, KeepsTwoHundredPerChannelAsTheHistoryRuleNeeds) {
  EXPECT_EQ(kMaxMessagesPerChannel, 200u);
  MessageCache cache;
  for (uint64_t i = 1; i <= 600; ++i) cache.AddLive(Message(i));
  EXPECT_EQ(cache.size(), 200u);
  EXPECT_EQ(cache.Find(400), nullptr);
  EXPECT_NE(cache.Find(401), nullptr);
}

// The per-channel bound (kMaxMessagesPerChannel, the history rule's 200) and the overall one
// (kMaxCachedMessages) at their edges: exactly the bound is all kept, one more lets the oldest go.
TEST(MessageCache, EachBoundHoldsExactlyItsCountAndOneMoreEvictsTheOldest) {
  MessageCache channel;
  for (uint64_t i = 1; i <= kMaxMessagesPerChannel; ++i) channel.AddLive(Message(i));
  EXPECT_EQ(channel.size(), kMaxMessagesPerChannel);
  EXPECT_NE(channel.Find(1), nullptr);
  channel.AddLive(Message(kMaxMessagesPerChannel + 1));
  EXPECT_EQ(channel.size(), kMaxMessagesPerChannel);
  EXPECT_EQ(channel.Find(1), nullptr);
  EXPECT_NE(channel.Find(2), nullptr);

  // Full channels up to the overall bound: everything is kept.
  static_assert(kMaxCachedMessages % kMaxMessagesPerChannel == 0);
  const uint64_t channels = kMaxCachedMessages / kMaxMessagesPerChannel;
  MessageCache overall;
  for (uint64_t c = 1; c <= channels; ++c) {
    for (uint64_t i = 0; i < kMaxMessagesPerChannel; ++i) overall.AddLive(Message(c * 1'000'000 + i, 1000 + c));
  }
  EXPECT_EQ(overall.size(), kMaxCachedMessages);
  EXPECT_EQ(overall.channel_count(), channels);
  EXPECT_NE(overall.Find(1 * 1'000'000), nullptr);
  // One message more, in a new channel: the total stays at the bound and the least recently
  // used channel (the first) gives way.
  overall.AddLive(Message((channels + 1) * 1'000'000, 1000 + channels + 1));
  EXPECT_LE(overall.size(), kMaxCachedMessages);
  EXPECT_NE(overall.Find((channels + 1) * 1'000'000), nullptr);
  EXPECT_EQ(overall.Find(1 * 1'000'000), nullptr);
  EXPECT_NE(overall.Find(2 * 1'000'000), nullptr);
}

TEST(MessageCache, LobbyMessagesOlderThanSeventyTwoHoursLeaveByAge) {
  uint64_t now = 1'000 * kHourMs;
  MessageCache cache;
  cache.SetServiceClock([&now] { return now; });
  cache.AddLive(LobbyMessage(1, now - 100 * kHourMs));  // already too old
  cache.AddLive(LobbyMessage(2, now - 50 * kHourMs));
  cache.AddLive(LobbyMessage(3, now - 1 * kHourMs));
  EXPECT_EQ(cache.Find(1), nullptr);
  EXPECT_NE(cache.Find(2), nullptr);
  cache.Pin(2);  // a callback still to run holds it
  now += 30 * kHourMs;  // message 2 is now 80 hours old
  cache.AddLive(LobbyMessage(4, now));
  EXPECT_EQ(cache.size(), 2u);  // 3 and 4 remain in the channel
  EXPECT_NE(cache.Find(2), nullptr) << "a pinned message stays findable";
  EXPECT_NE(cache.Find(3), nullptr);
  cache.Unpin(2);
  EXPECT_EQ(cache.Find(2), nullptr);
}

// The spec's lobby history reaches back "up to 72 hours": a message exactly 72 hours old is
// still history (the SDK's filter keeps it too, social_test.cc), one a millisecond older is not.
TEST(MessageCache, TheSeventyTwoHourEdgeIsInclusive) {
  const uint64_t window = limits::kMaxHistoryAgeMs;
  ASSERT_EQ(window, 72 * kHourMs);
  uint64_t now = 1'000 * kHourMs;
  MessageCache cache;
  cache.SetServiceClock([&now] { return now; });
  cache.AddLive(LobbyMessage(1, now - window - 1));  // 72 h + 1 ms: out
  cache.AddLive(LobbyMessage(2, now - window));      // exactly 72 h: in
  cache.AddLive(LobbyMessage(3, now - window + 1));
  EXPECT_EQ(cache.Find(1), nullptr);
  EXPECT_NE(cache.Find(2), nullptr);
  EXPECT_NE(cache.Find(3), nullptr);
  // One millisecond later message 2 is over the edge: the next arrival lets it go, not 3.
  now += 1;
  cache.AddLive(LobbyMessage(4, now));
  EXPECT_EQ(cache.Find(2), nullptr);
  EXPECT_NE(cache.Find(3), nullptr);
  EXPECT_EQ(cache.size(), 2u);
}

// A service clock younger than the window (a host clock near the epoch) ages nothing out, and
// never wraps the cutoff below zero.
TEST(MessageCache, AClockYoungerThanTheWindowAgesNothingOut) {
  uint64_t now = limits::kMaxHistoryAgeMs;  // the cutoff is exactly 0
  MessageCache cache;
  cache.SetServiceClock([&now] { return now; });
  cache.AddLive(LobbyMessage(1, 1));
  EXPECT_NE(cache.Find(1), nullptr);
  now = limits::kMaxHistoryAgeMs - 1;
  cache.AddLive(LobbyMessage(2, 2));
  EXPECT_NE(cache.Find(1), nullptr);
  now = limits::kMaxHistoryAgeMs + 2;  // the cutoff is 2: message 1 goes, 2 stays
  cache.AddLive(LobbyMessage(3, 3));
  EXPECT_EQ(cache.Find(1), nullptr);
  EXPECT_NE(cache.Find(2), nullptr);
}

TEST(MessageCache, DirectMessagesAreNotEvictedByAge) {
  uint64_t now = 1'000 * kHourMs;
  MessageCache cache;
  cache.SetServiceClock([&now] { return now; });
  MessageRecord old_dm = Message(1, 300);
  old_dm.sent_ms = now - 500 * kHourMs;
  cache.AddLive(old_dm);
  cache.AddLive(Message(2, 300));
  EXPECT_NE(cache.Find(1), nullptr);
}

TEST(MessageCache, EveryChangeAReaderCouldSeeTellsTheListener) {
  // The N-API façade's message snapshots are current only while this count stands still.
  MessageCache cache;
  int changes = 0;
  cache.SetChangeListener([&] { ++changes; });
  cache.AddHistory(100, Page(10, 3), 3);
  EXPECT_EQ(changes, 1);
  cache.AddLive(Message(11));
  EXPECT_EQ(changes, 2);
  MessageRecord edit = Message(11, 100, "edited");
  edit.edited_ms = 5;
  EXPECT_TRUE(cache.Update(edit));
  EXPECT_EQ(changes, 3);
  EXPECT_FALSE(cache.Update(Message(999)));  // not cached: nothing to see
  EXPECT_EQ(changes, 3);
  EXPECT_TRUE(cache.Delete(100, 11));
  EXPECT_EQ(changes, 4);
  EXPECT_FALSE(cache.Delete(100, 11));
  EXPECT_EQ(changes, 4);
  // A pinned message pushed out stays findable; its unpin removes it: a change.
  cache.Pin(8);
  for (uint64_t id = 12; id < 12 + kMaxMessagesPerChannel; ++id) cache.AddLive(Message(id));
  ASSERT_NE(cache.Find(8), nullptr);
  int before = changes;
  cache.Unpin(8);
  EXPECT_EQ(cache.Find(8), nullptr);
  EXPECT_EQ(changes, before + 1);
  cache.DropChannel(100);
  EXPECT_EQ(changes, before + 2);
  cache.SetChangeListener({});
  cache.AddLive(Message(1000));
  EXPECT_EQ(changes, before + 2);
}

TEST(MessageCache, FindAllAnswersAsFindForNeighboursAndStrangers) {
  MessageCache cache;
  cache.AddHistory(100, Page(20, 10), 10);   // 11..20
  cache.AddHistory(200, Page(120, 5, 200), 5);  // 116..120
  cache.Pin(11);
  for (uint64_t id = 21; id < 21 + kMaxMessagesPerChannel; ++id) cache.AddLive(Message(id));  // 11 evicted, pinned
  std::vector<uint64_t> ids = {220, 219, 218, 120, 119, 5, 11, 217, 118, 218, 219, 300};
  std::vector<const MessageRecord*> found(ids.size());
  cache.FindAll(ids.data(), ids.size(), found.data());
  for (size_t i = 0; i < ids.size(); ++i) {
    EXPECT_EQ(found[i], cache.Find(ids[i])) << "id " << ids[i];
    if (found[i]) EXPECT_EQ(found[i]->id, ids[i]);
  }
  EXPECT_EQ(found[5], nullptr);
  EXPECT_NE(found[6], nullptr);  // the pinned, evicted one
  // The same id twice in a row is the same record twice, not its neighbour.
  std::vector<uint64_t> repeated = {118, 118, 119, 119, 119, 117, 117};
  std::vector<const MessageRecord*> again(repeated.size());
  cache.FindAll(repeated.data(), repeated.size(), again.data());
  for (size_t i = 0; i < repeated.size(); ++i) {
    ASSERT_NE(again[i], nullptr) << i;
    EXPECT_EQ(again[i]->id, repeated[i]) << i;
  }
}

}  // namespace
}  // namespace sdkpp::social
