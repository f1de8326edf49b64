// The SDK's bounded message cache. Per channel it keeps the newest messages in id order and
// knows how many of the newest are contiguous with the service (nothing missing between them),
// so a history request that the cache can answer needs no request at all. Edits and deletes
// from the gateway apply whenever they arrive — also before the message itself (a deleted id is
// remembered, so a late create is dropped). Memory is bounded per channel and overall.
//
// A message whose creation was announced (MessageRecord::announced) and that the bounds then let
// go is remembered (a bounded memory of ids, recent_ids.h), so a replay of its create event
// stays silent.
//
// A message whose callback is still queued is pinned: the bounds may push it out of its
// channel (a burst longer than the channel bound arrives before the callbacks run), but it stays
// findable until the callback has run, so every MessageCreated id has a handle. Pinned records
// are bounded by the callback queue, which drains on every turn of the host's loop.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "sdkpp/limits.h"
#include "social/recent_ids.h"
#include "social/records.h"

namespace sdkpp::social {

// Per channel, what the history rules can ask for (at most 200 messages; lobbies also only the
// last 72 hours, limits.h), plus what pins keep findable.
inline constexpr size_t kMaxMessagesPerChannel = limits::kMaxHistoryMessagesCount;
inline constexpr size_t kMaxCachedMessages = 10'000;
inline constexpr size_t kMaxRememberedDeletes = 4096;
// Announced messages the bounds let go, remembered so their replayed creates stay silent.
inline constexpr size_t kMaxRememberedAnnouncedEvictions = 4096;

class MessageCache {
 public:
  // A message from the gateway (live): extends the contiguous run if the channel had one.
  void AddLive(MessageRecord message);
  // A page of history, newest first, as the service returned it for `requested` messages.
  void AddHistory(uint64_t channel_id, std::vector<MessageRecord> newest_first, size_t requested);
  // Applies an edit; false if the message is not cached (the edit is then not needed). An edit
  // older than the cached one (an earlier edited timestamp, or none when the cache has one)
  // changes nothing but the record's `announced` flag, which only ever goes from false to true.
  bool Update(const MessageRecord& updated);
  bool Delete(uint64_t channel_id, uint64_t message_id);
  // After a gap (a new session, not a resume): nothing is known to be contiguous any more.
  void ForgetContiguity();
  void DropChannel(uint64_t channel_id);

  // The service's clock (ms since the epoch): lobby messages older than the 72-hour history
  // window are evicted as messages arrive. Without a clock nothing is evicted by age.
  void SetServiceClock(std::function<uint64_t()> now_ms) { service_now_ms_ = std::move(now_ms); }

  // Called after every change a reader of messages could see (a message added, edited,
  // deleted, evicted or unpinned away), so a layer that copies fields out (the N-API
  // façade's message snapshots) knows when its copies are stale. Empty clears it.
  void SetChangeListener(std::function<void()> listener) { change_listener_ = std::move(listener); }

  // Keeps the message findable, even once evicted, until as many Unpin calls as Pin calls.
  void Pin(uint64_t message_id);
  void Unpin(uint64_t message_id);

  const MessageRecord* Find(uint64_t message_id) const;
  // Not cached any more, but its creation was announced before the bounds let it go.
  bool AnnouncedThenEvicted(uint64_t message_id) const {
    return !announced_evicted_.empty() && announced_evicted_.Contains(message_id);
  }
  // Find for each of `count` ids into `out`; cheaper when each id is a neighbour of the one
  // before it in its channel, as in a history page (newest first): then no lookup at all.
  void FindAll(const uint64_t* ids, size_t count, const MessageRecord** out) const;
  // The newest `limit` messages of the channel, newest first, if the cache can answer that
  // with certainty (enough contiguous messages, or the whole history); nullopt otherwise.
  std::optional<std::vector<const MessageRecord*>> Newest(uint64_t channel_id, size_t limit) const;

  size_t size() const { return total_; }
  size_t channel_count() const { return channels_.size(); }
  size_t pinned_evicted_count() const { return evicted_pinned_.size(); }

 private:
  struct Channel {
    std::deque<MessageRecord> messages;  // ascending ids
    size_t contiguous = 0;               // how many of the newest are known contiguous
    bool complete = false;               // the service has nothing older than what we hold
    std::list<uint64_t>::iterator lru;
  };

  Channel& ChannelFor(uint64_t channel_id);
  void Insert(Channel& channel, MessageRecord message, bool live);
  void Touch(uint64_t channel_id, Channel& channel) const;
  // Find, also telling where in its channel the record is (list null: not in a channel).
  const MessageRecord* Locate(uint64_t message_id, const std::deque<MessageRecord>*& list, size_t& at) const;
  void EnforceBounds(uint64_t keep_channel);
  void RememberDelete(uint64_t message_id);
  // Called for each record leaving its channel by eviction (not by delete).
  void Evict(MessageRecord&& message);
  // Update and Delete without telling the listener (they do, when something changed).
  bool Apply(const MessageRecord& updated);
  bool Remove(uint64_t channel_id, uint64_t message_id);
  void Changed() const {
    if (change_listener_) change_listener_();
  }

  std::unordered_map<uint64_t, Channel> channels_;
  std::unordered_map<uint64_t, uint64_t> channel_of_message_;
  mutable std::list<uint64_t> lru_;  // front: most recently used channel
  std::unordered_set<uint64_t> deleted_;
  std::deque<uint64_t> deleted_order_;
  size_t total_ = 0;
  std::unordered_map<uint64_t, uint32_t> pins_;
  std::unordered_map<uint64_t, MessageRecord> evicted_pinned_;
  RecentIds announced_evicted_{kMaxRememberedAnnouncedEvictions};
  std::function<uint64_t()> service_now_ms_;
  std::function<void()> change_listener_;
};

}  // namespace sdkpp::social
