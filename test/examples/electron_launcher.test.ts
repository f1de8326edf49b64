// examples/electron-launcher. Electron cannot be downloaded here, so this is what runs:
// - the type-check of the main process and preload (CommonJS, node10 resolution) and of the
//   renderer (DOM) against the `electron` package's own declarations (electron.d.ts), installed
//   from the registry without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD, --ignore-scripts) into
//   .cache/ at the version the example's package.json pins;
// - the compiled main process and preload under plain Node with the stand-in for `electron`
//   (examples/electron-launcher/stand-in), which plays the page against the emulator: sign in
//   (the browser approves at once), presence, a party whose other member (alice) talks in its
//   call, chat, microphone choice, the call with push-to-talk, the hostile page's requests
//   refused, and the window closed — after which the app quits, the Client is disposed and Node
//   exits 0 by itself.
// The renderer page itself (DOM) is type-checked and compiled only, never run.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../lib/emulator/index';
import { packageRoot } from '../../lib/sdk/binding';
import { FIXTURES, type FixtureContext } from '../docs/fixtures';
import { buildOnce, cachedPackage, exampleProject, linkModule, runNode, tsc, type ExampleRun } from './example_project';

const PARTY_SECRET = 'electron-test-party-91d3';
let project: string;
let esbuild: string;

beforeAll(() => {
  project = exampleProject('electron-launcher');
  const pinned = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  // Declarations only: the binary is not downloaded (and could not be here).
  linkModule(project, 'electron', cachedPackage('electron', pinned.electron, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }));
  esbuild = join(cachedPackage('esbuild', pinned.esbuild), 'bin', 'esbuild');
}, 150_000);

/** stand-in/run-main.cjs with `mainModule` against a fresh emulator, alice waiting in the party. */
async function runThePage(mainModule: string): Promise<ExampleRun> {
  const emu = await startEmulator({ port: 0 });
  const context: FixtureContext = {
    emu,
    project,
    dir: join(project, 'dist', `run-${process.pid}`),
    env: { ...process.env, SDKPP_API_BASE: emu.apiBase, SDKPP_WEB_BASE: emu.webBase, SDKPP_AUDIO_BACKEND: 'virtual', LAUNCHER_PARTY_SECRET: PARTY_SECRET },
    cleanups: [],
  };
  context.cleanups.push(() => rmSync(context.dir, { recursive: true, force: true }));
  try {
    await FIXTURES.browser.setUp!(context, undefined);
    // alice waits in the party and starts its call, talking, once the player has joined.
    await FIXTURES.friend.setUp!(context, PARTY_SECRET);
    return await runNode([join(project, 'stand-in', 'run-main.cjs'), mainModule], { cwd: project, env: context.env, limitMs: 45_000 }).ended;
  } finally {
    for (const done of context.cleanups.reverse()) await done();
    await emu.close();
  }
}

/** The page's whole script ran, in order, and the app quit by itself. */
function expectTheWholeSession(run: ExampleRun): void {
  const out = run.stdout;
  expect(run.code, `${out}\n${run.stderr}`).toBe(0);
  // What the page did, in order. Events come over IPC later than the answer of the request that
  // caused them may (as in Electron): they are checked below, in no order.
  const expected = [
    /^page: signed in as Nelly$/m,
    /^page: in the party \(2 members\)$/m,
    /^page: chat message shown$/m,
    /^page: microphone .* \(of \d+\)$/m,
    /^page: call joined$/m,
    /^page: heard Alice speaking$/m,
    /^page: push-to-talk released$/m,
    /^page: call left$/m,
    /^page: joinParty\(42\): refused \(.*secret must be a string of 1 to 128 characters\)$/m,
    /^page: sendChat of 2001 characters: refused \(.*text must be a string of 1 to 2000 characters\)$/m,
    /^page: a command not in the API: refused \(.*unknown command "dispose"\)$/m,
    /^page: a request from an embedded frame: refused \(.*not the launcher page\)$/m,
    // will-quit disposes the Client, then quit.
    /^launcher: Client disposed$/m,
    /^app: quit$/m,
  ];
  let from = 0;
  for (const pattern of expected) {
    const at = out.slice(from).search(pattern);
    expect(at, `${pattern} after offset ${from} in:\n${out}\n${run.stderr}`).toBeGreaterThanOrEqual(0);
    from += at;
  }
  for (const event of [
    /^event friends: .*Alice \(Online\)/m,
    /^event presence: \{"state":"In the launcher"\}$/m,
    /^event members: \{"members":\[("Alice","Nelly"|"Nelly","Alice")\]\}$/m,
    /^event chat: \{"author":"Nelly","content":"hello from the Electron launcher"\}$/m,
    /^event call: \{"status":"Connected"\}$/m,
    /^event speaking: \{"name":"Alice","speaking":true\}$/m,
  ]) {
    expect(out).toMatch(event);
  }
  expect(out).not.toContain('NOT refused');
}

