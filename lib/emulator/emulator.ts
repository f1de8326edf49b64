// The emulator's core: state, clock, ids, the event bus, webhooks, rate limits and persistence.
// It knows no rule of the service: those live in domain/, which reaches the core through this
// class, and registers restore hooks for what a restored state needs again (timers).
import { EmulatorClock } from './clock';
import { EventBus } from './events';
import { RateLimiter } from './rate_limits';
import { EmulatorState } from './model/state';
import type { Application, User } from './model/types';
import { BlobStore } from './blob_store';
import { Journal } from './journal';
import { LogLimiter } from './log_limiter';
import { Persistence } from './persistence';
import { redact } from './secrets';
import { SnowflakeFactory } from './snowflake';
import { WebhookDispatcher } from './webhooks';

export interface EmulatorCoreOptions {
  /**
   * The state to start from when no data file has one: startEmulator passes seed.ts's. The core
   * takes it as a function because the seed is written in domain/'s terms (permissions, an
   * application's default settings), and domain/ stands on this core, not under it.
   */
  seed: (now: number) => EmulatorState;
  dataFile?: string;
  startTime?: number;
  webhookUrl?: string;
  /** Interactions endpoints may name any host (default: this machine only; endpoint_policy.ts). */
  allowRemoteEndpoints?: boolean;
  /** Activity URL mappings may target any host (default: this machine only; domain/activity_url_mappings.ts). */
  allowRemoteActivityTargets?: boolean;
  log?: (line: string) => void;
}

const ISO_MEMO = new Map<number, string>();
/** Formatted times memoized at once; at the bound the memo starts over (a bound, not an LRU: formatting is cheap, a sweep is not). */
export const ISO_MEMO_MAX = 20_000;

/** What a domain re-arms for a state restored from the data file (the clock's scheduler starts empty). */
export type RestoreHook = (emu: Emulator) => void;

/**
 * The emulator's core (`RunningEmulator.core`): its state, clock, ids, event bus, webhooks, rate
 * limits and data file. The event bus, {@link Emulator.bus}, is the stable extension point; every
 * other member is the emulator's internals — the emulator's own code and tests use them, they
 * change without notice, and this reference leaves them out (lib/emulator/README.md describes
 * them for those who change the emulator).
 */
export class Emulator {
  /** @internal The emulator clock (read it with `control.now()`, move it with `control.advanceClock`). */
  readonly clock: EmulatorClock;
  /** @internal Snowflake ids on the emulator clock. */
  readonly ids: SnowflakeFactory;
  /**
   * The event bus: every change the service would dispatch (gateway events, the sources of
   * webhooks) is published here once; {@link EventBus.subscribe} listens.
   */
  readonly bus = new EventBus();
  /** @internal The rate-limit buckets (switch them off with `control.setRateLimits(false)`). */
  readonly limiter: RateLimiter;
  /** @internal Webhook deliveries (see them with `control.webhookDeliveries()`). */
  readonly webhooks: WebhookDispatcher;
  /** @internal What the emulator did, bounded, for the dashboard's event log (journal.ts). */
  readonly journal: Journal;
  /** @internal The data file's writes (see them with `control.dataFileStatus()`). */
  readonly persistence: Persistence;
  /** @internal Upload bytes, apart from the state (blob_store.ts). */
  readonly blobs: BlobStore;
  /** @internal Everything the emulator knows (model/state.ts). */
  state: EmulatorState;
  /** @internal Whether interactions endpoints may name other hosts than this machine (endpoint_policy.ts). */
  readonly allowRemoteEndpoints: boolean;
  /** @internal Whether activity URL mappings may target other hosts than this machine (domain/activity_url_mappings.ts). */
  readonly allowRemoteActivityTargets: boolean;
  /** @internal The activity proxy host (http/activity_proxy.ts), set by startEmulator; tests lower its limits. */
  activityProxy: { readonly limits: { maxConcurrent: number; headersTimeoutMs: number; idleTimeoutMs: number; maxDurationMs: number }; readonly active: number } | null = null;
  /** @internal The advertised base (http://127.0.0.1:<port> by default), set by startEmulator once it listens (absolute URLs such as attachments'). */
  webBase = '';
  readonly #log: LogLimiter;
  #generation = 0;

