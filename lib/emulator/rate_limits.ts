// Rate-limit buckets on the emulator clock. Every API response carries the X-RateLimit-*
// headers; the lobby write buckets are enforced with 429 and retry_after.
import { ApiError } from './domain/errors';

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

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  enabled = true;

  constructor(private readonly now: () => number) {}

  /** Counts one request against `rule` for `key`; returns the headers, or throws 429. */
  take(rule: BucketRule, key: string): Record<string, string> {
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
      const retryAfter = Number(resetAfter.toFixed(3));
      throw new ApiError(429, 0, 'You are being rate limited.', undefined, {
        ...headers,
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Scope': 'user',
        // No X-RateLimit-Global: the public API sends it only on a global limit, and clients
        // (discord.js) take its mere presence, even "false", as one and stop every route.
        'Retry-After': String(Math.ceil(retryAfter)),
      }, { retry_after: retryAfter, global: false });
    }
    window.count++;
    return headers;
  }

  #prune(now: number): void {
    for (const [id, window] of this.#windows) {
      if (now - window.start > 60_000) this.#windows.delete(id);
    }
  }
}
