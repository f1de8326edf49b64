// A pattern with its meaning resolved (translate.ts): flags applied, every literal, dot and class
// a set of code points (case folding included), every anchor a look-around assertion of one kind.
// What the compiler (compiler.ts) turns into a program; it follows regex-syntax's hir module.
import type { CodePointSet } from './code_point_set';

/**
 * The zero-width assertions, as regex-automata's Look: text or line edges (LF, or CRLF mode's
 * `\r\n` as well), and word boundaries whose word characters are Unicode's `\w` or ASCII's.
 */
export type LookKind =
  | 'StartText' | 'EndText'
  | 'StartLF' | 'EndLF'
  | 'StartCRLF' | 'EndCRLF'
  | 'WordUnicode' | 'WordUnicodeNegate'
  | 'WordStartUnicode' | 'WordEndUnicode' | 'WordStartHalfUnicode' | 'WordEndHalfUnicode'
  | 'WordAscii' | 'WordAsciiNegate'
  | 'WordStartAscii' | 'WordEndAscii' | 'WordStartHalfAscii' | 'WordEndHalfAscii';

export type Hir =
  | { type: 'empty' }
  | { type: 'class'; set: CodePointSet }
  | { type: 'look'; look: LookKind }
  | { type: 'repetition'; min: number; max: number | null; greedy: boolean; sub: Hir }
  | { type: 'concat'; items: Hir[] }
  | { type: 'alternation'; branches: Hir[] };
