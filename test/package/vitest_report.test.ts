// The counter behind every `N passed, N failed` line (npm test and the cross-target runs):
// a test file that failed outside its tests must count, or a broken file reads as green.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { countVitestReport, slowestFiles } from '../../scripts/test/vitest-report.mjs';

const dir = mkdtempSync(join(tmpdir(), 'sdkpp-vitest-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(name: string, body: object): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('vitest report counter', () => {
  it('counts passed and failed tests and names the failures', () => {
    const file = report('plain', {
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 1,
      testResults: [
        { name: 'a.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed', fullName: 'a breaks' }] },
        { name: 'b.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'skipped' }] },
      ],
    });
    expect(countVitestReport(file)).toMatchObject({ passed: 2, failed: 1, skipped: 1, note: 'failed: a.test.ts: a breaks' });
  });

  it('a file whose beforeAll threw (its tests skipped, none failed) is one failure', () => {
    const file = report('before-all', {
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 1,
      testResults: [{ name: 'c.test.ts', status: 'failed', message: 'setup broke\nstack', assertionResults: [{ status: 'skipped' }] }],
    });
    expect(countVitestReport(file)).toMatchObject({ passed: 0, failed: 1, note: '1 file(s) failed outside a test: c.test.ts (setup broke)' });
  });

  it('a file that did not load (no tests at all) is one failure', () => {
    const file = report('no-load', {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      testResults: [
        { name: 'd.test.ts', status: 'failed', message: 'SyntaxError', assertionResults: [] },
        { name: 'e.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }, { status: 'passed' }] },
      ],
    });
    expect(countVitestReport(file)).toMatchObject({ passed: 3, failed: 1 });
  });

  it('no report file at all is one failure', () => {
    expect(countVitestReport(join(dir, 'missing.json'))).toMatchObject({ passed: 0, failed: 1 });
  });

  it("keeps each file's time, and lists the slowest first with their names inside the repository", () => {
    const file = report('times', {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      testResults: [
        { name: '/work/x/test/e2e/a.test.ts', status: 'passed', startTime: 1000, endTime: 1500, assertionResults: [{ status: 'passed' }] },
        { name: '/work/x/test/sdk/b.test.ts', status: 'passed', startTime: 1000, endTime: 13_250, assertionResults: [{ status: 'passed' }] },
        { name: '/elsewhere/c.test.ts', status: 'passed', startTime: 2000, endTime: 4000, assertionResults: [{ status: 'passed' }] },
        { name: '/work/x/test/d.test.ts', status: 'failed', message: 'did not load', assertionResults: [] },
      ],
    });
    const { files } = countVitestReport(file);
    expect(files).toEqual([
      { name: 'test/e2e/a.test.ts', ms: 500 },
      { name: 'test/sdk/b.test.ts', ms: 12_250 },
      { name: '/elsewhere/c.test.ts', ms: 2000 },
    ]);
    expect(slowestFiles(files, 2)).toEqual(['  12.3 s  test/sdk/b.test.ts', '   2.0 s  /elsewhere/c.test.ts']);
  });
});