/** The example's `npm run bundle` command with the cached esbuild, `edit` applied to its arguments. */
function bundle(edit: (args: string[]) => string[] = (args) => args): { status: number | null; output: string } {
  const script = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.bundle;
  const [tool, ...args] = script.split(' ');
  expect(tool).toBe('esbuild');
  const run = spawnSync(esbuild, edit(args), { cwd: project, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('examples/electron-launcher', () => {
  it('the main process and preload type-check against electron.d.ts (CommonJS, node10 resolution)', () => {
    const check = tsc(project, '--noEmit');
    expect(check.status, check.output).toBe(0);
  }, 60_000);

  it('the renderer type-checks (DOM, window.launcher from the preload)', () => {
    const check = tsc(join(project, 'tsconfig.renderer.json'), '--noEmit');
    expect(check.status, check.output).toBe(0);
  }, 60_000);

  it('the page loads the compiled renderer as a classic script, which it is', () => {
    const build = tsc(join(project, 'tsconfig.renderer.json'));
    expect(build.status, build.output).toBe(0);
    const page = join(project, 'src', 'renderer', 'index.html');
    const src = /<script src="([^"]+)"><\/script>/.exec(readFileSync(page, 'utf8'))?.[1];
    expect(src).toBeDefined();
    const script = readFileSync(join(page, '..', src!), 'utf8');
    expect(script).toContain('window.launcher');
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
  }, 60_000);

  it('electron-builder unpacks the addon from the asar', () => {
    const build = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { build: { asarUnpack: string[] } }).build;
    expect(build.asarUnpack).toContain('**/*.node');
  });

  it('the main process runs under Node with the stand-in for electron: the scripted page ends, the app quits, exit 0', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    expectTheWholeSession(await runThePage(join(project, 'dist', 'main', 'main.js')));
  }, 60_000);

  // The README's bundler note, both ways: esbuild with sdkpp external (`npm run bundle`) gives a
  // main that runs the whole session; sdkpp bundled in fails at start.
  it('bundled with esbuild and sdkpp external (npm run bundle), the main process runs the same session', async () => {
    const build = buildOnce(project);
    expect(build.status, build.output).toBe(0);
    const bundled = bundle();
    expect(bundled.status, bundled.output).toBe(0);
    expectTheWholeSession(await runThePage(join(project, 'dist', 'bundle', 'main.js')));
  }, 60_000);

  it('bundled with sdkpp inside, the main process fails at start, as the README says', async () => {
    const inlined = join(project, 'dist', 'bundle-sdkpp-inside', 'main.js');
    const bundled = bundle((args) => args.filter((a) => a !== '--external:sdkpp').map((a) => (a.startsWith('--outfile=') ? `--outfile=${inlined}` : a)));
    expect(bundled.status, bundled.output).toBe(0);
    const run = await runNode([join(project, 'stand-in', 'run-main.cjs'), inlined], { cwd: project, env: process.env, limitMs: 20_000 }).ended;
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("Cannot find module './scripts/build/locate-addon.cjs'");
  }, 60_000);
});
