// How much slower than a quiet machine this one runs now, for the wall-clock bounds of tests that
// must hold on a busy laptop too: the 1-minute load average per core, at least 1 (a quiet
// machine keeps the bound as written) and at most 10 (a hang still fails in bounded time). For
// deadlines of protocol steps and for "answers promptly, does not hang" bounds: on a quiet
// machine they stay as tight as written.
import { availableParallelism, loadavg } from 'node:os';

export function loadFactor(): number {
  const perCore = loadavg()[0] / availableParallelism();
  return Math.min(10, Math.max(1, perCore));
}

/** `ms` scaled by loadFactor(), read now. */
export function scaledMs(ms: number): number {
  return Math.round(ms * loadFactor());
}
