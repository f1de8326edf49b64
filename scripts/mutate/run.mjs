// `npm run mutate`: StrykerJS over the TypeScript that holds rules, one file at a time against
// the tests that cover it (scripts/mutate/ts_targets.mjs), incremental, within a time budget.
// Not part of `npm test`. `npm run mutate:native` is the core's own runner (native.mjs).
//
//   npm run mutate -- [--area domain|sdk|platform]... [--file SUBSTRING]... [--budget MINUTES]
//                     [--list] [--fresh] [--summary] [--map]
//
// Each file is its own Stryker run with its own incremental file
// (reports/mutation/stryker/<file>.incremental.json): a run cut short by the budget loses only
// the file it was on, and the next run carries on from the files already done — a file whose
// source and tests did not change is not run again at all. `--budget` (minutes, default 60)
// starts no new file past it and stops the file running when it is reached. `--fresh` forgets
// earlier results; `--summary` runs nothing and writes the summary of the results kept. The
// per-file reports and a summary by area (reports/mutation/ts-summary.json and .txt) go under
// reports/, which git ignores. `--map` first measures which test files reach which functions
// (scripts/mutate/coverage_map.mjs, about 5 s per test file plus the tests' own time) so that
// modules no test is named after get the tests that reach them; run it again after tests move.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREAS, tsTargets } from './ts_targets.mjs';
import { buildCoverageMap, MAPPED_TEST_DIRS } from './coverage_map.mjs';
import { summarize, formatSummary } from './ts_summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'reports', 'mutation', 'stryker');
const equivalentsFile = join(root, 'scripts', 'mutate', 'ts_equivalents.json');

const argv = process.argv.slice(2);
const values = (name) => argv.flatMap((a, i) => (a === `--${name}` ? [argv[i + 1]] : a.startsWith(`--${name}=`) ? [a.slice(name.length + 3)] : []));
const known = new Set(['--area', '--file', '--budget', '--list', '--fresh', '--summary', '--map']);
for (const [i, a] of argv.entries()) {
  const name = a.split('=')[0];
  if (a.startsWith('--') && !known.has(name)) {
    console.error(`mutate: unknown option ${name} (known: ${[...known].join(', ')})`);
    process.exit(2);
  }
  if (!a.startsWith('--') && !['--area', '--file', '--budget'].includes(argv[i - 1])) {
    console.error(`mutate: unexpected argument ${a}`);
    process.exit(2);
  }
}
const budgetMinutes = Number(values('budget')[0] ?? 60);
if (!(budgetMinutes > 0)) {
  console.error('mutate: --budget must be a number of minutes > 0');
  process.exit(2);
}
const areas = values('area');
for (const area of areas) {
  if (!AREAS[area]) {
    console.error(`mutate: --area ${area} is not one of ${Object.keys(AREAS).join(', ')}`);
    process.exit(2);
  }
}
const fileFilters = values('file');
const log = (line) => console.log(`[mutate] ${line}`);
// The cores are shared with other work: this process and every child it starts run niced.
setPriority(10);

