// The code point sets behind `\p{…}`, the Perl classes `\d \s \w` and the ASCII classes
// `[[:alpha:]]`, with the Rust regex crate's meanings. Node ships the Unicode tables already (its
// RegExp's `\p{…}`), so a set is read off them: one scan of a string of every code point with a
// `u` RegExp, cached, instead of tables of our own.
import { CodePointSet } from './code_point_set';
import type { AsciiClassName, PerlClassKind } from './ast';

let everyCodePoint: string | undefined;

/** Every code point but the surrogates, in order: U+0000…U+D7FF at index = cp, U+E000… after. */
function allCodePoints(): string {
  if (everyCodePoint === undefined) {
    const parts: string[] = [];
    for (let chunk = 0; chunk <= 0x10ffff; chunk += 4096) {
      const cps: number[] = [];
      for (let c = chunk; c < Math.min(chunk + 4096, 0x110000); c++) if (c < 0xd800 || c > 0xdfff) cps.push(c);
      if (cps.length > 0) parts.push(String.fromCodePoint(...cps));
    }
    everyCodePoint = parts.join('');
  }
  return everyCodePoint;
}

const setCache = new Map<string, CodePointSet>();

/**
 * The code points JavaScript's class `[body]` (with the `u` flag) matches, e.g. `\p{Nd}`; null
 * when JavaScript does not know the class (an unknown property name).
 */
export function jsClassSet(body: string): CodePointSet | null {
  const cached = setCache.get(body);
  if (cached) return cached;
  let re: RegExp;
  try {
    re = new RegExp(`[${body}]+`, 'gu');
  } catch {
    return null;
  }
  const all = allCodePoints();
  const ranges: Array<[number, number]> = [];
  for (const m of all.matchAll(re)) {
    const first = all.codePointAt(m.index)!;
    const lastIndex = m.index + m[0].length - 1;
    // The last unit may be a low surrogate: its code point starts one unit earlier.
    const lastUnit = all.charCodeAt(lastIndex);
    const last = lastUnit >= 0xdc00 && lastUnit <= 0xdfff ? all.codePointAt(lastIndex - 1)! : lastUnit;
    ranges.push([first, last]);
  }
  // A run across the surrogate gap covers no surrogate: scalar values only, as in Rust.
  const set = CodePointSet.fromRanges(ranges).difference(CodePointSet.fromRanges([[0xd800, 0xdfff]]));
  setCache.set(body, set);
  return set;
}

function known(body: string): CodePointSet {
  const set = jsClassSet(body);
  if (!set) throw new Error(`Node's RegExp does not know [${body}]`);
  return set;
}

/** Rust's Unicode Perl classes (regex-syntax's unicode::perl_word, perl_digit, perl_space). */
export function unicodePerlSet(kind: PerlClassKind): CodePointSet {
  switch (kind) {
    case 'digit': return known('\\p{Nd}');
    case 'space': return known('\\p{White_Space}');
    case 'word': return known('\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}');
  }
}

const ASCII_CLASSES: Record<AsciiClassName, Array<[number, number]>> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20]],
  upper: [[0x41, 0x5a]],
  word: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

export function asciiClassSet(name: AsciiClassName): CodePointSet {
  return CodePointSet.fromRanges(ASCII_CLASSES[name]);
}

/** The Perl classes with Unicode off, `(?-u:\w)`: ASCII, as regex-syntax's hir::class ascii ones. */
export function asciiPerlSet(kind: PerlClassKind): CodePointSet {
  return asciiClassSet(kind === 'digit' ? 'digit' : kind === 'space' ? 'space' : 'word');
}
