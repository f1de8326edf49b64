// Whitespace as the pattern's `x` mode skips it: Rust's char::is_whitespace, which is the Unicode
// White_Space property (not JavaScript's \s, which adds U+FEFF).
const WHITE_SPACE = /^\p{White_Space}$/u;

export function isWhiteSpace(cp: number): boolean {
  return cp >= 0 && WHITE_SPACE.test(String.fromCodePoint(cp));
}
