// The core's mutation runner (no maintained C++ mutation tool reaches this machine): for each
// rule-bearing file of scripts/mutate/native_targets.mjs, every relational, arithmetic, constant
// and table-action mutant (scripts/mutate/cpp_mutants.mjs), one at a time, built incrementally
// into the native harness and run against the tests that cover that file.
//
//   node scripts/mutate/native.mjs [--target SUBSTRING]... [--budget MINUTES] [--list] [--fresh]
//
// The sources are never touched: the runner mutates a copy of native/ (build-mutate/src, synced
// from the checkout at each start, unchanged files keeping their time stamps so nothing rebuilds
// for nothing) and builds only the test binary in build-mutate/tree, at -O0 (a mutant recompiles
// one file, or the files that include a mutated header). A mutant is
//   killed     the tests failed (or crashed) on it
//   timeout    the tests ran past 3× their clean time (at least 20 s): counted as killed
//   survived   the tests passed on it
//   equivalent listed in scripts/mutate/native_equivalents.json with the reason no test can
//              tell it apart (not counted)
//   no-build   it does not compile (not counted)
// Results are kept in reports/mutation/native-incremental.json: a killed mutant is not run again
// while its file is unchanged, a survivor while its file and the tests are unchanged. The report
// goes to reports/mutation/native.json and, as text, to the console. `--budget` stops starting
// new mutants after that many minutes; the next run carries on where it stopped.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMutant, findMutants, uniqueKeys } from './cpp_mutants.mjs';
import { nativeTargets } from './native_targets.mjs';
import { listFiles } from './list_files.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workDir = join(root, 'build-mutate');
const shadow = join(workDir, 'src');
const tree = join(workDir, 'tree');
const reportDir = join(root, 'reports', 'mutation');
const incrementalFile = join(reportDir, 'native-incremental.json');
const equivalentsFile = join(root, 'scripts', 'mutate', 'native_equivalents.json');

// --- options
const argv = process.argv.slice(2);
const values = (name) => argv.flatMap((a, i) => (a === `--${name}` ? [argv[i + 1]] : a.startsWith(`--${name}=`) ? [a.split('=')[1]] : []));
const budgetMinutes = Number(values('budget')[0] ?? Infinity);
const targetFilters = values('target');
const listOnly = argv.includes('--list');
const fresh = argv.includes('--fresh');
if (!(budgetMinutes > 0)) {
  console.error('mutate native: --budget must be a number of minutes > 0');
  process.exit(2);
}

const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const log = (line) => console.log(`[mutate native] ${line}`);
// The cores are shared with other work: this process and every build and test it starts run niced.
setPriority(10);

// In the order of the --target options (the files to do first when the budget is short).
const targets = targetFilters.length === 0 ? nativeTargets : [...new Set(targetFilters.flatMap((f) => nativeTargets.filter((t) => t.file.includes(f))))];
if (targets.length === 0) {
  console.error(`mutate native: no target matches ${targetFilters.join(', ')}`);
  process.exit(2);
}

function mutantsOf(target, source) {
  return findMutants(source, { swaps: target.swaps, constants: target.constants });
}

if (listOnly) {
  for (const target of targets) {
    const source = readFileSync(join(root, target.file), 'utf8');
    const mutants = mutantsOf(target, source);
    log(`${target.file} (${target.area}): ${mutants.length} mutants; tests ${target.tests}`);
    for (const m of mutants) console.log(`  ${target.file}:${m.line}:${m.column} ${m.description}`);
  }
  process.exit(0);
}

// --- the shadow source tree

