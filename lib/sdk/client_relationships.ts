// Client's relationship methods (core: native/core/src/client/client_relationships.cc).
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { MessagesMethods } from './client_messages';
import type * as Enums from './enums.generated';
import type {
  RelationshipHandle,
  ResultOnlyCallback,
  UserHandle,
} from './social_types';
import type { Id } from './native_client';

export abstract class RelationshipsMethods extends MessagesMethods {
  /**
   * The current user's relationships (friends, requests, blocks, on the service and in the game), by user id ascending.
   */
  GetRelationships(): RelationshipHandle[] {
    return this.native.GetRelationships();
  }
  /**
   * The friends (on the service or in the game) in one group: playing this game, online
   * elsewhere, or offline ({@link RelationshipGroupType}).
   */
  GetRelationshipsByGroup(groupType: Enums.RelationshipGroupType): RelationshipHandle[] {
    return this.native.GetRelationshipsByGroup(groupType);
  }
  /**
   * A live view of the relationship with `userId` (types None when there is none; never undefined).
   */
  GetRelationshipHandle(userId: Id): RelationshipHandle {
    return this.native.GetRelationshipHandle(userId);
  }
  /**
   * The friends whose username or display name contains `searchStr` (case-insensitive for ASCII letters).
   */
  SearchFriendsByUsername(searchStr: string): UserHandle[] {
    return this.native.SearchFriendsByUsername(searchStr);
  }
  /**
   * Sends a friend request on the service, by username.
   * @param username 2 to 32 characters ({@link Limits.MinUsernameCodePoints} to {@link Limits.MaxUsernameCodePoints}).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (username), ClientNotReady, HTTPError (no such user), NetworkError.
   */
  SendServiceFriendRequest(username: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendServiceFriendRequest', callback, (cb) => this.native.SendServiceFriendRequest(username, cb), resultOnly);
  }
  /**
   * Sends a friend request in this game only, by username.
   * @param username {@link Limits.MinUsernameCodePoints} to {@link Limits.MaxUsernameCodePoints} characters.
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError} (ValidationError, ClientNotReady, HTTPError, NetworkError).
   */
  SendGameFriendRequest(username: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendGameFriendRequest', callback, (cb) => this.native.SendGameFriendRequest(username, cb), resultOnly);
  }
  /**
   * Sends a friend request on the service.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  SendServiceFriendRequestById(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendServiceFriendRequestById', callback, (cb) => this.native.SendServiceFriendRequestById(userId, cb), resultOnly);
  }
  /**
   * Sends a friend request in this game.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  SendGameFriendRequestById(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendGameFriendRequestById', callback, (cb) => this.native.SendGameFriendRequestById(userId, cb), resultOnly);
  }
  /**
   * Accepts an incoming friend request on the service.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  AcceptServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('AcceptServiceFriendRequest', callback, (cb) => this.native.AcceptServiceFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Accepts an incoming friend request in this game.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  AcceptGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('AcceptGameFriendRequest', callback, (cb) => this.native.AcceptGameFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Rejects an incoming friend request on the service.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  RejectServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RejectServiceFriendRequest', callback, (cb) => this.native.RejectServiceFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Rejects an incoming friend request in this game.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  RejectGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RejectGameFriendRequest', callback, (cb) => this.native.RejectGameFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Cancels an outgoing friend request on the service.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  CancelServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('CancelServiceFriendRequest', callback, (cb) => this.native.CancelServiceFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Cancels an outgoing friend request in this game.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  CancelGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('CancelGameFriendRequest', callback, (cb) => this.native.CancelGameFriendRequest(userId, cb), resultOnly);
  }
  /**
   * Ends the friendship on the service (and so in the game).
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  RemoveServiceAndGameFriend(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RemoveServiceAndGameFriend', callback, (cb) => this.native.RemoveServiceAndGameFriend(userId, cb), resultOnly);
  }
  /**
   * Ends the friendship in this game only.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  RemoveGameFriend(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RemoveGameFriend', callback, (cb) => this.native.RemoveGameFriend(userId, cb), resultOnly);
  }
  /**
   * Blocks a user (on the service): no messages, requests or invites from them.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  BlockUser(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('BlockUser', callback, (cb) => this.native.BlockUser(userId, cb), resultOnly);
  }
  /**
   * Unblocks a user.
   * @param userId the other user (a bigint, or a string of decimal digits; not 0).
   * @param callback optional: gets the ClientResult instead of a Promise.
   * @returns Resolves with the ClientResult; or, with `callback`, calls it and returns undefined.
   * Rejects with an {@link SdkError}: ValidationError (userId 0), ClientNotReady without a token,
   * HTTPError, NetworkError.
   */
  UnblockUser(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UnblockUser', callback, (cb) => this.native.UnblockUser(userId, cb), resultOnly);
  }
  /**
   * Sets the callback for a relationship that began or changed type: `(userId, isServiceRelationshipUpdate)`. Replaces the previous one.
   */
  SetRelationshipCreatedCallback(callback: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void {
    this.native.SetRelationshipCreatedCallback(callback);
  }
  /**
   * Sets the callback for a relationship that ended: `(userId, isServiceRelationshipUpdate)`. Replaces the previous one.
   */
  SetRelationshipDeletedCallback(callback: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void {
    this.native.SetRelationshipDeletedCallback(callback);
  }
  /**
   * Sets the callback for a friend who moved between groups ({@link Client.GetRelationshipsByGroup}). Replaces the previous one.
   */
  SetRelationshipGroupsUpdatedCallback(callback: (userId: bigint) => void): void {
    this.native.SetRelationshipGroupsUpdatedCallback(callback);
  }
}
