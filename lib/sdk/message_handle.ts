// MessageHandle: a live view of one message of the SDK's cache, as in C++. Here it is a plain JS
// object (its batch, its index) whose getters read the message through the addon, instead of
// a wrapped native object: history hands out up to 200 handles per call, and a JS object is
// some 50 times cheaper to make than a wrapped one and needs no finalizer. A handle holds its
// client weakly, so keeping handles never keeps a dropped Client (and its sockets) alive. The
// common fields come from its batch's snapshot (MessageBatch), current as long as the cache's
// change count has not moved, so reading them costs no call into the addon.
import { AdditionalContent } from './additional_content';
import type { ClientResult } from './values_types';
import type * as Enums from './enums.generated';
import type { AdditionalContentInfo, ChannelHandle, LobbyHandle, StringMap, UserHandle } from './social_types';

/** The fields the addon reads by id, one per call; the order of MessageField in
 * wrap_client_message_fields.cc (test/sdk/message_fields_mirror.test.ts holds the two lists, the
 * layout below and Flag to each other). The common fields come from a batch snapshot instead. */
const enum Field {
  Author = 0,
  Channel,
  Content,
  RawContent,
  Recipient,
  Lobby,
  Metadata,
  ModerationMetadata,
  ApplicationId,
  AdditionalContent,
  AdditionalName,
  DisclosureType,
}

/** A snapshot's layout, as wrap_client_message_fields.cc writes it: per message five u64s
 * (Slot) and three u32 marks (Mark); the contents of all messages in one text. */
const NUMBERS_PER_MESSAGE = 5;
const MARKS_PER_MESSAGE = 3;
const enum Mark {
  Flags = 0,
  /** Where the message's content starts and ends in the batch's text (UTF-16 units). */
  ContentStart,
  ContentEnd,
}
const enum Slot {
  AuthorId = 0,
  ChannelId,
  RecipientId,
  SentTimestamp,
  EditedTimestamp,
}
const enum Flag {
  Valid = 1,
  /** Else the shown content names users or channels, whose names change without the message
   * changing: Content() then reads it live. */
  ContentCopied = 2,
  SentFromGame = 4,
}

/** What a MessageHandle needs of the native client. */
export interface MessageFieldReader {
  /** Bytes shared with the addon: at 0 a u32 bumped by every change of the message cache and by
   * Destroy, then GetMessageHandle's snapshot of its message (MessageSource's views). */
  MessageShared(): ArrayBuffer;
  /** Fills numbers and marks for each id; answers the text the marks point into. */
  ReadMessages(ids: BigUint64Array, numbers: BigUint64Array, marks: Uint32Array): string;
  MessageFieldOf(messageId: bigint, field: number): unknown;
}

/** Message history's answer (the reference's two names are aliases of it). Here, not in
 * social_types.ts, so that the handle types flow one way: social_types ← message_handle. */
export type MessagesCallback = (result: ClientResult, messages: MessageHandle[]) => void;
/** {@link Client.GetLobbyMessagesWithLimit}'s answer: the messages, newest first (empty on failure). */
export type GetLobbyMessagesCallback = (result: ClientResult, messages: MessageHandle[]) => void;
/** {@link Client.GetUserMessagesWithLimit}'s answer: the messages, newest first (empty on failure). */
export type UserMessagesWithLimitCallback = (result: ClientResult, messages: MessageHandle[]) => void;

/** A count no snapshot is ever tagged with (see MessageBatch.current). */
const NO_COUNT: ArrayLike<number> = [];
/** Marks a source whose client was collected (cleanup runs after the collection). */
const collected = new FinalizationRegistry<MessageSource>((source) => source.forget());

/** One per client, shared by all of its handles. */
export class MessageSource {
  #client: WeakRef<MessageFieldReader> | undefined;
  /** The client's message change count, read without a call; NO_COUNT once the client is gone. */
  changes: ArrayLike<number>;
  /** Where GetMessageHandle has the addon write one message's snapshot, copied out by
   * MessageBatch.fromScratch (offsets: kShared* in wrap_client_message_fields.cc). */
  readonly scratch: { ids: BigUint64Array; numbers: BigUint64Array; marks: Uint32Array };
  constructor(client: MessageFieldReader | undefined) {
    this.#client = client === undefined ? undefined : new WeakRef(client);
    const shared = client === undefined ? new ArrayBuffer(72) : client.MessageShared();
    this.changes = client === undefined ? NO_COUNT : new Uint32Array(shared, 0, 1);
    if (client !== undefined) collected.register(client, this);
    this.scratch = {
      ids: new BigUint64Array(shared, 8, 1),
      numbers: new BigUint64Array(shared, 16, NUMBERS_PER_MESSAGE),
      marks: new Uint32Array(shared, 56, MARKS_PER_MESSAGE),
    };
  }
  /** The client, or undefined once it has been collected. */
  client(): MessageFieldReader | undefined {
    return this.#client?.deref();
  }
  /** @internal */
  forget(): void {
    this.#client = undefined;
    this.changes = NO_COUNT;
  }
}

