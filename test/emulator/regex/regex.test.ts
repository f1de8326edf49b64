// The emulator's regex engine (lib/emulator/regex/regex.ts) on the Rust regex crate's syntax:
// what each construct matches, leftmost-first, and what is refused and why.
import { describe, expect, it } from 'vitest';
import { Regex, RegexError } from '../../../lib/emulator/regex/regex';

const find = (pattern: string, text: string, caseInsensitive = false) => new Regex(pattern, { caseInsensitive }).firstMatch(text);

function refusal(pattern: string): string {
  try {
    new Regex(pattern);
  } catch (error) {
    if (error instanceof RegexError) return error.kind;
    throw error;
  }
  throw new Error(`${pattern} was accepted`);
}

describe('matching', () => {
  it('literals, dot, alternation and groups, leftmost-first (not longest)', () => {
    expect(find('abc', 'xxabcxx')).toBe('abc');
    expect(find('a.c', 'a\nc abc')).toBe('abc');
    expect(find('a|ab', 'xab')).toBe('a');
    expect(find('ab|a', 'xab')).toBe('ab');
    expect(find('(?:x|y)+z', 'axyxz')).toBe('xyxz');
    expect(find('(a)(?P<name>b)(?<other>c)', 'abc')).toBe('abc');
    expect(find('', 'abc')).toBe('');
    expect(find('x', 'abc')).toBeNull();
  });

  it('repetition: greedy, lazy, counted, and the empty-loop rule of RE2 and Rust', () => {
    expect(find('a*', 'aaa')).toBe('aaa');
    expect(find('a*?', 'aaa')).toBe('');
    expect(find('a+?', 'aaa')).toBe('a');
    expect(find('a{2}', 'aaaa')).toBe('aa');
    expect(find('a{2,3}', 'aaaa')).toBe('aaa');
    expect(find('a{2,3}?', 'aaaa')).toBe('aa');
    expect(find('a{2,}', 'aaaaa')).toBe('aaaaa');
    expect(find('a{0}b', 'ab')).toBe('b');
    expect(find('(?U)a+', 'aaa')).toBe('a');
    expect(find('(?U)a+?', 'aaa')).toBe('aaa');
    // x* whose x can match empty is (x+)?: the empty pass has the priority it has in Rust.
    expect(find('(\\B|\\W)*', ' .')).toBe('');
    expect(find('(a*)*b', 'aaab')).toBe('aaab');
    expect(find('(a|)+b', 'aab')).toBe('aab');
  });

  it('classes: ranges, negation, nesting, set operations, ASCII classes, escapes', () => {
    expect(find('[a-c]+', 'xxbcaz')).toBe('bca');
    expect(find('[^a-c]+', 'abxyc')).toBe('xy');
    expect(find('[]a]+', 'x]a]')).toBe(']a]');
    expect(find('[-a]+', 'x-a')).toBe('-a');
    expect(find('[a[bc]]+', 'xcba')).toBe('cba');
    expect(find('[a-z&&[^aeiou]]+', 'aebcdi')).toBe('bcd');
    expect(find('[a-z--b]+', 'abc')).toBe('a');
    expect(find('[a-c~~b-d]+', 'bcad')).toBe('ad');
    expect(find('[[:digit:][:upper:]]+', 'ab12CDe')).toBe('12CD');
    expect(find('[[:^alpha:]]+', 'ab12c')).toBe('12');
    expect(find('\\x41\\x{1F600}\\u0042', 'A😀B')).toBe('A😀B');
    expect(find('\\t\\n', 'a\t\nb')).toBe('\t\n');
    expect(find('\\.\\*', 'a.*b')).toBe('.*');
  });

  it('Perl classes are Unicode, as in Rust: \\d is Nd, \\s White_Space, \\w letters, marks, digits, connectors', () => {
    expect(find('\\d+', 'x٣4')).toBe('٣4');
    expect(find('\\s+', 'a\u00a0\u2003b')).toBe('\u00a0\u2003');
    expect(find('\\w+', ' Ωmega_é ')).toBe('Ωmega_é');
    expect(find('\\W+', 'ab €! c')).toBe(' €! ');
    expect(find('(?-u:\\w)+', 'éab')).toBe('ab');
  });

  it('Unicode properties: one letter, general categories, scripts, binary properties, loose names', () => {
    expect(find('\\pL+', '12abγ3')).toBe('abγ');
    expect(find('\\p{Lu}+', 'abCDe')).toBe('CD');
    expect(find('\\p{Greek}+', 'alpha αβγ')).toBe('αβγ');
    expect(find('\\p{sc=Greek}+', 'aβ')).toBe('β');
    expect(find('\\p{Script=Cyrillic}+', 'abcпривет')).toBe('привет');
    expect(find('\\p{scx=Hira}+', 'aひらがな')).toBe('ひらがな');
    expect(find('\\p{gc=Nd}+', 'a12')).toBe('12');
    expect(find('\\p{White_Space}+', 'a \tb')).toBe(' \t');
    expect(find('\\p{whitespace}+', 'a \tb')).toBe(' \t');
    expect(find('\\p{ Uppercase Letter }+', 'aBCd')).toBe('BC');
    expect(find('\\p{Old Italic}', 'a\u{10300}')).toBe('\u{10300}');
    expect(find('\\PL+', 'ab12c')).toBe('12');
    expect(find('\\p{sc!=Latin}+', 'ab12c')).toBe('12');
    expect(find('[\\p{Greek}\\d]+', 'xβ1γy')).toBe('β1γ');
  });

  it('case-insensitive: simple case folding, (?i) and (?-i) where they stand', () => {
    expect(find('k', '\u212A', true)).toBe('\u212A'); // the Kelvin sign folds to k
    expect(find('s', 'ſ', true)).toBe('ſ');
    expect(find('ß', 'ẞ', true)).toBe('ẞ');
    expect(find('σ', 'ς', true)).toBe('ς');
    expect(find('i', 'ı', true)).toBeNull(); // dotless i is not in i's orbit
    expect(find('[a-c]+', 'xABC', true)).toBe('ABC');
    expect(find('\\p{Lu}+', 'abc', true)).toBe('abc');
    expect(find('(?i)abc', 'ABC')).toBe('ABC');
    expect(find('a(?i)b', 'aB')).toBe('aB');
    expect(find('a(?i)b', 'AB')).toBeNull();
    expect(find('(?i:a)b', 'Ab')).toBe('Ab');
    expect(find('(?i:a)b', 'AB')).toBeNull();
    expect(find('(?-i)a', 'A', true)).toBeNull();
    // A flag lasts to the end of its group, across `|`, as in Rust.
    expect(find('x(?i)y|z', 'Z')).toBe('Z');
    expect(find('(?i-u)k', '\u212A')).toBeNull();
  });

  it('anchors: text, lines (m), CRLF lines (mR), and dot under s and R', () => {
    expect(find('^b', 'ab')).toBeNull();
    expect(find('b$', 'ab\n')).toBeNull(); // $ is the end of the text in Rust, not before a final \n
    expect(find('(?m)^b$', 'a\nb\nc')).toBe('b');
    expect(find('(?m)^b$', 'a\r\nb\r\nc')).toBeNull();
    expect(find('(?mR)^b$', 'a\r\nb\r\nc')).toBe('b');
    expect(find('\\Aa', 'ba')).toBeNull();
    expect(find('a\\z', 'ab')).toBeNull();
    expect(find('a.b', 'a\nb')).toBeNull();
    expect(find('(?s)a.b', 'a\nb')).toBe('a\nb');
    expect(find('(?R)a.b', 'a\rb')).toBeNull();
  });

  it('word boundaries: \\b, \\B, \\b{start}, \\b{end}, \\<, \\>, halves; Unicode, or ASCII with (?-u)', () => {
    expect(find('\\bcat\\b', 'concat cat')).toBe('cat');
    expect(new Regex('\\bcat\\b').find('concat cat')).toEqual({ start: 7, end: 10 });
    expect(find('\\Bcat', 'cat concat')).toBe('cat');
    expect(new Regex('\\Bcat').find('cat concat')).toEqual({ start: 7, end: 10 });
    expect(find('\\bé', 'aé é')).toBe('é');
    expect(new Regex('\\bé').find('aé é')).toEqual({ start: 3, end: 4 });
    expect(new Regex('(?-u:\\b)é').find('aé')).toEqual({ start: 1, end: 2 });
    expect(new Regex('\\b{start}\\w+').find(' ab')).toEqual({ start: 1, end: 3 });
    expect(new Regex('\\w+\\b{end}').find('ab ')).toEqual({ start: 0, end: 2 });
    expect(new Regex('\\<a').find('ba a')).toEqual({ start: 3, end: 4 });
    expect(new Regex('a\\>').find('ab a')).toEqual({ start: 3, end: 4 });
    expect(new Regex('\\b{start-half}-').find('a- -')).toEqual({ start: 3, end: 4 });
    expect(new Regex('-\\b{end-half}').find('-a -')).toEqual({ start: 3, end: 4 });
  });

  it('positions are UTF-16 indices stepping by code point: no match splits a surrogate pair', () => {
    expect(new Regex('').find('😀')).toEqual({ start: 0, end: 0 });
    expect(new Regex('.').find('😀')).toEqual({ start: 0, end: 2 });
    expect(new Regex('$').find('😀')).toEqual({ start: 2, end: 2 });
    expect(find('[^a]', '😀')).toBe('😀');
  });

  it('x mode ignores whitespace and comments', () => {
    expect(find('(?x) a b # a comment\n c', 'abc')).toBe('abc');
    expect(find('(?x) a\\ b', 'a b')).toBe('a b');
  });
});

