// Who is in a lobby's call, as the service tells every member (VOICE_STATE_UPDATE), whether or
// not this user joined it. Live views like the other handles.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sdkpp/detail/handle_base.h"

namespace sdkpp {

class VoiceStateHandle : public detail::HandleBase {
 public:
  static const VoiceStateHandle nullobj;
  explicit operator bool() const;
  bool SelfDeaf() const;
  bool SelfMute() const;

 private:
  friend struct detail::SocialFactory;
  VoiceStateHandle() = default;
  VoiceStateHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id,
                   uint64_t user_id);
  uint64_t channel_id_ = 0;
};

class CallInfoHandle : public detail::HandleBase {
 public:
  static const CallInfoHandle nullobj;
  explicit operator bool() const;  // false once nobody is in the call
  uint64_t ChannelId() const;
  uint64_t GuildId() const;  // 0 for a lobby call
  std::vector<uint64_t> GetParticipants() const;
  std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;

 private:
  friend struct detail::SocialFactory;
  CallInfoHandle() = default;
  CallInfoHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id);
};

}  // namespace sdkpp
