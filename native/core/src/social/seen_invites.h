// Activity invites the app was already told about. A player with both the gateway and the local
// chat client connected hears of one invite twice (ACTIVITY_INVITE_CREATE and the local client's
// ACTIVITY_INVITE); the invite's identity — message, sender, type — lets the second go unheard.
// The same memory keeps a repeated or replayed ACTIVITY_INVITE_UPDATE unheard: an update is news
// only when it changes what the app read last (the invite's validity).
// Bounded: the oldest identities are forgotten first, and the two paths deliver within moments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <tuple>

#include "sdkpp/activity_invite.h"

namespace sdkpp::social {

inline constexpr size_t kSeenInvitesKept = 256;

class SeenInvites {
 public:
  // True the first time this invite is seen (and remembers it); false for a repeat.
  bool FirstSighting(const ActivityInvite& invite) {
    Heard& heard = Remember(invite);
    if (heard.created) return false;
    heard.created = true;
    return true;
  }

  // True when this update changes what the app last heard of the invite (its validity), or is
  // the first the app hears of it; false for a repeat.
  bool NewsInUpdate(const ActivityInvite& invite) {
    bool known = seen_.count(KeyOf(invite)) > 0;
    Heard& heard = Remember(invite);
    if (known && heard.valid == invite.IsValid()) return false;
    heard.valid = invite.IsValid();
    return true;
  }

 private:
  using Key = std::tuple<uint64_t, uint64_t, int32_t>;
  struct Heard {
    bool created = false;  // told as created (an update alone does not make it so)
    bool valid = false;    // the validity the app last heard
  };
  static Key KeyOf(const ActivityInvite& invite) {
    return Key{invite.MessageId(), invite.SenderId(), static_cast<int32_t>(invite.Type())};
  }
  Heard& Remember(const ActivityInvite& invite) {
    auto [it, inserted] = seen_.try_emplace(KeyOf(invite), Heard{false, invite.IsValid()});
    if (inserted) {
      order_.push_back(it->first);
      if (order_.size() > kSeenInvitesKept) {
        seen_.erase(order_.front());
        order_.pop_front();
      }
    }
    return it->second;
  }
  std::map<Key, Heard> seen_;
  std::deque<Key> order_;
};

}  // namespace sdkpp::social
