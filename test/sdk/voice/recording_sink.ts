// A PlatformEventSink that records every event the host reports, for the host capability tests
// (what the NativeClient would receive), with a way to wait for the next event of a kind.
import { HostEvents, type PlatformEventSink } from '../../../lib/platform/host/events';

export type RecordedEvent = [name: keyof PlatformEventSink, ...args: unknown[]];

export class RecordingSink {
  readonly events: RecordedEvent[] = [];
  readonly hostEvents = new HostEvents();
  #waiters: { name: string; resolve: (event: RecordedEvent) => void }[] = [];
  // The host holds its sink weakly: this strong reference keeps it alive for the test.
  readonly sink: PlatformEventSink;

  constructor() {
    this.sink = new Proxy({} as PlatformEventSink, {
      get: (_target, name) => (...args: unknown[]) => this.#record([name as keyof PlatformEventSink, ...args]),
    });
    this.hostEvents.attach(this.sink);
  }

  named(name: keyof PlatformEventSink): RecordedEvent[] {
    return this.events.filter((event) => event[0] === name);
  }

  /** The first event of this kind, recorded already or still to come. */
  next(name: keyof PlatformEventSink): Promise<RecordedEvent> {
    const seen = this.events.find((event) => event[0] === name);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ name, resolve }));
  }

  #record(event: RecordedEvent): void {
    this.events.push(event);
    const ready = this.#waiters.filter((waiter) => waiter.name === event[0]);
    this.#waiters = this.#waiters.filter((waiter) => waiter.name !== event[0]);
    for (const waiter of ready) waiter.resolve(event);
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
