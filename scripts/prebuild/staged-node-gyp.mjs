// Builds the addon with node-gyp in a build folder of its own per target (build-prebuild-<target>),
// never in the checkout's build/: node-gyp always writes to build/ beside binding.gyp, and a
// build/ of another architecture there would be picked up by the developer's tests. The folder
// holds symbolic links to what binding.gyp reads (the sources, the scripts it runs, the npm
// packages it includes), so make stays incremental between runs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { capture, root, run, secondsSince } from './common.mjs';

/**
 * The node-gyp npm would run for an install script (`npx node-gyp` would go to the registry):
 * a local one, else the one npm names when it runs this script (npm_config_node_gyp, as
 * scripts/test/native-build.mjs uses), else the one inside the npm on the PATH.
 */
export function nodeGypScript() {
  const local = join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(local)) return local;
  if (process.env.npm_config_node_gyp && existsSync(process.env.npm_config_node_gyp)) return process.env.npm_config_node_gyp;
  const npmCli = realpathSync(capture('sh', ['-c', 'command -v npm']));
  const bundled = join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!existsSync(bundled)) throw new Error(`node-gyp not found (not in node_modules, npm_config_node_gyp or beside ${npmCli})`);
  return bundled;
}

// What binding.gyp and the commands it runs read, relative to the repository root.
const stagedEntries = ['binding.gyp', 'native', 'scripts', 'node_modules'];

function linkInto(folder, entry) {
  const link = join(folder, entry);
  const target = relative(folder, join(root, entry));
  if (existsSync(link) || isDanglingLink(link)) {
    if (isLinkTo(link, target)) return;
    rmSync(link, { recursive: true, force: true });
  }
  symlinkSync(target, link);
}

function isDanglingLink(path) {
  try {
    readlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

function isLinkTo(path, target) {
  try {
    return readlinkSync(path) === target;
  } catch {
    return false;
  }
}

// The gyp files the Makefiles are generated from: a change in any of them means configure again
// (gyp's own regeneration rule runs from the wrong folder here).
const gypFiles = ['binding.gyp', 'native/sources.gypi', 'native/third_party/opus/opus_sources.gypi'];

function gypFilesNewerThan(stamp) {
  const configured = statSync(stamp).mtimeMs;
  return gypFiles.some((file) => statSync(join(root, file)).mtimeMs > configured);
}

/**
 * Configures (when needed) and builds the Release addon of `target` in build-prebuild-<target>.
 * `env` carries the cross compilers, `gypArgs` e.g. --arch=arm64. Returns the built file and
 * the seconds the build took.
 */
export function buildStaged(target, { env = process.env, gypArgs = [], nodedir = '/usr' } = {}) {
  const folder = join(root, `build-prebuild-${target}`);
  mkdirSync(folder, { recursive: true });
  for (const entry of stagedEntries) linkInto(folder, entry);

  const nodeGyp = nodeGypScript();
  const jobs = String(availableParallelism());
  const started = process.hrtime.bigint();
  const configureArgs = ['configure', `--nodedir=${nodedir}`, ...gypArgs];
  // Configure again whenever the arguments change: they are part of the Makefile.
  // The commit is compiled in (SDKPP_VERSION_HASH, read at configure time): a new commit
  // configures again, and make then recompiles the addon's own sources.
  const head = capture('git', ['rev-parse', 'HEAD'], { cwd: root });
  const argsHash = createHash('sha256').update(JSON.stringify([configureArgs, env.CC, env.CXX, head])).digest('hex').slice(0, 16);
  const stamp = join(folder, 'build', `configured-${argsHash}`);
  if (!existsSync(stamp) || !existsSync(join(folder, 'build', 'Makefile')) || gypFilesNewerThan(stamp)) {
    console.log(`[sdkpp] ${target}: node-gyp ${configureArgs.join(' ')} (in ${relative(root, folder)})`);
    // Objects stay: gyp's Makefiles rebuild what a changed command line affects.
    run(process.execPath, [nodeGyp, ...configureArgs], { cwd: folder, env });
    writeFileSync(stamp, `${configureArgs.join(' ')}\n`);
  }
  console.log(`[sdkpp] ${target}: node-gyp build --jobs ${jobs}`);
  run(process.execPath, [nodeGyp, 'build', '--jobs', jobs, `--nodedir=${nodedir}`, ...gypArgs], { cwd: folder, env });
  const seconds = secondsSince(started);
  console.log(`[sdkpp] ${target}: built in ${seconds.toFixed(1)} s`);
  return { file: join(folder, 'build', 'Release', 'sdkpp.node'), seconds };
}
