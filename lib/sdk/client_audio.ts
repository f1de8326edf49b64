// Client's audio and call methods (core: native/core/src/client/client_audio.cc). The façade
// keeps each live Call it handed out, so the callbacks set on it stay alive as long as the call
// (an app may drop its own reference), and GetCall answers that same object.
import { binding, type ClientResult } from './binding';
import { callbackOrPromise, callbackOrValue, resultOnly } from './callback_or_promise';
import type { Id } from './client_native';
import { UsersMethods } from './client_users';
import type { LoggingSeverity } from './enums.generated';
import type { LogCallback, ResultCallback } from './native_values';
import type {
  AudioDevice,
  CallHandle,
  DeviceChangeCallback,
  UserAudioCapturedCallback,
  UserAudioReceivedCallback,
  VoiceParticipantChangedCallback,
} from './voice_types';

export abstract class AudioMethods extends UsersMethods {
  readonly #liveCalls = new Map<bigint, CallHandle>();

  /** The id that selects the system default audio device. */
  static GetDefaultAudioDeviceId(): string {
    return binding.NativeClient.GetDefaultAudioDeviceId();
  }

  #keep(call: CallHandle): CallHandle {
    for (const [id, kept] of this.#liveCalls) if (!kept.valid) this.#liveCalls.delete(id);
    if (call.valid) this.#liveCalls.set(call.GetChannelId(), call);
    return call;
  }

