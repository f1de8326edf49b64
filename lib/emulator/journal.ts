// What the emulator did, as one bounded list a person can read (the dashboard's event log):
// gateway dispatches, webhook deliveries, control actions and refused requests, each a line of
// text stamped with the emulator clock. It never holds more than JOURNAL_CAPACITY entries (the
// oldest go first), and its lines never carry a credential: the writers pass summaries (an event
// type, a route with its long path segments hidden, a control action's name), not payloads.
import { redact } from './secrets';

/** The most entries kept; a burst of events beyond it drops the oldest. */
export const JOURNAL_CAPACITY = 1000;

export type JournalKind = 'dispatch' | 'webhook' | 'control' | 'refused';

export interface JournalEntry {
  /** 1, 2, …: increases by one per entry, so a reader asks for what came after the last it saw. */
  seq: number;
  /** The emulator clock when it was recorded (ms). */
  at: number;
  kind: JournalKind;
  text: string;
}

/** A path segment that may carry a secret (an interaction or webhook token): anything long that is not an id. */
const SECRET_SEGMENT = /^(?!\d{1,20}$)[^/]{25,}$/;

/** A request path as the journal shows it: long non-id segments (tokens) hidden. */
export function journalPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? '…' : segment))
    .join('/')
    .slice(0, 200);
}

export class Journal {
  readonly #entries: JournalEntry[] = [];
  readonly #listeners = new Set<(entry: JournalEntry) => void>();
  #seq = 0;

  constructor(private readonly now: () => number) {}

  record(kind: JournalKind, text: string): void {
    const entry: JournalEntry = { seq: ++this.#seq, at: this.now(), kind, text: redact(text).slice(0, 300) };
    this.#entries.push(entry);
    if (this.#entries.length > JOURNAL_CAPACITY) this.#entries.splice(0, this.#entries.length - JOURNAL_CAPACITY);
    for (const listener of this.#listeners) listener(entry);
  }

  /** The entries kept, oldest first, after `afterSeq` when given. */
  entries(afterSeq = 0): JournalEntry[] {
    return this.#entries.filter((e) => e.seq > afterSeq);
  }

  /** Calls `listener` with every new entry; returns the unsubscribe function. */
  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
