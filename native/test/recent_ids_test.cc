// The bounded memory of announced ids (social/recent_ids.h): it holds the most recently
// remembered ids up to its capacity, forgets the oldest first, and forgets on request.
#include <algorithm>
#include <cstdint>
#include <map>
#include <random>

#include "framework/test.h"
#include "social/recent_ids.h"

namespace sdkpp::social {
namespace {

TEST(RecentIds, RemembersUpToItsCapacityAndForgetsTheOldestFirst) {
  RecentIds ids(3);
  EXPECT_TRUE(ids.empty());
  EXPECT_FALSE(ids.Contains(1));
  for (uint64_t id : {1, 2, 3}) ids.Remember(id);
  ids.Remember(2);  // already held: keeps its place
  EXPECT_EQ(ids.size(), 3u);
  ids.Remember(4);  // full: 1, the oldest, goes
  EXPECT_FALSE(ids.Contains(1));
  EXPECT_TRUE(ids.Contains(2));
  EXPECT_TRUE(ids.Contains(4));
  ids.Forget(3);
  EXPECT_FALSE(ids.Contains(3));
  EXPECT_EQ(ids.size(), 2u);
  ids.Remember(0);  // no id
  EXPECT_FALSE(ids.Contains(0));
  EXPECT_EQ(ids.size(), 2u);
  ids.Clear();
  EXPECT_TRUE(ids.empty());
  EXPECT_FALSE(ids.Contains(2));
}

// Against a plain model of the rule (an id stays until `capacity` newer ids were remembered
// after it, or it is forgotten): ids that crowd the same index slots (snowflakes a few
// milliseconds apart), remembered, repeated and forgotten in a random order.
TEST(RecentIds, ACapacityOfOneHoldsTheLastIdAndZeroHoldsNone) {
  RecentIds one(1);
  one.Remember(5);
  EXPECT_TRUE(one.Contains(5));
  one.Remember(6);
  EXPECT_TRUE(one.Contains(6));
  EXPECT_FALSE(one.Contains(5));
  EXPECT_EQ(one.size(), 1u);
  RecentIds none(0);
  none.Remember(5);
  EXPECT_FALSE(none.Contains(5));
  EXPECT_TRUE(none.empty());
}

TEST(RecentIds, AgreesWithAPlainModelUnderRandomUse) {
  constexpr uint64_t kCapacity = 64;
  RecentIds ids(kCapacity);
  std::map<uint64_t, uint64_t> remembered_at;  // id -> how many ids were remembered before it
  uint64_t remembered = 0;
  auto held = [&](uint64_t id) {
    auto it = remembered_at.find(id);
    return it != remembered_at.end() && remembered - it->second <= kCapacity;
  };
  std::mt19937_64 random(7);
  auto pick = [&] { return (uint64_t{1'000'000} + random() % 300) << 22; };
  for (int step = 0; step < 50'000; ++step) {
    uint64_t id = pick();
    if (random() % 4 == 0) {
      ids.Forget(id);
      remembered_at.erase(id);
    } else {
      ids.Remember(id);
      if (!held(id)) remembered_at[id] = remembered++;
    }
    uint64_t probe = pick();
    size_t count = 0;
    for (const auto& entry : remembered_at) count += held(entry.first) ? 1 : 0;
    if (ids.Contains(probe) != held(probe) || ids.size() != count) {
      ADD_FAILURE() << "step " << step << ": the memory and the model disagree";
      return;
    }
  }
}

}  // namespace
}  // namespace sdkpp::social
