// A connected Client that the app drops without Dispose() (issue 11, item 2): once garbage
// collection finds it, its gateway session ends and the process exits on its own; event
// handlers and Node options that close over it do not keep it alive; a pending call does, until
// it answers; and worker threads that drop a Client or exit with one connected end cleanly.
// Each case runs in a child process (test/e2e/fixtures/dropped_client_child.cjs, with
// --expose-gc) so that "the process exits" can be observed, and a crash is counted.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

const fixture = join(__dirname, 'fixtures', 'dropped_client_child.cjs');
// A bound on "on its own": the child normally ends well under a second after the drop.
const EXIT_BOUND_MS = 15_000;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

interface Line {
  event: string;
  ok?: boolean;
  error?: string;
  code?: number;
  thread?: string;
}

interface Outcome {
  code: number | null;
  signal: string | null;
  killed: boolean;
  lines: Line[];
  /** Live gateway sessions of the child's user when each line arrived. */
  sessionsAt: Record<string, number>;
  sessionsAtExit: number;
  stderr: string;
}

function liveSessions(userId: string): number {
  return h.emu.control.gateway!.sessions().filter((s) => s.identity?.user.id === userId && s.socket !== null).length;
}

async function runChild(mode: string): Promise<Outcome> {
  const user = h.emu.control.createUser({ username: `dropped_${mode.replace('-', '_')}` }) as { id: string };
  const token = h.emu.control.issueToken(user.id);
  const env = { apiBase: h.emu.apiBase, webBase: h.emu.webBase, applicationId: h.emu.application.id, accessToken: token.accessToken };
  h.watch.remember(token.accessToken, token.refreshToken);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', fixture], {
      env: { ...process.env, SDKPP_DROP_ENV: JSON.stringify(env), SDKPP_DROP_MODE: mode },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const sessionsAt: Record<string, number> = {};
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        try {
          const { event } = JSON.parse(line) as Line;
          sessionsAt[event] = liveSessions(user.id);
          // The child drops its Client once the live session has been counted.
          if (event === 'ready') child.stdin.end('go\n');
        } catch {
          // a line split across chunks: the final parse below has it whole
        }
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => {}); // a child that is already gone
    let killed = false;
    let timer: NodeJS.Timeout | undefined;
    // The bound starts once the Client is connected (the drop happens right after).
    const arm = () => {
      timer ??= setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, EXIT_BOUND_MS);
    };
    child.stdout.once('data', arm);
    const connectTimer = setTimeout(arm, 30_000);
    child.on('exit', async (code, signal) => {
      clearTimeout(timer);
      clearTimeout(connectTimer);
      // The emulator notices the closed socket on its next turns.
      for (let i = 0; i < 50 && liveSessions(user.id) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      const lines = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line);
      resolve({ code, signal, killed, lines, sessionsAt, sessionsAtExit: liveSessions(user.id), stderr: stderr.slice(-2000) });
    });
  });
}

function expectCleanExit(outcome: Outcome): void {
  expect(outcome.lines.filter((l) => l.event === 'error'), outcome.stderr).toEqual([]);
  expect({ killed: outcome.killed, code: outcome.code, signal: outcome.signal }, outcome.stderr).toEqual({ killed: false, code: 0, signal: null });
  expect(outcome.sessionsAtExit).toBe(0);
}

describe.concurrent('a Client dropped without Dispose()', () => {
  it('is closed at garbage collection: its gateway session ends and the process exits on its own', async () => {
    const outcome = await runChild('plain');
    expect(outcome.sessionsAt.ready).toBe(1);
    expect(outcome.lines.map((l) => l.event)).toContain('finalized');
    expectCleanExit(outcome);
  });

  it('is collected although event handlers and Node options close over it', async () => {
    const outcome = await runChild('callbacks');
    expect(outcome.sessionsAt.ready).toBe(1);
    expect(outcome.lines.map((l) => l.event)).toContain('finalized');
    expectCleanExit(outcome);
  });

  it('is kept alive by a pending call until the call answers, and closed after', async () => {
    const outcome = await runChild('pending');
    const events = outcome.lines.map((l) => l.event);
    // Still connected after the drop and the collections, while the call was held.
    expect(outcome.sessionsAt.dropped).toBe(1);
    expect(events.indexOf('finalized')).toBeGreaterThan(events.indexOf('answered'));
    expect(outcome.lines.find((l) => l.event === 'answered')).toMatchObject({ ok: true });
    expectCleanExit(outcome);
  });

  it('is closed at garbage collection in the middle of a voice call (audio thread, UDP, JS audio callbacks)', async () => {
    const outcome = await runChild('in-call');
    expect(outcome.sessionsAt.ready).toBe(1);
    expect(outcome.lines.map((l) => l.event)).toContain('finalized');
    expectCleanExit(outcome);
  });

  it('in a process that exits in the middle of a voice call', async () => {
    const outcome = await runChild('call-exit');
    expectCleanExit(outcome);
  });

  it('in a process that exits with the Client still connected', async () => {
    const outcome = await runChild('exit');
    expect(outcome.lines.map((l) => l.event)).toEqual(['ready']);
    expectCleanExit(outcome);
  });

  it('in a worker thread that then ends on its own', async () => {
    const outcome = await runChild('worker-drop');
    expect(outcome.lines.map((l) => l.event)).toEqual(expect.arrayContaining(['ready', 'finalized', 'dropped']));
    expect(outcome.lines.find((l) => l.event === 'worker-exit')).toMatchObject({ code: 0 });
    expectCleanExit(outcome);
  });

  it('in a worker thread that exits with the Client still connected', async () => {
    const outcome = await runChild('worker-exit');
    expect(outcome.lines.map((l) => l.event)).toContain('ready');
    expect(outcome.lines.find((l) => l.event === 'worker-exit')).toMatchObject({ code: 0 });
    expectCleanExit(outcome);
  });
});
