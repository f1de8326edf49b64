// Bounds on the social layer's records, so a hostile or runaway service cannot grow the SDK's
// memory without limit (presence floods, endless DM channels or lobbies). Each record carries
// the tick it was last written (`touched`); past its cap a map sheds its least recently
// touched records that nothing needs — never the current user, friends and other relationships,
// lobby members, or the people of a kept DM channel. It sheds a tenth at a time, so the cost
// of a sweep is spread over many inserts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace sdkpp::social {

inline constexpr size_t kMaxUserRecords = 5'000;
inline constexpr size_t kMaxChannelRecords = 1'000;
inline constexpr size_t kMaxLobbyRecords = 1'000;
// Lobbies let go after the app heard of them, remembered so a replay of their create stays
// silent (social_layer.h; a RecentIds memory, like the message cache's evicted messages).
inline constexpr size_t kMaxRememberedEvictedLobbies = 1'024;

// Removes the least recently touched records for which `keep(id)` is false until `records`
// holds at most 90 % of `cap`; does nothing while it is within `cap`. Returns how many went.
// `gone(id)` is called for each, least recently touched first, once it is erased.
template <class Map, class Keep, class Gone>
size_t EvictLeastRecentlyTouched(Map& records, size_t cap, Keep&& keep, Gone&& gone) {
  if (records.size() <= cap) return 0;
  const size_t target = cap - cap / 10;
  std::vector<std::pair<uint64_t, uint64_t>> candidates;  // (touched, id)
  for (const auto& [id, record] : records) {
    if (!keep(id)) candidates.emplace_back(record.touched, id);
  }
  std::sort(candidates.begin(), candidates.end());
  size_t removed = 0;
  for (const auto& candidate : candidates) {
    if (records.size() <= target) break;
    records.erase(candidate.second);
    gone(candidate.second);
    ++removed;
  }
  return removed;
}

template <class Map, class Keep>
size_t EvictLeastRecentlyTouched(Map& records, size_t cap, Keep&& keep) {
  return EvictLeastRecentlyTouched(records, cap, std::forward<Keep>(keep), [](uint64_t) {});
}

}  // namespace sdkpp::social
