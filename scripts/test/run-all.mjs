// `npm test`: builds what is missing, runs the native harness (ctest) and vitest, and ends with
// one line `N passed, N failed` summing both. Exit code 1 when anything failed.
//   --native-only / --js-only   run one half
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAddon, ensureHarness, root, run, runCtest } from './native-build.mjs';
import { countVitestReport, slowestFiles } from './vitest-report.mjs';

const nativeOnly = process.argv.includes('--native-only');
const jsOnly = process.argv.includes('--js-only');
const totals = { passed: 0, failed: 0 };
const notes = [];
const stageTimes = [];
const fileTimes = [];

function stage(name, fn) {
  const started = Date.now();
  try {
    const { passed, failed, note, files } = fn();
    totals.passed += passed;
    totals.failed += failed;
    if (note) notes.push(`${name}: ${note}`);
    if (files) fileTimes.push(...files);
    console.log(`[sdkpp] ${name}: ${passed} passed, ${failed} failed`);
  } catch (error) {
    totals.failed += 1;
    notes.push(`${name}: ${error.message}`);
    console.log(`[sdkpp] ${name} could not run: ${error.message}`);
  } finally {
    stageTimes.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

if (!jsOnly) {
  stage('native harness (ctest)', () => runCtest(ensureHarness('build-native', ['-DCMAKE_BUILD_TYPE=Release'])));
}

// One vitest run; returns its counts.
function vitest(args) {
  const reportDir = mkdtempSync(join(tmpdir(), 'sdkpp-vitest-'));
  const reportFile = join(reportDir, 'report.json');
  try {
    run(process.execPath, [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...args,
    ]);
    return countVitestReport(reportFile);
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

if (!nativeOnly) {
  stage('vitest', () => {
    ensureAddon();
    // npm is npm.cmd on Windows, which only a shell starts.
    const ts = run('npm', ['run', '--silent', 'build:ts'], { shell: process.platform === 'win32' });
    if (ts.status !== 0) throw new Error('TypeScript failed to compile');
    return vitest(['--exclude', 'test/package/**']);
  });
  // The package tests compile the addon from a packed tarball; run alone, that compile cannot
  // starve the socket and timer tests of the two cores they share.
  stage('vitest (package)', () => vitest(['test/package']));
}

// Where the time went: each stage (with its builds) and the slowest test files.
console.log(`[sdkpp] time: ${stageTimes.join(', ')}`);
if (fileTimes.length > 0) {
  console.log('[sdkpp] the 10 slowest test files:');
  for (const line of slowestFiles(fileTimes)) console.log(`[sdkpp]   ${line}`);
}
for (const note of notes) console.log(`[sdkpp] note: ${note}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
