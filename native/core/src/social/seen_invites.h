// Activity invites the app was already told about. A player with both the gateway and the local
// chat client connected hears of one invite twice (ACTIVITY_INVITE_CREATE and the local client's
// ACTIVITY_INVITE); the invite's identity — message, sender, type — lets the second go unheard.
// Bounded: the oldest identities are forgotten first, and the two paths deliver within moments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <set>
#include <tuple>

#include "sdkpp/activity_invite.h"

namespace sdkpp::social {

inline constexpr size_t kSeenInvitesKept = 256;

class SeenInvites {
 public:
  // True the first time this invite is seen (and remembers it); false for a repeat.
  bool FirstSighting(const ActivityInvite& invite) {
    Key key{invite.MessageId(), invite.SenderId(), static_cast<int32_t>(invite.Type())};
    if (!seen_.insert(key).second) return false;
    order_.push_back(key);
    if (order_.size() > kSeenInvitesKept) {
      seen_.erase(order_.front());
      order_.pop_front();
    }
    return true;
  }

 private:
  using Key = std::tuple<uint64_t, uint64_t, int32_t>;
  std::set<Key> seen_;
  std::deque<Key> order_;
};

}  // namespace sdkpp::social
