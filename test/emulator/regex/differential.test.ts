// The regex engine (lib/emulator/regex) against re2js, a JavaScript port of RE2 — the engine the
// Rust regex crate follows (same syntax, leftmost-first matches, same construction of loops whose
// body can match the empty string) — on random patterns of the syntax both take and random texts:
// the same match, or the same no match. re2js is a devDependency for this test only.
//
// Where the two differ by design the patterns are rewritten for re2js: RE2's `\d \s \w` are
// ASCII, Rust's (and ours) Unicode, so re2js gets their Unicode definitions spelt as classes it
// knows (\p{Nd}, the White_Space list, [\p{L}\p{M}\p{Nd}\p{Pc}] — equal to Rust's \w on the texts'
// alphabet). RE2's `\b` is ASCII and cannot be rewritten, so a pattern with `\b` or `\B` is run on
// texts whose non-ASCII characters are no word characters.
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { Regex } from '../../../lib/emulator/regex/regex';
import { fuzzBudget } from '../../fuzz/fuzz_settings';

interface Piece {
  /** The pattern for our engine. */
  ours: string;
  /** The same pattern for re2js. */
  oracle: string;
  /** Whether it has \b or \B (RE2's are ASCII). */
  boundary: boolean;
}

const SPACE = '\\t\\n\\x{0B}\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}';
const WORD = '\\p{L}\\p{M}\\p{Nd}\\p{Pc}';

const same = (source: string): Piece => ({ ours: source, oracle: source, boundary: false });

const ATOMS: Piece[] = [
  ...['a', 'b', 'k', 's', 'é', 'σ', 'ß', '1', '-', ' ', '_', '.', '\\.', '\\-', '\\x{3C3}', '\\n'].map(same),
  ...['[abk]', '[^a-c]', '[a-zé]', '[[:alpha:]]', '[^\\n ]', '[σς]', '\\p{Greek}', '\\pL', '\\p{Lu}', '\\PL', '\\p{Nd}'].map(same),
  { ours: '\\d', oracle: '\\p{Nd}', boundary: false },
  { ours: '\\D', oracle: '\\P{Nd}', boundary: false },
  { ours: '\\s', oracle: `[${SPACE}]`, boundary: false },
  { ours: '\\S', oracle: `[^${SPACE}]`, boundary: false },
  { ours: '\\w', oracle: `[${WORD}]`, boundary: false },
  { ours: '\\W', oracle: `[^${WORD}]`, boundary: false },
  { ours: '[\\d_]', oracle: '[\\p{Nd}_]', boundary: false },
  { ours: '[\\w-]', oracle: `[${WORD}-]`, boundary: false },
  { ours: '[\\s.]', oracle: `[${SPACE}.]`, boundary: false },
];

const ASSERTIONS: Piece[] = [
  ...['^', '$', '\\A', '\\z'].map(same),
  { ours: '\\b', oracle: '\\b', boundary: true },
  { ours: '\\B', oracle: '\\B', boundary: true },
];

/** Loop bodies that can match the empty string: their loops are compiled as (x+)?, as RE2 and Rust do. */
const NULLABLE: Piece[] = [
  ...['(?:a?)', '(?:|b)', '(?:|a)', '(?:a*|s)', '(?:^|\\.)', '(?:$|k)'].map(same),
  { ours: '(?:\\W|\\A)', oracle: `(?:[^${WORD}]|\\A)`, boundary: false },
];

const QUANTIFIERS = ['*', '+', '?', '{2}', '{1,3}', '{0,2}', '{2,}', '*?', '+?', '??', '{1,2}?', '{0,}?'];
const GROUP_OPENERS = ['(', '(?:', '(?i:', '(?-i:', '(?s:', '(?m:', '(?U:', '(?P<n>'];
const FLAGS = ['(?i)', '(?-i)', '(?m)', '(?s)', '(?U)'];

