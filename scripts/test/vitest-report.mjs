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
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    note: notes.length ? notes.join('; ') : undefined,
  };
}