/** Copies what differs from the checkout into the shadow (unchanged files keep their mtime). */
function syncShadow() {
  mkdirSync(shadow, { recursive: true });
  let copied = 0;
  const wanted = new Set();
  const sources = [...listFiles(join(root, 'native')), join(root, 'CMakeLists.txt'), join(root, 'package.json')];
  for (const file of sources) {
    const rel = relative(root, file);
    wanted.add(rel);
    const target = join(shadow, rel);
    if (existsSync(target) && statSync(target).size === statSync(file).size && readFileSync(target).equals(readFileSync(file))) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
    copied++;
  }
  for (const file of listFiles(join(shadow, 'native'))) {
    if (!wanted.has(relative(shadow, file))) rmSync(file);
  }
  // CMake finds simdjson and Node's headers through node_modules.
  if (!existsSync(join(shadow, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(shadow, 'node_modules'), 'dir');
  return copied;
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
}

function configure() {
  if (existsSync(join(tree, 'Makefile'))) return;
  log('configuring build-mutate/tree (the native harness at -O0)');
  const args = ['-S', shadow, '-B', tree, '-DCMAKE_BUILD_TYPE=Mutation', '-DCMAKE_CXX_FLAGS_MUTATION=-O0', '-DCMAKE_C_FLAGS_MUTATION=-O0'];
  // Every mutant relinks the harness: gold links it in a fraction of the default linker's time.
  if (run('ld.gold', ['--version']).status === 0) args.push('-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=gold');
  const result = run('cmake', args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('cmake configure of build-mutate/tree failed');
}

/** Builds the test binary; true when it built. */
function build(quiet = true) {
  const result = run('cmake', ['--build', tree, '--target', 'sdkpp_native_tests', '--parallel', '2'], quiet ? {} : { stdio: 'inherit' });
  return result.status === 0;
}

const binary = join(tree, 'native', 'test', 'sdkpp_native_tests');

/** Runs the tests of `filter`; resolves { passed, timedOut, ms }. */
function runTests(filter, timeoutMs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(binary, [`--gtest_filter=${filter}`], { cwd: tree, stdio: 'ignore', detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ passed: code === 0 && !timedOut, timedOut, ms: Date.now() - started });
    });
  });
}

// --- incremental results and equivalents
const previous = !fresh && existsSync(incrementalFile) ? JSON.parse(readFileSync(incrementalFile, 'utf8')) : { files: {} };
const equivalents = existsSync(equivalentsFile) ? JSON.parse(readFileSync(equivalentsFile, 'utf8')) : [];
const testsHash = sha(listFiles(join(root, 'native', 'test')).sort().map((f) => readFileSync(f)).join('\0'));

function equivalentReason(file, key) {
  return equivalents.find((e) => e.file === file && e.key === key)?.reason ?? null;
}

// --- the run
const startedAt = Date.now();
const deadline = startedAt + budgetMinutes * 60_000;
const results = { files: { ...previous.files } };
let stoppedForBudget = false;
let current = null; // the shadow file being mutated, restored on any exit

function restoreCurrent() {
  if (current) writeFileSync(current.path, current.source);
  current = null;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restoreCurrent();
    process.exit(130);
  });
}

syncShadow();
configure();
log('building the clean test binary');
if (!build(false)) {
  console.error('mutate native: the clean harness does not build');
  process.exit(1);
}

for (const target of targets) {
  const original = readFileSync(join(root, target.file), 'utf8');
  const fileHash = sha(original);
  const mutants = mutantsOf(target, original);
  const before = previous.files[target.file];
  const kept = before && before.fileHash === fileHash ? before.mutants : {};
  const entry = { area: target.area, tests: target.tests, fileHash, testsHash, mutants: {}, cleanMs: before?.cleanMs ?? null, ms: 0 };
  results.files[target.file] = entry;

  // The clean run (the binary rebuilt from the checkout's sources: the previous file was
  // restored after its last mutant): the tests must pass, and their time sets the timeout.
  if (!build()) {
    console.error('mutate native: the clean harness does not build');
    process.exit(1);
  }
  const clean = await runTests(target.tests, 10 * 60_000);
  if (!clean.passed) {
    console.error(`mutate native: the tests of ${target.file} (${target.tests}) fail without any mutant`);
    process.exit(1);
  }
  entry.cleanMs = clean.ms;
  const timeoutMs = Math.max(20_000, 3 * clean.ms);
  const fileStarted = Date.now();
  log(`${target.file}: ${mutants.length} mutants, tests ${clean.ms} ms clean`);

  const shadowPath = join(shadow, target.file);
  const keys = uniqueKeys(original, mutants);
  for (const [index, mutant] of mutants.entries()) {
    const key = keys[index];
    const reason = equivalentReason(target.file, key);
    const old = kept[key];
    const reusable = old && (old.status === 'killed' || old.status === 'timeout' || old.status === 'no-build' || old.testsHash === testsHash);
    if (reason) {
      entry.mutants[key] = { line: mutant.line, description: mutant.description, status: 'equivalent', reason };
      continue;
    }
    if (reusable) {
      entry.mutants[key] = { ...old, line: mutant.line };
      continue;
    }
    if (Date.now() > deadline) {
      stoppedForBudget = true;
      break;
    }
    current = { path: shadowPath, source: original };
    writeFileSync(shadowPath, applyMutant(original, mutant));
    let status;
    let ms = 0;
    if (!build()) {
      status = 'no-build';
    } else {
      const outcome = await runTests(target.tests, timeoutMs);
      ms = outcome.ms;
      status = outcome.timedOut ? 'timeout' : outcome.passed ? 'survived' : 'killed';
    }
    restoreCurrent();
    entry.mutants[key] = { line: mutant.line, description: mutant.description, status, testsHash, ms };
    if (status === 'survived') log(`  SURVIVED ${target.file}:${mutant.line} ${mutant.description}`);
    writeFileSync(incrementalFile, JSON.stringify(results, null, 1));
  }
  entry.ms += Date.now() - fileStarted;
  // Leave the shadow as the checkout has it, built, for the next file and the next run.
  writeFileSync(shadowPath, original);
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(incrementalFile, JSON.stringify(results, null, 1));
  if (stoppedForBudget) break;
}
build();

