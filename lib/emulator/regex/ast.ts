// The abstract syntax of a pattern as the parser (parser.ts) reads it, following the Rust regex
// crate's (regex-syntax's ast module): flags are still directives here and nothing is resolved
// yet; translate.ts gives it meaning. Offsets are code point positions in the pattern, for errors.

export type Flag =
  | 'i' // case-insensitive
  | 'm' // multi-line: ^ and $ match at line ends
  | 's' // . matches \n
  | 'U' // swap greed: x* is lazy and x*? greedy
  | 'u' // Unicode (on by default)
  | 'R' // CRLF mode: \r\n is a line terminator too
  | 'x'; // ignore whitespace and # comments in the pattern

/** `(?i-s)` is [{flag: 'i', on: true}, {flag: 's', on: false}]. */
export type FlagItems = Array<{ flag: Flag; on: boolean }>;

export type AssertionKind =
  | 'StartLine' // ^
  | 'EndLine' // $
  | 'StartText' // \A
  | 'EndText' // \z
  | 'WordBoundary' // \b
  | 'NotWordBoundary' // \B
  | 'WordBoundaryStart' // \b{start}, \<
  | 'WordBoundaryEnd' // \b{end}, \>
  | 'WordBoundaryStartHalf' // \b{start-half}
  | 'WordBoundaryEndHalf'; // \b{end-half}

export type PerlClassKind = 'digit' | 'space' | 'word';

export type AsciiClassName =
  | 'alnum' | 'alpha' | 'ascii' | 'blank' | 'cntrl' | 'digit' | 'graph'
  | 'lower' | 'print' | 'punct' | 'space' | 'upper' | 'word' | 'xdigit';

/** `\pL`, `\p{Greek}`, `\p{sc=Greek}` (also `:` and `!=`), and their `\P` negations. */
export type UnicodeClassQuery =
  | { kind: 'oneLetter'; letter: string }
  | { kind: 'named'; name: string }
  | { kind: 'namedValue'; op: '=' | ':' | '!='; name: string; value: string };

export interface UnicodeClassAst {
  type: 'unicode';
  negated: boolean;
  query: UnicodeClassQuery;
  offset: number;
}

export interface PerlClassAst {
  type: 'perl';
  kind: PerlClassKind;
  negated: boolean;
  offset: number;
}

/** An item of a bracketed class, `[…]`. */
export type ClassSetItem =
  | { type: 'literal'; cp: number }
  | { type: 'range'; start: number; end: number }
  | { type: 'ascii'; name: AsciiClassName; negated: boolean }
  | UnicodeClassAst
  | PerlClassAst
  | BracketedClassAst
  | { type: 'union'; items: ClassSetItem[] }
  | { type: 'emptyItem' };

/** A bracketed class's contents: a union of items, or `&&`, `--`, `~~` between two sets. */
export type ClassSet =
  | { type: 'item'; item: ClassSetItem }
  | { type: 'binaryOp'; op: 'intersection' | 'difference' | 'symmetricDifference'; lhs: ClassSet; rhs: ClassSet };

export interface BracketedClassAst {
  type: 'bracketed';
  negated: boolean;
  set: ClassSet;
  offset: number;
}

export type Ast =
  | { type: 'empty' }
  | { type: 'flags'; flags: FlagItems; offset: number }
  | { type: 'literal'; cp: number; offset: number }
  | { type: 'dot'; offset: number }
  | { type: 'assertion'; kind: AssertionKind; offset: number }
  | PerlClassAst
  | UnicodeClassAst
  | BracketedClassAst
  | { type: 'repetition'; min: number; max: number | null; greedy: boolean; sub: Ast; offset: number }
  | { type: 'group'; capturing: boolean; flags: FlagItems | null; sub: Ast; offset: number }
  | { type: 'alternation'; branches: Ast[] }
  | { type: 'concat'; items: Ast[] };