const join = (pieces: Piece[], separator = ''): Piece => ({
  ours: pieces.map((p) => p.ours).join(separator),
  oracle: pieces.map((p) => p.oracle).join(separator),
  boundary: pieces.some((p) => p.boundary),
});

const { pattern } = fc.letrec<{ pattern: Piece; piece: Piece; group: Piece }>((tie) => ({
  pattern: fc.array(tie('piece'), { minLength: 1, maxLength: 4 }).map((pieces) => join(pieces)),
  piece: fc.oneof(
    { arbitrary: fc.constantFrom(...ATOMS), weight: 6 },
    { arbitrary: fc.constantFrom(...ASSERTIONS), weight: 1 },
    { arbitrary: fc.constantFrom(...FLAGS).map(same), weight: 1 },
    { arbitrary: tie('group'), weight: 2, depthSize: 'small' },
    {
      arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...ATOMS), tie('group')), fc.constantFrom(...QUANTIFIERS)).map(([piece, q]) => ({
        ours: piece.ours + q, oracle: piece.oracle + q, boundary: piece.boundary,
      })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom(...NULLABLE), fc.constantFrom('*', '+', '*?', '+?', '{2,}', '{1,3}')).map(([piece, q]) => ({
        ours: piece.ours + q, oracle: piece.oracle + q, boundary: piece.boundary,
      })),
      weight: 2,
    },
  ),
  group: fc.tuple(fc.constantFrom(...GROUP_OPENERS), fc.array(tie('pattern'), { minLength: 1, maxLength: 3 })).map(([open, branches]) => {
    const inner = join(branches, '|');
    return { ours: `${open}${inner.ours})`, oracle: `${open}${inner.oracle})`, boundary: inner.boundary };
  }),
}));

// Non-ASCII word characters (letters, a digit) exercise case folding and Unicode classes; the
// others are no word characters in any engine, so they may meet \b.
const WORD_LIKE = ['é', 'É', 'σ', 'ς', 'Σ', 'ß', 'ẞ', 'ſ', '\u212A', 'α', '٣', '𝒜'];
const OTHERS = ['a', 'b', 'k', 'K', 's', 'S', 'A', '1', '_', ' ', '\n', '\r', '.', '-', '\u00A0', '€', '😀'];

const text = (boundary: boolean) =>
  fc.array(fc.constantFrom(...(boundary ? OTHERS : [...OTHERS, ...WORD_LIKE])), { maxLength: 12 }).map((chars) => chars.join(''));

const patternAndTexts = pattern.chain((piece) => fc.tuple(fc.constant(piece), fc.array(text(piece.boundary), { minLength: 1, maxLength: 6 })));

/** Both refuse the pattern (a duplicate group name), or both give the same match on every text. */
function agree([piece, texts]: [Piece, string[]], caseInsensitive: boolean): void {
  let oracle: RE2JS;
  try {
    oracle = RE2JS.compile(piece.oracle, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    expect(() => new Regex(piece.ours, { caseInsensitive }), `${JSON.stringify(piece.ours)}: re2js refuses it`).toThrow();
    return;
  }
  const ours = new Regex(piece.ours, { caseInsensitive });
  for (const t of texts) {
    const expected = oracle.exec(t)?.[0] ?? null;
    expect(ours.firstMatch(t), `${JSON.stringify(piece.ours)} on ${JSON.stringify(t)} (re2js: ${JSON.stringify(piece.oracle)})`).toBe(expected);
  }
}

describe('differential: our engine and re2js agree', () => {
  const budget = fuzzBudget<[[Piece, string[]]]>(500, 3);

  it('on random patterns of the shared syntax, case-insensitive as auto moderation runs them, and random texts', { timeout: budget.timeoutMs }, () => {
    fc.assert(fc.property(patternAndTexts, (value) => agree(value, true)), budget.parameters);
  });

  it('and case-sensitive', { timeout: budget.timeoutMs }, () => {
    fc.assert(fc.property(patternAndTexts, (value) => agree(value, false)), budget.parameters);
  });
});
