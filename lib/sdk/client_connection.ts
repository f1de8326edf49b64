// Client's connection methods (core: native/core/src/client/client_connection.cc).
import type { StatusChangedCallback } from './binding';
import { NativeClientMethods } from './client_native';
import type { ClientStatus } from './enums.generated';

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
}
