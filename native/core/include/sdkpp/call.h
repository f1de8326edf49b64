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

// The voice activity detection of a call (Call::GetVADThreshold, a copy): `VadThreshold` in dB
// (limits::kMinVadThresholdDb to limits::kMaxVadThresholdDb; a call starts at
// limits::kDefaultVadThresholdDb), `Automatic` lets the engine follow the noise floor instead
// (the threshold is then ignored). A value object: its setters store what they are given;
// Call::SetVADThreshold is where the range is checked.
class VADThresholdSettings : public detail::ValueObject<detail::VADThresholdSettingsFields> {
 public:
  // The invalid settings (operator bool false).
  static const VADThresholdSettings nullobj;
  // Automatic, threshold limits::kDefaultVadThresholdDb.
  VADThresholdSettings() = default;
  VADThresholdSettings(float vadThreshold, bool automatic);
  // The threshold in dB.
  float VadThreshold() const;
  // Sets the threshold in dB (not checked here; see Call::SetVADThreshold).
  void SetVadThreshold(float value);
  // True when the SDK picks the threshold by itself.
  bool Automatic() const;
  // Sets whether the SDK picks the threshold.
  void SetAutomatic(bool value);

 private:
  explicit VADThresholdSettings(std::nullptr_t) noexcept;
};

// A lobby call the current user is in (Client::StartCall). The same names and words as the
// TypeScript Call (lib/sdk/voice.ts), adapted to C++: a live handle, operator bool false once
// the call ended (EndCall, the lobby left, the Client destroyed); then getters answer defaults
// and setters do nothing. A setter's argument out of range is refused with an Error line in the
// Client's log and the voice log, and changes nothing. A Set...Callback replaces the previous
// callback (an empty std::function removes it); callbacks run through RunCallbacks().
class Call {
 public:
  // A call's connection state (Joining, Connecting, SignalingConnected, Connected, ...).
  enum class Status : int32_t { SDKPP_ENUM_LIST_CALL_STATUS(SDKPP_ENUM_MEMBER) };
  // Why a call failed or dropped.
  enum class Error : int32_t { SDKPP_ENUM_LIST_CALL_ERROR(SDKPP_ENUM_MEMBER) };

  // Every transition: the new Status, the Error that caused it (None when nothing went wrong);
  // `errorDetail` carries the voice server's close code when one ended it, else 0.
  using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
  // Someone joined (`added` true) or left the call.
  using OnParticipantChanged = std::function<void(uint64_t userId, bool added)>;
  // A participant started or stopped speaking, from what is actually decoded: on at the first
  // non-silent frame, off after 200 ms without.
  using OnSpeakingStatusChanged = std::function<void(uint64_t userId, bool isPlayingSound)>;
  // A participant's voice state (mute, deaf) changed: read it with GetVoiceStateHandle.
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
  // The call's end-to-end encryption changed: the new state (SetEncryptionStateChangedCallback).
  using OnEncryptionStateChanged = std::function<void(EncryptionState state)>;

  // The invalid Call (operator bool false).
  static const Call nullobj;

  // The invalid Call; live ones come from Client::StartCall and Client::GetCall.
  Call() = default;
  // False once the call ended, and for nullobj.
  explicit operator bool() const;

  // The call's lobby id (0 once the call ended).
  uint64_t GetChannelId() const;
  // The guild of the call's channel: always 0 (lobby calls).
  uint64_t GetGuildId() const;
  // The call's connection state (Disconnected once it ended).
  Status GetStatus() const;
  // The user ids in the call, the current user included.
  std::vector<uint64_t> GetParticipants() const;

  // Push-to-talk (AudioModeType::MODE_PTT): the microphone is sent only while held, and for the
  // release delay after.
  // True while push-to-talk is held.
  bool GetPTTActive() const;
  // Holds (true) or releases (false) push-to-talk.
  void SetPTTActive(bool active);
  // How long the microphone stays open after push-to-talk is released, in ms.
  uint32_t GetPTTReleaseDelay() const;
  // Sets the release delay in ms: 0 to limits::kMaxPttReleaseDelayMs; more is refused.
  void SetPTTReleaseDelay(uint32_t releaseDelayMs);

