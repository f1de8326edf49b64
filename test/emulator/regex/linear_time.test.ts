// The engine's work is linear in the text for any pattern (pike_vm.ts), and bounded in the
// pattern by the compiler's size limit (compiler.ts). Work is counted in VM steps — instructions
// visited plus threads advanced — not timed, so the bounds hold however busy the machine is.
import { describe, expect, it } from 'vitest';
import { compile, DEFAULT_SIZE_LIMIT } from '../../../lib/emulator/regex/compiler';
import { parse } from '../../../lib/emulator/regex/parser';
import { Regex, RegexError } from '../../../lib/emulator/regex/regex';
import { translate } from '../../../lib/emulator/regex/translate';

/** The pattern: a backtracking engine tries every way to split the words before failing at `!`. */
const HOSTILE = '(\\w+\\s?)+$';
const wordsThenBang = (length: number) => 'a'.repeat(length - 1) + '!';

const programSize = (pattern: string) => compile(translate(parse(pattern), { caseInsensitive: false })).instructions.length;

describe('linear time', () => {
  it(`${HOSTILE} on 41 and 100 000 characters: no match, at most 2 steps per instruction per character`, () => {
    const regex = new Regex(HOSTILE, { caseInsensitive: true });
    for (const length of [41, 100_000]) {
      expect(regex.find(wordsThenBang(length))).toBeNull();
      expect(regex.lastSearchSteps).toBeLessThanOrEqual(2 * regex.programSize * (length + 1));
    }
    expect(regex.firstMatch('words and words')).toBe('words and words');
  });

  // Not exactly twice: the threads alive grow over the first characters until the program is full.
  it('twice the text is about twice the work, not an exponential more', () => {
    for (const pattern of [HOSTILE, '(a+)+$', '(a|aa)+b', '((a*)*)*b', '(.*a){12}x', '(?:a?){20}a{20}']) {
      const regex = new Regex(pattern, { caseInsensitive: true });
      regex.find(wordsThenBang(1000));
      const once = regex.lastSearchSteps;
      regex.find(wordsThenBang(2000));
      const twice = regex.lastSearchSteps;
      expect(twice, pattern).toBeLessThanOrEqual(2.1 * once);
      expect(twice, pattern).toBeLessThanOrEqual(2 * regex.programSize * 2001);
    }
  });

  it('a search stops once the match is found and nothing of higher priority is alive', () => {
    const regex = new Regex('b');
    regex.find(`b${'a'.repeat(10_000)}`);
    expect(regex.lastSearchSteps).toBeLessThan(10);
  });
});

describe('size limit', () => {
  it('counted repetitions are expanded: a{3,5} is 3 + 2 × 2 instructions and a match', () => {
    expect(programSize('a{3,5}')).toBe(3 + 2 * 2 + 1);
    expect(programSize('a{3,}')).toBe(3 + 1 + 1);
    expect(programSize('a{0}')).toBe(1);
  });

  it(`a program over ${DEFAULT_SIZE_LIMIT} instructions is refused as CompiledTooBig, before it is built whole`, () => {
    for (const pattern of ['a{10000}', '(a{1000}){1000}', '((a{1000}){1000}){1000}', '\\w{5000}\\w{5000}']) {
      let error: unknown;
      try {
        new Regex(pattern);
      } catch (caught) {
        error = caught;
      }
      expect(error, pattern).toBeInstanceOf(RegexError);
      expect((error as RegexError).kind, pattern).toBe('CompiledTooBig');
      expect((error as RegexError).message).toMatch(/exceeds the size limit \(more than 10000 instructions\)/);
    }
    expect(new Regex('a{9000}').programSize).toBe(9001);
  });

  it('an empty group repeated 4 294 967 295 times, or nested so, is no instruction and no loop', () => {
    expect(programSize('(?:){4294967295}')).toBe(1);
    expect(programSize('(?:(?:){100000}){100000}')).toBe(1);
    expect(programSize('(?:a{0}){4294967295}b')).toBe(2);
    expect(new Regex('x(?:){4294967295}y').firstMatch('axyb')).toBe('xy');
  });

  it('the limit can be set', () => {
    expect(() => new Regex('a{100}', { sizeLimit: 50 })).toThrow(/size limit/);
    expect(new Regex('a{49}', { sizeLimit: 50 }).programSize).toBe(50);
  });
});
