// Property: random sequences of calls on the SDK's public API (Client and the value classes of
// lib/index.ts) — valid and hostile arguments, callback and Promise forms, Dispose() and forced
// garbage collection at random points — against the emulator, never crash the process, leave
// no unhandled rejection, settle every Promise and call every callback exactly once (with
// ClientDestroyed after Dispose), and throw only TypeErrors and RangeErrors that name the method
// and the argument. The sequences run in a child process (--expose-gc) so that a crash is a
// failing run with its seed and shrunk counter-example, not a dead test runner.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../lib/index';
import { startEmulator, SEED, type RunningEmulator } from '../../lib/emulator/index';
import { ForkedRunner } from './forked_runner';
import { fuzzBudget } from './fuzz_settings';
import { run, type Step } from './sdk_api_arbitraries';
import { CLIENT_METHODS } from './sdk_api_table';

interface Report {
  type: string;
  violations: string[];
  failed: string | null;
  stats: Stats;
}

interface Stats {
  calls: number;
  threw: number;
  answered: number;
  succeeded: number;
  ready: number;
}

// What all runs did: the property must not pass by doing nothing.
const totals: Stats = { calls: 0, threw: 0, answered: 0, succeeded: 0, ready: 0 };

let emu: RunningEmulator;
let runner: ForkedRunner<Report>;
let cwd: string;
const logs: string[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, log: (line) => logs.push(line) });
  emu.control.setRateLimits(false);
  // Authorize completes when the runner's "browser" follows the redirect.
  emu.control.setAutoApprove(SEED.users.nelly);
  cwd = mkdtempSync(join(tmpdir(), 'sdkpp-fuzz-cwd-'));
  runner = new ForkedRunner<Report>({
    script: join(__dirname, 'fixtures', 'sdk_api_runner.cjs'),
    execArgv: ['--expose-gc'],
    cwd,
    // RegisterLaunchCommand writes a .desktop entry: into the run's own folder.
    env: { XDG_DATA_HOME: cwd, SDKPP_AUDIO_BACKEND: 'virtual', SDKPP_DAVE: '0' },
    init: { specs: CLIENT_METHODS },
    runTimeoutMs: 60_000,
  });
});

afterAll(async () => {
  await runner?.close();
  await emu?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

/** Fresh tokens for each run (a run may revoke them). */
function runEnv() {
  const users = [SEED.users.nelly, SEED.users.alice, SEED.users.bob].map((id) => {
    const issued = emu.control.issueToken(id);
    return { id, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
  const guild = emu.control.createGuild('fuzz', users.map((u) => u.id));
  return {
    apiBase: emu.apiBase,
    webBase: emu.webBase,
    appId: emu.application.id,
    childAppId: SEED.childApplicationId,
    users,
    guildId: guild.id,
    channelId: guild.channelIds[0],
  };
}

async function execute(steps: Step[]): Promise<void> {
  let report: Report;
  try {
    report = await runner.run({ type: 'run', steps, env: runEnv() });
  } catch (error) {
    runner.restart();
    throw error;
  }
  for (const key of Object.keys(totals) as Array<keyof Stats>) totals[key] += report.stats[key];
  if (report.failed || report.violations.length > 0) {
    runner.restart();
    throw new Error([...report.violations, ...(report.failed ? [`the runner failed: ${report.failed}`] : [])].join('\n'));
  }
}

describe('the public API under random use', () => {
  it('the method table names every method of Client', () => {
    const names = new Set<string>();
    for (let proto = Client.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') names.add(name);
      }
    }
    expect([...names].sort()).toEqual(CLIENT_METHODS.map((m) => m.name).sort());
  });

  const budget = fuzzBudget<[Step[]]>(40, 1500);
  it('random call sequences: no crash, every call answers once, errors name method and argument', async () => {
    await fc.assert(fc.asyncProperty(run, execute), budget.parameters);
    // The sequences reached a Ready client and calls that succeeded against the emulator, and
    // calls that were refused.
    expect(totals.ready, JSON.stringify(totals)).toBeGreaterThan(0);
    expect(totals.succeeded, JSON.stringify(totals)).toBeGreaterThan(0);
    expect(totals.threw, JSON.stringify(totals)).toBeGreaterThan(0);
    expect(totals.answered, JSON.stringify(totals)).toBeGreaterThan(totals.calls / 10);
    console.log(`sdk_api fuzz: ${JSON.stringify(totals)}`);
  }, budget.timeoutMs);
});
