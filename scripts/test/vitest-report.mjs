// Counts a vitest run from its JSON reporter file — for `npm test` and the cross-target runs
// alike. A test file that failed without a failed test (it did not load, or a beforeAll threw
// and its tests were reported as skipped) counts as one failure: otherwise such a file reads as
// green. The names of the failed tests are kept for the report.
import { existsSync, readFileSync } from 'node:fs';

export function countVitestReport(reportFile) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, skipped: 0, note: 'vitest wrote no JSON report' };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  const failedTests = files.flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${file.name}: ${test.fullName}`),
  );
  const notes = [];
  if (brokenFiles.length) {
    const first = (file) => `${file.name} (${(file.message ?? '').split('\n')[0].slice(0, 160)})`;
    notes.push(`${brokenFiles.length} file(s) failed outside a test: ${brokenFiles.map(first).join(', ')}`);
  }
  if (failedTests.length) notes.push(`failed: ${failedTests.slice(0, 20).join(' | ')}${failedTests.length > 20 ? ' | ...' : ''}`);
  return {
    files: fileTimes(files),
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    note: notes.length ? notes.join('; ') : undefined,
  };
}

/** Each test file's name (relative to the repository when it is inside it) and its time in ms as
 * vitest reports it (its tests' run, from the file's start to its end). */
function fileTimes(files) {
  return files
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({ name: relativeName(file.name), ms: file.endTime - file.startTime }));
}

function relativeName(name) {
  const at = name.lastIndexOf('/test/');
  return at >= 0 ? name.slice(at + 1) : name;
}

/** The `count` slowest of `files` ({ name, ms }), slowest first, as report lines. */
export function slowestFiles(files, count = 10) {
  return [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((file) => `${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
}
