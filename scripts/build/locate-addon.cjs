// Which sdkpp.node this process loads — node-gyp-build's order (SDKPP_PREBUILD, build/Release,
// build/Debug, prebuilds/<platform>-<arch>, prebuilds next to the executable) and its tag
// matching, with these differences:
// - every candidate's binary header is read first, and a file built for another OS or CPU is
//   skipped. node-gyp-build takes any build/Release/*.node, so a build/ left by another
//   architecture (a folder shared with a VM or an emulator, node_modules copied between machines)
//   hid the right prebuild and failed with "invalid ELF header";
// - only sdkpp's own file names are candidates (build/<config>/sdkpp.node, prebuilds'
//   sdkpp.napi.node): node-gyp-build loads whichever *.node sorts first, so another addon placed
//   in build/Release was loaded as sdkpp;
// - only regular files (symbolic links to one included): opening a FIFO named like the addon
//   blocked the process for ever, waiting for a writer.
// Plain CommonJS with no dependency but node-gyp-build: both the package's install script (before
// the TypeScript is compiled) and lib/sdk/binding.ts use it.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const nodeGypBuild = require('node-gyp-build');

const ELF_PLATFORMS = new Set(['linux', 'android', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix']);
const ELF_MACHINES = { 3: 'ia32', 40: 'arm', 62: 'x64', 183: 'arm64', 243: 'riscv64', 21: 'ppc64', 22: 's390x' };
const PE_MACHINES = { 0x14c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64', 0x1c4: 'arm' };
const MACHO_CPUS = { 0x7: 'ia32', 0x01000007: 'x64', 0xc: 'arm', 0x0100000c: 'arm64' };

// The names node-gyp's build and prebuildify give this package's addon (scripts/prebuild/common.mjs).
const BUILD_FILE = 'sdkpp.node';
const PREBUILD_FILE = 'sdkpp.napi.node';

/** Whether `file` is a regular file (after symbolic links), without opening it. */
function isRegularFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads the first bytes of a regular file (fewer when it is shorter); null when it cannot be
 * read or is not a regular file. Opened non-blocking and checked again on the open descriptor: a
 * FIFO swapped in after the stat must not block the open or the read.
 */
function readHead(file, length) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    if (!fs.fstatSync(fd).isFile()) return null;
    const buffer = Buffer.alloc(length);
    const read = fs.readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The OS family and CPUs a native binary is for, from its header: { format, platforms, archs }
 * (archs lists several for a universal Mach-O), or null when the file is not ELF, PE or Mach-O.
 */
function binaryTarget(file) {
  const head = readHead(file, 4096);
  if (!head || head.length < 64) return null;
  if (head.readUInt32BE(0) === 0x7f454c46) {
    const littleEndian = head[5] === 1;
    const machine = littleEndian ? head.readUInt16LE(18) : head.readUInt16BE(18);
    return { format: 'ELF', platforms: [...ELF_PLATFORMS], archs: [ELF_MACHINES[machine] ?? `elf-machine-${machine}`] };
  }
  if (head.readUInt16LE(0) === 0x5a4d) {
    const peOffset = head.readUInt32LE(0x3c);
    if (peOffset + 6 > head.length || head.readUInt32BE(peOffset) !== 0x50450000) return null;
    const machine = head.readUInt16LE(peOffset + 4);
    return { format: 'PE', platforms: ['win32'], archs: [PE_MACHINES[machine] ?? `pe-machine-0x${machine.toString(16)}`] };
  }
  const magicLE = head.readUInt32LE(0);
  if (magicLE === 0xfeedfacf || magicLE === 0xfeedface) {
    const cpu = head.readUInt32LE(4);
    return { format: 'Mach-O', platforms: ['darwin'], archs: [MACHO_CPUS[cpu] ?? `macho-cpu-0x${cpu.toString(16)}`] };
  }
  if (head.readUInt32BE(0) === 0xcafebabe) {
    const count = head.readUInt32BE(4);
    const archs = [];
    for (let i = 0; i < count && 8 + i * 20 + 4 <= head.length; i++) {
      const cpu = head.readUInt32BE(8 + i * 20);
      archs.push(MACHO_CPUS[cpu] ?? `macho-cpu-0x${cpu.toString(16)}`);
    }
    return { format: 'Mach-O universal', platforms: ['darwin'], archs };
  }
  return null;
}

/** Why `file` cannot be loaded by this process (a sentence), or null when its header fits. */
function mismatch(file, platform, arch) {
  if (!isRegularFile(file)) return `${file} is not a regular file`;
  const target = binaryTarget(file);
  if (!target) return `${file} is not a native library (no ELF, PE or Mach-O header)`;
  if (!target.platforms.includes(platform) || !target.archs.includes(arch)) {
    const built = `${target.format} ${target.archs.join('+')}`;
    return `${file} is built for ${built}; this process is ${platform}-${arch}`;
  }
  return null;
}

/** `name` in `dir` when the folder lists it (whatever kind of file it is), else nothing. */
function ownFile(dir, name) {
  try {
    return fs.readdirSync(dir).includes(name) ? [name] : [];
  } catch {
    return [];
  }
}

/** node-gyp-build's choice among prebuilds/<platform>-<arch>*\/*.node of `dir` (tags, runtime, libc). */
function matchingPrebuilds(dir, platform, arch) {
  const abi = process.versions.modules;
  const runtime = process.versions.electron || process.env.ELECTRON_RUN_AS_NODE ? 'electron' : 'node';
  let folders;
  try {
    folders = fs.readdirSync(path.join(dir, 'prebuilds'));
  } catch {
    return [];
  }
  return folders
    .map(nodeGypBuild.parseTuple)
    .filter(nodeGypBuild.matchTuple(platform, arch))
    .sort(nodeGypBuild.compareTuples)
    .flatMap((tuple) => {
      const folder = path.join(dir, 'prebuilds', tuple.name);
      return ownFile(folder, PREBUILD_FILE)
        .map(nodeGypBuild.parseTags)
        .filter(nodeGypBuild.matchTags(runtime, abi))
        .sort(nodeGypBuild.compareTags(runtime))
        .map((tags) => path.join(folder, tags.file));
    });
}

/**
 * The addon file to load: { file, source, skipped } where source is 'build' or 'prebuild' and
 * skipped lists why earlier candidates were passed over. Throws when nothing fits, naming every
 * candidate and why it was refused.
 */
function locateAddon(packageRoot, { env = process.env, platform = process.platform, arch = process.arch } = {}) {
  const dir = env.SDKPP_PREBUILD ? path.resolve(env.SDKPP_PREBUILD) : path.resolve(packageRoot);
  const skipped = [];
  const consider = (file, source) => {
    const reason = mismatch(file, platform, arch);
    if (reason === null) return { file, source, skipped };
    skipped.push(reason);
    return null;
  };

  if (!env.PREBUILDS_ONLY) {
    for (const config of ['Release', 'Debug']) {
      const folder = path.join(dir, 'build', config);
      const own = ownFile(folder, BUILD_FILE)[0];
      const found = own && consider(path.join(folder, own), 'build');
      if (found) return found;
    }
  }
  for (const prebuildRoot of [dir, path.dirname(process.execPath)]) {
    for (const file of matchingPrebuilds(prebuildRoot, platform, arch)) {
      const found = consider(file, 'prebuild');
      if (found) return found;
    }
  }
  const lines = [`sdkpp: no native addon for ${platform}-${arch} (Node-API, ${process.versions.electron ? `Electron ${process.versions.electron}` : `Node ${process.versions.node}`}) in ${dir}`];
  for (const reason of skipped) lines.push(`  skipped: ${reason}`);
  lines.push('  Reinstall the package on this machine (npm rebuild sdkpp) to compile it from source.');
  throw new Error(lines.join('\n'));
}

/** Locates and loads the addon; a load failure names the file it tried. */
function loadAddon(packageRoot, options) {
  const { file } = locateAddon(packageRoot, options);
  try {
    return require(file);
  } catch (error) {
    error.message = `sdkpp: could not load ${file}: ${error.message}`;
    throw error;
  }
}

module.exports = { binaryTarget, locateAddon, loadAddon };
