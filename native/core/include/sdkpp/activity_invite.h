// A game invite or join request received in a direct message (ActivityInviteCallback), and
// the argument of AcceptActivityInvite and SendActivityJoinRequestReply.
#pragma once

#include <cstdint>
#include <string>

#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"

namespace sdkpp {

namespace detail {
struct ActivityInviteFields {
  uint64_t sender_id = 0;
  uint64_t channel_id = 0;
  uint64_t message_id = 0;
  ActivityActionTypes type = ActivityActionTypes::Invalid;
  uint64_t application_id = 0;
  uint64_t parent_application_id = 0;
  std::string party_id;
  std::string session_id;
  bool is_valid = false;
};
}  // namespace detail

class ActivityInvite : public detail::ValueObject<detail::ActivityInviteFields> {
 public:
  static const ActivityInvite nullobj;
  ActivityInvite() = default;

  uint64_t SenderId() const;
  void SetSenderId(uint64_t value);
  // The DM channel and the message that carry the invite.
  uint64_t ChannelId() const;
  void SetChannelId(uint64_t value);
  uint64_t MessageId() const;
  void SetMessageId(uint64_t value);
  ActivityActionTypes Type() const;
  void SetType(ActivityActionTypes value);
  // The sending game; a sibling application's id when it differs from this game's.
  uint64_t ApplicationId() const;
  void SetApplicationId(uint64_t value);
  uint64_t ParentApplicationId() const;
  void SetParentApplicationId(uint64_t value);
  std::string PartyId() const;
  void SetPartyId(std::string value);
  std::string SessionId() const;
  void SetSessionId(std::string value);
  // False once the invite can no longer be accepted (the party changed or it expired).
  bool IsValid() const;
  void SetIsValid(bool value);

 private:
  explicit ActivityInvite(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
