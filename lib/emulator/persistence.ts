// `--data FILE`: the state is written atomically (temp file + rename) shortly after each change
// and once more on close, so a clean stop loses no write and a crash loses at most the last
// moment — never the whole file.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { EmulatorState } from './model/state';

const WRITE_DELAY_MS = 50;

export class Persistence {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string | undefined,
    private readonly state: () => EmulatorState,
    private readonly now: () => number,
  ) {}

  load(): EmulatorState | undefined {
    if (!this.file || !existsSync(this.file)) return undefined;
    try {
      return EmulatorState.fromJSON(readFileSync(this.file, 'utf8'));
    } catch (error) {
      // Never start over a file we cannot read (that would overwrite it): say which and why.
      throw new Error(`cannot load the emulator state from ${this.file}: ${(error as Error).message}`);
    }
  }

  markDirty(): void {
    if (!this.file || this.#timer) return;
    this.#timer = setTimeout(() => this.flush(), WRITE_DELAY_MS);
    this.#timer.unref();
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.file) return;
    const temp = `${this.file}.${process.pid}.tmp`;
    const state = this.state();
    state.savedAt = this.now();
    // The state holds live tokens and client secrets: only the owner may read it. `mode` applies
    // to a new file only, so a temp file left over from a crash is narrowed too.
    writeFileSync(temp, state.toJSON(), { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.file);
  }
}
