// Checks that the files of each unity area (scripts/build/unity-sources.cjs) can share one
// translation unit: it compiles every area as ONE unit (the largest a unit can become as files
// are added) and fails when
//   - the unit does not compile (two files define the same internal name), or
//   - two files of the area define internal (anonymous-namespace or static) functions of the same
//     name: they compile, but a call in one file may then pick the other file's overload, a
//     silent change that only a unity build makes.
// Needs a configured build/ (node-gyp configure): it compiles with that build's flags, at -O0
// with every internal function kept and debug lines, so that `nm -l` says which file defined it.
//
// Usage: node scripts/build/check-unity.mjs   (exit status 1 and a list when something clashes)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { readGypiVariables } from '../prebuild/gypi.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const buildDir = join(root, 'build');
const { unityUnits } = createRequire(import.meta.url)('./unity-sources.cjs');

/** The compile flags of binding.gyp's sdkpp target, as node-gyp's Makefile gives them. */
function targetFlags() {
  const makefile = readFileSync(join(buildDir, 'sdkpp.target.mk'), 'utf8').replace(/\\\n/g, ' ');
  const variable = (name) => {
    const line = new RegExp(`^${name} :=(.*)$`, 'm').exec(makefile);
    if (!line) throw new Error(`build/sdkpp.target.mk has no ${name}: run node-gyp configure first`);
    return line[1]
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((flag) => flag.replace(/^'(.*)'$/, '$1').split('$(srcdir)').join(root));
  };
  const flags = ['DEFS_Release', 'INCS_Release', 'CFLAGS_Release', 'CFLAGS_CC_Release'].flatMap(variable);
  return flags.filter((flag) => !/^-O\d$/.test(flag));
}

/** "sdkpp::(anonymous namespace)::Invalid(std::string)" -> "sdkpp::(anonymous namespace)::Invalid". */
function functionName(demangled) {
  const anonymous = '(anonymous namespace)';
  const masked = demangled.split(anonymous).join('@ANON@');
  const open = masked.indexOf('(');
  const head = open < 0 ? masked : masked.slice(0, open);
  const name = head.slice(head.lastIndexOf(' ') + 1);
  return name.split('@ANON@').join(anonymous);
}

function checkArea(area, files, flags, workDir) {
  const unit = join(workDir, `${area}.cc`);
  writeFileSync(unit, files.map((file) => `#include "${join(root, file)}"\n`).join(''));
  const object = `${unit}.o`;
  const compile = spawnSync('g++', [...flags, '-O0', '-g', '-fkeep-static-functions', '-c', unit, '-o', object], {
    cwd: buildDir,
    encoding: 'utf8',
  });
  if (compile.status !== 0) {
    const errors = compile.stderr.split('\n').filter((line) => line.includes('error:'));
    return [`${area}: the area does not compile as one unit:\n    ${errors.join('\n    ')}`];
  }
  const symbols = execFileSync('nm', ['-C', '-l', '--defined-only', object], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const definedIn = new Map();
  for (const line of symbols.split('\n')) {
    const match = /^[0-9a-f]+ t (.+)\t(.+):\d+$/.exec(line);
    if (!match) continue;
    const file = relative(root, match[2]);
    if (!files.includes(file)) continue;
    const name = functionName(match[1]);
    if (!definedIn.has(name)) definedIn.set(name, new Set());
    definedIn.get(name).add(file);
  }
  return [...definedIn]
    .filter(([, where]) => where.size > 1)
    .map(([name, where]) => `${area}: ${name} is defined in ${[...where].join(' and ')}`);
}

const lists = readGypiVariables(join(root, 'native', 'sources.gypi'));
// version_hash.cc is compiled alone (binding.gyp's sdkpp_version target).
const sources = [...lists.sdkpp_napi_sources, ...lists.sdkpp_core_sources].filter(
  (file) => file !== 'native/core/src/client/version_hash.cc',
);
const areas = unityUnits(sources, Infinity);
const flags = targetFlags();
const workDir = mkdtempSync(join(tmpdir(), 'sdkpp-unity-'));
const problems = [];
try {
  for (const { name, files } of areas) problems.push(...checkArea(name.replace(/_1$/, ''), files, flags, workDir));
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`unity check: ${problems.length} clash(es)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`unity check: ${areas.length} areas, ${sources.length} files, no clashing internal names`);