// --- the report
function tally(mutants) {
  const t = { killed: 0, timeout: 0, survived: 0, equivalent: 0, 'no-build': 0 };
  for (const m of Object.values(mutants)) t[m.status]++;
  const detected = t.killed + t.timeout;
  t.score = detected + t.survived === 0 ? null : (100 * detected) / (detected + t.survived);
  return t;
}
const report = { generatedAt: new Date().toISOString(), stoppedForBudget, minutes: (Date.now() - startedAt) / 60_000, files: {}, areas: {} };
for (const target of nativeTargets) {
  const entry = results.files[target.file];
  if (!entry) continue;
  const t = tally(entry.mutants);
  report.files[target.file] = { area: target.area, ...t, cleanMs: entry.cleanMs, ms: entry.ms, survivors: Object.values(entry.mutants).filter((m) => m.status === 'survived') };
  const area = (report.areas[target.area] ??= { killed: 0, timeout: 0, survived: 0, equivalent: 0, 'no-build': 0 });
  for (const k of Object.keys(area)) area[k] += t[k];
}
for (const area of Object.values(report.areas)) {
  const detected = area.killed + area.timeout;
  area.score = detected + area.survived === 0 ? null : (100 * detected) / (detected + area.survived);
}
mkdirSync(reportDir, { recursive: true });
writeFileSync(join(reportDir, 'native.json'), JSON.stringify(report, null, 1));

const pct = (v) => (v === null ? '   -  ' : `${v.toFixed(1).padStart(5)}%`);
console.log('\nfile                                              killed timeout survived equiv no-build  score');
for (const [file, f] of Object.entries(report.files)) {
  console.log(`${file.replace('native/core/', '').padEnd(50)}${String(f.killed).padStart(6)}${String(f.timeout).padStart(8)}${String(f.survived).padStart(9)}${String(f.equivalent).padStart(6)}${String(f['no-build']).padStart(9)} ${pct(f.score)}`);
}
console.log('\narea              killed timeout survived equiv no-build  score');
for (const [name, a] of Object.entries(report.areas)) {
  console.log(`${name.padEnd(18)}${String(a.killed).padStart(6)}${String(a.timeout).padStart(8)}${String(a.survived).padStart(9)}${String(a.equivalent).padStart(6)}${String(a['no-build']).padStart(9)} ${pct(a.score)}`);
}
const survivors = Object.entries(report.files).flatMap(([file, f]) => f.survivors.map((m) => `${file}:${m.line} ${m.description}`));
if (survivors.length > 0) console.log(`\nsurvivors:\n  ${survivors.join('\n  ')}`);
if (stoppedForBudget) console.log(`\nstopped at the ${budgetMinutes}-minute budget: run again to carry on`);
log(`done in ${((Date.now() - startedAt) / 60_000).toFixed(1)} min; report in reports/mutation/native.json`);
