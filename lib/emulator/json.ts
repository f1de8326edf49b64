// Response bodies as JSON text.

/**
 * JSON for the wire, with any bigint as its decimal string. The plain stringify runs first: a
 * replacer function is called for every key of every object, which made it a third of the CPU
 * time of a 200-message history page. Response builders already serialize 64-bit values as
 * strings, so the replacer pass only runs if one slipped through (stringify throws on a bigint).
 */
export function toJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(body, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
  }
}

/** A body already serialized (for example a cached page): the server sends the text as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The JSON text of `build()` for one state record as one reader sees it, kept until the state
 * changes (`generation`: the emulator's change counter). History pages serialize the same
 * messages on every request, and serializing was most of a page's CPU time; a page is then the
 * cached texts joined. The text is exactly toJson(build()) for the state of that generation.
 */
export function cachedJson(record: object, generation: number, readerKey: string, build: () => unknown): string {
  let entry = cached.get(record);
  if (!entry || entry.generation !== generation) {
    entry = { generation, byReader: new Map() };
    cached.set(record, entry);
  }
  let text = entry.byReader.get(readerKey);
  if (text === undefined) {
    text = toJson(build());
    entry.byReader.set(readerKey, text);
  }
  return text;
}

/** A record's entry goes when the record does (a deleted message, a replaced state). */
const cached = new WeakMap<object, { generation: number; byReader: Map<string, string> }>();

/** The JSON array of already serialized items: the same text as serializing the array. */
export function jsonArrayText(items: string[]): JsonText {
  return new JsonText(`[${items.join(',')}]`);
}

