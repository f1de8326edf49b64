// Rate-limit buckets on the emulator clock. Every API response carries the X-RateLimit-*
// headers; the lobby write buckets are enforced with 429 and retry_after. The limiter only
// counts: it answers whether a request is over its bucket, and the HTTP layer
// (RequestContext.rateLimit) turns that into the service's 429 (domain/errors.ts), so the core
// knows no rule of the service and domain/ stays below it.

export interface BucketRule {
  name: string;
  limit: number;
  windowMs: number;
  enforced: boolean;
}

// Documented in lib/emulator/README.md.
export const RULES = {
  lobbyMessageWrite: { name: 'lobby-message-write', limit: 10, windowMs: 10_000, enforced: true },
  lobbyWrite: { name: 'lobby-write', limit: 20, windowMs: 10_000, enforced: true },
  dmWrite: { name: 'dm-write', limit: 10, windowMs: 10_000, enforced: true },
  general: { name: 'general', limit: 50, windowMs: 1_000, enforced: false },
} satisfies Record<string, BucketRule>;

/** One request counted against a bucket. */
export interface BucketCount {
  /** The X-RateLimit-* headers of the answer. */
  headers: Record<string, string>;
  /** Over an enforced bucket: the seconds until it resets (the 429's retry_after); else undefined. */
  retryAfter?: number;
}

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  enabled = true;

  constructor(private readonly now: () => number) {}

  /**
   * Counts one request against `rule` for `key`: its headers, and `retryAfter` when the request
   * is over an enforced bucket (then it is not counted).
   */
  take(rule: BucketRule, key: string): BucketCount {
    const now = this.now();
    const id = `${rule.name}:${key}`;
    let window = this.#windows.get(id);
    if (!window || now - window.start >= rule.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(id, window);
      if (this.#windows.size > 50_000) this.#prune(now);
    }
    // Switched off (control.setRateLimits(false), for benchmarks): nothing is counted, so the
    // headers never announce an exhausted bucket that a well-behaved client would wait for.
    if (!this.enabled) window.count = 0;
    const resetAt = window.start + rule.windowMs;
    const resetAfter = Math.max(0, resetAt - now) / 1000;
    const bucket = Buffer.from(rule.name).toString('hex');
    const headers = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rule.limit - window.count - 1)),
      'X-RateLimit-Reset': (resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': resetAfter.toFixed(3),
      'X-RateLimit-Bucket': bucket,
    };
    if (rule.enforced && this.enabled && window.count >= rule.limit) {
      return { headers, retryAfter: Number(resetAfter.toFixed(3)) };
    }
    window.count++;
    return { headers };
  }

  #prune(now: number): void {
    for (const [id, window] of this.#windows) {
      if (now - window.start > 60_000) this.#windows.delete(id);
    }
  }
}
