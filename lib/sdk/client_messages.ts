// Client's message methods (core: native/core/src/client/client_messages.cc). Message history
// hands out MessageHandle objects made here from the ids the addon answers.
import type { ClientResult } from './binding';
import type { MessageHistory, MessageSummaries, SentMessage } from './outcomes_types';
import { callbackOrPromise, resultOnly } from './callback_or_promise';
import { LobbiesMethods } from './client_lobbies';
import {
  MessageBatch,
  MessageHandle,
  MessageSource,
  type GetLobbyMessagesCallback,
  type UserMessagesWithLimitCallback,
} from './message_handle';
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

  /**
   * Sends a message to a lobby (MessageCreated follows once, for one's own messages too).
   * @param lobbyId the lobby (a bigint, or a string of decimal digits).
   * @param content 1 to {@link Limits.MaxMessageContentCodePoints} characters.
   * @returns Resolves with `{ result, messageId }`; rejects with an {@link SdkError}: ValidationError
   * (content, metadata; nothing sent), ClientNotReady without a token, HTTPError (e.g. not a member,
   * blocked), NetworkError.
   */
  SendLobbyMessage(lobbyId: Id, content: string): Promise<SentMessage>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendLobbyMessage(lobbyId: Id, content: string, callback: SendUserMessageCallback): void;
  SendLobbyMessage(lobbyId: Id, content: string, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendLobbyMessage', callback, (cb) => this.native.SendLobbyMessage(lobbyId, content, cb),
      (result, messageId) => ({ result, messageId }));
  }
  /**
   * SendLobbyMessage with metadata the game reads back with {@link MessageHandle.Metadata}.
   * @param lobbyId the lobby.
   * @param content 1 to {@link Limits.MaxMessageContentCodePoints} characters.
   * @param metadata keys and values together at most {@link Limits.MaxMetadataCodePoints} characters.
   * @returns Resolves with `{ result, messageId }`; rejects with an {@link SdkError}: ValidationError
   * (content, metadata; nothing sent), ClientNotReady without a token, HTTPError (e.g. not a member,
   * blocked), NetworkError.
   */
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap): Promise<SentMessage>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap, callback: SendUserMessageCallback): void;
  SendLobbyMessageWithMetadata(lobbyId: Id, content: string, metadata: StringMap, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendLobbyMessageWithMetadata', callback,
      (cb) => this.native.SendLobbyMessageWithMetadata(lobbyId, content, metadata, cb), (result, messageId) => ({ result, messageId }));
  }
  /**
   * Sends a direct message to a user.
   * @param recipientId the user (a bigint, or a string of decimal digits).
   * @param content 1 to {@link Limits.MaxMessageContentCodePoints} characters.
   * @returns Resolves with `{ result, messageId }`; rejects with an {@link SdkError}: ValidationError
   * (content, metadata; nothing sent), ClientNotReady without a token, HTTPError (e.g. not a member,
   * blocked), NetworkError.
   */
  SendUserMessage(recipientId: Id, content: string): Promise<SentMessage>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendUserMessage(recipientId: Id, content: string, callback: SendUserMessageCallback): void;
  SendUserMessage(recipientId: Id, content: string, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendUserMessage', callback, (cb) => this.native.SendUserMessage(recipientId, content, cb),
      (result, messageId) => ({ result, messageId }));
  }
  /**
   * SendUserMessage with metadata.
   * @param recipientId the user.
   * @param content 1 to {@link Limits.MaxMessageContentCodePoints} characters.
   * @param metadata keys and values together at most {@link Limits.MaxMetadataCodePoints} characters.
   * @returns Resolves with `{ result, messageId }`; rejects with an {@link SdkError}: ValidationError
   * (content, metadata; nothing sent), ClientNotReady without a token, HTTPError (e.g. not a member,
   * blocked), NetworkError.
   */
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap): Promise<SentMessage>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap, callback: SendUserMessageCallback): void;
  SendUserMessageWithMetadata(recipientId: Id, content: string, metadata: StringMap, callback?: SendUserMessageCallback) {
    return callbackOrPromise('SendUserMessageWithMetadata', callback,
      (cb) => this.native.SendUserMessageWithMetadata(recipientId, content, metadata, cb), (result, messageId) => ({ result, messageId }));
  }
  /**
   * Edits one's own direct message (MessageUpdated follows).
   * @param recipientId the conversation's other user.
   * @param messageId the message.
   * @param content 1 to {@link Limits.MaxMessageContentCodePoints} characters.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ValidationError, ClientNotReady, HTTPError, NetworkError).
   */
  EditUserMessage(recipientId: Id, messageId: Id, content: string): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  EditUserMessage(recipientId: Id, messageId: Id, content: string, callback: ResultOnlyCallback): void;
  EditUserMessage(recipientId: Id, messageId: Id, content: string, callback?: ResultOnlyCallback) {
    return callbackOrPromise('EditUserMessage', callback, (cb) => this.native.EditUserMessage(recipientId, messageId, content, cb), resultOnly);
  }
  /**
   * Deletes one's own direct message (MessageDeleted follows).
   * @param recipientId the conversation's other user.
   * @param messageId the message.
   * @returns Resolves with the ClientResult; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  DeleteUserMessage(recipientId: Id, messageId: Id): Promise<ClientResult>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  DeleteUserMessage(recipientId: Id, messageId: Id, callback: ResultOnlyCallback): void;
  DeleteUserMessage(recipientId: Id, messageId: Id, callback?: ResultOnlyCallback) {
    return callbackOrPromise('DeleteUserMessage', callback, (cb) => this.native.DeleteUserMessage(recipientId, messageId, cb), resultOnly);
  }
  /**
   * A lobby's newest messages, newest first: at most `limit`, none older than 72 hours
   * ({@link Limits.MaxHistoryAgeMs}); from the cache, without a request, when it holds enough.
   * @param lobbyId a lobby the current user is in (else a ValidationError once Ready).
   * @param limit 1 to {@link Limits.MaxHistoryMessagesCount}.
   * @returns Resolves with `{ result, messages }` ({@link MessageHandle}s); rejects with an
   * {@link SdkError} (ValidationError, ClientNotReady, HTTPError, NetworkError).
   */
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number): Promise<MessageHistory>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number, callback: GetLobbyMessagesCallback): void;
  GetLobbyMessagesWithLimit(lobbyId: Id, limit: number, callback?: GetLobbyMessagesCallback) {
    return callbackOrPromise('GetLobbyMessagesWithLimit', callback,
      (cb) => this.native.GetLobbyMessagesWithLimit(lobbyId, limit, (result, ids) => cb(result, this.#handlesOf(ids))),
      (result, messages) => ({ result, messages }));
  }
  /**
   * A direct conversation's newest messages, newest first; from the cache, with no request, when it holds enough.
   * @param recipientId the other user.
   * @param limit 1 to {@link Limits.MaxHistoryMessagesCount}.
   * @returns Resolves with `{ result, messages }`; rejects with an {@link SdkError} (ValidationError,
   * ClientNotReady, HTTPError, NetworkError).
   */
  GetUserMessagesWithLimit(recipientId: Id, limit: number): Promise<MessageHistory>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetUserMessagesWithLimit(recipientId: Id, limit: number, callback: UserMessagesWithLimitCallback): void;
  GetUserMessagesWithLimit(recipientId: Id, limit: number, callback?: UserMessagesWithLimitCallback) {
    return callbackOrPromise('GetUserMessagesWithLimit', callback,
      (cb) => this.native.GetUserMessagesWithLimit(recipientId, limit, (result, ids) => cb(result, this.#handlesOf(ids))),
      (result, messages) => ({ result, messages }));
  }
  /**
   * One summary per direct conversation: the other user and the newest message's id.
   * @returns Resolves with `{ result, summaries }`; rejects with an {@link SdkError} (ClientNotReady, HTTPError, NetworkError).
   */
  GetUserMessageSummaries(): Promise<MessageSummaries>;
  /**
   * The callback form: `callback` gets the same values (the ClientResult first), once, also on failure; nothing is returned.
   */
  GetUserMessageSummaries(callback: UserMessageSummariesCallback): void;
  GetUserMessageSummaries(callback?: UserMessageSummariesCallback) {
    return callbackOrPromise('GetUserMessageSummaries', callback, (cb) => this.native.GetUserMessageSummaries(cb),
      (result, summaries) => ({ result, summaries }));
  }
  /**
   * A live view of a message the SDK has cached (sent, received, or from history); undefined
   * when it is not cached. Inside a MessageCreated callback it always answers.
   */
  GetMessageHandle(messageId: Id): MessageHandle | undefined {
    // One call finds the message and fills the handle's snapshot (a callback reading the
    // message it was told about then makes no second call).
    const source = this.#messageSource();
    const text = this.native.GetMessageHandle(messageId);
    return text === undefined ? undefined : MessageHandle.make(MessageBatch.fromScratch(source, text), 0);
  }
  /** A live view of a channel (DM, group DM, lobby) the SDK knows; undefined otherwise. */
  GetChannelHandle(channelId: Id): ChannelHandle | undefined {
    return this.native.GetChannelHandle(channelId);
  }
  /**
   * Sets the callback for each new message the current user can read, once per message. Replaces the previous one.
   */
  SetMessageCreatedCallback(callback: (messageId: bigint) => void): void {
    this.native.SetMessageCreatedCallback(callback);
  }
  /**
   * Sets the callback for each edit of a message (content, attachments, metadata), not for a repeated update. Replaces the previous one.
   */
  SetMessageUpdatedCallback(callback: (messageId: bigint) => void): void {
    this.native.SetMessageUpdatedCallback(callback);
  }
  /**
   * Sets the callback for a deleted message: `(messageId, channelId)`. Replaces the previous one.
   */
  SetMessageDeletedCallback(callback: (messageId: bigint, channelId: bigint) => void): void {
    this.native.SetMessageDeletedCallback(callback);
  }
  /**
   * Tells the SDK whether the game shows its chat; noted (a Warning says so), no effect yet: there are no chat notifications to hold back.
   */
  SetShowingChat(showingChat: boolean): void {
    this.native.SetShowingChat(showingChat);
  }
}
