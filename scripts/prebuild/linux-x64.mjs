// `npm run prebuild:linux-x64`: the host's prebuild. node-gyp on every core in
// build-prebuild-linux-x64 (not the checkout's build/), stripped, checked (only the C/C++
// runtime as dependencies, only Node-API's entry points exported) and published as
// prebuilds/linux-x64/sdkpp.napi.node.
import { copyFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ensureDebianPackages, prebuildPath, publishPrebuild, run, secondsSince } from './common.mjs';
import { checkLinuxAddon } from './linux-elf.mjs';
import { nodeHeadersDir } from './node-headers.mjs';
import { buildStaged } from './staged-node-gyp.mjs';

const target = 'linux-x64';

export function prebuildLinuxX64() {
  if (platform() !== 'linux' || arch() !== 'x64') throw new Error(`${target} is built on a linux-x64 host (this is ${platform()}-${arch()})`);
  const started = process.hrtime.bigint();
  ensureDebianPackages({ 'g++': ['g++'], make: ['make'], python3: ['python3'], strip: ['binutils'] });
  const { file, seconds: buildSeconds } = buildStaged(target, { nodedir: nodeHeadersDir() });

  // Strip a copy: the build folder keeps its symbols for a debugger.
  const stripped = `${file}.stripped`;
  copyFileSync(file, stripped);
  run('strip', ['--strip-unneeded', stripped]);
  const facts = checkLinuxAddon(stripped);
  const published = publishPrebuild(target, stripped);
  const summary = {
    target,
    path: prebuildPath(target),
    bytes: published.bytes,
    buildSeconds,
    totalSeconds: secondsSince(started),
    needed: facts.needed,
    exports: facts.exports,
    glibc: facts.glibc,
    glibcxx: facts.glibcxx,
  };
  console.log(
    `[sdkpp] ${target}: ${(summary.bytes / 1024 / 1024).toFixed(2)} MiB, needs ${facts.needed.join(' ')}; ` +
      `exports ${facts.exports.join(' ')}; needs GLIBC ${facts.glibc}, GLIBCXX ${facts.glibcxx}; ` +
      `build ${buildSeconds.toFixed(1)} s, total ${summary.totalSeconds.toFixed(1)} s`,
  );
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    prebuildLinuxX64();
  } catch (error) {
    console.error(`[sdkpp] ${target} prebuild failed: ${error.message}`);
    process.exit(1);
  }
}
