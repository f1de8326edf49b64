// The parent's side of test/fuzz/fixtures/emulator_host.cjs: one emulator in a child process,
// what it reported (uncaught exceptions, unhandled rejections), its heap after garbage
// collection, and programmatic control calls (fresh tokens for each run).
import { join } from 'node:path';
import { ForkedRunner } from './forked_runner';

export interface HostInfo {
  type: 'ready';
  apiBase: string;
  webBase: string;
  gatewayUrl: string;
  ipcPath: string;
  voice: { endpoint: string; port: number };
  application: { id: string; botToken: string; clientSecret: string };
  routes: Array<{ base: 'api' | 'web' | 'control'; method: string; pattern: string }>;
}

interface Answer {
  type: string;
  failed?: string;
  errors?: string[];
  heapUsed?: number;
  rss?: number;
  value?: unknown;
}

export class EmulatorHost {
  readonly #runner = new ForkedRunner<Answer>({
    script: join(__dirname, 'fixtures', 'emulator_host.cjs'),
    execArgv: ['--expose-gc'],
    init: {},
    runTimeoutMs: 30_000,
  });

  /** The running emulator's addresses (a new emulator after a crash). */
  async info(): Promise<HostInfo> {
    return (await this.#runner.start()) as unknown as HostInfo;
  }

  /** emu.control[name](...args) in the child. */
  async control<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    const answer = await this.#runner.ask('control', { name, args });
    if (answer.failed) throw new Error(`control ${name}: ${answer.failed}`);
    return answer.value as T;
  }

  /** What went wrong in the emulator process since the last call (an empty list: nothing). */
  async errors(): Promise<string[]> {
    return (await this.#runner.ask('errors')).errors ?? [];
  }

  async heapAfterGc(): Promise<number> {
    return (await this.#runner.ask('heap')).heapUsed!;
  }

  /** After a failed run: a fresh emulator for the next one (shrinking starts clean). */
  restart(): void {
    this.#runner.restart();
  }

  close(): Promise<void> {
    return this.#runner.close();
  }
}
