// An example of examples/ as its own project: its node_modules laid out as `npm install` in the
// example's folder lays it (sdkpp, a `file:../..` dependency, is a link to this checkout, whose
// dist/ `npm test` built), the repository's TypeScript to type-check and compile it, and a run
// of one of its programs that must end by itself.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '../../lib/sdk/binding';

export const examplesRoot = join(packageRoot, 'examples');
const tscBin = join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** The folder of examples/<name>, with node_modules/sdkpp linked to this checkout. */
export function exampleProject(name: string): string {
  const dir = join(examplesRoot, name);
  if (!existsSync(join(packageRoot, 'dist', 'index.js'))) {
    // `npm test` builds dist/ before vitest; a lone `npx vitest run test/examples` may not have.
    const built = spawnSync(process.execPath, [join(packageRoot, 'scripts', 'build', 'build-ts.mjs')], { cwd: packageRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build:ts failed:\n${built.stdout}${built.stderr}`);
  }
  linkModule(dir, 'sdkpp', packageRoot);
  return dir;
}

/** node_modules/<name> of `dir` as a relative symbolic link to `target` (what npm makes of a file: dependency). */
export function linkModule(dir: string, name: string, target: string): void {
  const link = join(dir, 'node_modules', name);
  const wanted = relative(join(link, '..'), target);
  try {
    if (readlinkSync(link) === wanted) return;
  } catch {
    // not there yet, or not a link
  }
  rmSync(link, { recursive: true, force: true });
  mkdirSync(join(link, '..'), { recursive: true });
  symlinkSync(wanted, link, 'dir');
}

/**
 * A tool an example names in its devDependencies that this checkout does not install (electron,
 * esbuild), at the example's pinned version, installed once from the npm registry (or npm's
 * cache) into .cache/examples/ without running install scripts; answers its folder.
 */
export function cachedPackage(name: string, version: string, env: Record<string, string> = {}): string {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`the example must pin ${name} to one version (x.y.z), not "${version}"`);
  const dir = join(packageRoot, '.cache', 'examples', `${name}-${version}`);
  const installed = join(dir, 'node_modules', name);
  if (existsSync(join(installed, 'package.json'))) return installed;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `cached-${name}`, private: true }));
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const install = spawnSync(npm, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', `${name}@${version}`], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  if (install.status !== 0 || !existsSync(join(installed, 'package.json'))) throw new Error(`npm install ${name}@${version} failed:\n${install.stderr}`);
  return installed;
}

/** `tsc -p <project> ...args` with the repository's TypeScript; its output when it fails. */
export function tsc(project: string, ...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [tscBin, '-p', project, ...args], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const builds = new Map<string, { status: number | null; output: string }>();

/** `tsc -p <project>` (emitting), once per project and test file: the runs of one file share it. */
export function buildOnce(project: string): { status: number | null; output: string } {
  let build = builds.get(project);
  if (!build) builds.set(project, (build = tsc(project)));
  return build;
}

export interface ExampleRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningExample {
  /** Resolves when the program ended (or was killed after `limitMs`). */
  ended: Promise<ExampleRun>;
  /** Resolves with the stdout line that matches, the first time one does. */
  line(pattern: RegExp): Promise<string>;
}

/** Starts `node <args>` in `cwd`; it is killed if it has not ended after `limitMs`. */
export function runNode(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; limitMs: number }): RunningExample {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const offer = () => {
    for (const waiter of [...waiters]) {
      const found = stdout.split('\n').find((line) => waiter.pattern.test(line));
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    offer();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), options.limitMs);
  const ended = new Promise<ExampleRun>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    ended,
    line: (pattern) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        offer();
        ended.then(() => reject(new Error(`the program ended without printing a line like ${pattern}:\n${stdout}\n${stderr}`)));
      }),
  };
}
