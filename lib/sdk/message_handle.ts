// MessageHandle: a live view of one message of the SDK's cache, as in C++. Here it is a plain JS
// object (which client, which id) whose getters read the message through the addon, instead of
// a wrapped native object: history hands out up to 200 handles per call, and a JS object is
// some 50 times cheaper to make than a wrapped one and needs no finalizer. A handle holds its
// client weakly, so keeping handles never keeps a dropped Client (and its sockets) alive.
import { AdditionalContent } from './additional_content';
import type { ClientResult } from './native_values';
import type * as Enums from './enums.generated';
import type { AdditionalContentInfo, ChannelHandle, LobbyHandle, StringMap, UserHandle } from './social_types';

/** The fields the addon reads by id; the order of MessageField in wrap_client_message_fields.cc. */
const enum Field {
  Valid = 0,
  AuthorId,
  Author,
  ChannelId,
  Channel,
  Content,
  RawContent,
  SentTimestamp,
  EditedTimestamp,
  RecipientId,
  Recipient,
  Lobby,
  Metadata,
  ModerationMetadata,
  ApplicationId,
  AdditionalContent,
  AdditionalName,
  DisclosureType,
  SentFromGame,
}

/** What a MessageHandle needs of the native client. */
export interface MessageFieldReader {
  MessageFieldOf(messageId: bigint, field: number): unknown;
}

/** Message history's answer (the reference's two names are aliases of it). Here, not in
 * social_types.ts, so that the handle types flow one way: social_types ← message_handle. */
export type MessagesCallback = (result: ClientResult, messages: MessageHandle[]) => void;
export type GetLobbyMessagesCallback = MessagesCallback;
export type UserMessagesWithLimitCallback = MessagesCallback;

/** One per client, shared by all of its handles. */
export class MessageSource {
  readonly #client: WeakRef<MessageFieldReader> | undefined;
  constructor(client: MessageFieldReader | undefined) {
    this.#client = client === undefined ? undefined : new WeakRef(client);
  }
  /** The client, or undefined once it has been collected. */
  client(): MessageFieldReader | undefined {
    return this.#client?.deref();
  }
}

const MAKE = Symbol('sdkpp.MessageHandle.make');
const NO_SOURCE = new MessageSource(undefined);

export class MessageHandle {
  /** A handle of no message: every getter answers its default. */
  static readonly nullobj: MessageHandle = new MessageHandle(MAKE, NO_SOURCE, 0n);

  readonly #source: MessageSource;
  readonly #id: bigint;

  /** @internal Handles come from the Client (GetMessageHandle, message history). */
  constructor(make: typeof MAKE, source: MessageSource, id: bigint) {
    if (make !== MAKE) {
      throw new TypeError('MessageHandle has no public constructor; get one from Client.GetMessageHandle or a message history call');
    }
    this.#source = source;
    this.#id = id;
  }

  /** @internal */
  static make(source: MessageSource, id: bigint): MessageHandle {
    return new MessageHandle(MAKE, source, id);
  }

  #read<T>(field: Field, fallback: T): T {
    const client = this.#source.client();
    return client === undefined ? fallback : (client.MessageFieldOf(this.#id, field) as T);
  }

  /** false once the message has left the cache (deleted, or evicted by the bounds) or the client is gone. */
  get valid(): boolean {
    return this.#id !== 0n && this.#read(Field.Valid, false);
  }
  Id(): bigint {
    return this.#id;
  }
  AuthorId(): bigint {
    return this.#read(Field.AuthorId, 0n);
  }
  Author(): UserHandle | undefined {
    return this.#read(Field.Author, undefined);
  }
  ChannelId(): bigint {
    return this.#read(Field.ChannelId, 0n);
  }
  Channel(): ChannelHandle | undefined {
    return this.#read(Field.Channel, undefined);
  }
  /** The content with chat markup shown as text (mentions by name, emoji as :name:). */
  Content(): string {
    return this.#read(Field.Content, '');
  }
  /** The content exactly as the service sent it. */
  RawContent(): string {
    return this.#read(Field.RawContent, '');
  }
  /** ms since the epoch */
  SentTimestamp(): bigint {
    return this.#read(Field.SentTimestamp, 0n);
  }
  /** ms since the epoch; 0n if never edited */
  EditedTimestamp(): bigint {
    return this.#read(Field.EditedTimestamp, 0n);
  }
  RecipientId(): bigint {
    return this.#read(Field.RecipientId, 0n);
  }
  Recipient(): UserHandle | undefined {
    return this.#read(Field.Recipient, undefined);
  }
  Lobby(): LobbyHandle | undefined {
    return this.#read(Field.Lobby, undefined);
  }
  Metadata(): StringMap {
    return this.#read(Field.Metadata, {});
  }
  ModerationMetadata(): StringMap {
    return this.#read(Field.ModerationMetadata, {});
  }
  ApplicationId(): bigint | undefined {
    return this.#read(Field.ApplicationId, undefined);
  }
  AdditionalContent(): AdditionalContent | undefined {
    const info = this.#read<AdditionalContentInfo | undefined>(Field.AdditionalContent, undefined);
    return info === undefined ? undefined : AdditionalContent.fromNative(info);
  }
  AdditionalName(): string | undefined {
    return this.#read(Field.AdditionalName, undefined);
  }
  DisclosureType(): Enums.DisclosureTypes | undefined {
    return this.#read(Field.DisclosureType, undefined);
  }
  SentFromGame(): boolean {
    return this.#read(Field.SentFromGame, false);
  }
}
