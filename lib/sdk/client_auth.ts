// Client's auth methods (core: native/core/src/client/client_auth.cc): account linking, tokens,
// provisional accounts.
import type {
  AuthorizationArgs,
  AuthorizationCallback,
  ClientResult,
  DeviceAuthorizationArgs,
  ExchangeChildTokenCallback,
  FetchCurrentUserCallback,
  ResultCallback,
  TokenExchangeCallback,
} from './binding';
import { binding } from './binding';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { ConnectionMethods } from './client_connection';
import type { AuthenticationExternalAuthType, AuthorizationTokenType } from './enums.generated';
import type { AuthorizationCodeVerifier } from './values';

/** What {@link Client.Authorize}'s Promise resolves with. */
export interface AuthorizeOutcome {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The authorization code: give it to {@link Client.GetToken}. A secret. */
  code: string;
  /** The redirect URI the code was sent to: GetToken needs the same one. */
  redirectUri: string;
}
/** What the token calls' Promises resolve with (GetToken, RefreshToken, GetTokenFromDevice, GetProvisionalToken, GetTokenFromProvisionalMerge). */
export interface TokenExchange {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The access token: give it to {@link Client.UpdateToken}. A secret. */
  accessToken: string;
  /** The refresh token for {@link Client.RefreshToken} ('' when the grant has none). A secret. */
  refreshToken: string;
  /** The access token's type (Bearer). */
  tokenType: AuthorizationTokenType;
  /** The access token's lifetime, in seconds. */
  expiresIn: number;
  /** The granted scopes, space-separated. */
  scopes: string;
}
/** What {@link Client.ExchangeChildToken}'s Promise resolves with. */
export interface ChildTokenExchange {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The child application's access token. A secret. */
  accessToken: string;
  /** The token's type (Bearer). */
  tokenType: AuthorizationTokenType;
  /** The token's lifetime, in seconds. */
  expiresIn: number;
  /** The granted scopes, space-separated. */
  scopes: string;
}
/** What {@link Client.FetchCurrentUser}'s Promise resolves with. */
export interface CurrentUser {
  /** The outcome (successful here: a failure rejects). */
  result: ClientResult;
  /** The token's user id. */
  id: bigint;
  /** The token's user's username. */
  name: string;
}

const tokenExchange = (
  result: ClientResult,
  accessToken: string,
  refreshToken: string,
  tokenType: AuthorizationTokenType,
  expiresIn: number,
  scopes: string,
): TokenExchange => ({ result, accessToken, refreshToken, tokenType, expiresIn, scopes });

export abstract class AuthMethods extends ConnectionMethods {
  /**
   * Asks the player to authorize the game: through the local chat client when it runs,
   * otherwise in the browser with a loopback redirect to 127.0.0.1 (or a custom scheme: see
   * {@link Client.HandleAuthorizeCallback}). Waits up to 15 minutes for the player. A newer
   * Authorize replaces a waiting one (which answers Aborted).
   * @param args what to ask for ({@link AuthorizationArgs}); checked first: ValidationError for no
   * client id, no scope, a bad challenge, state, nonce or scheme.
   * @returns Resolves with `{ result, code, redirectUri }`: give `code`, the verifier and
   * `redirectUri` to {@link Client.GetToken}. Rejects with an {@link SdkError}: ValidationError,
   * Aborted (AbortAuthorize), AuthorizationFailed (denied, timed out, no loopback listener), RPCError
   * (the chat client refused).
   * @example
   * ```ts
   * const verifier = client.CreateAuthorizationCodeVerifier();
   * const args = new AuthorizationArgs();
   * args.SetClientId(applicationId);
   * args.SetScopes(Client.GetDefaultCommunicationScopes());
   * args.SetCodeChallenge(verifier.Challenge());
   * const { code, redirectUri } = await client.Authorize(args);
   * const tokens = await client.GetToken(applicationId, code, verifier.Verifier(), redirectUri);
   * await client.UpdateToken(tokens.tokenType, tokens.accessToken);
   * ```
   */
  Authorize(args: AuthorizationArgs): Promise<AuthorizeOutcome>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  Authorize(args: AuthorizationArgs, callback: AuthorizationCallback): void;
  Authorize(args: AuthorizationArgs, callback?: AuthorizationCallback): Promise<AuthorizeOutcome> | void {
    return callbackOrPromise('Authorize', callback, (cb) => this.native.Authorize(args, cb),
      (result, code, redirectUri) => ({ result, code, redirectUri }));
  }
  /**
   * Ends a waiting Authorize: its answer is an Aborted result. Nothing happens when none waits.
   */
  AbortAuthorize(): void {
    this.native.AbortAuthorize();
  }
  /**
   * Node addition: completes a custom-scheme Authorize with the URL the OS delivered
   * (`<scheme>:/authorize/callback?code=...&state=...`).
   * @returns true when the URL answered the waiting Authorize (its state matched); false otherwise.
   */
  HandleAuthorizeCallback(callbackUrl: string): boolean {
    return this.native.HandleAuthorizeCallback(callbackUrl);
  }