  // True when the current user's microphone is muted in this call.
  bool GetSelfMute() const;
  // Mutes (true) or unmutes the current user's microphone in this call; the others see it in the
  // voice state.
  void SetSelfMute(bool mute);
  // True when the current user is deafened in this call.
  bool GetSelfDeaf() const;
  // Deafens (true: the current user hears nobody in this call) or undeafens.
  void SetSelfDeaf(bool deaf);
  // True when `userId` is muted for the current user only.
  bool GetLocalMute(uint64_t userId) const;
  // Mutes (true) or unmutes `userId` for the current user only; nobody else is told. A userId of
  // 0 is refused.
  void SetLocalMute(uint64_t userId, bool mute);
  // The volume the current user hears `userId` at: 0 to limits::kMaxParticipantVolume,
  // limits::kUnityVolume = unchanged (also for an unknown participant).
  float GetParticipantVolume(uint64_t userId) const;
  // Sets the volume the current user hears `userId` at (a linear percentage; 100 = unchanged):
  // 0 to limits::kMaxParticipantVolume; outside that range, or userId 0, it is refused.
  void SetParticipantVolume(uint64_t userId, float volume);
  // Voice activity (MODE_VAD, the default) or push-to-talk (MODE_PTT); MODE_UNINIT once the call
  // ended.
  AudioModeType GetAudioMode() const;
  // Switches between voice activity and push-to-talk; another mode is refused.
  void SetAudioMode(AudioModeType audioMode);
  // A copy of the voice activity settings.
  VADThresholdSettings GetVADThreshold() const;
  // Sets voice activity detection: `automatic` lets the SDK choose, else `threshold` in dB,
  // limits::kMinVadThresholdDb to limits::kMaxVadThresholdDb (outside it is refused).
  void SetVADThreshold(bool automatic, float threshold);
  // A participant's voice state (mute, deaf); std::nullopt when not in the call.
  std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;

  // Called with each change of GetStatus (and the error, when one caused it).
  void SetStatusChangedCallback(OnStatusChanged cb);
  // Called when someone joins (added true) or leaves the call.
  void SetParticipantChangedCallback(OnParticipantChanged cb);
  // Called when a participant starts or stops speaking.
  void SetSpeakingStatusChangedCallback(OnSpeakingStatusChanged cb);
  // Called when a participant's voice state (mute, deaf) changes.
  void SetOnVoiceStateChangedCallback(OnVoiceStateChanged cb);

  // sdkpp additions (see EncryptionState). The state as of now (defaults once the call ended);
  // the callback runs at each change, through RunCallbacks(). A switch to no end-to-end
  // encryption is also a Warning in the voice log and the Client's log.
  EncryptionState GetEncryptionState() const;
  // Sets the callback run at each change of GetEncryptionState's answer.
  void SetEncryptionStateChangedCallback(OnEncryptionStateChanged cb);

  // The name of a Status value ("Connected"); "unknown" for a value not in the enum.
  static const char* StatusToString(Status value);
  // The name of an Error value ("JoinTimeout"); "unknown" for a value not in the enum.
  static const char* ErrorToString(Error value);

 private:
  friend class voice::CallSession;
  explicit Call(std::weak_ptr<voice::CallSession> session) : session_(std::move(session)) {}
  std::shared_ptr<voice::CallSession> Lock() const { return session_.lock(); }
  std::weak_ptr<voice::CallSession> session_;
};

// The name of a Call::Status or Call::Error value ("Connected", "JoinTimeout"); "unknown" for a
// value not in the enum. Static strings: never free them.
const char* EnumToString(Call::Status value);
const char* EnumToString(Call::Error value);

}  // namespace sdkpp
