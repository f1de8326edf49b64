// Helpers shared by the test and benchmark scripts: bring the addon and the native harness up
// to date (building only what is missing or stale) and run child processes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result;
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function nativeInputsMtime() {
  return Math.max(
    newestMtime(join(root, 'native', 'core')),
    newestMtime(join(root, 'native', 'napi')),
    newestMtime(join(root, 'native', 'sources.gypi')),
    newestMtime(join(root, 'binding.gyp')),
  );
}

/** Builds build/Release/sdkpp.node with node-gyp when it is missing or older than its sources. */
export function ensureAddon() {
  const addon = join(root, 'build', 'Release', 'sdkpp.node');
  if (existsSync(addon) && statSync(addon).mtimeMs >= nativeInputsMtime()) return;
  const nodeGyp = process.env.npm_config_node_gyp;
  const configured = existsSync(join(root, 'build', 'Makefile')) || existsSync(join(root, 'build', 'config.gypi'));
  const verb = configured ? 'build' : 'rebuild';
  console.log(`[sdkpp] building the addon (node-gyp ${verb})`);
  const result = nodeGyp
    ? run(process.execPath, [nodeGyp, verb, '-j', 'max'])
    : run('npm', ['run', 'build:native'], { shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error('the addon failed to build');
}

/** Configures (once) and builds a CMake tree of the core and the native harness. */
export function ensureHarness(buildDir, cmakeArgs = []) {
  const dir = join(root, buildDir);
  // A configure that failed half way leaves a cache but no Makefile: configure again then.
  if (!existsSync(join(dir, 'CMakeCache.txt')) || !existsSync(join(dir, 'Makefile'))) {
    const configure = run('cmake', ['-S', root, '-B', dir, ...cmakeArgs]);
    if (configure.status !== 0) throw new Error(`cmake configure of ${buildDir} failed`);
  }
  const build = run('cmake', ['--build', dir, '--parallel', String(availableParallelism())]);
  if (build.status !== 0) throw new Error(`cmake build of ${buildDir} failed`);
  return dir;
}

/** Runs ctest in `dir` and returns {passed, failed}, read from its summary line. */
export function runCtest(dir, env = process.env) {
  const result = spawnSync('ctest', ['--output-on-failure', '-j', '2'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  const summary = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(result.stdout ?? '');
  if (!summary) return { passed: 0, failed: 1, note: 'ctest printed no summary' };
  const failed = Number(summary[2]);
  return { passed: Number(summary[3]) - failed, failed };
}
