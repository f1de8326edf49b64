// The value classes, straight from the addon: a getter such as `args.Scopes()` is one N-API
// call with no JS wrapper in between.
import { binding } from './binding';
import type * as Types from './binding';

export type AuthorizationArgs = Types.AuthorizationArgs;
export const AuthorizationArgs = binding.AuthorizationArgs;

export type AuthorizationCodeChallenge = Types.AuthorizationCodeChallenge;
export const AuthorizationCodeChallenge = binding.AuthorizationCodeChallenge;

/** Made only by `Client.CreateAuthorizationCodeVerifier()`. */
export type AuthorizationCodeVerifier = Types.AuthorizationCodeVerifier;
export const AuthorizationCodeVerifier = binding.AuthorizationCodeVerifier;

/** The outcome of every Client operation; made only by the SDK. */
export type ClientResult = Types.ClientResult;
export const ClientResult = binding.ClientResult;

export type ClientCreateOptions = Types.ClientCreateOptions;
export const ClientCreateOptions = binding.ClientCreateOptions;

export type DeviceAuthorizationArgs = Types.DeviceAuthorizationArgs;
export const DeviceAuthorizationArgs = binding.DeviceAuthorizationArgs;

/** Runs queued callbacks now. Node users never need it: the addon schedules it by itself. */
export function RunCallbacks(): void {
  binding.RunCallbacks();
}
