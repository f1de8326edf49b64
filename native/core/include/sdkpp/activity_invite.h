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

// An invitation to join a game, or a request to join one, as
// Client::SetActivityInviteCreatedCallback and Client::SetActivityInviteUpdatedCallback deliver
// it. Pass it to Client::AcceptActivityInvite (a Join invite) or
// Client::SendActivityJoinRequestReply (a JoinRequest). Ids read 0 when unset. A value object:
// its setters store what they are given.
class ActivityInvite : public detail::ValueObject<detail::ActivityInviteFields> {
 public:
  // The invalid ActivityInvite (the null object): operator bool false, every getter answers its
  // default.
  static const ActivityInvite nullobj;
  // A valid ActivityInvite with every field at its default; set the fields with the setters.
  ActivityInvite() = default;

  // The user who sent the invite or the request.
  uint64_t SenderId() const;
  void SetSenderId(uint64_t value);
  // The channel (a DM) the invite was sent in.
  uint64_t ChannelId() const;
  void SetChannelId(uint64_t value);
  // The message that carries the invite (AcceptActivityInvite needs it).
  uint64_t MessageId() const;
  void SetMessageId(uint64_t value);
  // Join (an invitation) or JoinRequest (someone asks to join).
  ActivityActionTypes Type() const;
  void SetType(ActivityActionTypes value);
  // The application of the game invited to; a sibling application's id when it differs from
  // this game's.
  uint64_t ApplicationId() const;
  void SetApplicationId(uint64_t value);
  // The parent application, for a child application's game.
  uint64_t ParentApplicationId() const;
  void SetParentApplicationId(uint64_t value);
  // The party invited to (the sender's ActivityParty id).
  std::string PartyId() const;
  void SetPartyId(std::string value);
  // The sender's session id, when the service gives one.
  std::string SessionId() const;
  void SetSessionId(std::string value);
  // Whether the invite can still be accepted: false once the party changed or it expired
  // (Client::SetActivityInviteUpdatedCallback says when that changes).
  bool IsValid() const;
  void SetIsValid(bool value);

 private:
  explicit ActivityInvite(std::nullptr_t) noexcept;
};

}  // namespace sdkpp
