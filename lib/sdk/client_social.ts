// Client's lobby, message, guild, user and relationship methods, mixed into Client (client.ts)
// so each file stays about one area.
import type { ClientResult } from './binding';
import type { NativeClient } from './native_client';
import { callbackOrPromise } from './callback_or_promise';
import { MessageHandle, MessageSource, type MessagesCallback } from './message_handle';
import type * as Enums from './enums.generated';
import type {
  ChannelHandle,
  CreateOrJoinLobbyCallback,
  GetGuildChannelsCallback,
  GetServiceClientConnectedUserCallback,
  GetUserGuildsCallback,
  GuildChannel,
  GuildMinimal,
  JoinLinkedLobbyGuildCallback,
  LobbyHandle,
  RelationshipHandle,
  ResultOnlyCallback,
  SendUserMessageCallback,
  StringMap,
  UserApplicationProfileHandle,
  UserHandle,
  UserMessageSummariesCallback,
  UserMessageSummary,
} from './social_types';

type Id = bigint | string;
const resultOnly = (result: ClientResult) => result;

export abstract class SocialMethods {
  /** The addon's client (one composed type: native_client.ts). */
  protected abstract get native(): NativeClient;
  #messages: MessageSource | undefined;

  #messageSource(): MessageSource {
    return (this.#messages ??= new MessageSource(this.native));
  }
  #handlesOf(ids: bigint[]): MessageHandle[] {
    const source = this.#messageSource();
    return ids.map((id) => MessageHandle.make(source, id));
  }

  // --- Lobbies

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

  // --- Messages

  SendLobbyMessage(lobbyId: Id, content: string): Promise<{ result: ClientResult; messageId: bigint }>;
  SendLobbyMessage(lobbyId: Id, content: string, callback: SendUserMessageCallback): void;
  SendLobbyMessage(lobbyId: Id, content: string, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendLobbyMessage', callback, (cb) => this.native.SendLobbyMessage(lobbyId, content, cb),
      (result, messageId) => ({ result, messageId }));
  }
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap): Promise<{ result: ClientResult; messageId: bigint }>;
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap, callback: SendUserMessageCallback): void;
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendLobbyMessageWithMetadata', callback,
      (cb) => this.native.SendLobbyMessageWithMetadata(lobbyId, content, metadata, cb), (result, messageId) => ({ result, messageId }));
  }
  SendUserMessage(recipientId: Id, content: string): Promise<{ result: ClientResult; messageId: bigint }>;
  SendUserMessage(recipientId: Id, content: string, callback: SendUserMessageCallback): void;
  SendUserMessage(recipientId: Id, content: string, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendUserMessage', callback, (cb) => this.native.SendUserMessage(recipientId, content, cb),
      (result, messageId) => ({ result, messageId }));
  }
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap): Promise<{ result: ClientResult; messageId: bigint }>;
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap, callback: SendUserMessageCallback): void;
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendUserMessageWithMetadata', callback,
      (cb) => this.native.SendUserMessageWithMetadata(recipientId, content, metadata, cb), (result, messageId) => ({ result, messageId }));
  }
  EditUserMessage(recipientId: Id, messageId: Id, content: string): Promise<ClientResult>;
  EditUserMessage(recipientId: Id, messageId: Id, content: string, callback: ResultOnlyCallback): void;
  EditUserMessage(recipientId: Id, messageId: Id, content: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('EditUserMessage', callback, (cb) => this.native.EditUserMessage(recipientId, messageId, content, cb), resultOnly);
  }
  DeleteUserMessage(recipientId: Id, messageId: Id): Promise<ClientResult>;
  DeleteUserMessage(recipientId: Id, messageId: Id, callback: ResultOnlyCallback): void;
  DeleteUserMessage(recipientId: Id, messageId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('DeleteUserMessage', callback, (cb) => this.native.DeleteUserMessage(recipientId, messageId, cb), resultOnly);
  }
  /** Newest first; at most 200 messages and 72 hours; from the cache when it holds enough. */
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number): Promise<{ result: ClientResult; messages: MessageHandle[] }>;
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number, callback: MessagesCallback): void;
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number, callback?: MessagesCallback) {
    return callbackOrPromise('GetLobbyMessagesWithLimit', callback,
      (cb) => this.native.GetLobbyMessagesWithLimit(lobbyId, limit, (result, ids) => cb(result, this.#handlesOf(ids))),
      (result, messages) => ({ result, messages }));
  }
  /** Newest first; from the cache, with no request, when it holds enough. */
  GetUserMessagesWithLimit(recipientId: Id, limit: number): Promise<{ result: ClientResult; messages: MessageHandle[] }>;
  GetUserMessagesWithLimit(recipientId: Id, limit: number, callback: MessagesCallback): void;
  GetUserMessagesWithLimit(recipientId: Id, limit: number, callback?: MessagesCallback) {
    return callbackOrPromise('GetUserMessagesWithLimit', callback,
      (cb) => this.native.GetUserMessagesWithLimit(recipientId, limit, (result, ids) => cb(result, this.#handlesOf(ids))),
      (result, messages) => ({ result, messages }));
  }
  GetUserMessageSummaries(): Promise<{ result: ClientResult; summaries: UserMessageSummary[] }>;
  GetUserMessageSummaries(callback: UserMessageSummariesCallback): void;
  GetUserMessageSummaries(callback?: UserMessageSummariesCallback) {
    return callbackOrPromise('GetUserMessageSummaries', callback, (cb) => this.native.GetUserMessageSummaries(cb),
      (result, summaries) => ({ result, summaries }));
  }
  GetMessageHandle(messageId: Id): MessageHandle | undefined {
    const id = this.native.GetMessageHandle(messageId);
    return id === undefined ? undefined : MessageHandle.make(this.#messageSource(), id);
  }
  GetChannelHandle(channelId: Id): ChannelHandle | undefined {
    return this.native.GetChannelHandle(channelId);
  }
  SetMessageCreatedCallback(callback: (messageId: bigint) => void): void {
    this.native.SetMessageCreatedCallback(callback);
  }
  SetMessageUpdatedCallback(callback: (messageId: bigint) => void): void {
    this.native.SetMessageUpdatedCallback(callback);
  }
  SetMessageDeletedCallback(callback: (messageId: bigint, channelId: bigint) => void): void {
    this.native.SetMessageDeletedCallback(callback);
  }
  SetShowingChat(showingChat: boolean): void {
    this.native.SetShowingChat(showingChat);
  }

  // --- Guilds, users

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

  // --- Relationships

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
