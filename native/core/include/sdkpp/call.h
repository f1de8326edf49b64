// A lobby voice call (docs/voice-calls.md). `Call` is a handle: it points at the Client's call, stays
// safe after the call ended or the Client is gone (getters then read defaults, setters do
// nothing), and `operator bool` says whether the call still exists. Getters and setters run on
// the thread that owns the Client; a setter reaches the audio thread at its next 20 ms tick.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sdkpp/call_info_handle.h"
#include "sdkpp/detail/enum_lists.h"
#include "sdkpp/detail/enum_macros.h"
#include "sdkpp/detail/value_object.h"
#include "sdkpp/enums.h"
#include "sdkpp/limits.h"

namespace sdkpp {

namespace voice {
class CallSession;
}

namespace detail {
struct VADThresholdSettingsFields {
  float vad_threshold = float(limits::kDefaultVadThresholdDb);
  bool automatic = true;
};
}  // namespace detail

// VAD settings of a call: `VadThreshold` in dB (−100..0), `Automatic` lets the engine follow the
// noise floor instead.
class VADThresholdSettings : public detail::ValueObject<detail::VADThresholdSettingsFields> {
 public:
  static const VADThresholdSettings nullobj;
  VADThresholdSettings() = default;
  VADThresholdSettings(float vadThreshold, bool automatic);
  float VadThreshold() const;
  void SetVadThreshold(float value);
  bool Automatic() const;
  void SetAutomatic(bool value);

 private:
  explicit VADThresholdSettings(std::nullptr_t) noexcept;
};

class Call {
 public:
  enum class Status : int32_t { SDKPP_ENUM_LIST_CALL_STATUS(SDKPP_ENUM_MEMBER) };
  enum class Error : int32_t { SDKPP_ENUM_LIST_CALL_ERROR(SDKPP_ENUM_MEMBER) };

  // Every transition; `errorDetail` carries the voice server's close code when one ended it.
  using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
  using OnParticipantChanged = std::function<void(uint64_t userId, bool added)>;
  // From what is actually decoded: on at the first non-silent frame, off after 200 ms without.
  using OnSpeakingStatusChanged = std::function<void(uint64_t userId, bool isPlayingSound)>;
  using OnVoiceStateChanged = std::function<void(uint64_t userId)>;

  // sdkpp addition (the API surface has no name for it): the call's end-to-end encryption
  // (DAVE), which the voice server may switch off at any time (a member without DAVE joins a
  // call that allows it, or the server decides so).
  struct EncryptionState {
    // The call is under DAVE: your voice goes out end-to-end encrypted (or is withheld while
    // the group forms), never readable by the voice server.
    bool e2ee = false;
    uint16_t protocolVersion = 0;  // the DAVE protocol version in effect; 0: none
    // The voice privacy code once the group is ready (members compare it out of band to check
    // that nobody else holds the keys); empty otherwise.
    std::string privacyCode;
  };
  using OnEncryptionStateChanged = std::function<void(EncryptionState state)>;

  static const Call nullobj;

  Call() = default;
  explicit operator bool() const;

  uint64_t GetChannelId() const;
  uint64_t GetGuildId() const;  // 0: a lobby call
  Status GetStatus() const;
  std::vector<uint64_t> GetParticipants() const;

  // Push-to-talk (AudioModeType::MODE_PTT): the microphone is open while active and for the
  // release delay (0..2000 ms) after.
  bool GetPTTActive() const;
  void SetPTTActive(bool active);
  uint32_t GetPTTReleaseDelay() const;
  void SetPTTReleaseDelay(uint32_t releaseDelayMs);

  bool GetSelfMute() const;
  void SetSelfMute(bool mute);
  bool GetSelfDeaf() const;
  void SetSelfDeaf(bool deaf);
  // Mutes one participant for this user only.
  bool GetLocalMute(uint64_t userId) const;
  void SetLocalMute(uint64_t userId, bool mute);
  // 0..200, 100 = unity; 100 for an unknown participant.
  float GetParticipantVolume(uint64_t userId) const;
  void SetParticipantVolume(uint64_t userId, float volume);
  AudioModeType GetAudioMode() const;
  void SetAudioMode(AudioModeType audioMode);
  VADThresholdSettings GetVADThreshold() const;
  void SetVADThreshold(bool automatic, float threshold);
  std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;

  // Delivered through RunCallbacks(), like every Client event.
  void SetStatusChangedCallback(OnStatusChanged cb);
  void SetParticipantChangedCallback(OnParticipantChanged cb);
  void SetSpeakingStatusChangedCallback(OnSpeakingStatusChanged cb);
  void SetOnVoiceStateChangedCallback(OnVoiceStateChanged cb);

  // sdkpp additions (see EncryptionState). The state as of now (defaults once the call ended);
  // the callback runs at each change, through RunCallbacks(). A switch to no end-to-end
  // encryption is also a Warning in the voice log and the Client's log.
  EncryptionState GetEncryptionState() const;
  void SetEncryptionStateChangedCallback(OnEncryptionStateChanged cb);

  static const char* StatusToString(Status value);
  static const char* ErrorToString(Error value);

 private:
  friend class voice::CallSession;
  explicit Call(std::weak_ptr<voice::CallSession> session) : session_(std::move(session)) {}
  std::shared_ptr<voice::CallSession> Lock() const { return session_.lock(); }
  std::weak_ptr<voice::CallSession> session_;
};

const char* EnumToString(Call::Status value);
const char* EnumToString(Call::Error value);

}  // namespace sdkpp
