// How long the property tests run: each property's default number of runs (chosen so that the
// whole set adds well under a minute to `npm test` on 2 cores) times SDKPP_FUZZ_RUNS (a factor,
// default 1: `SDKPP_FUZZ_RUNS=10 npx vitest run test/fuzz` runs ten times as many). SDKPP_FUZZ_SEED
// (and SDKPP_FUZZ_PATH) replay the run fast-check printed with a failure.
import type fc from 'fast-check';

export const FUZZ_FACTOR = Math.max(1, Number(process.env.SDKPP_FUZZ_RUNS ?? 1) || 1);

// Shrinking replays the property many times: past this, fast-check stops and reports the
// smallest counter-example it has so far.
const SHRINK_ROOM_MS = 240_000;

export interface FuzzBudget<T> {
  parameters: fc.Parameters<T>;
  /** The vitest timeout of the property's test. */
  timeoutMs: number;
}

/** `defaultRuns` runs of about `msPerRun` each, times SDKPP_FUZZ_RUNS. */
export function fuzzBudget<T>(defaultRuns: number, msPerRun: number): FuzzBudget<T> {
  const numRuns = Math.ceil(defaultRuns * FUZZ_FACTOR);
  const runsMs = numRuns * msPerRun * 3; // a busy machine
  const seed = process.env.SDKPP_FUZZ_SEED;
  return {
    parameters: {
      numRuns,
      interruptAfterTimeLimit: runsMs + SHRINK_ROOM_MS,
      // An interrupted run is a failure, so a run that got slow cannot pass with fewer cases.
      markInterruptAsFailure: true,
      ...(seed !== undefined ? { seed: Number(seed), path: process.env.SDKPP_FUZZ_PATH } : {}),
      // The error fast-check throws names the seed, the path and the shrunk counter-example
      // with the property's own error (what was broken); vitest prints that message whole.
    },
    timeoutMs: runsMs + SHRINK_ROOM_MS + 30_000,
  };
}
