// Client's lobby methods (core: native/core/src/client/client_lobbies.cc).
import type { ClientResult } from './binding';
import type { JoinedLobby, LinkedGuildInvite } from './outcomes_types';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { PresenceMethods } from './client_presence';
import type {
  CreateOrJoinLobbyCallback,
  JoinLinkedLobbyGuildCallback,
  LobbyHandle,
  ResultOnlyCallback,
  StringMap,
} from './social_types';
import type { Id } from './native_client';

export abstract class LobbiesMethods extends PresenceMethods {
  /**
   * Creates the lobby of `secret`, or joins it when it exists (`PUT /lobbies`). LobbyCreated
   * follows once (from this answer or the gateway, whichever comes first).
   * @param secret the lobby's secret: 1 to {@link Limits.MaxLobbySecretCodePoints} characters;
   * everyone with it joins the same lobby.
   * @returns Resolves with `{ result, lobbyId }`; rejects with an {@link SdkError}: ValidationError
   * (secret), ClientNotReady without a token, HTTPError (e.g. the lobby is full), NetworkError.
   * @example
   * ```ts
   * const { lobbyId } = await client.CreateOrJoinLobby('match-42-secret');
   * await client.SendLobbyMessage(lobbyId, 'gg');
   * ```
   */
  CreateOrJoinLobby(secret: string): Promise<JoinedLobby>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  CreateOrJoinLobby(secret: string, callback: CreateOrJoinLobbyCallback): void;
  CreateOrJoinLobby(secret: string, callback?: CreateOrJoinLobbyCallback) {
    return callbackOrPromise('CreateOrJoinLobby', callback, (cb) => this.native.CreateOrJoinLobby(secret, cb),
      (result, lobbyId) => ({ result, lobbyId }));
  }
  /**
   * CreateOrJoinLobby, setting the lobby's and the current member's metadata.
   * @param secret 1 to {@link Limits.MaxLobbySecretCodePoints} characters.
   * @param lobbyMetadata keys and values together at most {@link Limits.MaxMetadataCodePoints} characters.
   * @param memberMetadata the same rule.
   * @returns Resolves with `{ result, lobbyId }`; rejects with an {@link SdkError} (ValidationError,
   * ClientNotReady, HTTPError, NetworkError).
   */
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap): Promise<JoinedLobby>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap, callback: CreateOrJoinLobbyCallback): void;
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap, callback?: CreateOrJoinLobbyCallback) {
    return callbackOrPromise('CreateOrJoinLobbyWithMetadata', callback,
      (cb) => this.native.CreateOrJoinLobbyWithMetadata(secret, lobbyMetadata, memberMetadata, cb), (result, lobbyId) => ({ result, lobbyId }));
  }
  /**
   * Leaves a lobby (LobbyDeleted follows once).
   * @param lobbyId the lobby (a bigint, or a string of decimal digits).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  LeaveLobby(lobbyId: Id): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  LeaveLobby(lobbyId: Id, callback: ResultOnlyCallback): void;
  LeaveLobby(lobbyId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('LeaveLobby', callback, (cb) => this.native.LeaveLobby(lobbyId, cb), resultOnly);
  }
  /** A live view of a lobby the current user is in; undefined when the SDK does not know it. */
  GetLobbyHandle(lobbyId: Id): LobbyHandle | undefined {
    return this.native.GetLobbyHandle(lobbyId);
  }
  /** The ids of the lobbies the current user is in, ascending. */
  GetLobbyIds(): bigint[] {
    return this.native.GetLobbyIds();
  }
  /**
   * Links a guild text channel to a lobby: its messages and the lobby's become one
   * conversation. The member needs CanLinkLobby, the channel IsLinkable.
   * @param lobbyId the lobby.
   * @param channelId the guild channel ({@link Client.GetGuildChannels}).
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  LinkChannelToLobby(lobbyId: Id, channelId: Id): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  LinkChannelToLobby(lobbyId: Id, channelId: Id, callback: ResultOnlyCallback): void;
  LinkChannelToLobby(lobbyId: Id, channelId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('LinkChannelToLobby', callback, (cb) => this.native.LinkChannelToLobby(lobbyId, channelId, cb), resultOnly);
  }
  /**
   * Removes a lobby's linked channel.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  UnlinkChannelFromLobby(lobbyId: Id): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  UnlinkChannelFromLobby(lobbyId: Id, callback: ResultOnlyCallback): void;
  UnlinkChannelFromLobby(lobbyId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UnlinkChannelFromLobby', callback, (cb) => this.native.UnlinkChannelFromLobby(lobbyId, cb), resultOnly);
  }
  /**
   * A single-use invite (valid one hour) to the guild of the lobby's linked channel. A
   * provisional account cannot join guilds: the SDK then calls `provisionalUserMergeRequiredCallback`
   * and waits for {@link Client.ProvisionalUserMergeCompleted} (true resumes the join, false answers a
   * ValidationError); a newer JoinLinkedLobbyGuild supersedes a waiting one (ValidationError).
   * @param lobbyId the lobby.
   * @param provisionalUserMergeRequiredCallback called when the account must be merged first.
   * @returns Resolves with `{ result, inviteUrl }`; rejects with an {@link SdkError} (ValidationError,
   * ClientNotReady, HTTPError, NetworkError).
   */
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback?: () => void): Promise<LinkedGuildInvite>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback: (() => void) | undefined, callback: JoinLinkedLobbyGuildCallback): void;
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback?: () => void, callback?: JoinLinkedLobbyGuildCallback) {
    return callbackOrPromise('JoinLinkedLobbyGuild', callback,
      (cb) => this.native.JoinLinkedLobbyGuild(lobbyId, provisionalUserMergeRequiredCallback, cb), (result, inviteUrl) => ({ result, inviteUrl }));
  }
  /**
   * Sets the callback for a lobby the current user joined (once per lobby, until leaving it). Replaces the previous one.
   */
  SetLobbyCreatedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyCreatedCallback(callback);
  }
  /**
   * Sets the callback for a lobby the current user left, or that was deleted. Replaces the previous one.
   */
  SetLobbyDeletedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyDeletedCallback(callback);
  }
  /**
   * Sets the callback for a change of a lobby's metadata or linked channel. Replaces the previous one.
   */
  SetLobbyUpdatedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyUpdatedCallback(callback);
  }
  /**
   * Sets the callback for a member joining a lobby of the current user: `(lobbyId, memberId)`. Replaces the previous one.
   */
  SetLobbyMemberAddedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberAddedCallback(callback);
  }
  /**
   * Sets the callback for a member leaving a lobby: `(lobbyId, memberId)`. Replaces the previous one.
   */
  SetLobbyMemberRemovedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberRemovedCallback(callback);
  }
  /**
   * Sets the callback for a change of a member (metadata, connected): `(lobbyId, memberId)`. Replaces the previous one.
   */
  SetLobbyMemberUpdatedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberUpdatedCallback(callback);
  }
}
