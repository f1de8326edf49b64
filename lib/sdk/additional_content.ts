// AdditionalContent: what a message holds that the SDK cannot show as text (attachments, a
// poll, a voice message, a thread, embeds, stickers). A plain value, so it lives in TypeScript;
// MessageHandle.AdditionalContent() hands one out (see message_handle.ts).
import { AdditionalContentType } from './enums.generated';
import { EnumToString } from './enum_to_string';

const TITLE_MAX_BYTES = 4096;

/**
 * What a message holds that the SDK cannot show as text: attachments, a poll, a voice message, a
 * thread, embeds, stickers ({@link MessageHandle.AdditionalContent}). A plain value.
 */
export class AdditionalContent {
  /** The invalid instance: `valid` false; it is frozen. */
  static readonly nullobj: AdditionalContent = Object.freeze(new AdditionalContent(true)) as AdditionalContent;

  #type: AdditionalContentType = AdditionalContentType.Other;
  #title: string | undefined = undefined;
  #count = 0;
  readonly #isNull: boolean;

  /** A valid AdditionalContent: type Other, no title, count 0. (`isNull` is for `nullobj` only.) */
  constructor(isNull?: boolean) {
    this.#isNull = isNull === true;
  }

  /** false only for AdditionalContent.nullobj. */
  get valid(): boolean {
    return !this.#isNull;
  }

  /**
   * The name of an AdditionalContentType value ('Poll'); 'unknown' for a value not in the enum.
   */
  static TypeToString(type: AdditionalContentType): string {
    return EnumToString(AdditionalContentType, type);
  }

  /** What kind of content ({@link AdditionalContentType}; Other by default). */
  Type(): AdditionalContentType {
    return this.#type;
  }
  /**
   * Sets the kind.
   * @throws RangeError for a value that is not an AdditionalContentType member.
   */
  SetType(value: AdditionalContentType): void {
    if (!Number.isInteger(value) || AdditionalContent.TypeToString(value) === 'unknown') {
      throw new RangeError(`AdditionalContent.SetType: value must be an AdditionalContentType (got ${String(value)})`);
    }
    this.#type = value;
  }
  /** A title for the content (a poll's question, a file's name), if any. */
  Title(): string | undefined {
    return this.#title;
  }
  /**
   * Sets the title; `undefined` or `null` clears it.
   * @throws TypeError for a non-string; RangeError over 4096 bytes of UTF-8.
   */
  SetTitle(value: string | undefined | null): void {
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw new TypeError(`AdditionalContent.SetTitle: value must be a string or undefined (got ${typeof value})`);
    }
    if (typeof value === 'string' && Buffer.byteLength(value) > TITLE_MAX_BYTES) {
      throw new RangeError(`AdditionalContent.SetTitle: value must be at most ${TITLE_MAX_BYTES} bytes`);
    }
    this.#title = value ?? undefined;
  }
  /** How many items (files, stickers, embeds): 0 to 255 (uint8). */
  Count(): number {
    return this.#count;
  }
  /**
   * Sets how many items.
   * @throws RangeError unless an integer from 0 to 255.
   */
  SetCount(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 255) {
      throw new RangeError(`AdditionalContent.SetCount: value must be an integer from 0 to 255 (got ${String(value)})`);
    }
    this.#count = value;
  }
  /** True when type, title and count are equal (and both are valid or both nullobj). */
  Equals(other: AdditionalContent): boolean {
    if (!(other instanceof AdditionalContent)) return false;
    return this.#isNull === other.#isNull && this.#type === other.#type && this.#title === other.#title && this.#count === other.#count;
  }

  /** @internal The addon's plain { Type, Title, Count } as a value. */
  static fromNative(info: { Type: number; Title: string | undefined; Count: number }): AdditionalContent {
    const content = new AdditionalContent();
    content.#type = info.Type as AdditionalContentType;
    content.#title = info.Title;
    content.#count = info.Count;
    return content;
  }
}
