// npm run prebuild:darwin [x64|arm64] — the macOS prebuilds, cross-compiled on linux-x64:
// prebuilds/darwin-x64/sdkpp.napi.node and prebuilds/darwin-arm64/sdkpp.napi.node.
//
// The same files and defines as binding.gyp (native/sources.gypi, libopus with the mac config
// and the NEON sources on arm64, simdjson from @nozbe/simdjson), compiled by zig's clang against
// the macOS 11 SDK stubs, objects kept in build-cross-darwin-<arch>/ so that a rebuild only
// compiles what changed; linked by ld64.lld (see darwin-toolchain.mjs for why not zig's linker)
// into a bundle that exports only the Node-API entry points, leaves only Node-API functions to
// the host process, links only libSystem (libc++ is zig's, static and hidden) and carries an
// ad-hoc signature (arm64 macOS refuses unsigned code; x64 gets one too). Each output is read
// back by macho.mjs and the script fails when a check fails. Nothing on this machine can load a
// Mach-O file: running them is the CI workflow's job (.github/workflows/prebuilds.yml).
//
// Audio devices: macOS gets the virtual backend only (the PulseAudio files compile to nothing
// outside Linux and there is no CoreAudio backend yet), so calls run with virtual devices.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { capture, prebuildPath, publishPrebuild, root, run, secondsSince } from './common.mjs';
import { compileAll } from './compile-pool.mjs';
import { darwinArchs, ensureDarwinToolchain, libcxxArchives, macosMin, nodeApiSymbols } from './darwin-toolchain.mjs';
import { readGypiVariables } from './gypi.mjs';
import { checkNodeAddon, describe, readMachO } from './macho.mjs';

/** What a Node-API addon exports: its init function and the Node-API version it was built for. */
const addonExports = ['_napi_register_module_v1', '_node_api_module_get_api_version_v1'];
const parallel = Number(process.env.JOBS) > 0 ? Number(process.env.JOBS) : 2;

// node-gyp's own defines for an addon (common.gypi), then binding.gyp's.
const nodeGypDefines = [
  'NODE_GYP_MODULE_NAME=sdkpp',
  'USING_UV_SHARED=1',
  'USING_V8_SHARED=1',
  'V8_DEPRECATION_WARNINGS=1',
  '_DARWIN_USE_64_BIT_INODE=1',
  '_LARGEFILE_SOURCE',
  '_FILE_OFFSET_BITS=64',
  'BUILDING_NODE_EXTENSION',
];
const bindingDefines = [
  'NAPI_VERSION=8',
  'NODE_ADDON_API_CPP_EXCEPTIONS',
  'NODE_ADDON_API_CPP_EXCEPTIONS_ALL',
  'NODE_ADDON_API_DISABLE_DEPRECATED',
  'NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS',
  'SIMDJSON_EXCEPTIONS=0',
];

function sourceLists() {
  const sdkpp = readGypiVariables(join(root, 'native', 'sources.gypi'));
  const opus = readGypiVariables(join(root, 'native', 'third_party', 'opus', 'opus_sources.gypi'));
  const require = createRequire(join(root, 'package.json'));
  const simdjsonDir = join(dirname(require.resolve('@nozbe/simdjson/package.json')), 'src');
  return { sdkpp, opus, simdjsonDir };
}

function objectPath(buildDir, source) {
  const inRepo = relative(root, source);
  const name = inRepo.startsWith('..') ? join('external', source.split('/').slice(-2).join('/')) : inRepo;
  return join(buildDir, 'obj', `${name}.o`);
}

function compileJobs(toolchain, arch, buildDir) {
  const { zigTarget, opusConfig } = darwinArchs[arch];
  const { sdkpp, opus, simdjsonDir } = sourceLists();
  const common = ['-target', zigTarget, '-fPIC', '-fvisibility=hidden', '-fno-omit-frame-pointer'];

  const opusSources = [...opus.libopus_sources, ...(arch === 'arm64' ? opus.libopus_sources_arm64 : [])];
  const opusFlags = [
    ...common,
    '-w',
    '-O3',
    ...opus.libopus_defines.map((d) => `-D${d}`),
    ...[...opus.libopus_include_list, `native/third_party/opus/config/${opusConfig}`].map((dir) => `-I${resolve(root, dir)}`),
  ];

  // The commit hash goes only to the files that use it: every commit would otherwise change
  // every command line and turn each incremental rebuild into a full one (the other files
  // include version.h but never expand the macro, so their objects are the same either way).
  const versionHash = capture(process.execPath, [join(root, 'scripts', 'build', 'git-hash.cjs')]);
  const cxxFlags = [
    ...common,
    '-std=c++20',
    '-O3',
    '-fexceptions',
    '-frtti',
    '-Wall',
    '-Wextra',
    '-Wno-unused-parameter',
    ...[...nodeGypDefines, ...bindingDefines].map((d) => `-D${d}`),
    ...[toolchain.nodeApiInclude, toolchain.nodeAddonApiInclude, 'native/core/include', 'native/core/src', 'native/napi', simdjsonDir, 'native/third_party/opus/include'].map(
      (dir) => `-I${resolve(root, dir)}`,
    ),
  ];
  const cxxSources = [join(simdjsonDir, 'simdjson.cpp'), ...sdkpp.sdkpp_core_sources, ...sdkpp.sdkpp_napi_sources];

  const job = (command, flags, source) => {
    const absolute = resolve(root, source);
    const object = objectPath(buildDir, absolute);
    return { source: absolute, object, command: toolchain.zig, args: [command, ...flags, '-c', absolute, '-o', object] };
  };
  return [
    // simdjson first: the longest compile should not be the last one running alone.
    ...cxxSources.map((source) => {
      const usesHash = readFileSync(resolve(root, source), 'utf8').includes('SDKPP_VERSION_HASH');
      return job('c++', usesHash ? [...cxxFlags, `-DSDKPP_VERSION_HASH="${versionHash}"`] : cxxFlags, source);
    }),
    ...opusSources.map((source) => job('cc', opusFlags, source)),
  ];
}