  /** @internal startEmulator makes it. */
  constructor(options: EmulatorCoreOptions) {
    this.blobs = new BlobStore(options.dataFile ? `${options.dataFile}.blobs` : null);
    this.persistence = new Persistence(options.dataFile, () => this.state, () => this.clock.now(), this.blobs, (line) => this.log(line));
    const loaded = this.persistence.load();
    const saved = loaded?.state;
    // A restored state resumes the clock where it was saved, never earlier (see savedAt).
    const resumeAt = saved && saved.savedAt > Date.now() ? saved.savedAt : undefined;
    this.clock = new EmulatorClock(options.startTime ?? resumeAt);
    this.ids = new SnowflakeFactory(() => this.clock.now());
    this.limiter = new RateLimiter(() => this.clock.now());
    this.#log = new LogLimiter(options.log ?? (() => {}));
    this.allowRemoteEndpoints = options.allowRemoteEndpoints ?? false;
    this.allowRemoteActivityTargets = options.allowRemoteActivityTargets ?? false;
    this.state = saved ?? options.seed(this.clock.now());
    // Ids saved in the state were made at or before savedAt: new ones sort after them even on an
    // earlier clock (options.startTime).
    if (saved) this.ids.continueAfter(saved.savedAt);
    if (loaded) this.#adoptBlobs(loaded.legacy.get('attachmentData'));
    this.journal = new Journal(() => this.clock.now());
    this.webhooks = new WebhookDispatcher(this.clock, (id) => this.state.applications.get(id), (line) => this.log(line), this.journal);
    if (options.webhookUrl) {
      for (const app of this.state.applications.values()) if (!app.parentId) app.eventsUrl = options.webhookUrl;
    }
  }

  /**
   * Takes the upload bytes a loaded state names: files no attachment names are deleted, and a
   * file older emulators wrote (bytes as base64 inside the state, `attachmentData`) has its bytes
   * moved out into blobs (written apart at the first write, which open() makes at start).
   */
  #adoptBlobs(legacy: unknown): void {
    const missing = this.blobs.adopt(this.state.attachmentBlobs.values());
    if (missing.length > 0) this.log(`data file: ${missing.length} attachment file(s) named by the state are missing; those attachments' URLs answer 404`);
    if (!Array.isArray(legacy)) return;
    for (const entry of legacy) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
      this.state.attachmentBlobs.set(entry[0], this.blobs.put(Buffer.from(entry[1], 'base64')));
    }
  }

  /**
   * @internal
   * Registers what a domain must re-arm for the state in place (restored from the data file, or
   * seeded); it runs at once, since the state is loaded before any domain is installed.
   */
  onRestore(hook: RestoreHook): void {
    hook(this);
  }

  /**
   * @internal
   * Every log line goes through the credential mask, and a bound: lines a peer can cause at will
   * are summarized past a few of a kind per 10 s (log_limiter.ts).
   */
  log(line: string): void {
    this.#log.line(redact(line));
  }

  /** @internal Writes the log's pending summaries (at close). */
  flushLog(): void {
    this.#log.flush();
  }

  /**
   * @internal
   * Counts state changes: anything derived from the state (such as a cached serialized message)
   * is valid while this stays the same. Every change calls changed() anyway, for the data file.
   */
  get generation(): number {
    return this.#generation;
  }

  /** @internal Every change of the state calls it: cached views go stale, the data file is written. */
  changed(): void {
    this.#generation++;
    this.persistence.markDirty();
  }

  /** @internal The emulator clock, ms since the epoch. */
  now(): number {
    return this.clock.now();
  }

  /** @internal An emulator time as the API writes it (ISO 8601), or null. */
  iso(ms: number | null): string | null {
    if (ms === null) return null;
    // History pages format the same stored timestamps on every request; formatting was a tenth
    // of a 200-message page's CPU time. A bounded memo keeps that to a map lookup.
    let text = ISO_MEMO.get(ms);
    if (text === undefined) {
      if (ISO_MEMO.size >= ISO_MEMO_MAX) ISO_MEMO.clear();
      text = new Date(ms).toISOString();
      ISO_MEMO.set(ms, text);
    }
    return text;
  }

  // --- Applications and users

  /** @internal The application with this id. */
  app(id: string): Application | undefined {
    return this.state.applications.get(id);
  }

  /** @internal The user with this id. */
  user(id: string): User | undefined {
    return this.state.users.get(id);
  }
}
