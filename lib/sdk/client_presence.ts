// Client's rich presence, activity invite and launch methods (core:
// native/core/src/client/client_presence.cc).
import type { Activity, ActivityInvite, ClientResult } from './binding';
import type { AcceptedActivityInvite } from './outcomes_types';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { AuthMethods } from './client_auth';
import type * as Enums from './enums.generated';
import type { AcceptActivityInviteCallback, ResultOnlyCallback } from './social_types';
import type { Id } from './native_client';

export abstract class PresenceMethods extends AuthMethods {
  /**
   * Sets the player's rich presence: checked first ({@link Activity} lists the rules; a broken
   * one answers a ValidationError naming the field), then sent through the local chat client when
   * it runs, else through the gateway.
   * @param activity the activity to show (a copy is kept: SendActivityInvite uses its party and join secret).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError}: ValidationError,
   * ClientNotReady when there is neither a local chat client nor a Ready session (the text says
   * whether to call Connect or wait for Ready).
   */
  UpdateRichPresence(activity: Activity): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  UpdateRichPresence(activity: Activity, callback: ResultOnlyCallback): void;
  UpdateRichPresence(activity: Activity, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UpdateRichPresence', callback, (cb) => this.native.UpdateRichPresence(activity, cb), resultOnly);
  }
  /**
   * Clears the player's rich presence (through the local chat client, or the gateway when Ready).
   */
  ClearRichPresence(): void {
    this.native.ClearRichPresence();
  }
  /**
   * Sets the player's online status, sent through the gateway.
   * @param status Online, Idle, Dnd or Invisible ({@link StatusType}); another answers a ValidationError.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError, ClientNotReady).
   */
  SetOnlineStatus(status: Enums.StatusType): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SetOnlineStatus(status: Enums.StatusType, callback: ResultOnlyCallback): void;
  SetOnlineStatus(status: Enums.StatusType, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SetOnlineStatus', callback, (cb) => this.native.SetOnlineStatus(status, cb), resultOnly);
  }
  /**
   * Invites `userId` to the party of the current rich presence (it needs a party id and a join secret).
   * @param userId the user to invite (a bigint, or a string of decimal digits).
   * @param content an optional message: 0 to {@link Limits.MaxActivityInviteContentCodePoints} characters.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError}: ValidationError (no
   * party or join secret, content too long), ClientNotReady without a token, HTTPError, NetworkError.
   */
  SendActivityInvite(userId: Id, content: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendActivityInvite(userId: Id, content: string, callback: ResultOnlyCallback): void;
  SendActivityInvite(userId: Id, content: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityInvite', callback, (cb) => this.native.SendActivityInvite(userId, content, cb), resultOnly);
  }
  /**
   * Asks `userId` to let the current user join their party (their rich presence must show one).
   * @param userId the player whose party to join.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError}: ValidationError when
   * that player shows no party, ClientNotReady, HTTPError, NetworkError.
   */
  SendActivityJoinRequest(userId: Id): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendActivityJoinRequest(userId: Id, callback: ResultOnlyCallback): void;
  SendActivityJoinRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityJoinRequest', callback, (cb) => this.native.SendActivityJoinRequest(userId, cb), resultOnly);
  }
  /**
   * Answers a join request by inviting its sender to the current party.
   * @param invite the JoinRequest invite ({@link Client.SetActivityInviteCreatedCallback} delivered it).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError}: ValidationError (not a
   * JoinRequest, or no party or join secret of one's own), ClientNotReady, HTTPError, NetworkError.
   */
  SendActivityJoinRequestReply(invite: ActivityInvite): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendActivityJoinRequestReply(invite: ActivityInvite, callback: ResultOnlyCallback): void;
  SendActivityJoinRequestReply(invite: ActivityInvite, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendActivityJoinRequestReply', callback,
      (cb) => this.native.SendActivityJoinRequestReply(invite, cb), resultOnly);
  }
  /**
   * Accepts a Join invite: the service answers the party's join secret; join the game's session with it.
   * @param invite a valid Join invite (with its MessageId).
   * @returns Resolves with `{ result, joinSecret }`; rejects with an {@link SdkError}: ValidationError
   * for another invite, ClientNotReady, HTTPError (the invite ended), NetworkError.
   */
  AcceptActivityInvite(invite: ActivityInvite): Promise<AcceptedActivityInvite>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  AcceptActivityInvite(invite: ActivityInvite, callback: AcceptActivityInviteCallback): void;
  AcceptActivityInvite(invite: ActivityInvite, callback?: AcceptActivityInviteCallback) {
    return callbackOrPromise('AcceptActivityInvite', callback, (cb) => this.native.AcceptActivityInvite(invite, cb),
      (result, joinSecret) => ({ result, joinSecret }));
  }
  /**
   * Sets the callback for each new invite or join request to the current user (from the
   * gateway or the local chat client; each once). Replaces the previous one.
   */
  SetActivityInviteCreatedCallback(callback: (invite: ActivityInvite) => void): void {
    this.native.SetActivityInviteCreatedCallback(callback);
  }
  /**
   * Sets the callback for an invite whose validity changed (`invite.IsValid()`). Replaces the previous one.
   */
  SetActivityInviteUpdatedCallback(callback: (invite: ActivityInvite) => void): void {
    this.native.SetActivityInviteUpdatedCallback(callback);
  }
  /**
   * Sets the callback for the player accepting an invite in the local chat client: join the
   * party of the join secret it gets. Replaces the previous one.
   */
  SetActivityJoinCallback(callback: (joinSecret: string) => void): void {
    this.native.SetActivityJoinCallback(callback);
  }
  /**
   * As SetActivityJoinCallback, with the application the invite was for (both may be set; each is called).
   */
  SetActivityJoinWithApplicationCallback(callback: (applicationId: bigint, joinSecret: string) => void): void {
    this.native.SetActivityJoinWithApplicationCallback(callback);
  }
  /**
   * Registers the `sdkpp-<applicationId>` URL scheme with the OS, so that a join from the chat
   * client can start the game with `command` (Linux today: a desktop entry).
   * @param applicationId the application id (not 0).
   * @param command a one-line command.
   * @returns false, with a log line saying why, when it could not be registered.
   */
  RegisterLaunchCommand(applicationId: Id, command: string): boolean {
    return this.native.RegisterLaunchCommand(applicationId, command);
  }
  /**
   * RegisterLaunchCommand for a Steam game: the command opens `steam://rungameid/<steamAppId>`.
   * @param steamAppId the Steam app id (not 0).
   * @returns false, with a log line, when it could not be registered.
   */
  RegisterLaunchSteamApplication(applicationId: Id, steamAppId: number): boolean {
    return this.native.RegisterLaunchSteamApplication(applicationId, steamAppId);
  }
  /**
   * Whether the local chat client answers on IPC (its sockets, `sdkpp-ipc-{0..9}`).
   * @returns Resolves with true or false; never rejects.
   */
  IsServiceAppInstalled(): Promise<boolean>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  IsServiceAppInstalled(callback: (installed: boolean) => void): void;
  IsServiceAppInstalled(callback?: (installed: boolean) => void): Promise<boolean> | void {
    if (callback) return this.native.IsServiceAppInstalled(callback);
    return new Promise((resolve) => this.native.IsServiceAppInstalled(resolve));
  }
}
