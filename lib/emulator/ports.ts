// What the control API drives in the other adapters, as interfaces: the gateway and the local
// client implement them and startEmulator plugs them in, so no adapter imports another.
import type { GuildObserver } from './domain/channels';

export interface GatewayControl extends GuildObserver {
  /** Sends Reconnect (op 7) to connected sessions (of one user, or all); returns how many. */
  reconnect(filter?: { userId?: string }): number;
  /**
   * Cuts the sockets of identified sessions (of one user, or all) without a close frame, as a
   * network failure would; the sessions stay resumable. Returns how many.
   */
  drop(filter?: { userId?: string }): number;
}

export interface LocalClientControl {
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Sends AUTHORIZE_REQUEST to subscribed games. Returns how many got it. */
  requestAuthorize(): number;
  /** Decides a pending AUTHORIZE command (the person clicking in the chat client). */
  decideAuthorize(id: string, approved: boolean, userId: string | null): boolean;
  /** AUTHORIZE commands waiting for a decision. */
  pendingAuthorizations(): PendingIpcAuthorization[];
  /** ACTIVITY_JOIN {secret} to subscribed games (of one application); returns how many. */
  activityJoin(secret: string, applicationId?: string): number;
  /** ACTIVITY_JOIN_REQUEST {user} to subscribed games (of one application); returns how many. */
  activityJoinRequest(userId: string, applicationId?: string): number;
}

export interface PendingIpcAuthorization {
  id: string;
  applicationId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string | null;
  integrationType: number | null;
}
