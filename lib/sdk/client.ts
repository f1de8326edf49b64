// The SDK's entry point for JS: the C++ Client's methods with their C++ names. A method whose
// C++ form ends in a callback takes it, or returns a Promise when it is omitted.
import { NodePlatformHost, type NodePlatformOptions } from '../platform/node_host';
import {
  binding,
  type AuthorizationCallback,
  type ClientResult,
  type ExchangeChildTokenCallback,
  type FetchCurrentUserCallback,
  type LogCallback,
  type ResultCallback,
  type StatusChangedCallback,
  type TokenExchangeCallback,
} from './binding';
import { callbackOrPromise } from './callback_or_promise';
import type { NativeClient } from './native_client';
import { PresenceMethods } from './client_presence';
import {
  ClientError,
  ClientStatus,
  ClientThread,
  type AuthenticationExternalAuthType,
  type AuthorizationTokenType,
  type LoggingSeverity,
} from './enums.generated';
import {
  ClientCreateOptions,
  type AuthorizationArgs,
  type AuthorizationCodeVerifier,
  type DeviceAuthorizationArgs,
} from './values';

const NULL_CLIENT = Symbol('sdkpp.nullClient');
const NODE_OPTION_KEYS = ['openUrl', 'now', 'ipcPaths'] as const;

function checkNodeOptions(options: unknown): asserts options is NodePlatformOptions | undefined {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('new Client: nodeOptions must be an object');
  }
  for (const [key, value] of Object.entries(options)) {
    if (!(NODE_OPTION_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(
        `new Client: unknown option '${key}' (options of the service go in a ClientCreateOptions; ` +
          `Node options are ${NODE_OPTION_KEYS.join(', ')})`,
      );
    }
    if (value !== undefined && typeof value !== 'function') {
      throw new TypeError(`new Client: nodeOptions.${key} must be a function`);
    }
  }
}

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
const resultOnly = (result: ClientResult) => result;

export class Client extends PresenceMethods {
  static readonly Status = ClientStatus;
  static readonly Error = ClientError;
  static readonly Thread = ClientThread;
  /** An invalid Client: calls answer defaults, and callbacks a ClientDestroyed result. */
  static readonly nullobj: Client = new Client(NULL_CLIENT as never);

  readonly #native: NativeClient;
  readonly #host: NodePlatformHost | undefined;

  constructor(nodeOptions?: NodePlatformOptions);
  constructor(apiBase: string, webBase: string, nodeOptions?: NodePlatformOptions);
  constructor(options: ClientCreateOptions, nodeOptions?: NodePlatformOptions);
  constructor(...args: unknown[]) {
    super();
    if (args[0] === NULL_CLIENT) {
      this.#native = new binding.NativeClient();
      this.#native.Destroy();
      this.#host = undefined;
      return;
    }
    let options: ClientCreateOptions | undefined;
    let nodeOptions: NodePlatformOptions | undefined;
    if (typeof args[0] === 'string' || typeof args[1] === 'string') {
      options = new ClientCreateOptions();
      options.SetApiBase(args[0] as string);
      options.SetWebBase(args[1] as string);
      nodeOptions = args[2] as NodePlatformOptions | undefined;
    } else if (args[0] instanceof ClientCreateOptions || args.length >= 2) {
      options = args[0] as ClientCreateOptions | undefined;
      nodeOptions = args[1] as NodePlatformOptions | undefined;
    } else {
      nodeOptions = args[0] as NodePlatformOptions | undefined;
    }
    checkNodeOptions(nodeOptions);
    const host = new NodePlatformHost(nodeOptions);
    this.#native = new binding.NativeClient(options, host);
    host.attach(this.#native);
    this.#host = host;
  }

  protected get native(): NativeClient {
    return this.#native;
  }

  /** False for Client.nullobj and after Dispose() (the C++ `operator bool`). */
  get valid(): boolean {
    return this.#host !== undefined && !this.#disposed;
  }
  #disposed = false;

  /**
   * Node addition (C#'s Dispose): destroys the native client now. Pending operations answer
   * ClientDestroyed; later calls answer defaults or ClientDestroyed.
   */
  Dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#native.Destroy();
    // Let the ClientDestroyed answers reach their callbacks before the host lets go.
    setImmediate(() => this.#host?.close());
  }

  // --- Core

  SetApplicationId(applicationId: bigint | string): void {
    this.#native.SetApplicationId(applicationId);
  }
  GetApplicationId(): bigint {
    return this.#native.GetApplicationId();
  }
  /**
   * Log lines at or above `minSeverity`, secrets already masked. Release builds deliver only
   * Warning and Error. The callback runs on the JS thread, after the SDK call that logged.
   */
  AddLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.#native.AddLogCallback(callback, minSeverity);
  }
  /** Appends to `<path>/sdkpp.log`; false (with a logged reason) if it cannot be written. */
  SetLogDir(path: string, minSeverity: LoggingSeverity): boolean {
    return this.#native.SetLogDir(path, minSeverity);
  }
  /** Bounds every HTTP attempt (default 30000 ms); a timeout is a Retryable NetworkError. */
  SetHttpRequestTimeout(httpTimeoutInMilliseconds: number): void {
    this.#native.SetHttpRequestTimeout(httpTimeoutInMilliseconds);
  }
  /**
   * Accepted for the C++ SDK's callers; it has no effect here (the SDK does all of its work on
   * the thread that created the Client) and logs a Warning saying so. Throws for a `thread`
   * that is not a Client.Thread value or a `priority` that is not a 32-bit integer.
   */
  SetThreadPriority(thread: ClientThread, priority: number): void {
    this.#native.SetThreadPriority(thread, priority);
  }
  /**
   * Opens the gateway session with the token given to UpdateToken. Status goes HttpWait,
   * Connecting, Connected, Ready; after a drop Reconnecting, resuming without losing events.
   */
  Connect(): void {
    this.#native.Connect();
  }
  Disconnect(): void {
    this.#native.Disconnect();
  }
  GetStatus(): ClientStatus {
    return this.#native.GetStatus();
  }
  SetStatusChangedCallback(callback: StatusChangedCallback): void {
    this.#native.SetStatusChangedCallback(callback);
  }

