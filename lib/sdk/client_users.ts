// Client's user and guild methods (core: native/core/src/client/client_users.cc).
import type { ClientResult } from './binding';
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
  GetUserGuilds(): Promise<{ result: ClientResult; guilds: GuildMinimal[] }>;
  GetUserGuilds(callback: GetUserGuildsCallback): void;
  GetUserGuilds(callback?: GetUserGuildsCallback) {
    return callbackOrPromise('GetUserGuilds', callback, (cb) => this.native.GetUserGuilds(cb), (result, guilds) => ({ result, guilds }));
  }
  /** Sorted as the chat client shows them. */
  GetGuildChannels(guildId: Id): Promise<{ result: ClientResult; guildChannels: GuildChannel[] }>;
  GetGuildChannels(guildId: Id, callback: GetGuildChannelsCallback): void;
  GetGuildChannels(guildId: Id, callback?: GetGuildChannelsCallback) {
    return callbackOrPromise('GetGuildChannels', callback, (cb) => this.native.GetGuildChannels(guildId, cb),
      (result, guildChannels) => ({ result, guildChannels }));
  }
  /** @deprecated Before Ready this answers a placeholder user; use GetCurrentUserV2. */
  GetCurrentUser(): UserHandle {
    return this.native.GetCurrentUser();
  }
  /** undefined until the Client is Ready. */
  GetCurrentUserV2(): UserHandle | undefined {
    return this.native.GetCurrentUserV2();
  }
  GetUser(userId: Id): UserHandle | undefined {
    return this.native.GetUser(userId);
  }
  /**
   * The user the local chat client is logged in as, asked over IPC; an RPCError result when no
   * chat client answers. The Promise resolves to `{ result, user }`.
   */
  GetServiceClientConnectedUser(applicationId: Id): Promise<{ result: ClientResult; user: UserHandle | undefined }>;
  GetServiceClientConnectedUser(applicationId: Id, callback: GetServiceClientConnectedUserCallback): void;
  GetServiceClientConnectedUser(applicationId: Id, callback?: GetServiceClientConnectedUserCallback) {
    return callbackOrPromise('GetServiceClientConnectedUser', callback,
      (cb) => this.native.GetServiceClientConnectedUser(applicationId, cb), (result, user) => ({ result, user }));
  }
  /** The current user's application profiles (empty before Ready). */
  GetUserApplicationProfiles(): UserApplicationProfileHandle[] {
    return this.native.GetUserApplicationProfiles();
  }
  /** The same as GetUserApplicationProfiles: every call runs on one thread, so there is no lock. */
  GetUserApplicationProfilesNoLock(): UserApplicationProfileHandle[] {
    return this.native.GetUserApplicationProfilesNoLock();
  }
  SetUserUpdatedCallback(callback: (userId: bigint) => void): void {
    this.native.SetUserUpdatedCallback(callback);
  }
}
