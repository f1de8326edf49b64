// The voice classes: Call (the addon's handle class with its nested enums and their string
// helpers), CallInfoHandle, VoiceStateHandle, AudioDevice and VADThresholdSettings, and the
// callbacks of calls and audio. As in
// values.ts, each is an interface merged with the addon's constructor of the same name, shown as
// one class by the API reference (`@class`). Setters throw a TypeError or RangeError naming the
// argument and the rule (the ranges are Limits' voice entries) and change nothing.
import { addon, type HandleClass, type ValueClass } from './addon';
import { CallError, CallStatus } from './enums.generated';
import { EnumToString } from './enum_to_string';
import type * as Enums from './enums.generated';

/** A participant's voice state in a call ({@link Call.GetVoiceStateHandle}, {@link CallInfoHandle.GetVoiceStateHandle}). @class */
export const VoiceStateHandle = addon.VoiceStateHandle as HandleClass<VoiceStateHandle>;
export interface VoiceStateHandle {
  /** True when the participant deafened themselves (hears nothing, and is muted too). */
  SelfDeaf(): boolean;
  /** True when the participant muted their microphone. */
  SelfMute(): boolean;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * What the SDK knows of a lobby's call, whether or not the current user is in it
 * ({@link LobbyHandle.GetCallInfoHandle}).
 * @class
 */
export const CallInfoHandle = addon.CallInfoHandle as HandleClass<CallInfoHandle>;
export interface CallInfoHandle {
  /** The call's channel: the lobby's id. */
  ChannelId(): bigint;
  /** The guild of the call's channel; `0n` for a lobby call. */
  GuildId(): bigint;
  /** The user ids of the people in the call. */
  GetParticipants(): bigint[];
  /** A participant's voice state (user id as a bigint or a string of decimal digits); undefined when not in the call. */
  GetVoiceStateHandle(userId: bigint | string): VoiceStateHandle | undefined;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/**
 * A microphone or a speaker ({@link Client.GetInputDevices}, {@link Client.GetOutputDevices}).
 * Select one by its id with {@link Client.SetInputDevice} / {@link Client.SetOutputDevice}.
 * @class
 */
export const AudioDevice = addon.AudioDevice as ValueClass<AudioDevice>;
export interface AudioDevice {
  /** The device's id ({@link Client.GetDefaultAudioDeviceId} names the system default). */
  Id(): string;
  /** Sets the id. */
  SetId(value: string): void;
  /** The device's name, as the system shows it. */
  Name(): string;
  /** Sets the name. */
  SetName(value: string): void;
  /** True for the system's default device. */
  IsDefault(): boolean;
  /** Sets whether this is the default device. */
  SetIsDefault(value: boolean): void;
  /** True when id, name and default flag are equal. */
  Equals(other: AudioDevice): boolean;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/** The voice activity detection of a call ({@link Call.GetVADThreshold}). @class */
export const VADThresholdSettings = addon.VADThresholdSettings as ValueClass<VADThresholdSettings>;
export interface VADThresholdSettings {
  /** The level above which the microphone counts as speaking, in dB ({@link Limits.MinVadThresholdDb} to {@link Limits.MaxVadThresholdDb}). */
  VadThreshold(): number;
  /**
   * Sets the threshold in dB.
   * @throws RangeError outside {@link Limits.MinVadThresholdDb} to {@link Limits.MaxVadThresholdDb}.
   */
  SetVadThreshold(value: number): void;
  /** True when the SDK picks the threshold by itself (the threshold is then ignored). */
  Automatic(): boolean;
  /** Sets whether the SDK picks the threshold. */
  SetAutomatic(value: boolean): void;
  /** False for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}

/** The static side of Call: the handle class, its nested enums and their names. */
interface CallClass extends HandleClass<Call> {
  /** The call's connection states ({@link CallStatus}; the C++ `Call::Status`). */
  readonly Status: typeof CallStatus;
  /** Why a call failed or dropped ({@link CallError}; the C++ `Call::Error`). */
  readonly Error: typeof CallError;
  /** The name of a Call.Status value ('Connected'); 'unknown' for a value not in the enum. */
  StatusToString(value: CallStatus): string;
  /** The name of a Call.Error value ('JoinTimeout'); 'unknown' for a value not in the enum. */
  ErrorToString(value: CallError): string;
}

const callClass = addon.Call as object;
const statics = {
  Status: CallStatus,
  Error: CallError,
  StatusToString: (value: CallStatus): string => EnumToString(CallStatus, value),
  ErrorToString: (value: CallError): string => EnumToString(CallError, value),
};
for (const [name, value] of Object.entries(statics)) {
  if (!(name in callClass)) Object.defineProperty(callClass, name, { value, enumerable: true });
}

/**
 * A lobby call the current user is in ({@link Client.StartCall}): a live handle, `valid` false
 * once the call ended (EndCall, the lobby left, the Client disposed); then getters answer
 * defaults and setters do nothing. A setter's argument out of range throws (RangeError) here;
 * the core checks again and logs a refused value without changing anything.
 * @example
 * ```ts
 * const call = client.StartCall(lobbyId);
 * if (!call.valid) throw new Error('could not join (the log says why)');
 * call.SetStatusChangedCallback((status, error) => console.log(Call.StatusToString(status), Call.ErrorToString(error)));
 * call.SetParticipantVolume(friendId, 150); // 1.5 × unity
 * ```
 * @class
 */
export const Call = callClass as CallClass;
export interface Call {
  /** The call's channel: the lobby's id (`0n` once the call ended). */
  GetChannelId(): bigint;
  /** The guild of the call's channel: always `0n` (lobby calls). */
  GetGuildId(): bigint;
  /** The call's connection state ({@link Call.Status}; Disconnected once it ended). */
  GetStatus(): Enums.CallStatus;
  /** The user ids in the call, the current user included. */
  GetParticipants(): bigint[];
  /** True while push-to-talk is held (MODE_PTT). */
  GetPTTActive(): boolean;
  /** Holds (true) or releases (false) push-to-talk; the microphone is sent only while held, in MODE_PTT. */
  SetPTTActive(active: boolean): void;
  /** How long the microphone stays open after push-to-talk is released, in ms. */
  GetPTTReleaseDelay(): number;
  /**
   * Sets the push-to-talk release delay in ms.
   * @throws RangeError unless an integer from 0 to {@link Limits.MaxPttReleaseDelayMs}.
   */
  SetPTTReleaseDelay(releaseDelayMs: number): void;
  /** True when the current user's microphone is muted in this call. */
  GetSelfMute(): boolean;
  /** Mutes (true) or unmutes the current user's microphone in this call; the others see it in the voice state. */
  SetSelfMute(mute: boolean): void;
  /** True when the current user is deafened in this call. */
  GetSelfDeaf(): boolean;
  /** Deafens (true: the current user hears nobody in this call) or undeafens. */
  SetSelfDeaf(deaf: boolean): void;
  /** True when `userId` is muted for the current user only. */
  GetLocalMute(userId: bigint | string): boolean;
  /** Mutes (true) or unmutes `userId` for the current user only; nobody else is told. A userId of 0 is refused (logged). */
  SetLocalMute(userId: bigint | string, mute: boolean): void;
  /** The volume the current user hears `userId` at: 0 to {@link Limits.MaxParticipantVolume}, {@link Limits.UnityVolume} = unchanged. */
  GetParticipantVolume(userId: bigint | string): number;
  /**
   * Sets the volume the current user hears `userId` at (a linear percentage; 100 = unchanged).
   * @throws RangeError outside 0 to {@link Limits.MaxParticipantVolume}.
   */
  SetParticipantVolume(userId: bigint | string, volume: number): void;
  /** Voice activity (MODE_VAD) or push-to-talk (MODE_PTT); see {@link AudioModeType}. */
  GetAudioMode(): Enums.AudioModeType;
  /**
   * Switches between voice activity and push-to-talk.
   * @throws RangeError unless MODE_VAD or MODE_PTT.
   */
  SetAudioMode(audioMode: Enums.AudioModeType): void;
  /** A copy of the voice activity settings. */
  GetVADThreshold(): VADThresholdSettings;
  /**
   * Sets voice activity detection: `automatic` lets the SDK choose, else `threshold` in dB.
   * @throws RangeError for a threshold outside {@link Limits.MinVadThresholdDb} to {@link Limits.MaxVadThresholdDb}.
   */
  SetVADThreshold(automatic: boolean, threshold: number): void;
  /** A participant's voice state (mute, deaf); undefined when not in the call. */
  GetVoiceStateHandle(userId: bigint | string): VoiceStateHandle | undefined;
  /** Called with each change of GetStatus (and the error, when one caused it); `null` or `undefined` removes it. */
  SetStatusChangedCallback(cb: CallStatusChangedCallback | null | undefined): void;
  /** Called when someone joins (added true) or leaves the call; `null` or `undefined` removes it. */
  SetParticipantChangedCallback(cb: CallParticipantChangedCallback | null | undefined): void;
  /** Called when a participant starts or stops speaking; `null` or `undefined` removes it. */
  SetSpeakingStatusChangedCallback(cb: CallSpeakingStatusChangedCallback | null | undefined): void;
  /** Called when a participant's voice state (mute, deaf) changes; `null` or `undefined` removes it. */
  SetOnVoiceStateChangedCallback(cb: CallVoiceStateChangedCallback | null | undefined): void;
  /** sdkpp addition: the encryption as of now ({e2ee: false, protocolVersion: 0} once the call ended). */
  GetEncryptionState(): CallEncryptionState;
  /** sdkpp addition: called at each change of GetEncryptionState's answer. */
  SetEncryptionStateChangedCallback(cb: CallEncryptionStateChangedCallback | null | undefined): void;
  /** False once the call ended, and for `nullobj` (the C++ `operator bool`). */
  readonly valid: boolean;
}
/** The nested enums' types, as in C++ (`Call::Status`, `Call::Error`). */
export declare namespace Call {
  /** A call's connection state: {@link CallStatus}. */
  type Status = CallStatus;
  /** Why a call failed: {@link CallError}. */
  type Error = CallError;
}

/** The reused box of a received callback: set `value` to true to keep this frame of that user
 * out of the speaker mix (it starts false for every frame). The same object every time. */
export interface OutShouldMuteBox {
  /** true: leave this frame out of the mix. */
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

/**
 * A call's status changed ({@link Call.SetStatusChangedCallback}): the new {@link Call.Status},
 * the {@link Call.Error} that caused it (None when nothing went wrong) and a detail (the voice
 * server's close code, or 0).
 */
export type CallStatusChangedCallback = (status: Enums.CallStatus, error: Enums.CallError, errorDetail: number) => void;
/** Someone joined (`added` true) or left a call ({@link Call.SetParticipantChangedCallback}). */
export type CallParticipantChangedCallback = (userId: bigint, added: boolean) => void;
/** A participant started (`isPlayingSound` true) or stopped speaking ({@link Call.SetSpeakingStatusChangedCallback}). */
export type CallSpeakingStatusChangedCallback = (userId: bigint, isPlayingSound: boolean) => void;
/** A participant's voice state (mute, deaf) changed ({@link Call.SetOnVoiceStateChangedCallback}); read it with {@link Call.GetVoiceStateHandle}. */
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
/** The call's end-to-end encryption changed ({@link Call.SetEncryptionStateChangedCallback}). */
export type CallEncryptionStateChangedCallback = (state: CallEncryptionState) => void;

/** The audio devices changed (one plugged in or out; {@link Client.SetDeviceChangeCallback}): the microphones and the speakers now. */
export type DeviceChangeCallback = (inputDevices: AudioDevice[], outputDevices: AudioDevice[]) => void;
/**
 * Someone joined (`added` true) or left the call of a lobby the current user is in, whether or
 * not the current user is in that call ({@link Client.SetVoiceParticipantChangedCallback}).
 */
export type VoiceParticipantChangedCallback = (lobbyId: bigint, memberId: bigint, added: boolean) => void;
