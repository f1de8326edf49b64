// The value classes, straight from the addon: a getter such as `args.ClientId()` is one N-API
// call with no JS wrapper in between; string getters such as `args.Scopes()` answer repeated
// reads from a JS memo (string_getter_memo.ts, put in place when binding.ts loads the addon).
import { binding } from './binding';
import type * as Types from './values_types';

export type Activity = Types.Activity;
export const Activity = binding.Activity;

export type ActivityAssets = Types.ActivityAssets;
export const ActivityAssets = binding.ActivityAssets;

export type ActivityButton = Types.ActivityButton;
export const ActivityButton = binding.ActivityButton;

export type ActivityInvite = Types.ActivityInvite;
export const ActivityInvite = binding.ActivityInvite;

export type ActivityParty = Types.ActivityParty;
export const ActivityParty = binding.ActivityParty;

export type ActivitySecrets = Types.ActivitySecrets;
export const ActivitySecrets = binding.ActivitySecrets;

export type ActivityTimestamps = Types.ActivityTimestamps;
export const ActivityTimestamps = binding.ActivityTimestamps;

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
