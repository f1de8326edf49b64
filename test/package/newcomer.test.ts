// A new user's first hour, in CI: the package packed as npm would publish it, installed into an
// empty folder, and the first program a newcomer writes from the README — a strict `nodenext`
// TypeScript app and a CommonJS one — type-checked and run against the emulator: authorize
// (approved at once, as `npx sdkpp-emulator --auto-approve` does), connect, presence, a lobby
// message, a 2-second call that hears a friend. Each must end by itself with exit code 0.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../lib/emulator/index';
import { packageRoot } from '../../lib/sdk/binding';
import { FIXTURES, type FixtureContext } from '../docs/fixtures';
import { npmInstall, tarballWithThisPrebuild } from './tarball';

const cleanup: string[] = [];
// The TypeScript a newcomer's `npm install -D typescript` got when this test was written.
const TYPESCRIPT_7 = '7.0.2';
let appDir: string;

const versionOf = (name: string) => (JSON.parse(readFileSync(join(packageRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

beforeAll(() => {
  const packed = tarballWithThisPrebuild(cleanup);
  appDir = packed.appDir;
  const install = npmInstall(appDir, packed.tarball, {});
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.stderr}`);
  // What the newcomer adds for TypeScript (the versions this checkout uses, from npm's cache).
  const tools = spawnNpm(appDir, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', `typescript@${versionOf('typescript')}`, `@types/node@${versionOf('@types/node')}`]);
  if (tools.status !== 0) throw new Error(`npm install of typescript failed:\n${tools.stderr}`);
  for (const file of ['app.mts', 'app.cjs']) copyFileSync(join(__dirname, 'newcomer', file), join(appDir, file));
  writeFileSync(
    join(appDir, 'tsconfig.json'),
    // What a newcomer writes: no `types` list (TypeScript 6 and later then include no @types on
    // their own: the package's declarations must bring Node's types themselves).
    JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', outDir: 'out' }, files: ['app.mts'] }),
  );
}, 300_000);

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function spawnNpm(cwd: string, args: string[]) {
  const npmBin = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return spawnSync(npmBin, args, { cwd, encoding: 'utf8' });
}

async function runAgainstEmulator(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const emu: RunningEmulator = await startEmulator({ port: 0 });
  const context: FixtureContext = {
    emu,
    project: appDir,
    dir: join(appDir, `run-${Date.now()}`),
    env: { ...process.env, SDKPP_API_BASE: emu.apiBase, SDKPP_WEB_BASE: emu.webBase, SDKPP_AUDIO_BACKEND: 'virtual' },
    cleanups: [],
  };
  try {
    await FIXTURES.browser.setUp!(context, undefined);
    await FIXTURES.friend.setUp!(context, 'newcomer-party');
    return await new Promise((resolve) => {
      const child = spawn(process.execPath, [file], { cwd: appDir, env: context.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(killer);
        resolve({ code, stdout, stderr });
      });
    });
  } finally {
    for (const done of context.cleanups.reverse()) await done();
    await emu.close();
  }
}

const EXPECTED = ['authorized', 'ready as nelly', 'presence set', 'own message created 1 time(s): hello from a newcomer', 'heard audio'];

describe('a newcomer installs the package and runs a first program', () => {
  it('the strict nodenext TypeScript app type-checks against the installed package', () => {
    const tsc = spawnNpm(appDir, ['exec', '--', 'tsc', '-p', '.']);
    expect(tsc.status, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  }, 120_000);

  // `npm install -D typescript` gives a newcomer TypeScript 7 (the native compiler), whose
  // defaults differ (no @types unless listed): the same app must type-check with it too.
  it('...and with TypeScript 7, what `npm install -D typescript` installs today', () => {
    const tsc = spawnNpm(appDir, ['exec', '--yes', `--package=typescript@${TYPESCRIPT_7}`, '--', 'tsc', '-p', '.', '--noEmit']);
    expect(tsc.status, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  }, 180_000);

  it('the TypeScript app runs to the end and exits by itself', async () => {
    const run = await runAgainstEmulator(join(appDir, 'out', 'app.mjs'));
    expect(run.stdout.trim().split('\n'), run.stderr).toEqual(EXPECTED);
    expect(run.code, run.stderr).toBe(0);
  }, 90_000);

  it('the CommonJS app runs to the end and exits by itself', async () => {
    const run = await runAgainstEmulator(join(appDir, 'app.cjs'));
    expect(run.stdout.trim().split('\n'), run.stderr).toEqual(EXPECTED);
    expect(run.code, run.stderr).toBe(0);
  }, 90_000);
});
