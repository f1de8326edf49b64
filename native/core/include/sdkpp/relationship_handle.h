// A live view of the relationship with one user: the service friendship and the game
// friendship, each a RelationshipType.
#pragma once

#include <cstdint>
#include <optional>

#include "sdkpp/detail/handle_base.h"
#include "sdkpp/enums.h"
#include "sdkpp/user_handle.h"

namespace sdkpp {

// The current user's relationship with another user, on the service (friends everywhere) and in
// the game (friends in this game only). Handed out by Client::GetRelationships,
// Client::GetRelationshipHandle and UserHandle::Relationship.
class RelationshipHandle : public detail::HandleBase {
 public:
  // A handle of no relationship: operator bool false, both types None.
  static const RelationshipHandle nullobj;

  // True while some relationship (service or game) with the user exists.
  explicit operator bool() const;

  // The other user's id.
  uint64_t Id() const;
  // The relationship on the service (None when there is none).
  RelationshipType ServiceRelationshipType() const;
  // The relationship in this game (None when there is none).
  RelationshipType GameRelationshipType() const;
  // True for an incoming friend request the service flagged as spam.
  bool IsSpamRequest() const;
  // The other user, when the SDK knows them.
  std::optional<UserHandle> User() const;

 private:
  friend struct detail::SocialFactory;
  RelationshipHandle() = default;
  RelationshipHandle(std::weak_ptr<const social::SocialState> state, uint64_t user_id);
};

}  // namespace sdkpp
