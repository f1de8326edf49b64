// The SDK's entry point for JS: the C++ Client's methods with their C++ names.
import { binding, type LogCallback, type NativeClient } from './binding';
import {
  ClientError,
  ClientStatus,
  ClientThread,
  type LoggingSeverity,
} from './enums.generated';
import type { AuthorizationCodeVerifier, ClientCreateOptions } from './values';

const NULL_CLIENT = Symbol('sdkpp.nullClient');

export class Client {
  static readonly Status = ClientStatus;
  static readonly Error = ClientError;
  static readonly Thread = ClientThread;
  /** An invalid Client: every call on it answers defaults. */
  static readonly nullobj: Client = new Client(NULL_CLIENT as never);

  readonly #native: NativeClient | undefined;

  constructor();
  constructor(apiBase: string, webBase: string);
  constructor(options: ClientCreateOptions);
  constructor(...args: unknown[]) {
    if (args.length === 1 && args[0] === NULL_CLIENT) {
      this.#native = undefined;
      return;
    }
    this.#native = new (binding.NativeClient as unknown as new (...a: unknown[]) => NativeClient)(
      ...args,
    );
  }

  /** False for Client.nullobj (the C++ `operator bool`). */
  get valid(): boolean {
    return this.#native !== undefined;
  }

  // --- Core

  SetApplicationId(applicationId: bigint | string): void {
    this.#native?.SetApplicationId(applicationId);
  }

  GetApplicationId(): bigint {
    return this.#native?.GetApplicationId() ?? 0n;
  }

  /**
   * Log lines at or above `minSeverity`, secrets already masked. Release builds deliver only
   * Warning and Error. The callback runs on the JS thread, after the SDK call that logged.
   */
  AddLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.#native?.AddLogCallback(callback, minSeverity);
  }

  /** Appends to `<path>/sdkpp.log`; false (with a logged reason) if it cannot be written. */
  SetLogDir(path: string, minSeverity: LoggingSeverity): boolean {
    return this.#native?.SetLogDir(path, minSeverity) ?? false;
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
    return this.#native
      ? this.#native.CreateAuthorizationCodeVerifier()
      : binding.AuthorizationCodeVerifier.nullobj;
  }
}

// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Client {
  type Status = ClientStatus;
  type Error = ClientError;
  type Thread = ClientThread;
}