/**
 * The messages of one answer (a history page, or GetMessageHandle's one) and a snapshot of their
 * common fields, read in one call for all of them the first time a getter needs it and again
 * whenever the cache has changed since: the handles stay live views at one call per change
 * instead of one call per getter.
 */
export class MessageBatch {
  readonly source: MessageSource;
  // Typed arrays, which the addon fills in place; GetMessageHandle's batch of one starts as
  // plain arrays instead (making three small typed arrays costs more than the call itself) and
  // becomes typed at its first read again.
  ids: BigUint64Array | readonly bigint[];
  numbers: BigUint64Array | readonly bigint[];
  marks: Uint32Array | readonly number[];
  text = '';
  /** The change count the snapshot was read at; NaN (equal to nothing) before the first read. */
  #at = NaN;

  constructor(
    source: MessageSource,
    ids: BigUint64Array | readonly bigint[],
    numbers: BigUint64Array | readonly bigint[] = new BigUint64Array(ids.length * NUMBERS_PER_MESSAGE),
    marks: Uint32Array | readonly number[] = new Uint32Array(ids.length * MARKS_PER_MESSAGE),
  ) {
    this.source = source;
    this.ids = ids;
    this.numbers = numbers;
    this.marks = marks;
  }

  /** One message, from the snapshot the addon just wrote into source.scratch. */
  static fromScratch(source: MessageSource, text: string): MessageBatch {
    const { ids, numbers, marks } = source.scratch;
    return new MessageBatch(
      source,
      [ids[0]],
      [numbers[0], numbers[1], numbers[2], numbers[3], numbers[4]],
      [marks[0], marks[1], marks[2]],
    ).filled(text);
  }

  /** After the addon filled the snapshot itself (GetMessageHandle): it is current now. */
  filled(text: string): this {
    this.text = text;
    this.#at = this.source.changes[0] ?? NaN;
    return this;
  }

  /** This batch with a current snapshot, or undefined once the client is gone. */
  current(): this | undefined {
    const now = this.source.changes[0];
    if (now === this.#at) return this;
    const client = this.source.client();
    if (client === undefined) return undefined;
    if (!(this.ids instanceof BigUint64Array)) {
      this.ids = BigUint64Array.from(this.ids);
      this.numbers = new BigUint64Array(this.ids.length * NUMBERS_PER_MESSAGE);
      this.marks = new Uint32Array(this.ids.length * MARKS_PER_MESSAGE);
    }
    return this.filled(client.ReadMessages(this.ids, this.numbers as BigUint64Array, this.marks as Uint32Array));
  }
}

const MAKE = Symbol('sdkpp.MessageHandle.make');
const NO_BATCH = new MessageBatch(new MessageSource(undefined), new BigUint64Array(1));

/**
 * A live view of one message of the SDK's cache ({@link Client.GetMessageHandle}, message
 * history): each getter reads the message as it is now; `valid` turns false once the message is
 * deleted or leaves the cache, or the Client is gone. Keeping handles never keeps a Client alive.
 * No public constructor.
 * @example
 * ```ts
 * client.SetMessageCreatedCallback((messageId) => {
 *   const message = client.GetMessageHandle(messageId);
 *   if (message) console.log(`${message.Author()?.DisplayName()}: ${message.Content()}`);
 * });
 * ```
 */
export class MessageHandle {
  /** A handle of no message: every getter answers its default. */
  static readonly nullobj: MessageHandle = new MessageHandle(MAKE, NO_BATCH, 0);

  readonly #batch: MessageBatch;
  readonly #index: number;

  /** @internal Handles come from the Client (GetMessageHandle, message history). */
  constructor(make: typeof MAKE, batch: MessageBatch, index: number) {
    if (make !== MAKE) {
      throw new TypeError('MessageHandle has no public constructor; get one from Client.GetMessageHandle or a message history call');
    }
    this.#batch = batch;
    this.#index = index;
  }

  /** @internal */
  static make(batch: MessageBatch, index: number): MessageHandle {
    return new MessageHandle(MAKE, batch, index);
  }

