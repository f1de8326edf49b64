// Who is in a lobby's call, as the service tells every member (VOICE_STATE_UPDATE), whether or
// not this user joined it. Live views like the other handles.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sdkpp/detail/handle_base.h"

namespace sdkpp {

// A participant's voice state in a call (Call::GetVoiceStateHandle,
// CallInfoHandle::GetVoiceStateHandle).
class VoiceStateHandle : public detail::HandleBase {
 public:
  // A handle of no participant: operator bool false, every getter answers false.
  static const VoiceStateHandle nullobj;
  // True while the participant is in the call and the Client exists; false for nullobj.
  explicit operator bool() const;
  // True when the participant deafened themselves (hears nothing, and is muted too).
  bool SelfDeaf() const;
  // True when the participant muted their microphone.
  bool SelfMute() const;

 private:
  friend struct detail::SocialFactory;
  VoiceStateHandle() = default;
  VoiceStateHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id,
                   uint64_t user_id);
  uint64_t channel_id_ = 0;
};

// What the SDK knows of a lobby's call, whether or not the current user is in it
// (LobbyHandle::GetCallInfoHandle).
class CallInfoHandle : public detail::HandleBase {
 public:
  // A handle of no call: operator bool false, every getter answers its default.
  static const CallInfoHandle nullobj;
  // False once nobody is in the call (and for nullobj).
  explicit operator bool() const;
  // The call's channel: the lobby's id.
  uint64_t ChannelId() const;
  // The guild of the call's channel; 0 for a lobby call.
  uint64_t GuildId() const;
  // The user ids of the people in the call.
  std::vector<uint64_t> GetParticipants() const;
  // A participant's voice state; std::nullopt when `userId` is not in the call.
  std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;

 private:
  friend struct detail::SocialFactory;
  CallInfoHandle() = default;
  CallInfoHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id);
};

}  // namespace sdkpp
