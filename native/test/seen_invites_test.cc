// The invite de-duplicator: one invite heard over two paths is told once; memory stays bounded.
#include "framework/test.h"

#include "social/seen_invites.h"

namespace sdkpp::social {
namespace {

ActivityInvite Invite(uint64_t message, uint64_t sender = 7, ActivityActionTypes type = ActivityActionTypes::Join) {
  ActivityInvite invite;
  invite.SetMessageId(message);
  invite.SetSenderId(sender);
  invite.SetType(type);
  return invite;
}

TEST(SeenInvites, TheSameInviteIsNewOnlyOnce) {
  SeenInvites seen;
  EXPECT_TRUE(seen.FirstSighting(Invite(1)));
  EXPECT_FALSE(seen.FirstSighting(Invite(1)));
  // Another sender, type or message is another invite.
  EXPECT_TRUE(seen.FirstSighting(Invite(1, 8)));
  EXPECT_TRUE(seen.FirstSighting(Invite(2)));
}

TEST(SeenInvites, KeepsABoundedNumberAndForgetsTheOldestFirst) {
  SeenInvites seen;
  for (uint64_t id = 1; id <= kSeenInvitesKept + 1; ++id) EXPECT_TRUE(seen.FirstSighting(Invite(id)));
  // The newest are still remembered; the first one was let go to stay within the bound.
  EXPECT_FALSE(seen.FirstSighting(Invite(kSeenInvitesKept + 1)));
  EXPECT_TRUE(seen.FirstSighting(Invite(1)));
}

// kSeenInvitesKept at its edge: with exactly that many invites seen, the first is still known;
// one more lets it go (and only it).
TEST(SeenInvites, HoldsExactlyItsBoundAndOneMoreLetsTheOldestGo) {
  SeenInvites at_bound;
  for (uint64_t id = 1; id <= kSeenInvitesKept; ++id) EXPECT_TRUE(at_bound.FirstSighting(Invite(id)));
  EXPECT_FALSE(at_bound.FirstSighting(Invite(1)));

  SeenInvites one_over;
  for (uint64_t id = 1; id <= kSeenInvitesKept + 1; ++id) EXPECT_TRUE(one_over.FirstSighting(Invite(id)));
  EXPECT_FALSE(one_over.FirstSighting(Invite(2)));  // the second oldest is still known
  EXPECT_TRUE(one_over.FirstSighting(Invite(1)));
}

// An update is news when it is the first the app hears of the invite, or changes its validity.
TEST(SeenInvites, AnUpdateIsNewsFirstAndWhenTheValidityChanges) {
  SeenInvites seen;
  ActivityInvite invite = Invite(5);
  invite.SetIsValid(true);
  EXPECT_TRUE(seen.NewsInUpdate(invite));  // never seen before, not even created
  EXPECT_FALSE(seen.NewsInUpdate(invite));  // the same again
  invite.SetIsValid(false);
  EXPECT_TRUE(seen.NewsInUpdate(invite));
  EXPECT_FALSE(seen.NewsInUpdate(invite));
  EXPECT_TRUE(seen.FirstSighting(invite));  // an update alone does not make it told as created
}

// The bound itself, as the README states it ("Created fires once": the last 256 invites): a
// slipped constant would keep one more or one fewer.
TEST(SeenInvites, RemembersTheLast256Invites) {
  SeenInvites exactly;
  for (uint64_t id = 1; id <= 256; ++id) EXPECT_TRUE(exactly.FirstSighting(Invite(id)));
  EXPECT_FALSE(exactly.FirstSighting(Invite(1)));

  SeenInvites one_more;
  for (uint64_t id = 1; id <= 257; ++id) EXPECT_TRUE(one_more.FirstSighting(Invite(id)));
  EXPECT_TRUE(one_more.FirstSighting(Invite(1)));
}

}  // namespace
}  // namespace sdkpp::social
