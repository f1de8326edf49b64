// What the cross-target test runners share: one stage table per target, printed and saved as
// .cache/cross/results/<target>.json (read by scripts/cross/run.mjs), ending with the line
// `<target>: N passed, N failed`. A stage that cannot run at all counts as one failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, secondsSince } from '../prebuild/common.mjs';

export class CrossReport {
  constructor(target) {
    this.target = target;
    this.started = process.hrtime.bigint();
    this.stages = [];
  }

  /** Runs one stage: `fn` returns { passed, failed, note? } (sync or async). */
  async stage(name, fn) {
    const started = process.hrtime.bigint();
    let result;
    try {
      result = await fn();
    } catch (error) {
      result = { passed: 0, failed: 1, note: `could not run: ${error.message}` };
    }
    const entry = { name, passed: result.passed, failed: result.failed, seconds: secondsSince(started), note: result.note };
    this.stages.push(entry);
    console.log(`[sdkpp] ${this.target} ${name}: ${entry.passed} passed, ${entry.failed} failed (${entry.seconds.toFixed(0)} s)${entry.note ? ` — ${entry.note}` : ''}`);
    return entry;
  }

  /** Prints the summary, saves it, and sets the exit code. */
  finish() {
    const passed = this.stages.reduce((sum, s) => sum + s.passed, 0);
    const failed = this.stages.reduce((sum, s) => sum + s.failed, 0);
    const seconds = secondsSince(this.started);
    const summary = { target: this.target, passed, failed, seconds, stages: this.stages };
    const dir = join(cacheDir, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${this.target}.json`), JSON.stringify(summary, null, 2));
    console.log(`[sdkpp] ${this.target} took ${(seconds / 60).toFixed(1)} min`);
    console.log(`${this.target}: ${passed} passed, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
    return summary;
  }
}
