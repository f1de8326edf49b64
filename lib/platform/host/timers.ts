// The host's clock and timers: setTimeout, unref'd unless the core asks to keep the loop alive.
import type { HostEvents } from './events';

export class HostTimers {
  readonly #events: HostEvents;
  readonly #timers = new Map<number, NodeJS.Timeout>();

  constructor(events: HostEvents) {
    this.#events = events;
  }

  now(): number {
    return this.#events.now();
  }

  startTimer(id: number, delayMs: number, keepAlive: boolean): void {
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      this.#events.deliver((sink) => sink._OnTimer(id));
    }, Math.min(delayMs, 2 ** 31 - 1));
    if (!keepAlive) timer.unref();
    this.#timers.set(id, timer);
  }

  cancelTimer(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
  }

  close(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
