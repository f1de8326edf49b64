// Client's audio and call methods (core: native/core/src/client/client_audio.cc). The façade
// keeps each live Call it handed out, so the callbacks set on it stay alive as long as the call
// (an app may drop its own reference), and GetCall answers that same object.
import { binding, type ClientResult } from './binding';
import { callbackOrPromise, callbackOrValue, resultOnly } from './callback_or_promise';
import type { Id } from './native_client';
import { UsersMethods } from './client_users';
import type { LoggingSeverity } from './enums.generated';
import type { LogCallback, ResultCallback } from './values_types';
import type {
  AudioDevice,
  Call,
  DeviceChangeCallback,
  UserAudioCapturedCallback,
  UserAudioReceivedCallback,
  VoiceParticipantChangedCallback,
} from './voice_types';

export abstract class AudioMethods extends UsersMethods {
  readonly #liveCalls = new Map<bigint, Call>();

  /**
   * The id that selects the system default audio device ('default'): given to
   * {@link Client.SetInputDevice} or {@link Client.SetOutputDevice}, the SDK follows the system's
   * default device again.
   */
  static GetDefaultAudioDeviceId(): string {
    return binding.NativeClient.GetDefaultAudioDeviceId();
  }

  #keep(call: Call): Call {
    for (const [id, kept] of this.#liveCalls) if (!kept.valid) this.#liveCalls.delete(id);
    if (call.valid) this.#liveCalls.set(call.GetChannelId(), call);
    return call;
  }

