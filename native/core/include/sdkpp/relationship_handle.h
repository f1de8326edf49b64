// A live view of the relationship with one user: the service friendship and the game
// friendship, each a RelationshipType.
#pragma once

#include <cstdint>
#include <optional>

#include "sdkpp/detail/handle_base.h"
#include "sdkpp/enums.h"
#include "sdkpp/user_handle.h"

namespace sdkpp {

class RelationshipHandle : public detail::HandleBase {
 public:
  static const RelationshipHandle nullobj;

  // True while some relationship (service or game) with the user exists.
  explicit operator bool() const;

  uint64_t Id() const;
  RelationshipType ServiceRelationshipType() const;
  RelationshipType GameRelationshipType() const;
  bool IsSpamRequest() const;
  std::optional<UserHandle> User() const;

 private:
  friend struct detail::SocialFactory;
  RelationshipHandle() = default;
  RelationshipHandle(std::weak_ptr<const social::SocialState> state, uint64_t user_id);
};

}  // namespace sdkpp
