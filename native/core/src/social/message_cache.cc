#include "social/message_cache.h"

#include <algorithm>

namespace sdkpp::social {

MessageCache::Channel& MessageCache::ChannelFor(uint64_t channel_id) {
  auto it = channels_.find(channel_id);
  if (it == channels_.end()) {
    lru_.push_front(channel_id);
    it = channels_.emplace(channel_id, Channel{}).first;
    it->second.lru = lru_.begin();
  }
  return it->second;
}

void MessageCache::Touch(uint64_t, Channel& channel) const {
  lru_.splice(lru_.begin(), lru_, channel.lru);
}

void MessageCache::Insert(Channel& channel, MessageRecord message, bool live) {
  if (deleted_.count(message.id) > 0) return;  // a delete that arrived first wins
  // Back after the bounds let it go (a history page reached it again): still announced.
  if (!message.announced && AnnouncedThenEvicted(message.id)) message.announced = true;
  if (auto pinned = evicted_pinned_.find(message.id); pinned != evicted_pinned_.end()) {
    // Back in its channel (an older page reached it): one copy only, the newer edit.
    bool announced = message.announced || pinned->second.announced;
    if (pinned->second.edited_ms > message.edited_ms) message = std::move(pinned->second);
    message.announced = announced;
    evicted_pinned_.erase(pinned);
  }
  auto& list = channel.messages;
  auto at = std::lower_bound(list.begin(), list.end(), message.id,
                             [](const MessageRecord& m, uint64_t id) { return m.id < id; });
  if (at != list.end() && at->id == message.id) {
    // Already known: keep the newer edit, and what the app was told of it.
    bool announced = message.announced || at->announced;
    if (message.edited_ms >= at->edited_ms) *at = std::move(message);
    at->announced = announced;
    return;
  }
  // Counted before the insert: a deque's insert invalidates `at`.
  const size_t newer = static_cast<size_t>(std::distance(at, list.end()));
  channel_of_message_[message.id] = message.channel_id;
  list.insert(at, std::move(message));
  ++total_;
  // A live message newer than all extends a run the channel has; an out-of-order arrival
  // extends it only if it fell inside it (a run member is older): one older than the run's
  // oldest message may have unfetched messages between it and the run.
  const bool extends_run = newer == 0 ? live : newer < channel.contiguous;
  if (extends_run && channel.contiguous > 0) ++channel.contiguous;
}

void MessageCache::AddLive(MessageRecord message) {
  uint64_t channel_id = message.channel_id;
  Channel& channel = ChannelFor(channel_id);
  Insert(channel, std::move(message), true);
  Touch(channel_id, channel);
  EnforceBounds(channel_id);
  Changed();
}

void MessageCache::AddHistory(uint64_t channel_id, std::vector<MessageRecord> newest_first,
                              size_t requested) {
  Channel& channel = ChannelFor(channel_id);
  size_t received = newest_first.size();
  std::optional<uint64_t> oldest_of_page;
  if (!newest_first.empty()) oldest_of_page = newest_first.back().id;
  for (auto& message : newest_first) {
    message.channel_id = channel_id;
    Insert(channel, std::move(message), false);
  }
  // The page was the service's newest messages when it answered; anything newer reached us
  // live from the gateway. So everything from the page's oldest message on is contiguous.
  if (oldest_of_page) {
    auto from = std::lower_bound(channel.messages.begin(), channel.messages.end(), *oldest_of_page,
                                 [](const MessageRecord& m, uint64_t id) { return m.id < id; });
    channel.contiguous = static_cast<size_t>(std::distance(from, channel.messages.end()));
  }
  if (received < requested) channel.complete = true;
  Touch(channel_id, channel);
  EnforceBounds(channel_id);
  Changed();
}

bool MessageCache::Update(const MessageRecord& updated) {
  bool known = Apply(updated);
  if (known) Changed();
  return known;
}

bool MessageCache::Apply(const MessageRecord& updated) {
  // A stale copy (a replayed create after an edit, an edit overtaken by a newer one) changes no
  // content: the app would see an edit undone.
  auto apply = [&updated](MessageRecord& message, uint64_t channel_id) {
    bool announced = message.announced || updated.announced;
    if (updated.edited_ms >= message.edited_ms) {
      message = updated;
      message.channel_id = channel_id;
    }
    message.announced = announced;
  };
  if (auto pinned = evicted_pinned_.find(updated.id); pinned != evicted_pinned_.end()) {
    apply(pinned->second, pinned->second.channel_id);
    return true;
  }
  auto where = channel_of_message_.find(updated.id);
  if (where == channel_of_message_.end()) return false;
  auto channel = channels_.find(where->second);
  if (channel == channels_.end()) return false;
  auto& list = channel->second.messages;
  auto at = std::lower_bound(list.begin(), list.end(), updated.id,
                             [](const MessageRecord& m, uint64_t id) { return m.id < id; });
  if (at == list.end() || at->id != updated.id) return false;
  apply(*at, where->second);
  return true;
}

bool MessageCache::Delete(uint64_t channel_id, uint64_t message_id) {
  bool removed = Remove(channel_id, message_id);
  if (removed) Changed();
  return removed;
}

bool MessageCache::Remove(uint64_t channel_id, uint64_t message_id) {
  RememberDelete(message_id);
  // A deleted message is gone even if a callback about it is still queued.
  if (evicted_pinned_.erase(message_id) > 0) return true;
  auto where = channel_of_message_.find(message_id);
  if (where != channel_of_message_.end()) channel_id = where->second;
  auto channel = channels_.find(channel_id);
  if (channel == channels_.end()) return false;
  auto& list = channel->second.messages;
  auto it = std::find_if(list.begin(), list.end(), [&](const MessageRecord& m) { return m.id == message_id; });
  if (it == list.end()) return false;
  size_t position_from_newest = static_cast<size_t>(std::distance(it, list.end()));
  list.erase(it);
  channel_of_message_.erase(message_id);
  --total_;
  // The service deleted it too: the run stays contiguous, one shorter. (The position counts
  // the message itself, so it is at least 1 and a run of 0 is never shortened.)
  if (position_from_newest <= channel->second.contiguous) --channel->second.contiguous;
  return true;
}

void MessageCache::RememberDelete(uint64_t message_id) {
  if (!deleted_.insert(message_id).second) return;
  deleted_order_.push_back(message_id);
  if (deleted_order_.size() > kMaxRememberedDeletes) {
    deleted_.erase(deleted_order_.front());
    deleted_order_.pop_front();
  }
}

void MessageCache::ForgetContiguity() {
  for (auto& [id, channel] : channels_) {
    channel.contiguous = 0;
    channel.complete = false;
  }
}

void MessageCache::Pin(uint64_t message_id) { ++pins_[message_id]; }

void MessageCache::Unpin(uint64_t message_id) {
  auto it = pins_.find(message_id);
  if (it == pins_.end()) return;
  if (--it->second > 0) return;
  pins_.erase(it);
  if (evicted_pinned_.erase(message_id) > 0) Changed();
}

void MessageCache::Evict(MessageRecord&& message) {
  channel_of_message_.erase(message.id);
  if (message.announced) announced_evicted_.Remember(message.id);
  if (pins_.count(message.id) > 0) evicted_pinned_.insert_or_assign(message.id, std::move(message));
}

void MessageCache::DropChannel(uint64_t channel_id) {
  auto it = channels_.find(channel_id);
  if (it == channels_.end()) return;
  for (auto& m : it->second.messages) Evict(std::move(m));
  total_ -= it->second.messages.size();
  lru_.erase(it->second.lru);
  channels_.erase(it);
  Changed();
}

const MessageRecord* MessageCache::Find(uint64_t message_id) const {
  const std::deque<MessageRecord>* list = nullptr;
  size_t at = 0;
  return Locate(message_id, list, at);
}

const MessageRecord* MessageCache::Locate(uint64_t message_id, const std::deque<MessageRecord>*& list,
                                          size_t& at) const {
  list = nullptr;
  auto where = channel_of_message_.find(message_id);
  if (where == channel_of_message_.end()) {
    auto pinned = evicted_pinned_.find(message_id);
    return pinned != evicted_pinned_.end() ? &pinned->second : nullptr;
  }
  auto channel = channels_.find(where->second);
  if (channel == channels_.end()) return nullptr;
  const auto& messages = channel->second.messages;
  auto it = std::lower_bound(messages.begin(), messages.end(), message_id,
                             [](const MessageRecord& m, uint64_t id) { return m.id < id; });
  if (it == messages.end() || it->id != message_id) return nullptr;
  list = &messages;
  at = static_cast<size_t>(it - messages.begin());
  return &*it;
}

void MessageCache::FindAll(const uint64_t* ids, size_t count, const MessageRecord** out) const {
  // A record in a channel's list is exactly a message Find finds there (ids are unique across
  // channels), so a neighbour with the wanted id is the answer Find would give.
  const std::deque<MessageRecord>* list = nullptr;
  size_t at = 0;
  for (size_t i = 0; i < count; ++i) {
    uint64_t id = ids[i];
    if (list != nullptr && at > 0 && (*list)[at - 1].id == id) {
      out[i] = &(*list)[--at];
    } else if (list != nullptr && at + 1 < list->size() && (*list)[at + 1].id == id) {
      out[i] = &(*list)[++at];
    } else {
      out[i] = Locate(id, list, at);
    }
  }
}

std::optional<std::vector<const MessageRecord*>> MessageCache::Newest(uint64_t channel_id,
                                                                      size_t limit) const {
  auto it = channels_.find(channel_id);
  if (it == channels_.end()) return std::nullopt;
  const Channel& channel = it->second;
  size_t available = channel.complete ? channel.messages.size() : std::min(channel.contiguous, channel.messages.size());
  if (!channel.complete && available < limit) return std::nullopt;
  std::vector<const MessageRecord*> out;
  size_t count = std::min(limit, available);
  out.reserve(count);
  for (auto m = channel.messages.rbegin(); m != channel.messages.rend() && out.size() < count; ++m) {
    out.push_back(&*m);
  }
  Touch(channel_id, const_cast<Channel&>(channel));
  return out;
}

void MessageCache::EnforceBounds(uint64_t keep_channel) {
  // Per channel: drop the oldest beyond the channel bound.
  auto trim = [&](Channel& channel, size_t bound) {
    while (channel.messages.size() > bound) {
      // A complete channel held its whole history, all of it contiguous; after the trim the
      // service has older messages again, but what remains is still a contiguous run.
      if (channel.complete) channel.contiguous = channel.messages.size();
      channel.complete = false;
      Evict(std::move(channel.messages.front()));
      channel.messages.pop_front();
      --total_;
      channel.contiguous = std::min(channel.contiguous, channel.messages.size());
    }
  };
  if (auto it = channels_.find(keep_channel); it != channels_.end()) {
    Channel& channel = it->second;
    trim(channel, kMaxMessagesPerChannel);
    // Lobby history reaches back 72 hours only: older lobby messages leave by age.
    if (service_now_ms_ && !channel.messages.empty() && channel.messages.front().lobby_id != 0) {
      const uint64_t now = service_now_ms_();
      const uint64_t cutoff = now > limits::kMaxHistoryAgeMs ? now - limits::kMaxHistoryAgeMs : 0;
      size_t keep = channel.messages.size();
      for (const MessageRecord& m : channel.messages) {
        // A message without a timestamp (sent_ms 0) has no known age: it is not aged out.
        if (m.sent_ms == 0 || m.sent_ms >= cutoff) break;
        --keep;
      }
      trim(channel, keep);
    }
  }
  // Overall: evict least recently used channels (never the one just written).
  while (total_ > kMaxCachedMessages && !lru_.empty()) {
    uint64_t victim = lru_.back();
    if (victim == keep_channel) {
      if (lru_.size() == 1) {
        trim(channels_.at(victim), kMaxCachedMessages);
        break;
      }
      lru_.splice(lru_.begin(), lru_, std::prev(lru_.end()));
      continue;
    }
    DropChannel(victim);
  }
}

}  // namespace sdkpp::social
