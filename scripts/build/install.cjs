// The package's "install" script. When the addon already loads (a matching prebuild in
// prebuilds/, or a build/ of this machine) nothing is compiled. Otherwise
// `node-gyp rebuild` on every core — node-gyp alone runs one compiler at a time — and the time it
// took is printed. JOBS or npm's `jobs` config, when the user set one, still decides.
'use strict';

const { spawnSync } = require('node:child_process');
const { availableParallelism } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

// Loads the addon in a child process exactly as require('sdkpp') will (locate-addon.cjs: a
// build/ of this OS and CPU, else the matching prebuild; a build/ of another architecture is
// skipped, not compiled over). `--build-from-source` always compiles.
function addonLoads() {
  if (process.env.npm_config_build_from_source === 'true') return false;
  const probe = `require(${JSON.stringify(join(__dirname, 'locate-addon.cjs'))}).loadAddon(${JSON.stringify(root)})`;
  const check = spawnSync(process.execPath, ['-e', probe], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (check.status !== 0 && process.env.npm_config_loglevel === 'verbose') process.stderr.write(check.stderr);
  return check.status === 0;
}

// The node-gyp that node-gyp-build would run: a local one, else npm's own, else the PATH's.
function nodeGypCommand() {
  try {
    return [process.execPath, require.resolve('node-gyp/bin/node-gyp.js')];
  } catch {
    if (process.env.npm_config_node_gyp) return [process.execPath, process.env.npm_config_node_gyp];
    return [process.platform === 'win32' ? 'node-gyp.cmd' : 'node-gyp'];
  }
}

function compile() {
  const jobs = process.env.JOBS || process.env.npm_config_jobs || 'max';
  const parallel = jobs.toLowerCase() === 'max' ? availableParallelism() : jobs;
  const [command, ...args] = nodeGypCommand();
  const started = process.hrtime.bigint();
  const build = spawnSync(command, [...args, 'rebuild'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, JOBS: jobs },
    shell: command.endsWith('.cmd'),
  });
  if (build.error) throw build.error;
  if (build.status !== 0) process.exit(build.status ?? 1);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`[sdkpp] compiled the addon in ${seconds.toFixed(1)} s (node-gyp rebuild, ${parallel} parallel jobs)`);
}

if (!addonLoads()) compile();
