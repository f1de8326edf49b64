// JS audio callbacks against an app that takes the buffer away (README "Voice calls", "JS audio
// callbacks"): transferring the ArrayBuffer behind the callbacks' views from inside a callback
// (structuredClone with a transfer list, a worker's postMessage, ArrayBuffer#transfer), or
// keeping a view and writing into it later, must not crash the process nor write into memory the
// app now owns. Each case runs in its own process (test/e2e/fixtures/audio_buffer_hostile_child.cjs):
// a crash is a signal there, not the end of this file. Before the fix the audio thread kept
// writing through the raw pointer it took at the call's start: into the transferred copy, then
// into freed memory (SIGSEGV).
//
// SDKPP_TEST_CHILD_NODE names another node binary for the children (to check the cases under
// Node 22 or 24, where ArrayBuffer#transfer exists): the addon is Node-API, one binary for all.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers';

const fixture = join(__dirname, 'fixtures', 'audio_buffer_hostile_child.cjs');
const nodeBinary = process.env.SDKPP_TEST_CHILD_NODE ?? process.execPath;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Line = { event: string; [key: string]: unknown };
interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: Line[];
  stderr: string;
}

// What a child keeps of this environment (as in voice_dave.test.ts).
const inherited = ['PATH', 'NODE_PATH', 'NODE_OPTIONS', 'SDKPP_PREBUILD', 'SystemRoot', 'QEMU_LD_PREFIX'];

function runChild(mode: string): Promise<Outcome> {
  // Users of their own: a user is in one call at a time.
  const users = ['a', 'b'].map((side) => h.emu.control.createUser({ username: `hostile_${mode.replace('-', '_')}_${side}` }) as { id: string });
  const tokens = users.map((user) => h.emu.control.issueToken(user.id).accessToken);
  h.watch.remember(...tokens);
  const env = { apiBase: h.emu.apiBase, webBase: h.emu.webBase, appId: h.emu.application.id, tokenA: tokens[0], tokenB: tokens[1] };
  const base = Object.fromEntries(inherited.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]));
  return new Promise((resolve) => {
    const child = spawn(nodeBinary, ['--expose-gc', fixture], {
      env: { ...base, SDKPP_AUDIO_BACKEND: 'virtual', SDKPP_HOSTILE_MODE: mode, SDKPP_HOSTILE_ENV: JSON.stringify(env) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Line[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line) as Line);
      } catch {
        /* not ours */
      }
    });
    // The child bounds itself (45 s); this is the bound on a child that hangs in a crash.
    const killer = setTimeout(() => child.kill('SIGKILL'), 55_000);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, lines, stderr: stderr.slice(-3000) });
    });
  });
}

function expectLivedThrough(outcome: Outcome): Line {
  const why = `${JSON.stringify(outcome.lines)}\n${outcome.stderr}`;
  expect({ code: outcome.code, signal: outcome.signal }, why).toEqual({ code: 0, signal: null });
  expect(outcome.lines.filter((l) => l.event === 'error'), why).toEqual([]);
  expect(outcome.lines.map((l) => l.event), why).toContain('done');
  return outcome.lines.find((l) => l.event === 'checked') ?? { event: 'none' };
}

/** The buffer was taken inside a callback: the app's copy stays as it got it, and later ticks
 * come in fresh, attached views of the same size, with the tone in them. */
function expectTakenCleanly(outcome: Outcome): void {
  const checked = expectLivedThrough(outcome);
  expect(outcome.lines.find((l) => l.event === 'took')).toMatchObject({ detached: true });
  expect(checked).toMatchObject({ copyUnchanged: true, copyBytes: 2 * 26 * 3840, freshBuffer: true });
  expect(checked.laterAudio as number).toBeGreaterThanOrEqual(20);
}

// One at a time: each child runs two calls' audio threads, and the machine has few cores.
describe('an app that takes away the buffer behind its audio callbacks', () => {
  it('structuredClone with a transfer list inside a received callback', async () => {
    expectTakenCleanly(await runChild('clone-received'));
  }, 60_000);

  it('structuredClone with a transfer list inside a captured callback', async () => {
    expectTakenCleanly(await runChild('clone-captured'));
  }, 60_000);

  it("a worker's postMessage with the buffer in its transfer list, inside a received callback", async () => {
    expectTakenCleanly(await runChild('worker'));
  }, 60_000);

  it('ArrayBuffer#transfer inside a captured callback (Node ≥ 21; older Node has no such method)', async () => {
    const outcome = await runChild('transfer-method');
    const unsupported = outcome.lines.find((l) => l.event === 'unsupported');
    if (unsupported) {
      expectLivedThrough(outcome);
      expect(Number(String(unsupported.node).split('.')[0])).toBeLessThan(21);
      return;
    }
    expectTakenCleanly(outcome);
  }, 60_000);

  it('keeps its views and writes into them (and the whole buffer) after the callbacks returned', async () => {
    const checked = expectLivedThrough(await runChild('keep-write'));
    // Each tick's frame is copied in right before the callback: what the app wrote in between
    // is never what a callback is handed.
    expect(checked).toMatchObject({ laterStale: 0 });
    expect(checked.laterAudio as number).toBeGreaterThanOrEqual(20);
  }, 60_000);
});
