// The dashboard's live event log over Server-Sent Events (GET /_sdkpp/dashboard/events): the
// newest FEED_BACKLOG of the journal's entries (after `Last-Event-ID` or `?after=` when the page
// reconnects), then each new one as it is recorded. Bounded both ways: at most FEED_MAX_OPEN pages listen at
// once (more get 503), and a page that does not read (a hidden tab, a stalled socket) is cut off
// once FEED_BUFFER_MAX bytes wait for it, so it never holds the emulator's memory; the page
// reconnects and reads from where it stopped.
import type { ServerResponse } from 'node:http';
import type { Journal, JournalEntry } from '../journal';
import type { RequestContext } from '../http/context';

/** Pages listening at once. */
export const FEED_MAX_OPEN = 200;
/** Bytes waiting for one page before it is cut off. */
export const FEED_BUFFER_MAX = 64 * 1024;
/**
 * Entries a page gets when it opens (the newest after the last it saw): they must fit the
 * backlog bound before the page has read anything (an entry is at most ~400 bytes of JSON).
 */
export const FEED_BACKLOG = 100;
/** A comment line this often keeps proxies and the browser from timing the stream out. */
const KEEP_ALIVE_MS = 15_000;

export class DashboardFeed {
  readonly #open = new Set<ServerResponse>();

  constructor(private readonly journal: Journal) {}

  /** How many pages listen now. */
  get openCount(): number {
    return this.#open.size;
  }

  /** The most bytes waiting for any one open page (tests watch the bound). */
  largestBacklog(): number {
    let largest = 0;
    for (const res of this.#open) largest = Math.max(largest, res.writableLength);
    return largest;
  }

  /** Answers the request with the stream; returns once it is set up (the stream stays open). */
  open(ctx: RequestContext): void {
    const res = ctx.res;
    if (this.#open.size >= FEED_MAX_OPEN) {
      res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '5' }).end('Too many dashboard pages are open.');
      return;
    }
    const lastSeen = Number(ctx.req.headers['last-event-id'] ?? ctx.query.get('after') ?? 0);
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.write(': connected\n\n'); // sends the headers now: the page is live before the first entry
    this.#open.add(res);
    const write = (entry: JournalEntry): void => {
      if (res.writableLength > FEED_BUFFER_MAX) {
        close();
        res.destroy();
        return;
      }
      res.write(`id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`);
    };
    const unsubscribe = this.journal.subscribe(write);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    const close = () => {
      unsubscribe();
      clearInterval(keepAlive);
      this.#open.delete(res);
    };
    res.on('close', close);
    for (const entry of this.journal.entries(Number.isSafeInteger(lastSeen) && lastSeen > 0 ? lastSeen : 0).slice(-FEED_BACKLOG)) write(entry);
  }

  /** Ends every stream (the emulator closes). */
  closeAll(): void {
    for (const res of [...this.#open]) res.destroy();
    this.#open.clear();
  }
}
