// Client's rich presence, activity invite and launch methods (core:
// native/core/src/client/client_presence.cc).
import type { Activity, ActivityInvite, ClientResult } from './binding';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { AuthMethods } from './client_auth';
import type * as Enums from './enums.generated';
import type { AcceptActivityInviteCallback, ResultOnlyCallback } from './social_types';
import type { Id } from './native_client';

export abstract class PresenceMethods extends AuthMethods {
  /**
   * Validated (types Playing, Listening, Watching, Competing; bounded texts; http(s) links),
   * then sent through the local client when it runs, else through the gateway.
   */
  UpdateRichPresence(activity: Activity): Promise<ClientResult>;
  UpdateRichPresence(activity: Activity, callback: ResultOnlyCallback): void;
  UpdateRichPresence(activity: Activity, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UpdateRichPresence', callback, (cb) => this.native.UpdateRichPresence(activity, cb), resultOnly);
  }
  ClearRichPresence(): void {
    this.native.ClearRichPresence();
  }
  SetOnlineStatus(status: Enums.StatusType): Promise<ClientResult>;
  SetOnlineStatus(status: Enums.StatusType, callback: ResultOnlyCallback): void;
  SetOnlineStatus(status: Enums.StatusType, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SetOnlineStatus', callback, (cb) => this.native.SetOnlineStatus(status, cb), resultOnly);
  }
  /** Invites `userId` to the party of the current rich presence (party and join secret needed). */
  SendActivityInvite(userId: Id, content: string): Promise<ClientResult>;
  SendActivityInvite(userId: Id, content: string, callback: ResultOnlyCallback): void;
  SendActivityInvite(userId: Id, content: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityInvite', callback, (cb) => this.native.SendActivityInvite(userId, content, cb), resultOnly);
  }
  SendActivityJoinRequest(userId: Id): Promise<ClientResult>;
  SendActivityJoinRequest(userId: Id, callback: ResultOnlyCallback): void;
  SendActivityJoinRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityJoinRequest', callback, (cb) => this.native.SendActivityJoinRequest(userId, cb), resultOnly);
  }
  SendActivityJoinRequestReply(invite: ActivityInvite): Promise<ClientResult>;
  SendActivityJoinRequestReply(invite: ActivityInvite, callback: ResultOnlyCallback): void;
  SendActivityJoinRequestReply(invite: ActivityInvite, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityJoinRequestReply', callback,
      (cb) => this.native.SendActivityJoinRequestReply(invite, cb), resultOnly);
  }
  /** Resolves with the join secret of the invite's party. */
  AcceptActivityInvite(invite: ActivityInvite): Promise<{ result: ClientResult; joinSecret: string }>;
  AcceptActivityInvite(invite: ActivityInvite, callback: AcceptActivityInviteCallback): void;
  AcceptActivityInvite(invite: ActivityInvite, callback?: AcceptActivityInviteCallback) {
    return callbackOrPromise('AcceptActivityInvite', callback, (cb) => this.native.AcceptActivityInvite(invite, cb),
      (result, joinSecret) => ({ result, joinSecret }));
  }
  SetActivityInviteCreatedCallback(callback: (invite: ActivityInvite) => void): void {
    this.native.SetActivityInviteCreatedCallback(callback);
  }
  SetActivityInviteUpdatedCallback(callback: (invite: ActivityInvite) => void): void {
    this.native.SetActivityInviteUpdatedCallback(callback);
  }
  SetActivityJoinCallback(callback: (joinSecret: string) => void): void {
    this.native.SetActivityJoinCallback(callback);
  }
  SetActivityJoinWithApplicationCallback(callback: (applicationId: bigint, joinSecret: string) => void): void {
    this.native.SetActivityJoinWithApplicationCallback(callback);
  }
  /** Registers the sdkpp-<applicationId> URL scheme with the OS (Linux today). */
  RegisterLaunchCommand(applicationId: Id, command: string): boolean {
    return this.native.RegisterLaunchCommand(applicationId, command);
  }
  RegisterLaunchSteamApplication(applicationId: Id, steamAppId: number): boolean {
    return this.native.RegisterLaunchSteamApplication(applicationId, steamAppId);
  }
  /** Whether the local chat client answers on IPC. */
  IsServiceAppInstalled(): Promise<boolean>;
  IsServiceAppInstalled(callback: (installed: boolean) => void): void;
  IsServiceAppInstalled(callback?: (installed: boolean) => void): Promise<boolean> | void {
    if (callback) return this.native.IsServiceAppInstalled(callback);
    return new Promise((resolve) => this.native.IsServiceAppInstalled(resolve));
  }
}
