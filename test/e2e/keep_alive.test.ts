// A pending call keeps the process running, and nothing waits in silence (README, "Lifetime"):
// a script that only awaits Authorize used to end at once (exit 0 in CommonJS, 13 in an ES
// module's top-level await), because nothing the SDK had open counted for the event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binding } from '../../lib/sdk/binding';
import { AuthorizationArgs, AuthorizationTokenType, Client } from '../../lib/index';
import { startHarness, until, type Harness } from './helpers';

const fixtures = { cjs: join(__dirname, 'fixtures', 'awaits_authorize_child.cjs'), esm: join(__dirname, 'fixtures', 'awaits_authorize_child.mjs') };
// How late the "player" approves: long after a script with nothing pending would have ended.
const APPROVAL_DELAY_MS = 1500;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.emu.control.setAutoApprove(h.emu.users[0].id);
});
afterAll(async () => {
  await h.close();
});

/** The browser's part: load the consent page (auto-approved) and follow its redirect. */
async function playBrowser(url: string): Promise<void> {
  const consent = await fetch(url, { redirect: 'manual' });
  const location = consent.headers.get('location');
  if (!location?.startsWith('http://127.0.0.1')) throw new Error(`no redirect to the loopback (status ${consent.status})`);
  await fetch(location);
}

interface ChildRun {
  code: number | null;
  lines: Array<{ event: string; [key: string]: unknown }>;
  stderr: string;
  browserError?: string;
}

function runChild(mode: 'hook' | 'no-opener' | 'no-opener-logged', module: 'cjs' | 'esm' = 'cjs'): Promise<ChildRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SDKPP_CHILD_ENV: JSON.stringify({ apiBase: h.emu.apiBase, webBase: h.emu.webBase, applicationId: h.emu.application.id }),
    SDKPP_CHILD_MODE: mode,
  };
  if (mode !== 'hook') {
    // A machine without a browser: no opener on the PATH (an empty folder: node's own folder
    // may hold xdg-open, which a browser package brings), no graphical session.
    env.PATH = mkdtempSync(join(tmpdir(), 'sdkpp-no-opener-'));
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    delete env.BROWSER;
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fixtures[module]], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const run: ChildRun = { code: null, lines: [], stderr: '' };
    let stdout = '';
    let browsed = false;
    const browseLater = (url: string) => {
      if (browsed) return;
      browsed = true;
      setTimeout(() => playBrowser(url).catch((error: Error) => (run.browserError = error.message)), APPROVAL_DELAY_MS);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      for (const line of stdout.split('\n').slice(0, -1)) {
        const parsed = JSON.parse(line) as { event: string; url?: string; line?: string };
        if (parsed.event === 'open' && parsed.url) browseLater(parsed.url);
        const logged = parsed.event === 'log' ? /Open this address in a browser to continue: (\S+)/.exec(parsed.line ?? '') : null;
        if (logged) browseLater(logged[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk;
      const address = /Open this address in a browser to continue: (\S+)/.exec(run.stderr);
      if (address) browseLater(address[1]);
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      run.code = code;
      run.lines = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line));
      resolve(run);
    });
  });
}

describe('a pending call keeps the process running', () => {
  it('a script that only awaits Authorize waits for the late approval, gets its code and exits 0 by itself', async () => {
    const run = await runChild('hook');
    expect(run.browserError).toBeUndefined();
    expect(run.lines.map((l) => l.event)).toEqual(['open', 'authorized']);
    expect(run.lines[1].redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(run.code).toBe(0);
  });

  it('the same with a top-level await in an ES module (it ended with exit code 13)', async () => {
    const run = await runChild('hook', 'esm');
    expect(run.stderr).toBe('');
    expect(run.lines.map((l) => l.event)).toEqual(['open', 'authorized']);
    expect(run.code).toBe(0);
  });

  it('with no browser to open, the SDK prints the address to open (a process warning) and the flow completes from it', async () => {
    const run = await runChild('no-opener');
    expect(run.stderr).toMatch(/SdkppWarning: sdkpp: no browser could be opened \(xdg-open is not installed; it comes with the xdg-utils package\)/);
    expect(run.stderr).toMatch(/Open this address in a browser to continue: http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?/);
    expect(run.browserError).toBeUndefined();
    expect(run.lines.map((l) => l.event)).toEqual(['authorized']);
    expect(run.code).toBe(0);
  }, 30_000);

  it('with a log callback for Warnings, the address comes through it once, and no process warning repeats it', async () => {
    const run = await runChild('no-opener-logged');
    const logs = run.lines.filter((l) => l.event === 'log').map((l) => String(l.line));
    expect(logs.filter((line) => /Authorize: no browser could be opened \(xdg-open is not installed; .*\)\. Open this address in a browser to continue: http:/.test(line))).toHaveLength(1);
    expect(run.stderr).not.toMatch(/SdkppWarning/);
    expect(run.lines.map((l) => l.event).filter((e) => e !== 'log')).toEqual(['authorized']);
    expect(run.code).toBe(0);
  }, 30_000);
});

describe('what holds the event loop (internal.eventLoopHolds)', () => {
  const holds = () => binding.internal.eventLoopHolds();

  it('a pending call holds it until it answers; an idle Client never does', async () => {
    const before = holds();
    const client = h.newClient();
    expect(holds()).toBe(before);
    const answer = client.FetchCurrentUser(AuthorizationTokenType.Bearer, 'not-a-real-token');
    expect(holds()).toBe(before + 1);
    await answer!.catch(() => undefined);
    expect(holds()).toBe(before);
    client.Dispose();
  });

  it('Dispose ends a pending call and lets go of the loop', async () => {
    const before = holds();
    const client = h.newClient({ openUrl: () => true });
    const args = new AuthorizationArgs();
    args.SetScopes('openid');
    const pending = client.Authorize(args);
    expect(holds()).toBe(before + 1);
    client.Dispose();
    await expect(pending).rejects.toThrow(/destroyed/i);
    expect(holds()).toBe(before);
  });

  it('a Client holds it from Connect until it is disconnected', async () => {
    const before = holds();
    const user = h.emu.users[1];
    const token = h.emu.control.issueToken(user.id);
    const client = h.newClient();
    await client.UpdateToken(AuthorizationTokenType.Bearer, token.accessToken);
    client.Connect();
    expect(holds()).toBe(before + 1);
    await until(() => client.GetStatus() === Client.Status.Ready);
    expect(holds()).toBe(before + 1);
    client.Disconnect();
    await until(() => client.GetStatus() === Client.Status.Disconnected);
    expect(holds()).toBe(before);
    client.Dispose();
  });
});
