// The voice types, for the files that only need types: declared in voice.ts, next to the
// classes' constructors.
export type {
  AudioDevice,
  Call,
  CallEncryptionState,
  CallEncryptionStateChangedCallback,
  CallInfoHandle,
  CallParticipantChangedCallback,
  CallSpeakingStatusChangedCallback,
  CallStatusChangedCallback,
  CallVoiceStateChangedCallback,
  DeviceChangeCallback,
  OutShouldMuteBox,
  UserAudioCapturedCallback,
  UserAudioReceivedCallback,
  VADThresholdSettings,
  VoiceParticipantChangedCallback,
  VoiceStateHandle,
} from './voice';
