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
  GetRelationships(): RelationshipHandle[] {
    return this.native.GetRelationships();
  }
  GetRelationshipsByGroup(groupType: Enums.RelationshipGroupType): RelationshipHandle[] {
    return this.native.GetRelationshipsByGroup(groupType);
  }
  GetRelationshipHandle(userId: Id): RelationshipHandle {
    return this.native.GetRelationshipHandle(userId);
  }
  SearchFriendsByUsername(searchStr: string): UserHandle[] {
    return this.native.SearchFriendsByUsername(searchStr);
  }
  SendServiceFriendRequest(username: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendServiceFriendRequest', callback, (cb) => this.native.SendServiceFriendRequest(username, cb), resultOnly);
  }
  SendGameFriendRequest(username: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendGameFriendRequest', callback, (cb) => this.native.SendGameFriendRequest(username, cb), resultOnly);
  }
  SendServiceFriendRequestById(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendServiceFriendRequestById', callback, (cb) => this.native.SendServiceFriendRequestById(userId, cb), resultOnly);
  }
  SendGameFriendRequestById(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('SendGameFriendRequestById', callback, (cb) => this.native.SendGameFriendRequestById(userId, cb), resultOnly);
  }
  AcceptServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('AcceptServiceFriendRequest', callback, (cb) => this.native.AcceptServiceFriendRequest(userId, cb), resultOnly);
  }
  AcceptGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('AcceptGameFriendRequest', callback, (cb) => this.native.AcceptGameFriendRequest(userId, cb), resultOnly);
  }
  RejectServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RejectServiceFriendRequest', callback, (cb) => this.native.RejectServiceFriendRequest(userId, cb), resultOnly);
  }
  RejectGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RejectGameFriendRequest', callback, (cb) => this.native.RejectGameFriendRequest(userId, cb), resultOnly);
  }
  CancelServiceFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('CancelServiceFriendRequest', callback, (cb) => this.native.CancelServiceFriendRequest(userId, cb), resultOnly);
  }
  CancelGameFriendRequest(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('CancelGameFriendRequest', callback, (cb) => this.native.CancelGameFriendRequest(userId, cb), resultOnly);
  }
  RemoveServiceAndGameFriend(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RemoveServiceAndGameFriend', callback, (cb) => this.native.RemoveServiceAndGameFriend(userId, cb), resultOnly);
  }
  RemoveGameFriend(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('RemoveGameFriend', callback, (cb) => this.native.RemoveGameFriend(userId, cb), resultOnly);
  }
  BlockUser(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('BlockUser', callback, (cb) => this.native.BlockUser(userId, cb), resultOnly);
  }
  UnblockUser(userId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UnblockUser', callback, (cb) => this.native.UnblockUser(userId, cb), resultOnly);
  }
  SetRelationshipCreatedCallback(callback: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void {
    this.native.SetRelationshipCreatedCallback(callback);
  }
  SetRelationshipDeletedCallback(callback: (userId: bigint, isServiceRelationshipUpdate: boolean) => void): void {
    this.native.SetRelationshipDeletedCallback(callback);
  }
  SetRelationshipGroupsUpdatedCallback(callback: (userId: bigint) => void): void {
    this.native.SetRelationshipGroupsUpdatedCallback(callback);
  }
}