describe('refusals, with the Rust regex crate\'s reasons', () => {
  it('look-around and backreferences are not supported', () => {
    for (const pattern of ['(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b']) expect(refusal(pattern), pattern).toBe('UnsupportedLookAround');
    for (const pattern of ['(a)\\1', '\\0']) expect(refusal(pattern), pattern).toBe('UnsupportedBackreference');
    // \k is no escape in Rust at all.
    expect(refusal('(?<n>a)\\k<n>')).toBe('EscapeUnrecognized');
  });

  it('malformed syntax', () => {
    expect(refusal('(a')).toBe('GroupUnclosed');
    expect(refusal('a)')).toBe('GroupUnopened');
    expect(refusal('[a')).toBe('ClassUnclosed');
    expect(refusal('[z-a]')).toBe('ClassRangeInvalid');
    expect(refusal('*a')).toBe('RepetitionMissing');
    expect(refusal('a{3,2}')).toBe('RepetitionCountInvalid');
    expect(refusal('a{,2}')).toBe('RepetitionCountDecimalEmpty');
    expect(refusal('a{2')).toBe('RepetitionCountUnclosed');
    expect(refusal('\\q')).toBe('EscapeUnrecognized');
    expect(refusal('(?z)')).toBe('FlagUnrecognized');
    expect(refusal('(?P<n>a)(?P<n>b)')).toBe('GroupNameDuplicate');
    expect(refusal('\\x{110000}')).toBe('EscapeHexInvalid');
    expect(refusal(`${'('.repeat(300)}a${')'.repeat(300)}`)).toBe('NestLimitExceeded');
  });

  it('unknown Unicode properties and values', () => {
    expect(refusal('\\p{NoSuchThing}')).toBe('UnicodePropertyNotFound');
    expect(refusal('\\p{sc=NoSuchScript}')).toBe('UnicodePropertyValueNotFound');
    expect(refusal('\\p{nosuch=Greek}')).toBe('UnicodePropertyNotFound');
  });

  it('with Unicode off, what could match invalid UTF-8 (as Rust refuses it for text)', () => {
    expect(refusal('(?-u:.)')).toBe('InvalidUtf8');
    expect(refusal('(?-u:\\W)')).toBe('InvalidUtf8');
    expect(refusal('(?-u:[^a])')).toBe('InvalidUtf8');
    expect(refusal('(?-u:\\pL)')).toBe('UnicodeNotAllowed');
    expect(refusal('(?-u:[é])')).toBe('UnicodeNotAllowed');
  });

  it('the error names the reason and the position', () => {
    try {
      new Regex('ab(?=c)');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RegexError);
      expect((error as RegexError).offset).toBe(2);
      expect((error as RegexError).message).toBe('regex error at 2: look-around, including look-ahead and look-behind, is not supported');
    }
  });
});