function link(toolchain, arch, buildDir, objects, archives) {
  const output = join(buildDir, 'sdkpp.node');
  const args = [
    '-arch', darwinArchs[arch].lldArch,
    '-platform_version', 'macos', macosMin, macosMin,
    '-bundle', // what node-gyp builds on macOS: no install name at all
    '-dead_strip',
    // Stripped now, at link time (after signing, stripping would break the signature): no debug
    // notes (-S), no local symbols (-x); only the exports and the imports stay in the symbol table.
    '-S',
    '-x',
    '-adhoc_codesign',
    ...addonExports.flatMap((symbol) => ['-exported_symbol', symbol]),
    // Instead of a blanket -undefined dynamic_lookup: only Node-API functions may stay undefined
    // (resolved in the host process at load), so a missing libc++ or libSystem symbol fails here
    // rather than at require() on a user's Mac.
    ...nodeApiSymbols(toolchain).flatMap((symbol) => ['-U', `_${symbol}`]),
    '-o', output,
    ...objects,
    archives.libcxx,
    archives.libcxxabi,
    toolchain.libSystemTbd,
  ];
  run(toolchain.lld, args, { cwd: root });
  return output;
}

async function buildArch(toolchain, arch) {
  const started = process.hrtime.bigint();
  const target = `darwin-${arch}`;
  const buildDir = join(root, `build-cross-${target}`);
  console.log(`[sdkpp] ${target}: building in ${relative(root, buildDir)}/`);

  const libcxxStarted = process.hrtime.bigint();
  const archives = libcxxArchives(toolchain, arch, join(buildDir, 'libcxx-probe'));
  console.log(`[sdkpp] ${target}: zig's libc++ ready (${secondsSince(libcxxStarted).toFixed(1)} s)`);

  const jobs = compileJobs(toolchain, arch, buildDir);
  const compileStarted = process.hrtime.bigint();
  const { compiled } = await compileAll(jobs, { parallel, cwd: root, label: `${target} compile`, env: toolchain.env });
  const compileSeconds = secondsSince(compileStarted);
  console.log(`[sdkpp] ${target}: compiled ${compiled} files in ${compileSeconds.toFixed(1)} s`);

  const linkStarted = process.hrtime.bigint();
  const output = link(toolchain, arch, buildDir, jobs.map((j) => j.object), archives);
  console.log(`[sdkpp] ${target}: linked in ${secondsSince(linkStarted).toFixed(1)} s`);

  const info = readMachO(output);
  console.log(describe(info));
  const problems = checkNodeAddon(info, { arch, minMacos: macosMin, allowedExports: addonExports, requireSignature: true });
  if (problems.length) throw new Error(`${target}: the built addon fails its checks:\n  - ${problems.join('\n  - ')}`);
  console.log(`[sdkpp] ${target}: Mach-O checks passed (bundle, libSystem only, ${info.exports.length} exports, ${info.dynamicLookups.length} Node-API imports, ad-hoc signature intact)`);

  const published = publishPrebuild(target, output);
  return { target, bytes: published.bytes, seconds: secondsSince(started), compiled };
}

async function main() {
  const requested = process.argv[2];
  if (requested && !darwinArchs[requested]) throw new Error(`unknown arch ${requested}: use x64 or arm64 (or nothing for both)`);
  const archs = requested ? [requested] : Object.keys(darwinArchs);
  const started = process.hrtime.bigint();
  const toolchain = ensureDarwinToolchain();
  console.log(`[sdkpp] darwin toolchain: zig ${toolchain.zigVersion} (compiler, libc++, macOS ${macosMin} SDK stubs), ${toolchain.lldVersion} (linker)`);

  const results = [];
  for (const arch of archs) results.push(await buildArch(toolchain, arch));

  for (const r of results) {
    console.log(`[sdkpp] ${r.target}: ${relative(root, prebuildPath(r.target))} ${(r.bytes / 1024 / 1024).toFixed(2)} MiB, built in ${r.seconds.toFixed(0)} s (${r.compiled} files compiled)`);
  }
  console.log(`[sdkpp] darwin prebuilds done in ${secondsSince(started).toFixed(0)} s. Nothing here can load them: they are run by the macos-15-intel and macos-14 jobs of .github/workflows/prebuilds.yml.`);
}

main().catch((error) => {
  console.error(`[sdkpp] prebuild:darwin failed: ${error.message}`);
  process.exit(1);
});
