// `npm run mutate`'s pure parts: which tests a module is matched with (scripts/mutate/ts_targets.mjs)
// and how the score is counted from Stryker's reports (scripts/mutate/ts_summary.mjs).
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { MAPPED_TESTS_PER_FILE, measuredTests, namesStem, singular } from '../../scripts/mutate/ts_targets.mjs';
// @ts-expect-error a plain .mjs script without declarations
import { formatSummary, score, summarize } from '../../scripts/mutate/ts_summary.mjs';

describe('the tests the coverage map adds to a module', () => {
  it('takes the test files reaching the most of its functions, only existing ones not chosen yet, at most the cap', () => {
    const perTest: Record<string, number> = { 'test/a.test.ts': 2, 'test/b.test.ts': 5, 'test/gone.test.ts': 9, 'test/named.test.ts': 7, 'test/c.test.ts': 2 };
    const existing = new Set(['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts', 'test/named.test.ts']);
    expect(measuredTests(perTest, existing, new Set(['test/named.test.ts']))).toEqual(['test/b.test.ts', 'test/a.test.ts', 'test/c.test.ts']);
    const many = Object.fromEntries(Array.from({ length: MAPPED_TESTS_PER_FILE + 3 }, (_, i) => [`test/t${String(i).padStart(2, '0')}.test.ts`, 1]));
    const picked = measuredTests(many, new Set(Object.keys(many)), new Set());
    expect(picked).toHaveLength(MAPPED_TESTS_PER_FILE);
    expect(picked[0]).toBe('test/t00.test.ts');
    expect(measuredTests(undefined, existing, new Set())).toEqual([]);
  });
});

describe('the tests a module is matched with by name', () => {
  it('takes the stem or its singular as whole words of the test name', () => {
    expect(singular('lobbies')).toBe('lobby');
    expect(singular('roles')).toBe('role');
    expect(singular('access')).toBe('access');
    expect(singular('paging')).toBe('paging');
    expect(namesStem('lobbies.test.ts', 'lobbies')).toBe(true);
    expect(namesStem('lobby_member_cap.test.ts', 'lobbies')).toBe(true);
    expect(namesStem('message_slowmode.test.ts', 'slowmode')).toBe(true);
    expect(namesStem('channel_messages.test.ts', 'channel_messages')).toBe(true);
    // A stem inside another word is not a match: 'roles' is not in 'controles', 'ipc' not in 'ipcs_x'.
    expect(namesStem('controles.test.ts', 'roles')).toBe(false);
    expect(namesStem('pins.test.ts', 'pin_messages')).toBe(false);
    expect(namesStem('members.test.ts', 'lobbies')).toBe(false);
  });
});

const source = ['function f(a, b) {', '  if (a >= b) return 1;', '  return a + b;', '}'].join('\n');
const mutant = (status: string, line: number, mutatorName: string, replacement: string) => ({
  status,
  mutatorName,
  replacement,
  location: { start: { line, column: 1 }, end: { line, column: 2 } },
});

describe('the mutation score', () => {
  it('counts killed and timed-out mutants as detected, survivors and uncovered ones against, the rest not at all', () => {
    expect(score({ killed: 7, timeout: 1, survived: 1, noCoverage: 1 })).toBe(80);
    expect(score({ killed: 0, timeout: 0, survived: 0, noCoverage: 0 })).toBeNull();
    const index = { 'lib/x.ts': { area: 'domain', status: 'done', minutes: 2 }, 'lib/y.ts': { area: 'domain', status: 'no tests' } };
    const reports = {
      'lib/x.ts': {
        source,
        mutants: [
          mutant('Killed', 2, 'EqualityOperator', 'a < b'),
          mutant('Timeout', 2, 'ConditionalExpression', 'true'),
          mutant('Survived', 2, 'EqualityOperator', 'a > b'),
          mutant('NoCoverage', 3, 'ArithmeticOperator', 'a - b'),
          mutant('CompileError', 3, 'StringLiteral', '""'),
          mutant('Ignored', 3, 'BlockStatement', '{}'),
        ],
      },
    };
    const summary = summarize(index, reports);
    expect(summary.files['lib/x.ts']).toMatchObject({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, compileError: 1, ignored: 1, score: 50 });
    expect(summary.files['lib/x.ts'].survivors.map((s: { line: number }) => s.line)).toEqual([2, 3]);
    expect(summary.areas.domain).toMatchObject({ files: 1, score: 50, minutes: 2 });
    expect(summary.noTests).toEqual(['lib/y.ts']);
  });

  it('takes a survivor listed as equivalent out of the score only when file, line text, mutator and replacement all match', () => {
    const index = { 'lib/x.ts': { area: 'domain', status: 'done' } };
    const reports = { 'lib/x.ts': { source, mutants: [mutant('Killed', 2, 'EqualityOperator', 'a < b'), mutant('Survived', 2, 'EqualityOperator', 'a > b')] } };
    const judged = { file: 'lib/x.ts', line: 'if (a >= b) return 1;', mutator: 'EqualityOperator', replacement: 'a > b', reason: 'a and b are never equal here' };
    const equivalent = summarize(index, reports, [judged]).files['lib/x.ts'];
    expect(equivalent).toMatchObject({ killed: 1, survived: 0, equivalent: 1, score: 100 });
    expect(equivalent.equivalent).toBe(1);
    for (const near of [{ ...judged, file: 'lib/z.ts' }, { ...judged, line: 'return a + b;' }, { ...judged, replacement: 'a < b' }, { ...judged, mutator: 'ConditionalExpression' }]) {
      expect(summarize(index, reports, [near]).files['lib/x.ts']).toMatchObject({ survived: 1, equivalent: 0, score: 50 });
    }
    expect(formatSummary(summarize(index, reports))).toContain('lib/x.ts:2 EqualityOperator → a > b (Survived)  if (a >= b) return 1;');
    const statics = { 'lib/x.ts': { source, mutants: [{ ...mutant('Survived', 3, 'ArithmeticOperator', 'a - b'), static: true }] } };
    expect(formatSummary(summarize(index, statics))).toContain('lib/x.ts:3 ArithmeticOperator → a - b (Survived, static)  return a + b;');
  });
});
