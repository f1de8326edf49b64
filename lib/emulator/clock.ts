// The emulator's clock: real time plus an offset that tests (and people) can advance. Every time
// rule of the service reads it, and scheduled work (webhook retries, idle lobbies) runs when it
// passes the work's due time — by real time passing or by advance().
import { EventEmitter } from 'node:events';

interface Task {
  id: number;
  due: number;
  run: () => void;
}

export class EmulatorClock extends EventEmitter {
  #offset: number;
  #tasks: Task[] = [];
  #nextId = 1;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(startTime?: number) {
    super();
    this.#offset = startTime === undefined ? 0 : startTime - Date.now();
  }

  now(): number {
    return Date.now() + this.#offset;
  }

  /** Moves the clock forward by `ms` and runs everything that came due, in order. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance: ms must be a finite number >= 0');
    this.#offset += ms;
    this.#runDue();
    this.emit('advance', ms);
    return this.now();
  }

  /** Runs `run` once the clock reaches `due`. Returns an id for cancel(). */
  at(due: number, run: () => void): number {
    const task = { id: this.#nextId++, due, run };
    this.#tasks.push(task);
    this.#tasks.sort((a, b) => a.due - b.due || a.id - b.id);
    this.#arm();
    return task.id;
  }

  after(ms: number, run: () => void): number {
    return this.at(this.now() + ms, run);
  }

  cancel(id: number): void {
    this.#tasks = this.#tasks.filter((task) => task.id !== id);
    this.#arm();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#tasks = [];
  }

  #runDue(): void {
    const now = this.now();
    while (this.#tasks.length > 0 && this.#tasks[0].due <= now) {
      const task = this.#tasks.shift()!;
      try {
        task.run();
      } catch (error) {
        this.emit('error', error);
      }
    }
    this.#arm();
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#stopped || this.#tasks.length === 0) return;
    const delay = Math.max(0, Math.min(this.#tasks[0].due - this.now(), 2 ** 31 - 1));
    this.#timer = setTimeout(() => this.#runDue(), delay);
    this.#timer.unref();
  }
}