  #number(which: Slot): bigint {
    const batch = this.#batch.current();
    return batch === undefined ? 0n : batch.numbers[this.#index * NUMBERS_PER_MESSAGE + which];
  }
  #flag(which: Flag): boolean {
    const batch = this.#batch.current();
    return batch !== undefined && (batch.marks[this.#index * MARKS_PER_MESSAGE + Mark.Flags] & which) !== 0;
  }
  #read<T>(field: Field, fallback: T): T {
    const client = this.#batch.source.client();
    return client === undefined ? fallback : (client.MessageFieldOf(this.Id(), field) as T);
  }

  /** false once the message has left the cache (deleted, or evicted by the bounds) or the client is gone. */
  get valid(): boolean {
    return this.#flag(Flag.Valid);
  }
  /** The message's id. */
  Id(): bigint {
    return this.#batch.ids[this.#index];
  }
  /** The author's user id. */
  AuthorId(): bigint {
    return this.#number(Slot.AuthorId);
  }
  /** The author, when the SDK knows them. */
  Author(): UserHandle | undefined {
    return this.#read(Field.Author, undefined);
  }
  /** The id of the channel the message is in (a lobby's id for a lobby message). */
  ChannelId(): bigint {
    return this.#number(Slot.ChannelId);
  }
  /** The channel the message is in, when the SDK knows it. */
  Channel(): ChannelHandle | undefined {
    return this.#read(Field.Channel, undefined);
  }
  /** The content with chat markup shown as text (mentions by name, emoji as :name:). */
  Content(): string {
    const batch = this.#batch.current();
    if (batch === undefined) return '';
    const at = this.#index * MARKS_PER_MESSAGE;
    const flags = batch.marks[at + Mark.Flags];
    if ((flags & Flag.ContentCopied) !== 0) return batch.text.slice(batch.marks[at + Mark.ContentStart], batch.marks[at + Mark.ContentEnd]);
    return (flags & Flag.Valid) === 0 ? '' : this.#read(Field.Content, '');
  }
  /** The content exactly as the service sent it. */
  RawContent(): string {
    return this.#read(Field.RawContent, '');
  }
  /** When the message was sent: ms since the epoch. */
  SentTimestamp(): bigint {
    return this.#number(Slot.SentTimestamp);
  }
  /** When the message was last edited: ms since the epoch; 0n if never edited. */
  EditedTimestamp(): bigint {
    return this.#number(Slot.EditedTimestamp);
  }
  /** A direct message's recipient (the other user, for one's own); 0n for a lobby message. */
  RecipientId(): bigint {
    return this.#number(Slot.RecipientId);
  }
  /** The recipient of a direct message, when the SDK knows them. */
  Recipient(): UserHandle | undefined {
    return this.#read(Field.Recipient, undefined);
  }
  /** The lobby of a lobby message, while the current user is in it. */
  Lobby(): LobbyHandle | undefined {
    return this.#read(Field.Lobby, undefined);
  }
  /**
   * The metadata the sender set (SendLobbyMessageWithMetadata, SendUserMessageWithMetadata); {} when none.
   */
  Metadata(): StringMap {
    return this.#read(Field.Metadata, {});
  }
  /**
   * Metadata the application's moderation set on the message (at most {@link Limits.MaxModerationMetadataKeysCount} keys); {} when none.
   */
  ModerationMetadata(): StringMap {
    return this.#read(Field.ModerationMetadata, {});
  }
  /** The application the message was sent from, when one was. */
  ApplicationId(): bigint | undefined {
    return this.#read(Field.ApplicationId, undefined);
  }
  /**
   * What the message holds that the SDK cannot show as text (attachments, a poll, stickers, ...); undefined when nothing.
   */
  AdditionalContent(): AdditionalContent | undefined {
    const info = this.#read<AdditionalContentInfo | undefined>(Field.AdditionalContent, undefined);
    return info === undefined ? undefined : AdditionalContent.fromNative(info);
  }
  /** The name the sender had in the lobby (a member's additional name), when set. */
  AdditionalName(): string | undefined {
    return this.#read(Field.AdditionalName, undefined);
  }
  /**
   * What the chat client tells the player about the message ({@link DisclosureTypes}), when anything.
   */
  DisclosureType(): Enums.DisclosureTypes | undefined {
    return this.#read(Field.DisclosureType, undefined);
  }
  /** True when the message was sent from a game (through this SDK or another). */
  SentFromGame(): boolean {
    return this.#flag(Flag.SentFromGame);
  }
}
