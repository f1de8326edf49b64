#include "sdkpp/activity_invite.h"

namespace sdkpp {

const ActivityInvite ActivityInvite::nullobj{nullptr};
ActivityInvite::ActivityInvite(std::nullptr_t) noexcept : ValueObject(nullptr) {}

uint64_t ActivityInvite::SenderId() const { return Read().sender_id; }
void ActivityInvite::SetSenderId(uint64_t value) {
  if (auto* f = Write()) f->sender_id = value;
}
uint64_t ActivityInvite::ChannelId() const { return Read().channel_id; }
void ActivityInvite::SetChannelId(uint64_t value) {
  if (auto* f = Write()) f->channel_id = value;
}
uint64_t ActivityInvite::MessageId() const { return Read().message_id; }
void ActivityInvite::SetMessageId(uint64_t value) {
  if (auto* f = Write()) f->message_id = value;
}
ActivityActionTypes ActivityInvite::Type() const { return Read().type; }
void ActivityInvite::SetType(ActivityActionTypes value) {
  if (auto* f = Write()) f->type = value;
}
uint64_t ActivityInvite::ApplicationId() const { return Read().application_id; }
void ActivityInvite::SetApplicationId(uint64_t value) {
  if (auto* f = Write()) f->application_id = value;
}
uint64_t ActivityInvite::ParentApplicationId() const { return Read().parent_application_id; }
void ActivityInvite::SetParentApplicationId(uint64_t value) {
  if (auto* f = Write()) f->parent_application_id = value;
}
std::string ActivityInvite::PartyId() const { return Read().party_id; }
void ActivityInvite::SetPartyId(std::string value) {
  if (auto* f = Write()) f->party_id = std::move(value);
}
std::string ActivityInvite::SessionId() const { return Read().session_id; }
void ActivityInvite::SetSessionId(std::string value) {
  if (auto* f = Write()) f->session_id = std::move(value);
}
bool ActivityInvite::IsValid() const { return Read().is_valid; }
void ActivityInvite::SetIsValid(bool value) {
  if (auto* f = Write()) f->is_valid = value;
}

}  // namespace sdkpp