  /** Joins the lobby's call; the invalid Call (`valid` false, reason logged) when it cannot. */
  StartCall(channelId: Id): CallHandle {
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
   */
  StartCallWithAudioCallbacks(
    lobbyId: Id,
    receivedCb: UserAudioReceivedCallback | null,
    capturedCb: UserAudioCapturedCallback | null,
  ): CallHandle {
    return this.#keep(this.native.StartCallWithAudioCallbacks(lobbyId, receivedCb, capturedCb));
  }
  /** Leaves the call; settles once the audio thread let go of it. */
  EndCall(channelId: Id): Promise<void>;
  EndCall(channelId: Id, callback: () => void): void;
  EndCall(channelId: Id, callback?: () => void) {
    return callbackOrValue<void>('EndCall', callback, (cb) => this.native.EndCall(channelId, () => cb()));
  }
  EndCalls(): Promise<void>;
  EndCalls(callback: () => void): void;
  EndCalls(callback?: () => void) {
    return callbackOrValue<void>('EndCalls', callback, (cb) => this.native.EndCalls(() => cb()));
  }
  GetCall(channelId: Id): CallHandle {
    const fresh = this.native.GetCall(channelId);
    if (!fresh.valid) return fresh;
    const kept = this.#liveCalls.get(fresh.GetChannelId());
    return kept?.valid ? kept : this.#keep(fresh);
  }
  GetCalls(): CallHandle[] {
    return this.native.GetCalls().map((call) => {
      const kept = this.#liveCalls.get(call.GetChannelId());
      return kept?.valid ? kept : this.#keep(call);
    });
  }
  GetInputDevices(): Promise<AudioDevice[]>;
  GetInputDevices(callback: (devices: AudioDevice[]) => void): void;
  GetInputDevices(callback?: (devices: AudioDevice[]) => void) {
    return callbackOrValue('GetInputDevices', callback, (cb) => this.native.GetInputDevices(cb));
  }
  GetOutputDevices(): Promise<AudioDevice[]>;
  GetOutputDevices(callback: (devices: AudioDevice[]) => void): void;
  GetOutputDevices(callback?: (devices: AudioDevice[]) => void) {
    return callbackOrValue('GetOutputDevices', callback, (cb) => this.native.GetOutputDevices(cb));
  }
  GetCurrentInputDevice(): Promise<AudioDevice>;
  GetCurrentInputDevice(callback: (device: AudioDevice) => void): void;
  GetCurrentInputDevice(callback?: (device: AudioDevice) => void) {
    return callbackOrValue('GetCurrentInputDevice', callback, (cb) => this.native.GetCurrentInputDevice(cb));
  }
  GetCurrentOutputDevice(): Promise<AudioDevice>;
  GetCurrentOutputDevice(callback: (device: AudioDevice) => void): void;
  GetCurrentOutputDevice(callback?: (device: AudioDevice) => void) {
    return callbackOrValue('GetCurrentOutputDevice', callback, (cb) => this.native.GetCurrentOutputDevice(cb));
  }
  SetInputDevice(deviceId: string): Promise<ClientResult>;
  SetInputDevice(deviceId: string, callback: ResultCallback): void;
  SetInputDevice(deviceId: string, callback?: ResultCallback) {
    return callbackOrPromise('SetInputDevice', callback, (cb) => this.native.SetInputDevice(deviceId, cb), resultOnly);
  }
  SetOutputDevice(deviceId: string): Promise<ClientResult>;
  SetOutputDevice(deviceId: string, callback: ResultCallback): void;
  SetOutputDevice(deviceId: string, callback?: ResultCallback) {
    return callbackOrPromise('SetOutputDevice', callback, (cb) => this.native.SetOutputDevice(deviceId, cb), resultOnly);
  }
  SetDeviceChangeCallback(callback: DeviceChangeCallback | null | undefined): void {
    this.native.SetDeviceChangeCallback(callback);
  }
  GetInputVolume(): number {
    return this.native.GetInputVolume();
  }
  SetInputVolume(inputVolume: number): void {
    this.native.SetInputVolume(inputVolume);
  }
  GetOutputVolume(): number {
    return this.native.GetOutputVolume();
  }
  SetOutputVolume(outputVolume: number): void {
    this.native.SetOutputVolume(outputVolume);
  }
  GetSelfMuteAll(): boolean {
    return this.native.GetSelfMuteAll();
  }
  SetSelfMuteAll(mute: boolean): void {
    this.native.SetSelfMuteAll(mute);
  }
  GetSelfDeafAll(): boolean {
    return this.native.GetSelfDeafAll();
  }
  SetSelfDeafAll(deaf: boolean): void {
    this.native.SetSelfDeafAll(deaf);
  }
  /** No effect yet (logged as a Warning): no audio processing in this build. */
  SetEchoCancellation(on: boolean): void {
    this.native.SetEchoCancellation(on);
  }
  /** No effect yet (logged as a Warning). */
  SetNoiseSuppression(on: boolean): void {
    this.native.SetNoiseSuppression(on);
  }
  /** No effect yet (logged as a Warning). */
  SetNoiseCancellation(on: boolean): void {
    this.native.SetNoiseCancellation(on);
  }
  /** No effect yet (logged as a Warning). */
  SetAutomaticGainControl(on: boolean): void {
    this.native.SetAutomaticGainControl(on);
  }
  /** No effect yet (logged as a Warning). */
  SetEngineManagedAudioSession(isEngineManaged: boolean): void {
    this.native.SetEngineManagedAudioSession(isEngineManaged);
  }
  /** No effect yet (logged as a Warning). */
  SetAecDump(on: boolean): void {
    this.native.SetAecDump(on);
  }
  /** No effect yet (logged as a Warning): Opus runs in software. */
  SetOpusHardwareCoding(encode: boolean, decode: boolean): void {
    this.native.SetOpusHardwareCoding(encode, decode);
  }
  SetNoAudioInputThreshold(dBFS: number): void {
    this.native.SetNoAudioInputThreshold(dBFS);
  }
  SetNoAudioInputCallback(callback: ((inputDetected: boolean) => void) | null | undefined): void {
    this.native.SetNoAudioInputCallback(callback);
  }
  SetVoiceParticipantChangedCallback(callback: VoiceParticipantChangedCallback | null | undefined): void {
    this.native.SetVoiceParticipantChangedCallback(callback);
  }
  AddVoiceLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.native.AddVoiceLogCallback(callback, minSeverity);
  }
  SetVoiceLogDir(path: string, minSeverity: LoggingSeverity): void {
    this.native.SetVoiceLogDir(path, minSeverity);
  }
}
