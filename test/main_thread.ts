import { isMainThread } from 'node:worker_threads';

/**
 * Whether this test file runs on a process's main thread, where process-wide state is the test's
 * to set: a variable set in `process.env` reaches the addon's native getenv(), and
 * `process.umask()` can be changed. `npm test` runs every test file that way (vitest's forks).
 * StrykerJS's vitest runner (`npm run mutate`, TESTING.md) runs the tests in worker threads, whose
 * `process.env` is their own copy and which may not set the umask: the tests that point the addon
 * at a private sound server or a temporary home, or set the umask, skip there instead of failing
 * its dry run.
 */
export const onMainThread: boolean = isMainThread;
