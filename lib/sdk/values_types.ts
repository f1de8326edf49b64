// The callback shapes of the Client's auth and core methods, and the value classes' instance
// types (declared in values.ts, next to their constructors) for the files that only need types.
// Types only: binding.ts (the loader) re-exports them.
import type * as Enums from './enums.generated';
import type { ClientResult } from './values';

export type {
  Activity,
  ActivityAssets,
  ActivityButton,
  ActivityInvite,
  ActivityParty,
  ActivitySecrets,
  ActivityTimestamps,
  AuthorizationArgs,
  AuthorizationCodeChallenge,
  AuthorizationCodeVerifier,
  ClientCreateOptions,
  ClientResult,
  DeviceAuthorizationArgs,
} from './values';

/**
 * A log line ({@link Client.AddLogCallback}, {@link Client.AddVoiceLogCallback}): the text,
 * secrets already masked as `[REDACTED]`, and its {@link LoggingSeverity}. Runs on the JS thread.
 */
export type LogCallback = (message: string, severity: Enums.LoggingSeverity) => void;
/**
 * {@link Client.Authorize}'s answer: on success the authorization `code` and the `redirectUri`
 * it was sent to, both to pass to {@link Client.GetToken}; on failure empty strings.
 */
export type AuthorizationCallback = (result: ClientResult, code: string, redirectUri: string) => void;
/**
 * A token answer (GetToken, RefreshToken, GetTokenFromDevice, GetProvisionalToken,
 * GetTokenFromProvisionalMerge): the access token (give it to {@link Client.UpdateToken}), the
 * refresh token ('' when the grant has none, as for OIDC provisional accounts), its
 * {@link AuthorizationTokenType}, its lifetime in seconds and the granted scopes
 * (space-separated). On failure the strings are empty and `expiresIn` is 0.
 */
export type TokenExchangeCallback = (
  result: ClientResult,
  accessToken: string,
  refreshToken: string,
  tokenType: Enums.AuthorizationTokenType,
  expiresIn: number,
  scopes: string,
) => void;
/**
 * {@link Client.ExchangeChildToken}'s answer: the child application's access token (child
 * tokens have no refresh token), its type, its lifetime in seconds and its scopes.
 */
export type ExchangeChildTokenCallback = (
  result: ClientResult,
  accessToken: string,
  tokenType: Enums.AuthorizationTokenType,
  expiresIn: number,
  scopes: string,
) => void;
/** {@link Client.FetchCurrentUser}'s answer: the token's user id and username (`0n` and '' on failure). */
export type FetchCurrentUserCallback = (result: ClientResult, id: bigint, name: string) => void;
/** The answer of an operation that has only an outcome. */
export type ResultCallback = (result: ClientResult) => void;
/**
 * The Client's status changed ({@link Client.SetStatusChangedCallback}): the new
 * {@link Client.Status}, the {@link Client.Error} that caused it (None when nothing went wrong)
 * and a detail: the gateway close code or the HTTP status that stopped `Connect` (0 when none).
 */
export type StatusChangedCallback = (
  status: Enums.ClientStatus,
  error: Enums.ClientError,
  errorDetail: number,
) => void;

/** @internal What the addon would send for an Authorize (tests of the request). */
export interface AuthorizeRequestPreview {
  url: string;
  state: string;
  redirectUri: string;
  scopes: string;
  clientId: bigint;
}

