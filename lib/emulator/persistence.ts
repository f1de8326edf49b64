// `--data FILE`: the state's JSON, written atomically (temp file + rename, readable by its owner
// only), with upload bytes kept apart (blob_store.ts) so a write is the size of the state, not of
// every upload ever made.
//
// When: changes are batched — a write starts ~50 ms after a change, and changes made while a
// write is on its way are all in the next one — so a burst of changes is one write. A request
// that changed the state is answered only once a write that includes its change is done
// (`saved()`, awaited by the HTTP server), so an answered request, an upload answered 200
// included, survives a crash or a restart; `close()` writes once more.
//
// Failures: the folder is checked, and the state written once, at start (`open()`), so a
// missing folder or a read-only one stops the start with one clear line. A write that fails later
// (a full disk, the folder made read-only or removed) keeps the state in memory, is logged
// (once per cause, and once when it works again), shows in `status()`, and is retried at the next
// change and every few seconds until it works.
import { chmod, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { BlobStore } from './blob_store';
import { EmulatorState } from './model/state';

const WRITE_DELAY_MS = 50;

/** A request waiting for its change to be on disk: served by a write numbered above `after`. */
interface Waiter {
  after: number;
  resolve: () => void;
}
const RETRY_AFTER_FAILURE_MS = 2000;

/** The data file's health: what `control.dataFileStatus()` answers. */
export interface DataFileStatus {
  /** The data file's path, or null when the emulator keeps no file (no `dataFile` option). */
  dataFile: string | null;
  /** Emulator-clock time of the last write that worked, or null. */
  lastWrittenAt: number | null;
  /** State writes that worked since the start (a burst of changes is one). */
  writes: number;
  /** The cause of the writes failing now, or null when the last one worked. */
  failure: {
    /** Why, in words, with the system's code and message. */
    message: string;
    /** Emulator-clock time of the first write that failed with this cause. */
    since: number;
    /** Writes that failed with this cause. */
    attempts: number;
  } | null;
  /** Upload bytes kept apart from the state (distinct blobs), and how many are not on disk yet. */
  blobs: {
    /** Distinct upload contents kept. */
    blobs: number;
    /** Their size in bytes. */
    bytes: number;
    /** How many of them are not written to disk yet. */
    unwritten: number;
  };
}

/** Why a write failed, in words (the system's code and message after them). */
export function describeWriteError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const hint: Record<string, string> = {
    ENOENT: 'the folder does not exist',
    ENOTDIR: 'a part of the path is not a folder',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    EROFS: 'the file system is read-only',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EISDIR: 'the path is a folder',
  };
  const words = e?.code ? hint[e.code] : undefined;
  const message = e?.message ?? String(error);
  return words ? `${words} (${message})` : message;
}

export class Persistence {
  #timer: NodeJS.Timeout | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #dirty = false;
  #writing: Promise<void> | null = null;
  /** Writes started and finished, numbered: a waiter is served by a write started after it. */
  #started = 0;
  #waiters: Waiter[] = [];
  #lastWrittenAt: number | null = null;
  #writes = 0;
  #failure: { message: string; since: number; attempts: number } | null = null;
  #closed = false;

  constructor(
    private readonly file: string | undefined,
    private readonly state: () => EmulatorState,
    private readonly now: () => number,
    private readonly blobs: BlobStore,
    private readonly log: (line: string) => void,
  ) {}

  /** The state in the file, with what the file has that the state no longer keeps (older files' upload bytes). */
  load(): { state: EmulatorState; legacy: Map<string, unknown> } | undefined {
    if (!this.file || !existsSync(this.file)) return undefined;
    const legacy = new Map<string, unknown>();
    try {
      const state = EmulatorState.fromJSON(readFileSync(this.file, 'utf8'), (key, value) => legacy.set(key, value));
      return { state, legacy };
    } catch (error) {
      // Never start over a file we cannot read (that would overwrite it): say which and why.
      throw new Error(`cannot load the emulator state from ${this.file}: ${(error as Error).message}`);
    }
  }

  /**
   * At start: the folder must exist, and the state is written once (the seed, or the loaded
   * state with older files' upload bytes moved out), so a file that cannot be written is found
   * now, not at the first change.
   */
  async open(): Promise<void> {
    if (!this.file) return;
    const folder = dirname(resolve(this.file));
    let isFolder: boolean;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch {
      throw new Error(`cannot keep the emulator state in ${this.file}: the folder ${folder} does not exist`);
    }
    if (!isFolder) throw new Error(`cannot keep the emulator state in ${this.file}: ${folder} is not a folder`);
    try {
      await this.#writeOnce();
    } catch (error) {
      throw new Error(`cannot write the emulator state to ${this.file}: ${describeWriteError(error)}`);
    }
  }

