// Counts a vitest run from its JSON reporter file, the way scripts/test/run-all.mjs does: a test
// file that failed to load has no test results but counts as one failure. The names of the
// failed tests are kept for the report.
import { existsSync, readFileSync } from 'node:fs';

export function countVitestReport(reportFile) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, note: 'vitest wrote no JSON report' };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const files = report.testResults ?? [];
  const brokenFiles = files.filter((file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0);
  const failedTests = files.flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${file.name}: ${test.fullName}`),
  );
  const notes = [];
  if (brokenFiles.length) notes.push(`${brokenFiles.length} file(s) failed to load: ${brokenFiles.map((f) => f.name).join(', ')}`);
  if (failedTests.length) notes.push(`failed: ${failedTests.slice(0, 20).join(' | ')}${failedTests.length > 20 ? ' | ...' : ''}`);
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    note: notes.length ? notes.join('; ') : undefined,
  };
}
