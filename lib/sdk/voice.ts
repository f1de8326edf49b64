// The voice classes: Call (the addon's handle class with its nested enums and their string
// helpers), CallInfoHandle, VoiceStateHandle, AudioDevice and VADThresholdSettings.
import { binding, type HandleClass } from './binding';
import { CallError, CallStatus } from './enums.generated';
import { EnumToString } from './enum_to_string';
import type * as Voice from './voice_types';

interface CallClass extends HandleClass<Voice.CallHandle> {
  readonly Status: typeof CallStatus;
  readonly Error: typeof CallError;
  StatusToString(value: CallStatus): string;
  ErrorToString(value: CallError): string;
}

const statics = {
  Status: CallStatus,
  Error: CallError,
  StatusToString: (value: CallStatus): string => EnumToString(CallStatus, value),
  ErrorToString: (value: CallError): string => EnumToString(CallError, value),
};
for (const [name, value] of Object.entries(statics)) {
  if (!(name in binding.Call)) Object.defineProperty(binding.Call, name, { value, enumerable: true });
}

/** A lobby call (Client.StartCall): a live handle, `valid` false once it ended. */
export type Call = Voice.CallHandle;
export const Call = binding.Call as CallClass;
export declare namespace Call {
  type Status = CallStatus;
  type Error = CallError;
}

export type CallInfoHandle = Voice.CallInfoHandle;
export const CallInfoHandle = binding.CallInfoHandle;
export type VoiceStateHandle = Voice.VoiceStateHandle;
export const VoiceStateHandle = binding.VoiceStateHandle;
export type AudioDevice = Voice.AudioDevice;
export const AudioDevice = binding.AudioDevice;
export type VADThresholdSettings = Voice.VADThresholdSettings;
export const VADThresholdSettings = binding.VADThresholdSettings;
