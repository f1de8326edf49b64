// Client's connection methods (core: native/core/src/client/client_connection.cc): the session, and
// the reference's Core row (application id, logging, HTTP timeout, thread priority, version,
// Error/Status/ThreadToString).
import { binding, type LogCallback, type StatusChangedCallback } from './binding';
import { NativeClientMethods } from './native_client';
import type { ClientError, ClientStatus, ClientThread, LoggingSeverity } from './enums.generated';

export abstract class ConnectionMethods extends NativeClientMethods {
  /**
   * Opens the gateway session with the token given to {@link Client.UpdateToken}: the status goes
   * HttpWait, Connecting, Connected, Ready (watch it with {@link Client.SetStatusChangedCallback}); after a
   * drop Reconnecting, resuming without losing events. Failures it retries by itself (refused
   * connections, timeouts, 429, 5xx) back off up to 60 s. With no token, or an expired one, it logs an
   * Error and goes Disconnected with {@link Client.Error} ConnectionFailed; a token the service refuses
   * (4004) or a 401/403/404 from `GET /gateway` stop it the same way, errorDetail naming the code.
   * @example
   * ```ts
   * await client.UpdateToken(AuthorizationTokenType.Bearer, accessToken);
   * client.SetStatusChangedCallback((status) => {
   *   if (status === Client.Status.Ready) start();
   * });
   * client.Connect();
   * ```
   */
  Connect(): void {
    this.native.Connect();
  }
  /**
   * Closes the gateway session (status Disconnecting, then Disconnected); the token stays, so Connect opens a new one.
   */
  Disconnect(): void {
    this.native.Disconnect();
  }
  /** The connection's status now ({@link Client.Status}; Disconnected for an invalid Client). */
  GetStatus(): ClientStatus {
    return this.native.GetStatus();
  }
  /**
   * Sets the callback for every status change: `(status, error, errorDetail)`, see
   * {@link StatusChangedCallback}. Replaces the previous one. Runs on the JS thread.
   */
  SetStatusChangedCallback(callback: StatusChangedCallback): void {
    this.native.SetStatusChangedCallback(callback);
  }

  // The reference's Core row.

  /**
   * Sets the application (client) id the SDK uses where a call takes none: Authorize with
   * ClientId 0n, the local chat client's handshake, invites.
   * @param applicationId a snowflake id: a bigint, or a string of decimal digits.
   */
  SetApplicationId(applicationId: bigint | string): void {
    this.native.SetApplicationId(applicationId);
  }
  /** The application id given to SetApplicationId (`0n` if none). */
  GetApplicationId(): bigint {
    return this.native.GetApplicationId();
  }
  /**
   * Adds a log callback: lines at or above `minSeverity`, secrets already masked. Release
   * builds deliver only Warning and Error. The callback runs on the JS thread, after the SDK call
   * that logged. Callbacks add up; none can be removed except by disposing the Client.
   * @param callback `(message, severity)`.
   * @param minSeverity the lowest {@link LoggingSeverity} delivered.
   */
  AddLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.native.AddLogCallback(callback, minSeverity);
  }
  /**
   * Appends the log to `<path>/sdkpp.log` (created readable by its owner only; a symbolic
   * link is refused), lines at or above `minSeverity`.
   * @param path an existing, writable folder (at most 4 KiB).
   * @returns false, with an Error line saying why, when the file cannot be written.
   */
  SetLogDir(path: string, minSeverity: LoggingSeverity): boolean {
    return this.native.SetLogDir(path, minSeverity);
  }
  /**
   * Bounds every HTTP attempt (default 30000 ms); a timeout is a Retryable NetworkError.
   * @param httpTimeoutInMilliseconds ms, positive; 0 or less is refused with a Warning and changes nothing.
   */
  SetHttpRequestTimeout(httpTimeoutInMilliseconds: number): void {
    this.native.SetHttpRequestTimeout(httpTimeoutInMilliseconds);
  }
  /**
   * Accepted for the C++ SDK's callers: for {@link Client.Thread} Voice the audio backend
   * applies `priority` when it can; for the others it has no effect here (the SDK does its work on
   * the thread that created the Client) and logs a Warning saying so.
   * @throws TypeError or RangeError for a `thread` that is not a Client.Thread value or a
   * `priority` that is not a 32-bit integer.
   */
  SetThreadPriority(thread: ClientThread, priority: number): void {
    this.native.SetThreadPriority(thread, priority);
  }

  /** The SDK's major version (the 1 of 1.2.3). */
  static GetVersionMajor(): number {
    return binding.NativeClient.GetVersionMajor();
  }
  /** The SDK's minor version. */
  static GetVersionMinor(): number {
    return binding.NativeClient.GetVersionMinor();
  }
  /** The SDK's patch version. */
  static GetVersionPatch(): number {
    return binding.NativeClient.GetVersionPatch();
  }
  /**
   * The commit the addon was built from (a git hash), or 'unknown' when the build could not tell.
   */
  static GetVersionHash(): string {
    return binding.NativeClient.GetVersionHash();
  }
  /**
   * The name of a {@link Client.Error} value ('ConnectionFailed'); 'unknown' for a value not in the enum.
   */
  static ErrorToString(value: ClientError): string {
    return binding.NativeClient.ErrorToString(value);
  }
  /**
   * The name of a {@link Client.Status} value ('Ready'); 'unknown' for a value not in the enum.
   */
  static StatusToString(value: ClientStatus): string {
    return binding.NativeClient.StatusToString(value);
  }
  /**
   * The name of a {@link Client.Thread} value ('Voice'); 'unknown' for a value not in the enum.
   */
  static ThreadToString(value: ClientThread): string {
    return binding.NativeClient.ThreadToString(value);
  }
}