  markDirty(): void {
    if (!this.file || this.#closed) return;
    this.#dirty = true;
    this.#schedule(WRITE_DELAY_MS);
  }

  /**
   * Resolves once a write that started after this call is over — the state as it is now is on
   * disk — or failed (the failure is logged and in `status()`; the state stays in memory).
   * Without a data file, at once.
   */
  saved(): Promise<void> {
    if (!this.file || this.#closed) return Promise.resolve();
    return new Promise((resolveWaiter) => {
      this.#waiters.push({ after: this.#started, resolve: resolveWaiter });
      // Someone waits: no reason to wait for the batching delay.
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#dirty = true;
      this.#schedule(0);
    });
  }

  /** Stops the timers and writes what is left; rejects when that last write fails. */
  async close(): Promise<void> {
    if (!this.file || this.#closed) return;
    clearTimeout(this.#timer);
    clearTimeout(this.#retryTimer);
    this.#timer = undefined;
    while (this.#writing) await this.#writing;
    this.#closed = true;
    try {
      await this.#writeOnce();
    } catch (error) {
      throw new Error(`cannot write the emulator state to ${this.file}: ${describeWriteError(error)}; the changes since ${this.#lastWrittenAt === null ? 'the start' : new Date(this.#lastWrittenAt).toISOString()} are not saved`);
    } finally {
      for (const waiter of this.#waiters.splice(0)) waiter.resolve();
    }
  }

  status(): DataFileStatus {
    return { dataFile: this.file ?? null, lastWrittenAt: this.#lastWrittenAt, writes: this.#writes, failure: this.#failure && { ...this.#failure }, blobs: this.blobs.summary() };
  }

  #schedule(delayMs: number): void {
    if (this.#timer || this.#writing || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#run();
    }, delayMs);
    this.#timer.unref();
  }

  /** Writes until nothing changed since the last write began; one write at a time. */
  async #run(): Promise<void> {
    if (this.#writing || this.#closed) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    let failed = false;
    const loop = async () => {
      while (this.#dirty && !failed && !this.#closed) {
        this.#dirty = false;
        const number = ++this.#started;
        try {
          await this.#writeOnce();
          this.#recovered();
        } catch (error) {
          failed = true;
          this.#dirty = true;
          this.#failed(error);
        }
        this.#serveWaiters(number);
      }
    };
    this.#writing = loop();
    await this.#writing;
    this.#writing = null;
    // While writes fail, nobody waits for the retry: the failure is logged and in status().
    if (failed) this.#serveWaiters(Number.POSITIVE_INFINITY);
    if (failed && !this.#closed) {
      // Retried at the next change (markDirty) or after a while, whichever comes first.
      this.#retryTimer = setTimeout(() => void this.#run(), RETRY_AFTER_FAILURE_MS);
      this.#retryTimer.unref();
    } else if (this.#dirty) {
      this.#schedule(WRITE_DELAY_MS);
    }
  }

  #serveWaiters(finished: number): void {
    const waiting: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.after < finished) waiter.resolve();
      else waiting.push(waiter);
    }
    this.#waiters = waiting;
  }

  /** One write: the state as it is now (a snapshot), after the upload bytes it names are on disk. */
  async #writeOnce(): Promise<void> {
    const file = this.file!;
    const state = this.state();
    state.savedAt = this.now();
    const text = state.toJSON();
    const released = this.blobs.releasedBefore();
    await this.blobs.settle();
    const temp = `${file}.${process.pid}.tmp`;
    // The state holds live tokens and client secrets: only the owner may read it. `mode` applies
    // to a new file only, so a temp file left over from a crash is narrowed too.
    await writeFile(temp, text, { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
    this.#lastWrittenAt = state.savedAt;
    this.#writes++;
    // A state without these blobs is on disk now: their files may go.
    this.blobs.sweep(released);
  }

  #failed(error: unknown): void {
    const message = describeWriteError(error);
    if (this.#failure && this.#failure.message === message) {
      this.#failure.attempts++;
      return;
    }
    this.#failure = { message, since: this.now(), attempts: 1 };
    this.log(`data file: cannot write ${this.file}: ${message}; the state is kept in memory and written again at the next change (and every ${RETRY_AFTER_FAILURE_MS / 1000} s)`);
  }

  #recovered(): void {
    if (!this.#failure) return;
    this.log(`data file: ${this.file} written again after ${this.#failure.attempts} failed attempt${this.#failure.attempts === 1 ? '' : 's'}`);
    this.#failure = null;
  }
}
