// Client's connection methods (core: native/core/src/client/client_connection.cc): the session, and
// the reference's Core row (application id, logging, HTTP timeout, thread priority, version,
// Error/Status/ThreadToString).
import { binding, type LogCallback, type StatusChangedCallback } from './binding';
import { NativeClientMethods } from './native_client';
import type { ClientError, ClientStatus, ClientThread, LoggingSeverity } from './enums.generated';

export abstract class ConnectionMethods extends NativeClientMethods {
  /**
   * Opens the gateway session with the token given to UpdateToken. Status goes HttpWait,
   * Connecting, Connected, Ready; after a drop Reconnecting, resuming without losing events.
   */
  Connect(): void {
    this.native.Connect();
  }
  Disconnect(): void {
    this.native.Disconnect();
  }
  GetStatus(): ClientStatus {
    return this.native.GetStatus();
  }
  SetStatusChangedCallback(callback: StatusChangedCallback): void {
    this.native.SetStatusChangedCallback(callback);
  }

  // The reference's Core row.

  SetApplicationId(applicationId: bigint | string): void {
    this.native.SetApplicationId(applicationId);
  }
  GetApplicationId(): bigint {
    return this.native.GetApplicationId();
  }
  /**
   * Log lines at or above `minSeverity`, secrets already masked. Release builds deliver only
   * Warning and Error. The callback runs on the JS thread, after the SDK call that logged.
   */
  AddLogCallback(callback: LogCallback, minSeverity: LoggingSeverity): void {
    this.native.AddLogCallback(callback, minSeverity);
  }
  /** Appends to `<path>/sdkpp.log`; false (with a logged reason) if it cannot be written. */
  SetLogDir(path: string, minSeverity: LoggingSeverity): boolean {
    return this.native.SetLogDir(path, minSeverity);
  }
  /** Bounds every HTTP attempt (default 30000 ms); a timeout is a Retryable NetworkError. */
  SetHttpRequestTimeout(httpTimeoutInMilliseconds: number): void {
    this.native.SetHttpRequestTimeout(httpTimeoutInMilliseconds);
  }
  /**
   * Accepted for the C++ SDK's callers; it has no effect here (the SDK does all of its work on
   * the thread that created the Client) and logs a Warning saying so. Throws for a `thread`
   * that is not a Client.Thread value or a `priority` that is not a 32-bit integer.
   */
  SetThreadPriority(thread: ClientThread, priority: number): void {
    this.native.SetThreadPriority(thread, priority);
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
}