  /**
   * Exchanges an authorization code for tokens (`POST /oauth2/token`, grant authorization_code).
   * @param applicationId the application id (not 0).
   * @param code the code from Authorize (not empty); a secret, masked in logs.
   * @param codeVerifier the PKCE verifier whose challenge went to Authorize ('' when none was sent).
   * @param redirectUri Authorize's `redirectUri` (not empty).
   * @returns Resolves with {@link TokenExchange} (`accessToken`, `refreshToken`, `tokenType`,
   * `expiresIn` in seconds, `scopes`); rejects with an {@link SdkError}: ValidationError for a bad
   * argument (nothing sent), HTTPError when the service refuses the grant, NetworkError.
   */
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string): Promise<TokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback: TokenExchangeCallback): void;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetToken', callback,
      (cb) => this.native.GetToken(applicationId, code, codeVerifier, redirectUri, cb), tokenExchange);
  }

  /**
   * The device flow (RFC 8628): asks the service for a user code, opens the screen where
   * the player enters it ({@link Client.OpenAuthorizeDeviceScreen}) and polls until the player
   * approved, denied or the code expired. A newer call replaces a waiting one (Aborted).
   * @param args the application id and scopes ({@link DeviceAuthorizationArgs}).
   * @returns Resolves with {@link TokenExchange} (`accessToken`, `refreshToken`, `tokenType`,
   * `expiresIn` in seconds, `scopes`); rejects with an {@link SdkError}: ValidationError for a bad
   * argument (nothing sent), HTTPError when the service refuses the grant, NetworkError.
   */
  GetTokenFromDevice(args: DeviceAuthorizationArgs): Promise<TokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback: TokenExchangeCallback): void;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromDevice', callback, (cb) => this.native.GetTokenFromDevice(args, cb), tokenExchange);
  }
  /** Ends a waiting GetTokenFromDevice: it answers Aborted. */
  AbortGetTokenFromDevice(): void {
    this.native.AbortGetTokenFromDevice();
  }
  /**
   * Opens the page where the player types the device flow's user code (in the browser, or
   * the Node option `openUrl`).
   * @param clientId the application id; 0: the one given to SetApplicationId.
   * @param userCode 1 to 64 printable characters without spaces; anything else is logged (Error) and nothing opens.
   */
  OpenAuthorizeDeviceScreen(clientId: bigint | string, userCode: string): void {
    this.native.OpenAuthorizeDeviceScreen(clientId, userCode);
  }
  /**
   * Closes the device screen, where the platform can (a browser tab cannot be closed: nothing happens then).
   */
  CloseAuthorizeDeviceScreen(): void {
    this.native.CloseAuthorizeDeviceScreen();
  }

  /**
   * Gets new tokens with a refresh token (`POST /oauth2/token`, grant refresh_token). An
   * `invalid_grant` answer drops the Client's tokens and answers AuthorizationFailed (not retryable):
   * authorize again.
   * @param applicationId the application id (not 0).
   * @param refreshToken the refresh token (not empty); masked in logs.
   * @returns Resolves with {@link TokenExchange} (`accessToken`, `refreshToken`, `tokenType`,
   * `expiresIn` in seconds, `scopes`); rejects with an {@link SdkError}: ValidationError for a bad
   * argument (nothing sent), HTTPError when the service refuses the grant, NetworkError.
   */
  RefreshToken(applicationId: bigint | string, refreshToken: string): Promise<TokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback: TokenExchangeCallback): void;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('RefreshToken', callback, (cb) => this.native.RefreshToken(applicationId, refreshToken, cb), tokenExchange);
  }

  /**
   * Revokes a token at the service (`POST /oauth2/token/revoke`); when it is the Client's own,
   * the Client drops it.
   * @param applicationId the application id (not 0).
   * @param token an access or refresh token (not empty).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError, HTTPError, NetworkError).
   */
  RevokeToken(applicationId: bigint | string, token: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  RevokeToken(applicationId: bigint | string, token: string, callback: ResultCallback): void;
  RevokeToken(applicationId: bigint | string, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('RevokeToken', callback, (cb) => this.native.RevokeToken(applicationId, token, cb), resultOnly);
  }

  /**
   * Gives the Client the player's access token: every later request and {@link Client.Connect}
   * use it. Sends nothing.
   * @param tokenType {@link AuthorizationTokenType} (Bearer for every token this SDK hands out).
   * @param token the access token (not empty).
   * @returns Resolves with the ClientResult once stored; rejects with an {@link SdkError}
   * (ValidationError for an empty token).
   */
  UpdateToken(tokenType: AuthorizationTokenType, token: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback: ResultCallback): void;
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateToken', callback, (cb) => this.native.UpdateToken(tokenType, token, cb), resultOnly);
  }

  /** True when the Client holds a token that has not expired by the service's clock. */
  IsAuthenticated(): boolean {
    return this.native.IsAuthenticated();
  }

  /**
   * Asks the service whose token this is (`GET /users/@me`), without storing the token.
   * @param tokenType the token's {@link AuthorizationTokenType}.
   * @param token an access token (not empty).
   * @returns Resolves with {@link CurrentUser} (`id`, `name`); rejects with an {@link SdkError}
   * (ValidationError, HTTPError: 401 for a refused token, NetworkError).
   */
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string): Promise<CurrentUser>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback: FetchCurrentUserCallback): void;
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback?: FetchCurrentUserCallback): Promise<CurrentUser> | void {
    return callbackOrPromise('FetchCurrentUser', callback, (cb) => this.native.FetchCurrentUser(tokenType, token, cb),
      (result, id, name) => ({ result, id, name }));
  }

  /**
   * Sets the callback called once, 5 minutes before the current token expires by the
   * service's clock (refresh it then); `undefined` removes it.
   */
  SetTokenExpirationCallback(callback: (() => void) | undefined): void {
    this.native.SetTokenExpirationCallback(callback);
  }

  /**
   * Gets a token for a provisional account, made from the game's own identity (no service
   * account needed). For OIDC the answer has no refresh token: on expiry get a fresh provider token
   * and call this again.
   * @param applicationId the application id (not 0).
   * @param externalAuthType what `externalAuthToken` is ({@link AuthenticationExternalAuthType}).
   * @param externalAuthToken the provider's token (not empty); masked in logs.
   * @returns Resolves with {@link TokenExchange} (`accessToken`, `refreshToken`, `tokenType`,
   * `expiresIn` in seconds, `scopes`); rejects with an {@link SdkError}: ValidationError for a bad
   * argument (nothing sent), HTTPError when the service refuses the grant, NetworkError.
   */
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetProvisionalToken', callback,
      (cb) => this.native.GetProvisionalToken(applicationId, externalAuthType, externalAuthToken, cb), tokenExchange);
  }

  /**
   * Authorizes a full account and merges the provisional account into it: GetToken with
   * the provisional identity added.
   * @param applicationId the application id (not 0).
   * @param code Authorize's code (not empty).
   * @param codeVerifier the PKCE verifier ('' when none).
   * @param redirectUri Authorize's redirectUri.
   * @param externalAuthType the provisional account's {@link AuthenticationExternalAuthType}.
   * @param externalAuthToken the provider's token (not empty).
   * @returns Resolves with {@link TokenExchange} (`accessToken`, `refreshToken`, `tokenType`,
   * `expiresIn` in seconds, `scopes`); rejects with an {@link SdkError}: ValidationError for a bad
   * argument (nothing sent), HTTPError when the service refuses the grant, NetworkError.
   */
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromProvisionalMerge', callback,
      (cb) => this.native.GetTokenFromProvisionalMerge(applicationId, code, codeVerifier, redirectUri, externalAuthType, externalAuthToken, cb),
      tokenExchange);
  }

  /**
   * Splits the game's identity off the player's full account into a provisional account again.
   * @param applicationId the application id (not 0).
   * @param externalAuthType the identity's {@link AuthenticationExternalAuthType}.
   * @param externalAuthToken the provider's token (not empty).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError, HTTPError, NetworkError).
   */
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: ResultCallback): void;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UnmergeIntoProvisionalAccount', callback,
      (cb) => this.native.UnmergeIntoProvisionalAccount(applicationId, externalAuthType, externalAuthToken, cb), resultOnly);
  }

  /**
   * Renames the current provisional account (its global name).
   * @param name 1 to {@link Limits.MaxDisplayNameCodePoints} characters.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError}: ClientNotReady without
   * a token, ValidationError for a bad name, HTTPError, NetworkError.
   */
  UpdateProvisionalAccountDisplayName(name: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  UpdateProvisionalAccountDisplayName(name: string, callback: ResultCallback): void;
  UpdateProvisionalAccountDisplayName(name: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateProvisionalAccountDisplayName', callback,
      (cb) => this.native.UpdateProvisionalAccountDisplayName(name, cb), resultOnly);
  }

  /**
   * Tells the SDK whether the merge that {@link Client.JoinLinkedLobbyGuild} asked for
   * (through its `provisionalUserMergeRequiredCallback`) succeeded: true resumes the join, false
   * answers it with a ValidationError.
   */
  ProvisionalUserMergeCompleted(success: boolean): void {
    this.native.ProvisionalUserMergeCompleted(success);
  }

  /**
   * Exchanges a parent application's token for one of its child application.
   * @param parentApplicationToken the parent's access token (not empty); masked in logs.
   * @param childApplicationId the child application's id (not 0).
   * @returns Resolves with {@link ChildTokenExchange} (no refresh token); rejects with an
   * {@link SdkError} (ValidationError, HTTPError, NetworkError).
   */
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string): Promise<ChildTokenExchange>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback: ExchangeChildTokenCallback): void;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback?: ExchangeChildTokenCallback): Promise<ChildTokenExchange> | void {
    return callbackOrPromise('ExchangeChildToken', callback,
      (cb) => this.native.ExchangeChildToken(parentApplicationToken, childApplicationId, cb),
      (result, accessToken, tokenType, expiresIn, scopes) => ({ result, accessToken, tokenType, expiresIn, scopes }));
  }

  /**
   * The local chat client asks the game to authorize (the player clicked "authorize" there):
   * call {@link Client.Authorize} from the callback. Re-subscribed after the chat client restarts.
   */
  RegisterAuthorizeRequestCallback(callback: () => void): void {
    this.native.RegisterAuthorizeRequestCallback(callback);
  }
  /** Stops listening for the chat client's authorize requests. */
  RemoveAuthorizeRequestCallback(): void {
    this.native.RemoveAuthorizeRequestCallback();
  }
  /**
   * The process id of the game's window, sent to the local chat client with presence (default: this process).
   */
  SetGameWindowPid(pid: number): void {
    this.native.SetGameWindowPid(pid);
  }

  /** The scopes for the full social layer: 'openid sdk.social_layer'. */
  static GetDefaultCommunicationScopes(): string {
    return binding.NativeClient.GetDefaultCommunicationScopes();
  }
  /** The scopes for presence only: 'openid sdk.social_layer_presence'. */
  static GetDefaultPresenceScopes(): string {
    return binding.NativeClient.GetDefaultPresenceScopes();
  }
  /**
   * A fresh PKCE pair (RFC 7636, S256) from the operating system's CSPRNG: the challenge for
   * Authorize, the verifier for GetToken. The verifier is masked in every log. `nullobj` (with an
   * Error line) if the OS refused random bytes, and for an invalid Client.
   */
  CreateAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
    return this.native.CreateAuthorizationCodeVerifier();
  }
}
