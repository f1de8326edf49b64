// The parsed pattern (ast.ts) given its meaning (hir.ts), as regex-syntax's translator does: flags
// take effect where they stand and last to the end of the enclosing group (across `|` too);
// literals, dots and classes become code point sets, case-folded under `i`; `^`, `$`, `\b` become
// assertions that depend on `m`, `R` and `u`.
//
// Unicode mode (`u`, on by default) gives `\d \s \w \b` their Unicode meaning, as Rust does
// (unicode_sets.ts). With `(?-u)` they are ASCII, and — as in Rust, where a pattern over text
// must match valid UTF-8 only — what could match a lone non-ASCII byte is refused: `.`, negated
// classes (InvalidUtf8), `\p{…}` and non-ASCII class members (UnicodeNotAllowed).
import type { AssertionKind, Ast, BracketedClassAst, ClassSet, ClassSetItem, Flag, FlagItems, UnicodeClassAst } from './ast';
import { asciiCaseFoldClosure, caseFoldClosure } from './case_folding';
import { CodePointSet } from './code_point_set';
import type { Hir, LookKind } from './hir';
import { RegexError } from './regex_error';
import { unicodePropertySet } from './unicode_properties';
import { asciiClassSet, asciiPerlSet, unicodePerlSet } from './unicode_sets';

type Flags = Record<Flag, boolean>;

const LF = CodePointSet.of(0x0a);
const CR_LF = CodePointSet.of(0x0a, 0x0d);

export interface TranslateOptions {
  /** `i` from the start, as if the pattern began with `(?i)`. */
  caseInsensitive: boolean;
}

export function translate(ast: Ast, options: TranslateOptions): Hir {
  return new Translator(options).visit(ast);
}

class Translator {
  private flags: Flags;

  constructor(options: TranslateOptions) {
    this.flags = { i: options.caseInsensitive, m: false, s: false, U: false, u: true, R: false, x: false };
  }

  private apply(items: FlagItems): void {
    for (const { flag, on } of items) this.flags[flag] = on;
  }

  visit(ast: Ast): Hir {
    switch (ast.type) {
      case 'empty':
        return { type: 'empty' };
      case 'flags':
        this.apply(ast.flags);
        return { type: 'empty' };
      case 'literal':
        return { type: 'class', set: this.fold(CodePointSet.of(ast.cp)) };
      case 'dot':
        return this.dot(ast.offset);
      case 'assertion':
        return { type: 'look', look: this.look(ast.kind) };
      case 'perl':
      case 'unicode':
      case 'bracketed':
        return { type: 'class', set: this.classSet(ast, ast.offset) };
      case 'repetition':
        return { type: 'repetition', min: ast.min, max: ast.max, greedy: ast.greedy !== this.flags.U, sub: this.visit(ast.sub) };
      case 'group': {
        const saved = { ...this.flags };
        if (ast.flags) this.apply(ast.flags);
        const sub = this.visit(ast.sub);
        this.flags = saved;
        return sub;
      }
      case 'alternation':
        return { type: 'alternation', branches: ast.branches.map((branch) => this.visit(branch)) };
      case 'concat':
        return { type: 'concat', items: ast.items.map((item) => this.visit(item)) };
    }
  }

  private dot(offset: number): Hir {
    if (!this.flags.u) throw new RegexError('InvalidUtf8', offset, '`.` with Unicode off');
    if (this.flags.s) return { type: 'class', set: CodePointSet.ALL };
    return { type: 'class', set: (this.flags.R ? CR_LF : LF).negate() };
  }

  private look(kind: AssertionKind): LookKind {
    const { m, R, u } = this.flags;
    const word = u ? 'Unicode' : 'Ascii';
    switch (kind) {
      case 'StartLine': return m ? (R ? 'StartCRLF' : 'StartLF') : 'StartText';
      case 'EndLine': return m ? (R ? 'EndCRLF' : 'EndLF') : 'EndText';
      case 'StartText': return 'StartText';
      case 'EndText': return 'EndText';
      case 'WordBoundary': return `Word${word}`;
      case 'NotWordBoundary': return `Word${word}Negate`;
      case 'WordBoundaryStart': return `WordStart${word}`;
      case 'WordBoundaryEnd': return `WordEnd${word}`;
      case 'WordBoundaryStartHalf': return `WordStartHalf${word}`;
      case 'WordBoundaryEndHalf': return `WordEndHalf${word}`;
    }
  }

  private fold(set: CodePointSet): CodePointSet {
    if (!this.flags.i) return set;
    return this.flags.u ? caseFoldClosure(set) : asciiCaseFoldClosure(set);
  }

  /** Negation; with Unicode off it would take in non-ASCII bytes, which Rust refuses for text. */
  private negate(set: CodePointSet, offset: number): CodePointSet {
    if (!this.flags.u) throw new RegexError('InvalidUtf8', offset, 'a negated class with Unicode off');
    return set.negate();
  }

  private classSet(item: ClassSetItem, offset: number): CodePointSet {
    switch (item.type) {
      case 'literal':
        this.checkByte(item.cp, offset);
        return this.fold(CodePointSet.of(item.cp));
      case 'range':
        this.checkByte(item.end, offset);
        return this.fold(CodePointSet.fromRanges([[item.start, item.end]]));
      case 'ascii': {
        const set = this.fold(asciiClassSet(item.name));
        return item.negated ? this.negate(set, offset) : set;
      }
      case 'perl': {
        // regex-syntax does not case-fold Perl classes; negation comes after everything else.
        const set = this.flags.u ? unicodePerlSet(item.kind) : asciiPerlSet(item.kind);
        return item.negated ? this.negate(set, item.offset) : set;
      }
      case 'unicode': {
        if (!this.flags.u) throw new RegexError('UnicodeNotAllowed', item.offset);
        const found = unicodePropertySet(item.query);
        if ('error' in found) throw new RegexError(found.error, item.offset, describeQuery(item));
        const set = this.fold(found.set);
        return item.negated ? set.negate() : set;
      }
      case 'bracketed':
        return this.bracketed(item);
      case 'union':
        return item.items.reduce((set, sub) => set.union(this.classSet(sub, offset)), CodePointSet.EMPTY);
      case 'emptyItem':
        return CodePointSet.EMPTY;
    }
  }

  private bracketed(cls: BracketedClassAst): CodePointSet {
    const set = this.fold(this.setOf(cls.set, cls.offset));
    return cls.negated ? this.negate(set, cls.offset) : set;
  }

  private setOf(set: ClassSet, offset: number): CodePointSet {
    if (set.type === 'item') return this.classSet(set.item, offset);
    const lhs = this.fold(this.setOf(set.lhs, offset));
    const rhs = this.fold(this.setOf(set.rhs, offset));
    switch (set.op) {
      case 'intersection': return lhs.intersect(rhs);
      case 'difference': return lhs.difference(rhs);
      case 'symmetricDifference': return lhs.symmetricDifference(rhs);
    }
  }

  /** With Unicode off a class holds bytes: a non-ASCII character there is Rust's UnicodeNotAllowed. */
  private checkByte(cp: number, offset: number): void {
    if (!this.flags.u && cp > 0x7f) throw new RegexError('UnicodeNotAllowed', offset);
  }
}

function describeQuery(item: UnicodeClassAst): string {
  const q = item.query;
  if (q.kind === 'oneLetter') return q.letter;
  if (q.kind === 'named') return q.name;
  return `${q.name}${q.op}${q.value}`;
}
