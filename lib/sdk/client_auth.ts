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

export interface AuthorizeOutcome {
  result: ClientResult;
  code: string;
  redirectUri: string;
}
export interface TokenExchange {
  result: ClientResult;
  accessToken: string;
  refreshToken: string;
  tokenType: AuthorizationTokenType;
  expiresIn: number;
  scopes: string;
}
export interface ChildTokenExchange {
  result: ClientResult;
  accessToken: string;
  tokenType: AuthorizationTokenType;
  expiresIn: number;
  scopes: string;
}
export interface CurrentUser {
  result: ClientResult;
  id: bigint;
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
   * otherwise in the browser with a loopback redirect (or a custom scheme: see
   * HandleAuthorizeCallback).
   */
  Authorize(args: AuthorizationArgs): Promise<AuthorizeOutcome>;
  Authorize(args: AuthorizationArgs, callback: AuthorizationCallback): void;
  Authorize(args: AuthorizationArgs, callback?: AuthorizationCallback): Promise<AuthorizeOutcome> | void {
    return callbackOrPromise('Authorize', callback, (cb) => this.native.Authorize(args, cb),
      (result, code, redirectUri) => ({ result, code, redirectUri }));
  }
  AbortAuthorize(): void {
    this.native.AbortAuthorize();
  }
  /** Node addition: completes a custom-scheme Authorize with the URL the OS delivered. */
  HandleAuthorizeCallback(callbackUrl: string): boolean {
    return this.native.HandleAuthorizeCallback(callbackUrl);
  }

  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string): Promise<TokenExchange>;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback: TokenExchangeCallback): void;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetToken', callback,
      (cb) => this.native.GetToken(applicationId, code, codeVerifier, redirectUri, cb), tokenExchange);
  }

  GetTokenFromDevice(args: DeviceAuthorizationArgs): Promise<TokenExchange>;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback: TokenExchangeCallback): void;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromDevice', callback, (cb) => this.native.GetTokenFromDevice(args, cb), tokenExchange);
  }
  AbortGetTokenFromDevice(): void {
    this.native.AbortGetTokenFromDevice();
  }
  OpenAuthorizeDeviceScreen(clientId: bigint | string, userCode: string): void {
    this.native.OpenAuthorizeDeviceScreen(clientId, userCode);
  }
  CloseAuthorizeDeviceScreen(): void {
    this.native.CloseAuthorizeDeviceScreen();
  }

  RefreshToken(applicationId: bigint | string, refreshToken: string): Promise<TokenExchange>;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback: TokenExchangeCallback): void;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('RefreshToken', callback, (cb) => this.native.RefreshToken(applicationId, refreshToken, cb), tokenExchange);
  }

  RevokeToken(applicationId: bigint | string, token: string): Promise<ClientResult>;
  RevokeToken(applicationId: bigint | string, token: string, callback: ResultCallback): void;
  RevokeToken(applicationId: bigint | string, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('RevokeToken', callback, (cb) => this.native.RevokeToken(applicationId, token, cb), resultOnly);
  }

  UpdateToken(tokenType: AuthorizationTokenType, token: string): Promise<ClientResult>;
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback: ResultCallback): void;
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateToken', callback, (cb) => this.native.UpdateToken(tokenType, token, cb), resultOnly);
  }

  IsAuthenticated(): boolean {
    return this.native.IsAuthenticated();
  }

  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string): Promise<CurrentUser>;
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback: FetchCurrentUserCallback): void;
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback?: FetchCurrentUserCallback): Promise<CurrentUser> | void {
    return callbackOrPromise('FetchCurrentUser', callback, (cb) => this.native.FetchCurrentUser(tokenType, token, cb),
      (result, id, name) => ({ result, id, name }));
  }

  /** Fires once, before the current token expires by the service's clock. */
  SetTokenExpirationCallback(callback: (() => void) | undefined): void {
    this.native.SetTokenExpirationCallback(callback);
  }

  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetProvisionalToken', callback,
      (cb) => this.native.GetProvisionalToken(applicationId, externalAuthType, externalAuthToken, cb), tokenExchange);
  }

  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromProvisionalMerge', callback,
      (cb) => this.native.GetTokenFromProvisionalMerge(applicationId, code, codeVerifier, redirectUri, externalAuthType, externalAuthToken, cb),
      tokenExchange);
  }

  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<ClientResult>;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: ResultCallback): void;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UnmergeIntoProvisionalAccount', callback,
      (cb) => this.native.UnmergeIntoProvisionalAccount(applicationId, externalAuthType, externalAuthToken, cb), resultOnly);
  }

  UpdateProvisionalAccountDisplayName(name: string): Promise<ClientResult>;
  UpdateProvisionalAccountDisplayName(name: string, callback: ResultCallback): void;
  UpdateProvisionalAccountDisplayName(name: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateProvisionalAccountDisplayName', callback,
      (cb) => this.native.UpdateProvisionalAccountDisplayName(name, cb), resultOnly);
  }

  ProvisionalUserMergeCompleted(success: boolean): void {
    this.native.ProvisionalUserMergeCompleted(success);
  }

  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string): Promise<ChildTokenExchange>;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback: ExchangeChildTokenCallback): void;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback?: ExchangeChildTokenCallback): Promise<ChildTokenExchange> | void {
    return callbackOrPromise('ExchangeChildToken', callback,
      (cb) => this.native.ExchangeChildToken(parentApplicationToken, childApplicationId, cb),
      (result, accessToken, tokenType, expiresIn, scopes) => ({ result, accessToken, tokenType, expiresIn, scopes }));
  }

  /** The local chat client asks the game to authorize; re-subscribed after it restarts. */
  RegisterAuthorizeRequestCallback(callback: () => void): void {
    this.native.RegisterAuthorizeRequestCallback(callback);
  }
  RemoveAuthorizeRequestCallback(): void {
    this.native.RemoveAuthorizeRequestCallback();
  }
  SetGameWindowPid(pid: number): void {
    this.native.SetGameWindowPid(pid);
  }

  /** 'openid sdk.social_layer' */
  static GetDefaultCommunicationScopes(): string {
    return binding.NativeClient.GetDefaultCommunicationScopes();
  }
  /** 'openid sdk.social_layer_presence' */
  static GetDefaultPresenceScopes(): string {
    return binding.NativeClient.GetDefaultPresenceScopes();
  }
  /** A fresh PKCE pair (RFC 7636, S256) from the operating system's CSPRNG. */
  CreateAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
    return this.native.CreateAuthorizationCodeVerifier();
  }
}