if (argv.includes('--map')) {
  const started = Date.now();
  // Coverage over every area (it costs little); the test folders of the areas asked for.
  const sources = Object.values(AREAS).map((dir) => `${dir}/**`);
  const dirs = (areas.length > 0 ? areas : Object.keys(AREAS)).flatMap((a) => MAPPED_TEST_DIRS[a]);
  const map = buildCoverageMap(root, { dirs, sources, log, deadline: started + budgetMinutes * 60_000 });
  log(`coverage map of ${Object.keys(map.files).length} modules from ${map.tests.length} test files in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
}
const all = tsTargets(root, areas.length > 0 ? areas : undefined);
const targets = all.filter((t) => fileFilters.length === 0 || fileFilters.some((f) => t.file.includes(f)));
if (targets.length === 0) {
  console.error(`mutate: no file matches ${fileFilters.join(', ')}`);
  process.exit(2);
}
if (argv.includes('--list')) {
  for (const t of targets) console.log(`${t.file} (${t.area}): ${t.tests.length === 0 ? 'no tests found, skipped' : t.tests.join(' ')}`);
  process.exit(0);
}

const slug = (file) => file.replaceAll('/', '__').replace(/\.ts$/, '');
const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
/** What a file's result depends on: its source and its tests (and the Stryker setup). */
function inputsHash(target) {
  const parts = [target.file, ...target.tests, 'stryker.config.mjs'].map((f) => `${f}\0${readFileSync(join(root, f), 'utf8')}`);
  return sha(parts.join('\0'));
}

mkdirSync(outDir, { recursive: true });
const addon = join(root, 'build', 'Release', 'sdkpp.node');
if (!existsSync(addon)) {
  console.error('mutate: build/Release/sdkpp.node is missing; run `npm run build:native` first');
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'index.js'))) {
  // Some end-to-end tests' child processes load the package from dist/.
  console.error('mutate: dist/index.js is missing; run `npm run build:ts` first');
  process.exit(1);
}

// Set by SIGINT/SIGTERM: the running Stryker is stopped and no other file is started.
let interrupted = false;

/** One Stryker run over `target`; resolves { code, stoppedForBudget }. */
function strykerRun(target, remainingMs) {
  return new Promise((resolve) => {
    const args = [
      join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', 'stryker.config.mjs',
      '--mutate', target.file,
      '--testFiles', target.tests.join(','),
      '--incrementalFile', join('reports', 'mutation', 'stryker', `${slug(target.file)}.incremental.json`),
    ];
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      // The sandbox holds no native build: the tests load this checkout's addon (SDKPP_PREBUILD
      // names a folder holding build/Release, as scripts/build/locate-addon.cjs reads it).
      env: { ...process.env, SDKPP_PREBUILD: root },
    });
    let stoppedForBudget = false;
    const timer = setTimeout(() => {
      stoppedForBudget = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }, remainingMs);
    const forward = () => {
      interrupted = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('exit', (code) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code, stoppedForBudget });
    });
  });
}

const indexFile = join(outDir, 'index.json');
const fresh = argv.includes('--fresh');
if (fresh) rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const index = !fresh && existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : {};

const startedAt = Date.now();
const deadline = startedAt + budgetMinutes * 60_000;
let stoppedForBudget = false;
const summaryOnly = argv.includes('--summary');
for (const target of summaryOnly ? [] : targets) {
  if (target.tests.length === 0) {
    index[target.file] = { area: target.area, tests: [], status: 'no tests' };
    continue;
  }
  const hash = inputsHash(target);
  const report = join(outDir, `${slug(target.file)}.json`);
  if (index[target.file]?.hash === hash && existsSync(report)) continue; // unchanged since its run
  const remaining = deadline - Date.now();
  if (remaining <= 0) {
    stoppedForBudget = true;
    break;
  }
  log(`${target.file} against ${target.tests.length} test file(s)`);
  const started = Date.now();
  const outcome = await strykerRun(target, remaining);
  if (interrupted) {
    log(`${target.file}: interrupted (its results are not kept)`);
    break;
  }
  if (outcome.stoppedForBudget) {
    stoppedForBudget = true;
    log(`${target.file}: stopped at the budget (its results are not kept)`);
    break;
  }
  if (outcome.code !== 0) {
    log(`${target.file}: stryker exited with ${outcome.code}; see the output above`);
    index[target.file] = { area: target.area, tests: target.tests, status: 'error' };
    writeFileSync(indexFile, JSON.stringify(index, null, 1));
    continue;
  }
  writeFileSync(report, readFileSync(join(root, 'reports', 'mutation', 'mutation.json')));
  index[target.file] = { area: target.area, tests: target.tests, status: 'done', hash, minutes: (Date.now() - started) / 60_000 };
  writeFileSync(indexFile, JSON.stringify(index, null, 1));
}
writeFileSync(indexFile, JSON.stringify(index, null, 1));

const equivalents = existsSync(equivalentsFile) ? JSON.parse(readFileSync(equivalentsFile, 'utf8')) : [];
const reports = {};
for (const [file, entry] of Object.entries(index)) {
  const report = join(outDir, `${slug(file)}.json`);
  if (entry.status === 'done' && existsSync(report)) reports[file] = JSON.parse(readFileSync(report, 'utf8')).files[file];
}
const summary = summarize(index, reports, equivalents);
summary.minutes = (Date.now() - startedAt) / 60_000;
summary.stoppedForBudget = stoppedForBudget;
writeFileSync(join(root, 'reports', 'mutation', 'ts-summary.json'), JSON.stringify(summary, null, 1));
const text = formatSummary(summary);
writeFileSync(join(root, 'reports', 'mutation', 'ts-summary.txt'), text);
console.log(`\n${text}`);
if (stoppedForBudget) log(`stopped at the ${budgetMinutes}-minute budget: run again to carry on`);
