// Client's message methods (core: native/core/src/client/client_messages.cc). Message history
// hands out MessageHandle objects made here from the ids the addon answers.
import type { ClientResult } from './binding';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { LobbiesMethods } from './client_lobbies';
import { MessageBatch, MessageHandle, MessageSource, type MessagesCallback } from './message_handle';
import type {
  ChannelHandle,
  ResultOnlyCallback,
  SendUserMessageCallback,
  StringMap,
  UserMessageSummariesCallback,
  UserMessageSummary,
} from './social_types';
import type { Id } from './native_client';

export abstract class MessagesMethods extends LobbiesMethods {
  #messages: MessageSource | undefined;

  #messageSource(): MessageSource {
    return (this.#messages ??= new MessageSource(this.native));
  }
  /** One batch for the whole answer: its handles share one snapshot of their fields. */
  #handlesOf(ids: BigUint64Array): MessageHandle[] {
    const batch = new MessageBatch(this.#messageSource(), ids);
    const handles = new Array<MessageHandle>(ids.length);
    for (let i = 0; i < ids.length; i++) handles[i] = MessageHandle.make(batch, i);
    return handles;
  }

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
    // One call finds the message and fills the handle's snapshot (a callback reading the
    // message it was told about then makes no second call).
    const source = this.#messageSource();
    const text = this.native.GetMessageHandle(messageId);
    return text === undefined ? undefined : MessageHandle.make(MessageBatch.fromScratch(source, text), 0);
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
}
