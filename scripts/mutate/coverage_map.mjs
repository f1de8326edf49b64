// `npm run mutate -- --map`: which test files reach which functions of the mutated areas, measured
// (V8 coverage through vitest, one test file per run) rather than guessed from names. Many rule
// files of the emulator's domain are named by no test file (permissions.ts, embeds.ts, bans.ts…):
// they are reached through the emulator's routes by tests named after the route or the feature.
// scripts/mutate/ts_targets.mjs adds the test files this map finds for a module to the ones
// named after it.
//
// A function the emulator runs whatever the test does (building the default application while
// starting up) tells nothing about which test covers a module: a function run by most of the
// test files that reach its area is left out as start-up work.
//
// Output: reports/mutation/coverage-map.json — { built, tests: [...], files: { [module]:
// { [testFile]: functionsReached } } } — git-ignored like the rest of reports/. A run over some
// areas measures their test folders and keeps what an earlier run measured of the others.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles } from './list_files.mjs';

/**
 * By area, the test folders whose files may reach it: the emulator's domain through the
 * emulator's own tests, the façade and the Node platform through the SDK's and end-to-end ones.
 */
export const MAPPED_TEST_DIRS = {
  domain: ['test/emulator', 'test/limits'],
  sdk: ['test/sdk', 'test/e2e', 'test/limits'],
  platform: ['test/sdk', 'test/e2e'],
};

/** A function run by more than this share of the test files that reach its area is start-up work. */
const STARTUP_SHARE = 0.8;

export const coverageMapFile = (root) => join(root, 'reports', 'mutation', 'coverage-map.json');

/**
 * Runs every test file of `dirs` alone with V8 coverage over `sources` (globs relative to root)
 * and merges what they reach into the map (replacing what an earlier map said of these test
 * files). `log` reports progress; `deadline` (ms since the epoch) stops starting new test files
 * (the map then covers the ones run, and says so).
 */
export function buildCoverageMap(root, { dirs, sources, log, deadline = Infinity, env = process.env }) {
  const tests = [...new Set(dirs.flatMap((d) => listFiles(join(root, d))))]
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => relative(root, f))
    .sort();
  const scratch = join(root, 'reports', 'mutation', 'coverage-scratch');
  // Per module, per function key (name@line): the test files that ran it.
  const reached = new Map();
  const ran = [];
  for (const [i, test] of tests.entries()) {
    if (Date.now() > deadline) {
      log(`coverage map: stopped at the budget after ${ran.length} of ${tests.length} test files`);
      break;
    }
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    const started = Date.now();
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', test,
        '--coverage.enabled', '--coverage.provider=v8', '--coverage.reporter=json',
        `--coverage.reportsDirectory=${scratch}`,
        ...sources.map((s) => `--coverage.include=${s}`),
      ],
      { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const report = join(scratch, 'coverage-final.json');
    if (!existsSync(report)) {
      log(`coverage map: ${test} wrote no coverage (exit ${result.status}); left out`);
      continue;
    }
    ran.push(test);
    const coverage = JSON.parse(readFileSync(report, 'utf8'));
    for (const [absolute, data] of Object.entries(coverage)) {
      const module = relative(root, absolute);
      if (!reached.has(module)) reached.set(module, new Map());
      const functions = reached.get(module);
      for (const [id, count] of Object.entries(data.f)) {
        if (count === 0) continue;
        const fn = data.fnMap[id];
        const key = `${fn.name}@${fn.loc.start.line}`;
        if (!functions.has(key)) functions.set(key, new Set());
        functions.get(key).add(test);
      }
    }
    log(`coverage map: ${i + 1}/${tests.length} ${test} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  rmSync(scratch, { recursive: true, force: true });

  // Start-up work: share of the test files that reach the module's folder at all.
  const testsByFolder = new Map();
  for (const [module, functions] of reached) {
    const folder = module.slice(0, module.lastIndexOf('/'));
    if (!testsByFolder.has(folder)) testsByFolder.set(folder, new Set());
    for (const users of functions.values()) for (const t of users) testsByFolder.get(folder).add(t);
  }
  // What an earlier map measured of other test files stays.
  const earlier = readCoverageMap(root);
  const rerun = new Set(ran);
  const files = {};
  for (const [module, perTest] of Object.entries(earlier?.files ?? {})) {
    const kept = Object.fromEntries(Object.entries(perTest).filter(([t]) => !rerun.has(t)));
    if (Object.keys(kept).length > 0) files[module] = kept;
  }
  for (const [module, functions] of [...reached].sort(([a], [b]) => a.localeCompare(b))) {
    const folderTests = testsByFolder.get(module.slice(0, module.lastIndexOf('/'))).size;
    const perTest = files[module] ?? {};
    for (const users of functions.values()) {
      if (users.size > STARTUP_SHARE * folderTests && folderTests >= 5) continue;
      for (const t of users) perTest[t] = (perTest[t] ?? 0) + 1;
    }
    files[module] = perTest;
  }
  const tested = [...new Set([...(earlier?.tests ?? []), ...ran])].sort();
  const map = { built: new Date().toISOString(), tests: tested, files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) };
  writeFileSync(coverageMapFile(root), JSON.stringify(map, null, 1));
  return map;
}

/** The map written by buildCoverageMap, or undefined when none was built. */
export function readCoverageMap(root) {
  const file = coverageMapFile(root);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}