  /**
   * Joins the call of a lobby the current user is in. The Call's status then goes Joining,
   * Connecting, SignalingConnected, Connected ({@link Call.SetStatusChangedCallback}).
   * @param channelId the lobby's id.
   * @returns the live Call; the invalid Call (`valid` false, the reason logged at Error) when it
   * cannot start: lobby id 0, the Client not Ready, not a member of the lobby, already in that call,
   * the call still ending (wait for EndCall's answer), the call full
   * ({@link Limits.MaxCallMembersCount}), or no audio device.
   */
  StartCall(channelId: Id): Call {
    return this.#keep(this.native.StartCall(channelId));
  }
  /**
   * StartCall, with JS audio callbacks. Both arguments are required: a function, or null to
   * leave that direction alone (no copy, no delay); anything else throws a TypeError.
   *
   * The callbacks run on the JS thread, never on the audio thread: each 20 ms tick the audio
   * thread copies the frames into native memory and wakes the JS thread once, which copies each
   * frame into a slot of one preallocated ArrayBuffer right before its callback and back after;
   * your edits (and `outShouldMute`) are played or sent at the next tick, so each direction with
   * a callback is 20 ms later. A frame your code did not finish in time (the JS thread was busy
   * for more than a tick) plays unmodified and is counted; so does a frame whose callback threw
   * (logged once per call, never rethrown). At most 25 talkers per tick are handed to JS. The
   * Int16Array views, the box and each user's bigint are the same objects every tick: nothing
   * is allocated per frame. The audio thread never touches that buffer: a callback may keep the
   * views or transfer the buffer away (it is the app's then; the next callback gets new views
   * over a fresh buffer, and the frame whose callback took it plays unmodified).
   * No callback runs once EndCall's answer came or the Client is disposed.
   * @param lobbyId the lobby's id.
   * @param receivedCb each participant's decoded frame before the mix ({@link UserAudioReceivedCallback}), or null.
   * @param capturedCb the microphone's frame before it is encoded ({@link UserAudioCapturedCallback}), or null.
   * @returns the live Call, or the invalid Call as StartCall (also when already in that call).
   */
  StartCallWithAudioCallbacks(
    lobbyId: Id,
    receivedCb: UserAudioReceivedCallback | null,
    capturedCb: UserAudioCapturedCallback | null,
  ): Call {
    return this.#keep(this.native.StartCallWithAudioCallbacks(lobbyId, receivedCb, capturedCb));
  }
  /**
   * Leaves a call; settles once the audio thread let go of it (then StartCall may join it again).
   * @param channelId the lobby's id.
   * @returns Resolves (with nothing) once the call is released; never rejects.
   */
  EndCall(channelId: Id): Promise<void>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  EndCall(channelId: Id, callback: () => void): void;
  EndCall(channelId: Id, callback?: () => void) {
    return callbackOrValue<void>('EndCall', callback, (cb) => this.native.EndCall(channelId, () => cb()));
  }
  /**
   * Leaves every call.
   * @returns Resolves once all are released; never rejects.
   */
  EndCalls(): Promise<void>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  EndCalls(callback: () => void): void;
  EndCalls(callback?: () => void) {
    return callbackOrValue<void>('EndCalls', callback, (cb) => this.native.EndCalls(() => cb()));
  }
  /**
   * The live Call of a lobby the current user is in (the same object StartCall answered); the invalid Call when not in it.
   */
  GetCall(channelId: Id): Call {
    const fresh = this.native.GetCall(channelId);
    if (!fresh.valid) return fresh;
    const kept = this.#liveCalls.get(fresh.GetChannelId());
    return kept?.valid ? kept : this.#keep(fresh);
  }
  /** The current user's live calls. */
  GetCalls(): Call[] {
    return this.native.GetCalls().map((call) => {
      const kept = this.#liveCalls.get(call.GetChannelId());
      return kept?.valid ? kept : this.#keep(call);
    });
  }
  /**
   * The microphones.
   * @returns Resolves with the {@link AudioDevice}s; never rejects.
   */
  GetInputDevices(): Promise<AudioDevice[]>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  GetInputDevices(callback: (devices: AudioDevice[]) => void): void;
  GetInputDevices(callback?: (devices: AudioDevice[]) => void) {
    return callbackOrValue('GetInputDevices', callback, (cb) => this.native.GetInputDevices(cb));
  }
  /**
   * The speakers.
   * @returns Resolves with the {@link AudioDevice}s; never rejects.
   */
  GetOutputDevices(): Promise<AudioDevice[]>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  GetOutputDevices(callback: (devices: AudioDevice[]) => void): void;
  GetOutputDevices(callback?: (devices: AudioDevice[]) => void) {
    return callbackOrValue('GetOutputDevices', callback, (cb) => this.native.GetOutputDevices(cb));
  }
  /**
   * The microphone in use.
   * @returns Resolves with its {@link AudioDevice}; never rejects.
   */
  GetCurrentInputDevice(): Promise<AudioDevice>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  GetCurrentInputDevice(callback: (device: AudioDevice) => void): void;
  GetCurrentInputDevice(callback?: (device: AudioDevice) => void) {
    return callbackOrValue('GetCurrentInputDevice', callback, (cb) => this.native.GetCurrentInputDevice(cb));
  }
  /**
   * The speaker in use.
   * @returns Resolves with its {@link AudioDevice}; never rejects.
   */
  GetCurrentOutputDevice(): Promise<AudioDevice>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  GetCurrentOutputDevice(callback: (device: AudioDevice) => void): void;
  GetCurrentOutputDevice(callback?: (device: AudioDevice) => void) {
    return callbackOrValue('GetCurrentOutputDevice', callback, (cb) => this.native.GetCurrentOutputDevice(cb));
  }
  /**
   * Switches the microphone, also in running calls.
   * @param deviceId an {@link AudioDevice.Id}, or {@link Client.GetDefaultAudioDeviceId}.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError: no such device).
   */
  SetInputDevice(deviceId: string): Promise<ClientResult>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  SetInputDevice(deviceId: string, callback: ResultCallback): void;
  SetInputDevice(deviceId: string, callback?: ResultCallback) {
    return callbackOrPromise('SetInputDevice', callback, (cb) => this.native.SetInputDevice(deviceId, cb), resultOnly);
  }
  /**
   * Switches the speaker, also in running calls.
   * @param deviceId an {@link AudioDevice.Id}, or {@link Client.GetDefaultAudioDeviceId}.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError: no such device).
   */
  SetOutputDevice(deviceId: string): Promise<ClientResult>;
  /** The callback form: `callback` gets the same value, once; nothing is returned. */
  SetOutputDevice(deviceId: string, callback: ResultCallback): void;
  SetOutputDevice(deviceId: string, callback?: ResultCallback) {
    return callbackOrPromise('SetOutputDevice', callback, (cb) => this.native.SetOutputDevice(deviceId, cb), resultOnly);
  }
  /**
   * Sets the callback for a change of the devices (plugged in or out): `(inputDevices, outputDevices)`; `null` or `undefined` removes it.
   */
  SetDeviceChangeCallback(callback: DeviceChangeCallback | null | undefined): void {
    this.native.SetDeviceChangeCallback(callback);
  }
  /**
   * The microphone volume: 0 to {@link Limits.MaxDeviceVolume} ({@link Limits.UnityVolume} = unchanged).
   */
  GetInputVolume(): number {
    return this.native.GetInputVolume();
  }
  /**
   * Sets the microphone volume for every call (a linear percentage).
   * @throws RangeError outside 0 to {@link Limits.MaxDeviceVolume}.
   */
  SetInputVolume(inputVolume: number): void {
    this.native.SetInputVolume(inputVolume);
  }
  /**
   * The speaker volume: 0 to {@link Limits.MaxDeviceVolume} ({@link Limits.UnityVolume} = unchanged).
   */
  GetOutputVolume(): number {
    return this.native.GetOutputVolume();
  }
  /**
   * Sets the speaker volume for every call (a linear percentage).
   * @throws RangeError outside 0 to {@link Limits.MaxDeviceVolume}.
   */
  SetOutputVolume(outputVolume: number): void {
    this.native.SetOutputVolume(outputVolume);
  }
  /** True when the microphone is muted in every call. */
  GetSelfMuteAll(): boolean {
    return this.native.GetSelfMuteAll();
  }
  /** Mutes (true) or unmutes the microphone in every call. */
  SetSelfMuteAll(mute: boolean): void {
    this.native.SetSelfMuteAll(mute);
  }
  /** True when the current user is deafened in every call. */
  GetSelfDeafAll(): boolean {
    return this.native.GetSelfDeafAll();
  }
  /** Deafens (true) or undeafens the current user in every call. */
  SetSelfDeafAll(deaf: boolean): void {
    this.native.SetSelfDeafAll(deaf);
  }
  /**
   * Echo cancellation of the microphone, on by default: what the speaker plays is taken out of
   * what the microphone hears (the speaker-to-microphone delay, up to 300 ms, is found by itself).
   */
  SetEchoCancellation(on: boolean): void {
    this.native.SetEchoCancellation(on);
  }
  /** Noise suppression of the microphone (steady background noise about 15 dB lower), on by default. */
  SetNoiseSuppression(on: boolean): void {
    this.native.SetNoiseSuppression(on);
  }
  /**
   * The stronger noise suppression, off by default: the same suppressor, twice as deep (−40 dB
   * instead of −20); no learned model as the C++ SDK's.
   */
  SetNoiseCancellation(on: boolean): void {
    this.native.SetNoiseCancellation(on);
  }
  /** Automatic gain control of the microphone (speech brought to about −20 dBFS), on by default. */
  SetAutomaticGainControl(on: boolean): void {
    this.native.SetAutomaticGainControl(on);
  }
  /** Accepted; no effect yet (logged as a Warning). */
  SetEngineManagedAudioSession(isEngineManaged: boolean): void {
    this.native.SetEngineManagedAudioSession(isEngineManaged);
  }
  /**
   * Off by default. On: each call writes its echo canceller's far end, raw microphone and
   * processed microphone as WAV files (16-bit mono, 48 kHz, at most 60 s each, readable by the
   * user only) into the voice log folder (SetVoiceLogDir; without one it waits for it).
   */
  SetAecDump(on: boolean): void {
    this.native.SetAecDump(on);
  }
  /** Accepted; no effect yet (logged as a Warning): Opus runs in software. */
  SetOpusHardwareCoding(encode: boolean, decode: boolean): void {
    this.native.SetOpusHardwareCoding(encode, decode);
  }
  /**
   * Sets the level below which the microphone counts as silent, for SetNoAudioInputCallback.
   * @param dBFS {@link Limits.MinNoAudioInputThresholdDbfs} to {@link Limits.MaxNoAudioInputThresholdDbfs}.
   * @throws RangeError outside that range.
   */
  SetNoAudioInputThreshold(dBFS: number): void {
    this.native.SetNoAudioInputThreshold(dBFS);
  }
  /**
   * Sets the callback told whether the microphone picks up sound above the threshold (`inputDetected`); `null` or `undefined` removes it.
   */
  SetNoAudioInputCallback(callback: ((inputDetected: boolean) => void) | null | undefined): void {
    this.native.SetNoAudioInputCallback(callback);
  }
  /**
   * Sets the callback for people joining or leaving the calls of the current user's lobbies: `(lobbyId, memberId, added)`; `null` or `undefined` removes it.
   */
  SetVoiceParticipantChangedCallback(callback: VoiceParticipantChangedCallback | null | undefined): void {
    this.native.SetVoiceParticipantChangedCallback(callback);
  }
  /**
   * Adds a callback for the voice log (calls, the voice server, the audio devices), lines at or
   * above `minSeverity`, secrets masked.
   * @param callback `(message, severity)`.
   * @param minSeverity the lowest {@link LoggingSeverity} delivered.
   */
  AddVoiceLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.native.AddVoiceLogCallback(callback, minSeverity);
  }
  /**
   * Appends the voice log to a file in the folder `path`, lines at or above `minSeverity`.
   * @param path an existing, writable folder (at most 4 KiB).
   * @param minSeverity the lowest {@link LoggingSeverity} written.
   */
  SetVoiceLogDir(path: string, minSeverity: LoggingSeverity): void {
    this.native.SetVoiceLogDir(path, minSeverity);
  }
}
