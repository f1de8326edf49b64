// The emulator's log, bounded. Some lines are written for what a peer does — a refused voice join
// for each op 4 frame, a pending AUTHORIZE for each IPC command, a DAVE group rebuilt for each op
// 31, an interactions endpoint that does not answer for each PING a bot asks for — so a peer could
// fill the terminal (or a log file) as fast as it can send. Lines of one kind (the text with every
// word that holds a digit made `#`: ids, ports and counts differ, the kind does not) are written
// at most PER_KIND times a window, and all lines together at most TOTAL times; past that they are
// counted, and one summary line per kind says how many were left out once the window is over.
const WINDOW_MS = 10_000;
const PER_KIND = 5;
const TOTAL = 100;
/** Kinds tracked at once; past this, new kinds count against TOTAL only (a peer choosing texts cannot grow the table). */
const MAX_KINDS = 1000;
const KIND_CHARS = 80;
/** Summary lines of kinds per window; the other kinds' counts join the last, common one. */
const MAX_SUMMARIES = 20;

export interface LogClock {
  now(): number;
  /** Runs `run` after `ms`; returns a cancel function. */
  after(ms: number, run: () => void): () => void;
}

const realClock: LogClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Window {
  /** When the window began (the kinds' windows end with the common one). */
  startedAt: number;
  written: number;
  suppressed: number;
  /** The kind's first line of the window, for its summary. */
  example: string;
}

/** What a line is an instance of: its words with digits made `#`, cut to KIND_CHARS. */
export function kindOf(line: string): string {
  // Linear in the line (a peer may choose a long text): cut first, then word by word.
  return line
    .slice(0, 4 * KIND_CHARS)
    .split(/(\s+)/)
    .map((word) => (/\d/.test(word) ? '#' : word))
    .join('')
    .slice(0, KIND_CHARS);
}

export class LogLimiter {
  readonly #kinds = new Map<string, Window>();
  #total: Window | null = null;
  #cancel: (() => void) | null = null;

  constructor(
    private readonly write: (line: string) => void,
    private readonly clock: LogClock = realClock,
  ) {}

  line(text: string): void {
    const now = this.clock.now();
    if (this.#total && now - this.#total.startedAt >= WINDOW_MS) this.#summarize();
    this.#total ??= { startedAt: now, written: 0, suppressed: 0, example: '' };
    const kind = kindOf(text);
    let window = this.#kinds.get(kind);
    if (!window && this.#kinds.size < MAX_KINDS) {
      window = { startedAt: now, written: 0, suppressed: 0, example: text };
      this.#kinds.set(kind, window);
    }
    if ((window && window.written >= PER_KIND) || this.#total.written >= TOTAL) {
      if (window) window.suppressed++;
      else this.#total.suppressed++;
      this.#arm();
      return;
    }
    if (window) window.written++;
    this.#total.written++;
    this.write(text);
  }

  /** Writes the summaries due now (the emulator calls it when it closes). */
  flush(): void {
    this.#summarize();
  }

  #arm(): void {
    if (this.#cancel || !this.#total) return;
    const due = this.#total.startedAt + WINDOW_MS - this.clock.now();
    this.#cancel = this.clock.after(Math.max(0, due), () => {
      this.#cancel = null;
      this.#summarize();
    });
  }

  /** Ends the window: one line per kind that had lines left out, then a fresh count. */
  #summarize(): void {
    this.#cancel?.();
    this.#cancel = null;
    const seconds = WINDOW_MS / 1000;
    let summaries = 0;
    let others = this.#total?.suppressed ?? 0;
    for (const window of this.#kinds.values()) {
      if (window.suppressed === 0) continue;
      if (summaries++ < MAX_SUMMARIES) this.write(`(${window.suppressed} more like this in ${seconds} s, not shown: ${window.example.slice(0, 200)})`);
      else others += window.suppressed;
    }
    if (others > 0) this.write(`(${others} more log lines in ${seconds} s, not shown)`);
    this.#kinds.clear();
    this.#total = null;
  }
}
