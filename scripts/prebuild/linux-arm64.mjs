// `npm run prebuild:linux-arm64`: cross-compiled on an x64 host with Debian's aarch64 GNU
// toolchain (installed when missing), node-gyp --arch=arm64 in build-prebuild-linux-arm64 (the
// Node-API headers are the same for every architecture, so the host's Node headers do). binding.gyp
// picks libopus's arm64 sources and config. Stripped with the aarch64 strip, checked like the x64
// one (dependencies, exports), and the newest glibc symbol version it needs is printed: that is
// the oldest arm64 distribution it loads on.
import { pathToFileURL } from 'node:url';
import { capture, ensureDebianPackages } from './common.mjs';
import { publishLinuxPrebuild } from './linux-elf.mjs';
import { nodeHeadersDir } from './node-headers.mjs';
import { buildStaged } from './staged-node-gyp.mjs';

const target = 'linux-arm64';
const triplet = 'aarch64-linux-gnu';
export const aarch64Tools = {
  gcc: `${triplet}-gcc`,
  gxx: `${triplet}-g++`,
  ar: `${triplet}-ar`,
  strip: `${triplet}-strip`,
  readelf: `${triplet}-readelf`,
  objdump: `${triplet}-objdump`,
};

export function ensureAarch64Toolchain() {
  ensureDebianPackages({
    [aarch64Tools.gxx]: ['g++-aarch64-linux-gnu'],
    [aarch64Tools.readelf]: ['binutils-aarch64-linux-gnu'],
    make: ['make'],
    python3: ['python3'],
  });
}

export function prebuildLinuxArm64() {
  const started = process.hrtime.bigint();
  ensureAarch64Toolchain();
  const env = {
    ...process.env,
    CC: aarch64Tools.gcc,
    CXX: aarch64Tools.gxx,
    LINK: aarch64Tools.gxx,
    AR: aarch64Tools.ar,
  };
  const { file, seconds: buildSeconds } = buildStaged(target, {
    env,
    gypArgs: ['--arch=arm64'],
    nodedir: nodeHeadersDir(),
  });
  const machine = capture(aarch64Tools.readelf, ['-h', file]).match(/Machine:\s+(.+)/)?.[1];
  if (!/AArch64/.test(machine ?? '')) throw new Error(`${file} was built for ${machine}, not AArch64`);

  return publishLinuxPrebuild(target, file, { started, buildSeconds, tools: aarch64Tools });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    prebuildLinuxArm64();
  } catch (error) {
    console.error(`[sdkpp] ${target} prebuild failed: ${error.message}`);
    process.exit(1);
  }
}
