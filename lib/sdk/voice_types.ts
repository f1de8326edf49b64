// Types of the voice classes the addon hands out (native/napi/voice/wrap_call.cc): Call,
// CallInfoHandle, VoiceStateHandle, and the values AudioDevice and VADThresholdSettings.
import type * as Enums from './enums.generated';

export interface VoiceStateHandle {
  SelfDeaf(): boolean;
  SelfMute(): boolean;
  readonly valid: boolean;
}

export interface CallInfoHandle {
  ChannelId(): bigint;
  GuildId(): bigint;
  GetParticipants(): bigint[];
  GetVoiceStateHandle(userId: bigint | string): VoiceStateHandle | undefined;
  readonly valid: boolean;
}

export interface AudioDevice {
  Id(): string;
  SetId(value: string): void;
  Name(): string;
  SetName(value: string): void;
  IsDefault(): boolean;
  SetIsDefault(value: boolean): void;
  Equals(other: AudioDevice): boolean;
  readonly valid: boolean;
}

export interface VADThresholdSettings {
  VadThreshold(): number;
  SetVadThreshold(value: number): void;
  Automatic(): boolean;
  SetAutomatic(value: boolean): void;
  readonly valid: boolean;
}

/** The reused box of a received callback: set `value` to true to keep this frame of that user
 * out of the speaker mix (it starts false for every frame). The same object every time. */
export interface OutShouldMuteBox {
  value: boolean;
}
/**
 * A participant's decoded frame, on the JS thread, before volume, mutes and mix; edit `data` in
 * place. 48 kHz, 2 channels interleaved, 960 samples per channel. `data`, `outShouldMute` and the
 * `userId` bigint are made once and reused every tick: copy what you keep beyond the call. Your
 * edits and `outShouldMute` apply one tick (20 ms) late; see StartCallWithAudioCallbacks.
 */
export type UserAudioReceivedCallback = (
  userId: bigint,
  data: Int16Array,
  samplesPerChannel: number,
  sampleRate: number,
  channels: number,
  outShouldMute: OutShouldMuteBox,
) => void;
/** The microphone frame of this call before the voice gate and the encoder; edit `data` in place
 * (same format and reuse rules as UserAudioReceivedCallback). */
export type UserAudioCapturedCallback = (
  data: Int16Array,
  samplesPerChannel: number,
  sampleRate: number,
  channels: number,
) => void;

export type CallStatusChangedCallback = (status: Enums.CallStatus, error: Enums.CallError, errorDetail: number) => void;
export type CallParticipantChangedCallback = (userId: bigint, added: boolean) => void;
export type CallSpeakingStatusChangedCallback = (userId: bigint, isPlayingSound: boolean) => void;
export type CallVoiceStateChangedCallback = (userId: bigint) => void;

/**
 * sdkpp addition (the API surface has no name for it): a call's end-to-end encryption (DAVE).
 * The voice server may switch it off at any time (a member without DAVE joins a call that
 * allows it, or the server decides so); that switch is also a Warning in the voice log and the
 * Client's log.
 */
export interface CallEncryptionState {
  /** The call is under DAVE: your voice goes out end-to-end encrypted (or is withheld while the
   * group forms), never readable by the voice server. */
  e2ee: boolean;
  /** The DAVE protocol version in effect; 0: none. */
  protocolVersion: number;
  /** The voice privacy code once the group is ready (members compare it out of band to check
   * that nobody else holds the keys); undefined otherwise. */
  privacyCode: string | undefined;
}
export type CallEncryptionStateChangedCallback = (state: CallEncryptionState) => void;

/** A lobby call: a live handle; `valid` is false once the call ended. */
export interface CallHandle {
  GetChannelId(): bigint;
  GetGuildId(): bigint;
  GetStatus(): Enums.CallStatus;
  GetParticipants(): bigint[];
  GetPTTActive(): boolean;
  SetPTTActive(active: boolean): void;
  GetPTTReleaseDelay(): number;
  SetPTTReleaseDelay(releaseDelayMs: number): void;
  GetSelfMute(): boolean;
  SetSelfMute(mute: boolean): void;
  GetSelfDeaf(): boolean;
  SetSelfDeaf(deaf: boolean): void;
  GetLocalMute(userId: bigint | string): boolean;
  SetLocalMute(userId: bigint | string, mute: boolean): void;
  GetParticipantVolume(userId: bigint | string): number;
  SetParticipantVolume(userId: bigint | string, volume: number): void;
  GetAudioMode(): Enums.AudioModeType;
  SetAudioMode(audioMode: Enums.AudioModeType): void;
  GetVADThreshold(): VADThresholdSettings;
  SetVADThreshold(automatic: boolean, threshold: number): void;
  GetVoiceStateHandle(userId: bigint | string): VoiceStateHandle | undefined;
  SetStatusChangedCallback(cb: CallStatusChangedCallback | null | undefined): void;
  SetParticipantChangedCallback(cb: CallParticipantChangedCallback | null | undefined): void;
  SetSpeakingStatusChangedCallback(cb: CallSpeakingStatusChangedCallback | null | undefined): void;
  SetOnVoiceStateChangedCallback(cb: CallVoiceStateChangedCallback | null | undefined): void;
  /** sdkpp addition: the encryption as of now ({e2ee: false, protocolVersion: 0} once the call ended). */
  GetEncryptionState(): CallEncryptionState;
  /** sdkpp addition: called at each change of GetEncryptionState's answer. */
  SetEncryptionStateChangedCallback(cb: CallEncryptionStateChangedCallback | null | undefined): void;
  readonly valid: boolean;
}

export type DeviceChangeCallback = (inputDevices: AudioDevice[], outputDevices: AudioDevice[]) => void;
export type VoiceParticipantChangedCallback = (lobbyId: bigint, memberId: bigint, added: boolean) => void;
