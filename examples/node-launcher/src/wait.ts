// Bounded waits. Every wait of the launcher ends: with the event it waits for, after its time
// limit, or when the session is cancelled (Ctrl+C) — so the process always gets to Dispose.

type Start<T> = (done: (value: T) => void, fail: (error: Error) => void) => (() => void) | void;

/**
 * Waits for `start` to call `done` with a value; answers `undefined` after `ms`, or rejects when
 * `signal` aborts or `start` calls `fail`. `start` may return a function that undoes whatever it
 * set up (a callback it registered); that runs once the wait is over, however it ended.
 */
export function waitFor<T>(ms: number, signal: AbortSignal, start: Start<T>): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    if (signal.aborted) return reject(cancelled(signal));
    let settled = false;
    let undo: (() => void) | void = undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      undo?.();
      settle();
    };
    const onAbort = () => finish(() => reject(cancelled(signal)));
    const timer = setTimeout(() => finish(() => resolve(undefined)), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    undo = start(
      (value) => finish(() => resolve(value)),
      (error) => finish(() => reject(error)),
    );
    // `start` may have finished the wait before it returned its undo.
    if (settled) undo?.();
  });
}

/** Like waitFor, but running out of time is an error that says what did not happen. */
export async function within<T>(what: string, ms: number, signal: AbortSignal, start: Start<T>): Promise<T> {
  const value = await waitFor(ms, signal, start);
  if (value === undefined) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
  return value;
}

export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  await waitFor<never>(ms, signal, () => undefined);
}

function cancelled(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('cancelled');
}