  static GetVersionMajor(): number {
    return binding.NativeClient.GetVersionMajor();
  }
  static GetVersionMinor(): number {
    return binding.NativeClient.GetVersionMinor();
  }
  static GetVersionPatch(): number {
    return binding.NativeClient.GetVersionPatch();
  }
  static GetVersionHash(): string {
    return binding.NativeClient.GetVersionHash();
  }
  static ErrorToString(value: ClientError): string {
    return binding.NativeClient.ErrorToString(value);
  }
  static StatusToString(value: ClientStatus): string {
    return binding.NativeClient.StatusToString(value);
  }
  static ThreadToString(value: ClientThread): string {
    return binding.NativeClient.ThreadToString(value);
  }

  // --- Auth

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
    return this.#native.CreateAuthorizationCodeVerifier();
  }

  /**
   * Asks the player to authorize the game: through the local chat client when it runs,
   * otherwise in the browser with a loopback redirect (or a custom scheme: see
   * HandleAuthorizeCallback).
   */
  Authorize(args: AuthorizationArgs): Promise<AuthorizeOutcome>;
  Authorize(args: AuthorizationArgs, callback: AuthorizationCallback): void;
  Authorize(args: AuthorizationArgs, callback?: AuthorizationCallback): Promise<AuthorizeOutcome> | void {
    return callbackOrPromise('Authorize', callback, (cb) => this.#native.Authorize(args, cb),
      (result, code, redirectUri) => ({ result, code, redirectUri }));
  }
  AbortAuthorize(): void {
    this.#native.AbortAuthorize();
  }
  /** Node addition: completes a custom-scheme Authorize with the URL the OS delivered. */
  HandleAuthorizeCallback(callbackUrl: string): boolean {
    return this.#native.HandleAuthorizeCallback(callbackUrl);
  }

  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string): Promise<TokenExchange>;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback: TokenExchangeCallback): void;
  GetToken(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetToken', callback,
      (cb) => this.#native.GetToken(applicationId, code, codeVerifier, redirectUri, cb), tokenExchange);
  }

  GetTokenFromDevice(args: DeviceAuthorizationArgs): Promise<TokenExchange>;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback: TokenExchangeCallback): void;
  GetTokenFromDevice(args: DeviceAuthorizationArgs, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromDevice', callback, (cb) => this.#native.GetTokenFromDevice(args, cb), tokenExchange);
  }
  AbortGetTokenFromDevice(): void {
    this.#native.AbortGetTokenFromDevice();
  }
  OpenAuthorizeDeviceScreen(clientId: bigint | string, userCode: string): void {
    this.#native.OpenAuthorizeDeviceScreen(clientId, userCode);
  }
  CloseAuthorizeDeviceScreen(): void {
    this.#native.CloseAuthorizeDeviceScreen();
  }

  RefreshToken(applicationId: bigint | string, refreshToken: string): Promise<TokenExchange>;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback: TokenExchangeCallback): void;
  RefreshToken(applicationId: bigint | string, refreshToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('RefreshToken', callback, (cb) => this.#native.RefreshToken(applicationId, refreshToken, cb), tokenExchange);
  }

  RevokeToken(applicationId: bigint | string, token: string): Promise<ClientResult>;
  RevokeToken(applicationId: bigint | string, token: string, callback: ResultCallback): void;
  RevokeToken(applicationId: bigint | string, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('RevokeToken', callback, (cb) => this.#native.RevokeToken(applicationId, token, cb), resultOnly);
  }

  UpdateToken(tokenType: AuthorizationTokenType, token: string): Promise<ClientResult>;
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback: ResultCallback): void;
  UpdateToken(tokenType: AuthorizationTokenType, token: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateToken', callback, (cb) => this.#native.UpdateToken(tokenType, token, cb), resultOnly);
  }

  IsAuthenticated(): boolean {
    return this.#native.IsAuthenticated();
  }

  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string): Promise<CurrentUser>;
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback: FetchCurrentUserCallback): void;
  FetchCurrentUser(tokenType: AuthorizationTokenType, token: string, callback?: FetchCurrentUserCallback): Promise<CurrentUser> | void {
    return callbackOrPromise('FetchCurrentUser', callback, (cb) => this.#native.FetchCurrentUser(tokenType, token, cb),
      (result, id, name) => ({ result, id, name }));
  }

  /** Fires once, before the current token expires by the service's clock. */
  SetTokenExpirationCallback(callback: (() => void) | undefined): void {
    this.#native.SetTokenExpirationCallback(callback);
  }

  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetProvisionalToken(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetProvisionalToken', callback,
      (cb) => this.#native.GetProvisionalToken(applicationId, externalAuthType, externalAuthToken, cb), tokenExchange);
  }

  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<TokenExchange>;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: TokenExchangeCallback): void;
  GetTokenFromProvisionalMerge(applicationId: bigint | string, code: string, codeVerifier: string, redirectUri: string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: TokenExchangeCallback): Promise<TokenExchange> | void {
    return callbackOrPromise('GetTokenFromProvisionalMerge', callback,
      (cb) => this.#native.GetTokenFromProvisionalMerge(applicationId, code, codeVerifier, redirectUri, externalAuthType, externalAuthToken, cb),
      tokenExchange);
  }

  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string): Promise<ClientResult>;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback: ResultCallback): void;
  UnmergeIntoProvisionalAccount(applicationId: bigint | string, externalAuthType: AuthenticationExternalAuthType, externalAuthToken: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UnmergeIntoProvisionalAccount', callback,
      (cb) => this.#native.UnmergeIntoProvisionalAccount(applicationId, externalAuthType, externalAuthToken, cb), resultOnly);
  }

  UpdateProvisionalAccountDisplayName(name: string): Promise<ClientResult>;
  UpdateProvisionalAccountDisplayName(name: string, callback: ResultCallback): void;
  UpdateProvisionalAccountDisplayName(name: string, callback?: ResultCallback): Promise<ClientResult> | void {
    return callbackOrPromise('UpdateProvisionalAccountDisplayName', callback,
      (cb) => this.#native.UpdateProvisionalAccountDisplayName(name, cb), resultOnly);
  }

  ProvisionalUserMergeCompleted(success: boolean): void {
    this.#native.ProvisionalUserMergeCompleted(success);
  }

  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string): Promise<ChildTokenExchange>;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback: ExchangeChildTokenCallback): void;
  ExchangeChildToken(parentApplicationToken: string, childApplicationId: bigint | string, callback?: ExchangeChildTokenCallback): Promise<ChildTokenExchange> | void {
    return callbackOrPromise('ExchangeChildToken', callback,
      (cb) => this.#native.ExchangeChildToken(parentApplicationToken, childApplicationId, cb),
      (result, accessToken, tokenType, expiresIn, scopes) => ({ result, accessToken, tokenType, expiresIn, scopes }));
  }

  /** The local chat client asks the game to authorize; re-subscribed after it restarts. */
  RegisterAuthorizeRequestCallback(callback: () => void): void {
    this.#native.RegisterAuthorizeRequestCallback(callback);
  }
  RemoveAuthorizeRequestCallback(): void {
    this.#native.RemoveAuthorizeRequestCallback();
  }
  SetGameWindowPid(pid: number): void {
    this.#native.SetGameWindowPid(pid);
  }
}

export declare namespace Client {
  type Status = ClientStatus;
  type Error = ClientError;
  type Thread = ClientThread;
}
