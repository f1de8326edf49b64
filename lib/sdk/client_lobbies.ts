// Client's lobby methods (core: native/core/src/client/client_lobbies.cc).
import type { ClientResult } from './binding';
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
  CreateOrJoinLobby(secret: string): Promise<{ result: ClientResult; lobbyId: bigint }>;
  CreateOrJoinLobby(secret: string, callback: CreateOrJoinLobbyCallback): void;
  CreateOrJoinLobby(secret: string, callback?: CreateOrJoinLobbyCallback) {
    return callbackOrPromise('CreateOrJoinLobby', callback, (cb) => this.native.CreateOrJoinLobby(secret, cb),
      (result, lobbyId) => ({ result, lobbyId }));
  }
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap): Promise<{ result: ClientResult; lobbyId: bigint }>;
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap, callback: CreateOrJoinLobbyCallback): void;
  CreateOrJoinLobbyWithMetadata(secret: string, lobbyMetadata: StringMap, memberMetadata: StringMap, callback?: CreateOrJoinLobbyCallback) {
    return callbackOrPromise('CreateOrJoinLobbyWithMetadata', callback,
      (cb) => this.native.CreateOrJoinLobbyWithMetadata(secret, lobbyMetadata, memberMetadata, cb), (result, lobbyId) => ({ result, lobbyId }));
  }
  LeaveLobby(lobbyId: Id): Promise<ClientResult>;
  LeaveLobby(lobbyId: Id, callback: ResultOnlyCallback): void;
  LeaveLobby(lobbyId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('LeaveLobby', callback, (cb) => this.native.LeaveLobby(lobbyId, cb), resultOnly);
  }
  GetLobbyHandle(lobbyId: Id): LobbyHandle | undefined {
    return this.native.GetLobbyHandle(lobbyId);
  }
  GetLobbyIds(): bigint[] {
    return this.native.GetLobbyIds();
  }
  LinkChannelToLobby(lobbyId: Id, channelId: Id): Promise<ClientResult>;
  LinkChannelToLobby(lobbyId: Id, channelId: Id, callback: ResultOnlyCallback): void;
  LinkChannelToLobby(lobbyId: Id, channelId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('LinkChannelToLobby', callback, (cb) => this.native.LinkChannelToLobby(lobbyId, channelId, cb), resultOnly);
  }
  UnlinkChannelFromLobby(lobbyId: Id): Promise<ClientResult>;
  UnlinkChannelFromLobby(lobbyId: Id, callback: ResultOnlyCallback): void;
  UnlinkChannelFromLobby(lobbyId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('UnlinkChannelFromLobby', callback, (cb) => this.native.UnlinkChannelFromLobby(lobbyId, cb), resultOnly);
  }
  /** A single-use invite (valid one hour) to the lobby's linked channel. */
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback?: () => void): Promise<{ result: ClientResult; inviteUrl: string }>;
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback: (() => void) | undefined, callback: JoinLinkedLobbyGuildCallback): void;
  JoinLinkedLobbyGuild(lobbyId: Id, provisionalUserMergeRequiredCallback?: () => void, callback?: JoinLinkedLobbyGuildCallback) {
    return callbackOrPromise('JoinLinkedLobbyGuild', callback,
      (cb) => this.native.JoinLinkedLobbyGuild(lobbyId, provisionalUserMergeRequiredCallback, cb), (result, inviteUrl) => ({ result, inviteUrl }));
  }
  SetLobbyCreatedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyCreatedCallback(callback);
  }
  SetLobbyDeletedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyDeletedCallback(callback);
  }
  SetLobbyUpdatedCallback(callback: (lobbyId: bigint) => void): void {
    this.native.SetLobbyUpdatedCallback(callback);
  }
  SetLobbyMemberAddedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberAddedCallback(callback);
  }
  SetLobbyMemberRemovedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberRemovedCallback(callback);
  }
  SetLobbyMemberUpdatedCallback(callback: (lobbyId: bigint, memberId: bigint) => void): void {
    this.native.SetLobbyMemberUpdatedCallback(callback);
  }
}
