#include "sdkpp/call_info_handle.h"

#include "social/factory.h"

namespace sdkpp {

const VoiceStateHandle VoiceStateHandle::nullobj{};

VoiceStateHandle::VoiceStateHandle(std::weak_ptr<const social::SocialState> state,
                                   uint64_t channel_id, uint64_t user_id)
    : HandleBase(std::move(state), user_id), channel_id_(channel_id) {}

namespace {
const social::VoiceStateRecord* FindState(const std::shared_ptr<const social::SocialState>& state,
                                          uint64_t channel_id, uint64_t user_id) {
  const auto* call = state ? state->Call(channel_id) : nullptr;
  return call ? call->Find(user_id) : nullptr;
}
}  // namespace

VoiceStateHandle::operator bool() const { return FindState(Lock(), channel_id_, id()) != nullptr; }

bool VoiceStateHandle::SelfDeaf() const {
  const auto* voice_state = FindState(Lock(), channel_id_, id());
  return voice_state && voice_state->self_deaf;
}

bool VoiceStateHandle::SelfMute() const {
  const auto* voice_state = FindState(Lock(), channel_id_, id());
  return voice_state && voice_state->self_mute;
}

const CallInfoHandle CallInfoHandle::nullobj{};

CallInfoHandle::CallInfoHandle(std::weak_ptr<const social::SocialState> state, uint64_t channel_id)
    : HandleBase(std::move(state), channel_id) {}

CallInfoHandle::operator bool() const {
  auto state = Lock();
  return state && state->Call(id()) != nullptr;
}

uint64_t CallInfoHandle::ChannelId() const { return id(); }

uint64_t CallInfoHandle::GuildId() const {
  auto state = Lock();
  const auto* call = state ? state->Call(id()) : nullptr;
  return call ? call->guild_id : 0;
}

std::vector<uint64_t> CallInfoHandle::GetParticipants() const {
  std::vector<uint64_t> ids;
  auto state = Lock();
  if (const auto* call = state ? state->Call(id()) : nullptr) {
    for (const auto& voice_state : call->voice_states) ids.push_back(voice_state.user_id);
  }
  return ids;
}

std::optional<VoiceStateHandle> CallInfoHandle::GetVoiceStateHandle(uint64_t userId) const {
  auto state = Lock();
  if (!FindState(state, id(), userId)) return std::nullopt;
  return detail::SocialFactory::VoiceState(this->state(), id(), userId);
}

}  // namespace sdkpp
