#include "sdkpp/relationship_handle.h"

#include "social/factory.h"

namespace sdkpp {

const RelationshipHandle RelationshipHandle::nullobj{};

RelationshipHandle::RelationshipHandle(std::weak_ptr<const social::SocialState> state, uint64_t user_id)
    : HandleBase(std::move(state), user_id) {}

RelationshipHandle::operator bool() const {
  auto state = Lock();
  return state && state->Relationship(id()) != nullptr;
}

uint64_t RelationshipHandle::Id() const { return id(); }

RelationshipType RelationshipHandle::ServiceRelationshipType() const {
  auto state = Lock();
  const auto* r = state ? state->Relationship(id()) : nullptr;
  return r ? r->service : RelationshipType::None;
}

RelationshipType RelationshipHandle::GameRelationshipType() const {
  auto state = Lock();
  const auto* r = state ? state->Relationship(id()) : nullptr;
  return r ? r->game : RelationshipType::None;
}

bool RelationshipHandle::IsSpamRequest() const {
  auto state = Lock();
  const auto* r = state ? state->Relationship(id()) : nullptr;
  return r && r->spam_request;
}

std::optional<UserHandle> RelationshipHandle::User() const {
  auto state = Lock();
  if (!state || !state->User(id())) return std::nullopt;
  return detail::SocialFactory::User(this->state(), id());
}

}  // namespace sdkpp
