// What a Linux prebuild may depend on and export, checked on the built file with binutils (the
// host's for x64, aarch64-linux-gnu-* for arm64). A prebuild that needs a library the user may
// not have (libssl, libpulse, libopus...) or that exports more than Node-API's entry points
// (symbols that could interpose on the host's or another addon's) must not be published.
import { copyFileSync } from 'node:fs';
import { capture, publishPrebuild, run, secondsSince } from './common.mjs';

/** The C and C++ runtime every Linux desktop has; anything else is loaded with dlopen at run time. */
export const allowedLibraries = [
  /^libc\.so\.6$/,
  /^libm\.so\.6$/,
  /^libstdc\+\+\.so\.6$/,
  /^libgcc_s\.so\.1$/,
  /^libdl\.so\.2$/,
  /^libpthread\.so\.0$/,
  /^ld-linux-(x86-64|aarch64)\.so\.[12]$/,
];

/** Node-API's entry points: the module registration and, with newer headers, the API version query. */
export const allowedExports = ['napi_register_module_v1', 'node_api_module_get_api_version_v1'];

/** DT_NEEDED entries of the file (readelf -d). */
export function neededLibraries(file, readelf = 'readelf') {
  const output = capture(readelf, ['-d', '-W', file]);
  return [...output.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map((match) => match[1]);
}

/** Symbols the file defines in its dynamic symbol table (what another object can bind to). */
export function dynamicExports(file, readelf = 'readelf') {
  const output = capture(readelf, ['--dyn-syms', '-W', file]);
  const exports = [];
  for (const line of output.split('\n')) {
    // Num: Value Size Type Bind Vis Ndx Name
    const fields = line.trim().split(/\s+/);
    if (fields.length < 8 || !/^\d+:$/.test(fields[0])) continue;
    const [, , , type, bind, visibility, section, name] = fields;
    if (section === 'UND' || section === 'ABS' || type === 'SECTION' || type === 'FILE') continue;
    if (bind === 'LOCAL' || visibility === 'HIDDEN' || visibility === 'INTERNAL') continue;
    exports.push(name.replace(/@.*$/, ''));
  }
  return exports;
}

/** The highest GLIBC_x.y symbol version the file needs (objdump -T), e.g. "2.34". */
export function maxGlibcVersion(file, objdump = 'objdump') {
  const output = capture(objdump, ['-T', file]);
  const versions = [...output.matchAll(/GLIBC_(\d+)\.(\d+)(?:\.(\d+))?/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]);
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const max = versions.at(-1);
  return max ? max.slice(0, max[2] ? 3 : 2).join('.') : 'none';
}

/** The highest GLIBCXX_x.y.z the file needs (the libstdc++ it runs with must be at least that new). */
export function maxGlibcxxVersion(file, objdump = 'objdump') {
  const output = capture(objdump, ['-T', file]);
  const versions = [...output.matchAll(/GLIBCXX_(\d+)\.(\d+)(?:\.(\d+))?/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)]);
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const max = versions.at(-1);
  return max ? max.join('.') : 'none';
}

/**
 * Checks a built addon; throws listing every unexpected library and export. Returns what it
 * found, for the script's summary.
 */
export function checkLinuxAddon(file, { readelf = 'readelf', objdump = 'objdump' } = {}) {
  const needed = neededLibraries(file, readelf);
  const exports = dynamicExports(file, readelf);
  const badLibraries = needed.filter((library) => !allowedLibraries.some((pattern) => pattern.test(library)));
  const badExports = exports.filter((name) => !allowedExports.includes(name));
  const problems = [];
  if (badLibraries.length) problems.push(`needs libraries a user may not have: ${badLibraries.join(', ')}`);
  if (badExports.length) {
    const shown = badExports.slice(0, 10).join(', ');
    problems.push(`exports ${badExports.length} symbol(s) besides Node-API's entry points: ${shown}${badExports.length > 10 ? ', ...' : ''}`);
  }
  if (!exports.includes('napi_register_module_v1')) problems.push('does not export napi_register_module_v1');
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  return {
    needed,
    exports,
    glibc: maxGlibcVersion(file, objdump),
    glibcxx: maxGlibcxxVersion(file, objdump),
  };
}

/**
 * Strips a copy of a freshly built Linux addon (the build folder keeps its symbols for a
 * debugger), checks it, publishes it as the target's prebuild and prints what it needs.
 * `tools` names the binutils of the target (the host's by default).
 */
export function publishLinuxPrebuild(target, file, { started, buildSeconds, tools = {} }) {
  const { strip = 'strip', readelf = 'readelf', objdump = 'objdump' } = tools;
  const stripped = `${file}.stripped`;
  copyFileSync(file, stripped);
  run(strip, ['--strip-unneeded', stripped]);
  const facts = checkLinuxAddon(stripped, { readelf, objdump });
  const published = publishPrebuild(target, stripped);
  const summary = {
    target,
    path: published.path,
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
