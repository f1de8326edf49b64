// Client's user and guild methods (core: native/core/src/client/client_users.cc).
import type { ClientResult } from './binding';
import type { GuildChannels, ServiceClientUser, UserGuilds } from './outcomes_types';
import { callbackOrPromise } from './callback_or_promise';
import { RelationshipsMethods } from './client_relationships';
import type {
  GetGuildChannelsCallback,
  GetServiceClientConnectedUserCallback,
  GetUserGuildsCallback,
  GuildChannel,
  GuildMinimal,
  UserApplicationProfileHandle,
  UserHandle,
} from './social_types';
import type { Id } from './native_client';

export abstract class UsersMethods extends RelationshipsMethods {
  /**
   * The guilds the current user is in (`GET /users/@me/guilds`).
   * @returns Resolves with `{ result, guilds }`; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  GetUserGuilds(): Promise<UserGuilds>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetUserGuilds(callback: GetUserGuildsCallback): void;
  GetUserGuilds(callback?: GetUserGuildsCallback) {
    return callbackOrPromise('GetUserGuilds', callback, (cb) => this.native.GetUserGuilds(cb), (result, guilds) => ({ result, guilds }));
  }
  /**
   * A guild's channels the current user can see, sorted as the chat client shows them
   * (loose channels first, then each category with its channels; text before voice, then by position).
   * @param guildId the guild (a bigint, or a string of decimal digits).
   * @returns Resolves with `{ result, guildChannels }`; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  GetGuildChannels(guildId: Id): Promise<GuildChannels>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetGuildChannels(guildId: Id, callback: GetGuildChannelsCallback): void;
  GetGuildChannels(guildId: Id, callback?: GetGuildChannelsCallback) {
    return callbackOrPromise('GetGuildChannels', callback, (cb) => this.native.GetGuildChannels(guildId, cb),
      (result, guildChannels) => ({ result, guildChannels }));
  }
  /**
   * The current user, live.
   * @deprecated Before Ready this answers a placeholder user (id 0, defaults); use {@link Client.GetCurrentUserV2}.
   */
  GetCurrentUser(): UserHandle {
    return this.native.GetCurrentUser();
  }
  /** The current user, live; undefined until the Client is Ready. */
  GetCurrentUserV2(): UserHandle | undefined {
    return this.native.GetCurrentUserV2();
  }
  /**
   * A live view of a user the SDK knows (friends, lobby members, message authors); undefined otherwise.
   */
  GetUser(userId: Id): UserHandle | undefined {
    return this.native.GetUser(userId);
  }
  /**
   * The user the local chat client is logged in as, asked over IPC.
   * @param applicationId the application id (not 0: a ValidationError).
   * @returns Resolves with `{ result, user }`; rejects with an {@link SdkError}: RPCError when no chat
   * client answers or it names no user, ValidationError.
   */
  GetServiceClientConnectedUser(applicationId: Id): Promise<ServiceClientUser>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetServiceClientConnectedUser(applicationId: Id, callback: GetServiceClientConnectedUserCallback): void;
  GetServiceClientConnectedUser(applicationId: Id, callback?: GetServiceClientConnectedUserCallback) {
    return callbackOrPromise('GetServiceClientConnectedUser', callback,
      (cb) => this.native.GetServiceClientConnectedUser(applicationId, cb), (result, user) => ({ result, user }));
  }
  /** The current user's linked external identities for this application (empty before Ready). */
  GetUserApplicationProfiles(): UserApplicationProfileHandle[] {
    return this.native.GetUserApplicationProfiles();
  }
  /**
   * The same as GetUserApplicationProfiles: every call runs on one thread, so there is no lock.
   */
  GetUserApplicationProfilesNoLock(): UserApplicationProfileHandle[] {
    return this.native.GetUserApplicationProfilesNoLock();
  }
  /**
   * Sets the callback for a change of a user the SDK knows (name, avatar, status, activity). Replaces the previous one.
   */
  SetUserUpdatedCallback(callback: (userId: bigint) => void): void {
    this.native.SetUserUpdatedCallback(callback);
  }
}
