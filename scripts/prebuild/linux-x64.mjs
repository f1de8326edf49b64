// `npm run prebuild:linux-x64`: the host's prebuild. node-gyp on every core in
// build-prebuild-linux-x64 (not the checkout's build/), stripped, checked (only the C/C++
// runtime as dependencies, only Node-API's entry points exported) and published as
// prebuilds/linux-x64/sdkpp.napi.node.
import { arch, platform } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackages } from './common.mjs';
import { publishLinuxPrebuild } from './linux-elf.mjs';
import { nodeHeadersDir } from './node-headers.mjs';
import { buildStaged } from './staged-node-gyp.mjs';

const target = 'linux-x64';

export function prebuildLinuxX64() {
  if (platform() !== 'linux' || arch() !== 'x64') throw new Error(`${target} is built on a linux-x64 host (this is ${platform()}-${arch()})`);
  const started = process.hrtime.bigint();
  ensureDebianPackages({ 'g++': ['g++'], make: ['make'], python3: ['python3'], strip: ['binutils'] });
  const { file, seconds: buildSeconds } = buildStaged(target, { nodedir: nodeHeadersDir() });
  return publishLinuxPrebuild(target, file, { started, buildSeconds });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    prebuildLinuxX64();
  } catch (error) {
    console.error(`[sdkpp] ${target} prebuild failed: ${error.message}`);
    process.exit(1);
  }
}
