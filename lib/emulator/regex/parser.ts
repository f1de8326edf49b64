// The pattern syntax of the Rust regex crate (regex-syntax's ast::parse), which the service uses
// for auto moderation's regex patterns: same grammar, same refusals (look-around, backreferences,
// octal escapes, unknown escapes, `a{`, `{,3}`, …), same nesting limit. A port of its structure —
// a loop over the pattern with a stack of open groups and a stack of open classes — so that no
// pattern, however nested, recurses through the parser. Nothing is resolved here (translate.ts
// gives flags, classes and assertions their meaning).
import type {
  AsciiClassName, AssertionKind, Ast, BracketedClassAst, ClassSet, ClassSetItem, Flag, FlagItems,
  PerlClassAst, UnicodeClassAst,
} from './ast';
import { RegexError, type RegexErrorKind } from './regex_error';
import { isWhiteSpace } from './white_space';

/** regex-syntax's default nesting limit: groups, repetitions, alternations, concatenations and classes. */
export const NEST_LIMIT = 250;

const ASCII_CLASS_NAMES: ReadonlySet<string> = new Set<AsciiClassName>([
  'alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit',
]);

const cp = (c: string) => c.codePointAt(0)!;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isAsciiAlnum = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const ALPHABETIC = /^\p{Alphabetic}$/u;
const ALPHANUMERIC = /^[\p{Alphabetic}\p{N}]$/u;

/** Characters that `\` turns into themselves (regex-syntax's is_meta_character). */
function isMeta(c: number): boolean {
  return '\\.+*?()|[]{}^$#&-~'.includes(String.fromCodePoint(c));
}

/** Any other ASCII punctuation may be escaped too, except `<` and `>` (they are \< and \>). */
function isEscapeable(c: number): boolean {
  if (isMeta(c)) return true;
  if (c > 0x7f || isAsciiAlnum(c)) return false;
  return c !== cp('<') && c !== cp('>');
}

function isCaptureChar(c: number, first: boolean): boolean {
  const ch = String.fromCodePoint(c);
  if (first) return ch === '_' || ALPHABETIC.test(ch);
  return ch === '_' || ch === '.' || ch === '[' || ch === ']' || ALPHANUMERIC.test(ch);
}

interface Concat {
  items: Ast[];
}

type GroupState =
  | { kind: 'group'; concat: Concat; capturing: boolean; flags: FlagItems | null; offset: number; ignoreWhitespace: boolean }
  | { kind: 'alternation'; branches: Ast[] };

type ClassState =
  | { kind: 'open'; union: ClassSetItem[]; negated: boolean; offset: number }
  | { kind: 'op'; op: 'intersection' | 'difference' | 'symmetricDifference'; lhs: ClassSet };

/** What an escape or a plain character is before it is placed: only some may stand in a class. */
type Primitive =
  | { type: 'literal'; cp: number; offset: number }
  | { type: 'dot'; offset: number }
  | { type: 'assertion'; kind: AssertionKind; offset: number }
  | PerlClassAst
  | UnicodeClassAst;

function concatAst(concat: Concat): Ast {
  if (concat.items.length === 0) return { type: 'empty' };
  if (concat.items.length === 1) return concat.items[0];
  return { type: 'concat', items: concat.items };
}

function unionItem(items: ClassSetItem[]): ClassSetItem {
  if (items.length === 0) return { type: 'emptyItem' };
  if (items.length === 1) return items[0];
  return { type: 'union', items };
}

/** The flag's state in `items`: true, false, or undefined when the items do not name it. */
export function flagState(items: FlagItems, flag: Flag): boolean | undefined {
  return items.find((item) => item.flag === flag)?.on;
}

export function parse(pattern: string): Ast {
  return new Parser(pattern).parse();
}

class Parser {
  private readonly chars: number[];
  private pos = 0;
  private ignoreWhitespace = false;
  private readonly captureNames = new Set<string>();
  private readonly groups: GroupState[] = [];
  private readonly classes: ClassState[] = [];

  constructor(pattern: string) {
    this.chars = Array.from(pattern, (c) => c.codePointAt(0)!);
  }

  // --- Position

  private fail(kind: RegexErrorKind, offset = this.pos): never {
    throw new RegexError(kind, offset);
  }

  private get eof(): boolean {
    return this.pos >= this.chars.length;
  }

  /** The current character, or -1 at the end. */
  private char(): number {
    return this.eof ? -1 : this.chars[this.pos];
  }

  private is(c: string): boolean {
    return this.char() === cp(c);
  }

  /** Moves to the next character; false when that is the end. */
  private bump(): boolean {
    if (this.eof) return false;
    this.pos++;
    return !this.eof;
  }

  private bumpIf(prefix: string): boolean {
    const want = Array.from(prefix, cp);
    if (!want.every((c, i) => this.chars[this.pos + i] === c)) return false;
    this.pos += want.length;
    return true;
  }

  /** In `x` mode, skips whitespace and `#` comments; otherwise does nothing. */
  private bumpSpace(): void {
    if (!this.ignoreWhitespace) return;
    while (!this.eof) {
      if (isWhiteSpace(this.char())) this.bump();
      else if (this.is('#')) {
        while (this.bump() && !this.is('\n'));
        this.bump();
      } else break;
    }
  }

  private bumpAndBumpSpace(): boolean {
    if (!this.bump()) return false;
    this.bumpSpace();
    return !this.eof;
  }

  private peek(): number {
    return this.pos + 1 < this.chars.length ? this.chars[this.pos + 1] : -1;
  }

  /** The next character after this one, past whitespace and comments in `x` mode. */
  private peekSpace(): number {
    if (!this.ignoreWhitespace) return this.peek();
    let inComment = false;
    for (let i = this.pos + 1; i < this.chars.length; i++) {
      const c = this.chars[i];
      if (isWhiteSpace(c)) continue;
      if (!inComment && c === cp('#')) inComment = true;
      else if (inComment && c === cp('\n')) inComment = false;
      else if (!inComment) return c;
    }
    return -1;
  }

  // --- The pattern

  parse(): Ast {
    let concat: Concat = { items: [] };
    for (;;) {
      this.bumpSpace();
      if (this.eof) break;
      switch (String.fromCodePoint(this.char())) {
        case '(': concat = this.pushGroup(concat); break;
        case ')': concat = this.popGroup(concat); break;
        case '|': concat = this.pushAlternate(concat); break;
        case '[': concat.items.push(this.parseSetClass()); break;
        case '?': this.parseUncountedRepetition(concat, 0, 1); break;
        case '*': this.parseUncountedRepetition(concat, 0, null); break;
        case '+': this.parseUncountedRepetition(concat, 1, null); break;
        case '{': this.parseCountedRepetition(concat); break;
        default: concat.items.push(this.parsePrimitive());
      }
    }
    const ast = this.popGroupEnd(concat);
    checkNestLimit(ast);
    return ast;
  }

  private pushAlternate(concat: Concat): Concat {
    const top = this.groups[this.groups.length - 1];
    if (top?.kind === 'alternation') top.branches.push(concatAst(concat));
    else this.groups.push({ kind: 'alternation', branches: [concatAst(concat)] });
    this.bump();
    return { items: [] };
  }

  private pushGroup(concat: Concat): Concat {
    const group = this.parseGroup();
    if (group.kind === 'flags') {
      const x = flagState(group.flags, 'x');
      if (x !== undefined) this.ignoreWhitespace = x;
      concat.items.push({ type: 'flags', flags: group.flags, offset: group.offset });
      return concat;
    }
    this.groups.push({ kind: 'group', concat, capturing: group.capturing, flags: group.flags, offset: group.offset, ignoreWhitespace: this.ignoreWhitespace });
    const x = group.flags ? flagState(group.flags, 'x') : undefined;
    if (x !== undefined) this.ignoreWhitespace = x;
    return { items: [] };
  }

  private popGroup(groupConcat: Concat): Concat {
    let top = this.groups.pop();
    let alternation: Ast[] | null = null;
    if (top?.kind === 'alternation') {
      alternation = top.branches;
      top = this.groups.pop();
    }
    if (top?.kind !== 'group') this.fail('GroupUnopened');
    this.ignoreWhitespace = top.ignoreWhitespace;
    this.bump();
    const sub: Ast = alternation ? { type: 'alternation', branches: [...alternation, concatAst(groupConcat)] } : concatAst(groupConcat);
    top.concat.items.push({ type: 'group', capturing: top.capturing, flags: top.flags, sub, offset: top.offset });
    return top.concat;
  }

  private popGroupEnd(concat: Concat): Ast {
    const top = this.groups.pop();
    let ast: Ast;
    if (!top) ast = concatAst(concat);
    else if (top.kind === 'alternation') ast = { type: 'alternation', branches: [...top.branches, concatAst(concat)] };
    else this.fail('GroupUnclosed', top.offset);
    const below = this.groups.pop();
    if (below?.kind === 'group') this.fail('GroupUnclosed', below.offset);
    return ast;
  }

  private parseGroup(): { kind: 'flags'; flags: FlagItems; offset: number } | { kind: 'group'; capturing: boolean; flags: FlagItems | null; offset: number } {
    const open = this.pos;
    this.bump();
    this.bumpSpace();
    if (this.bumpIf('?=') || this.bumpIf('?!') || this.bumpIf('?<=') || this.bumpIf('?<!')) this.fail('UnsupportedLookAround', open);
    if (this.bumpIf('?P<') || this.bumpIf('?<')) {
      this.parseCaptureName();
      return { kind: 'group', capturing: true, flags: null, offset: open };
    }
    if (this.bumpIf('?')) {
      if (this.eof) this.fail('GroupUnclosed', open);
      const inner = this.pos;
      const flags = this.parseFlags();
      const end = this.char();
      this.bump();
      if (end === cp(')')) {
        // `(?)` is a repetition operator without an operand, as in Rust.
        if (flags.length === 0) this.fail('RepetitionMissing', inner);
        return { kind: 'flags', flags, offset: open };
      }
      return { kind: 'group', capturing: false, flags, offset: open };
    }
    return { kind: 'group', capturing: true, flags: null, offset: open };
  }

  private parseCaptureName(): void {
    if (this.eof) this.fail('GroupNameUnexpectedEof');
    const start = this.pos;
    while (!this.is('>')) {
      if (!isCaptureChar(this.char(), this.pos === start)) this.fail('GroupNameInvalid');
      if (!this.bump()) break;
    }
    const end = this.pos;
    if (this.eof) this.fail('GroupNameUnexpectedEof');
    this.bump();
    const name = String.fromCodePoint(...this.chars.slice(start, end));
    if (name.length === 0) this.fail('GroupNameEmpty', start);
    if (this.captureNames.has(name)) this.fail('GroupNameDuplicate', start);
    this.captureNames.add(name);
  }

  /** Flags up to the `:` or `)` that ends them (the caller checks which). */
  private parseFlags(): FlagItems {
    const items: FlagItems = [];
    let negated = false;
    let sawNegation = false;
    let lastWasNegation = -1;
    while (!this.is(':') && !this.is(')')) {
      if (this.is('-')) {
        if (sawNegation) this.fail('FlagRepeatedNegation');
        sawNegation = true;
        negated = true;
        lastWasNegation = this.pos;
      } else {
        lastWasNegation = -1;
        const flag = this.parseFlag();
        if (items.some((item) => item.flag === flag)) this.fail('FlagDuplicate');
        items.push({ flag, on: !negated });
      }
      if (!this.bump()) this.fail('FlagUnexpectedEof');
    }
    if (lastWasNegation >= 0) this.fail('FlagDanglingNegation', lastWasNegation);
    return items;
  }

  private parseFlag(): Flag {
    const c = String.fromCodePoint(this.char());
    if (c === 'i' || c === 'm' || c === 's' || c === 'U' || c === 'u' || c === 'R' || c === 'x') return c;
    return this.fail('FlagUnrecognized');
  }

  // --- Repetition

  private popOperand(concat: Concat, at: number): Ast {
    const operand = concat.items.pop();
    if (!operand || operand.type === 'empty' || operand.type === 'flags') this.fail('RepetitionMissing', at);
    return operand;
  }

  private parseUncountedRepetition(concat: Concat, min: number, max: number | null): void {
    const at = this.pos;
    const sub = this.popOperand(concat, at);
    let greedy = true;
    if (this.bump() && this.is('?')) {
      greedy = false;
      this.bump();
    }
    concat.items.push({ type: 'repetition', min, max, greedy, sub, offset: at });
  }

  private parseCountedRepetition(concat: Concat): void {
    const start = this.pos;
    const sub = this.popOperand(concat, start);
    if (!this.bumpAndBumpSpace()) this.fail('RepetitionCountUnclosed', start);
    const first = this.parseDecimalOrError();
    if (this.eof) this.fail('RepetitionCountUnclosed', start);
    let min: number;
    let max: number | null;
    if (this.is(',')) {
      if (!this.bumpAndBumpSpace()) this.fail('RepetitionCountUnclosed', start);
      if (!this.is('}')) {
        // `{,n}` is refused: regex-syntax's empty_min_range is off by default.
        min = unwrap(first);
        const second = this.parseDecimalOrError();
        max = unwrap(second);
      } else {
        min = unwrap(first);
        max = null;
      }
    } else {
      min = unwrap(first);
      max = min;
    }
    if (this.eof || !this.is('}')) this.fail('RepetitionCountUnclosed', start);
    let greedy = true;
    if (this.bumpAndBumpSpace() && this.is('?')) {
      greedy = false;
      this.bump();
    }
    if (max !== null && min > max) this.fail('RepetitionCountInvalid', start);
    concat.items.push({ type: 'repetition', min, max, greedy, sub, offset: start });
  }

  /** A count of a repetition, or the error to raise if the count is needed. */
  private parseDecimalOrError(): number | RegexError {
    try {
      return this.parseDecimal();
    } catch (error) {
      if (error instanceof RegexError && error.kind === 'DecimalEmpty') return new RegexError('RepetitionCountDecimalEmpty', error.offset);
      if (error instanceof RegexError) return error;
      throw error;
    }
  }

  /** A decimal u32, with whitespace around it skipped (in any mode, as regex-syntax does). */
  private parseDecimal(): number {
    while (!this.eof && isWhiteSpace(this.char())) this.bump();
    const start = this.pos;
    let digits = '';
    while (!this.eof && isDigit(this.char())) {
      digits += String.fromCodePoint(this.char());
      this.bumpAndBumpSpace();
    }
    while (!this.eof && isWhiteSpace(this.char())) this.bumpAndBumpSpace();
    if (digits.length === 0) this.fail('DecimalEmpty', start);
    const value = Number(digits);
    if (value > 0xffffffff) this.fail('DecimalInvalid', start);
    return value;
  }

  // --- Primitives and escapes

  private parsePrimitive(): Ast {
    const at = this.pos;
    const c = this.char();
    if (c === cp('\\')) return this.parseEscape();
    this.bump();
    if (c === cp('.')) return { type: 'dot', offset: at };
    if (c === cp('^')) return { type: 'assertion', kind: 'StartLine', offset: at };
    if (c === cp('$')) return { type: 'assertion', kind: 'EndLine', offset: at };
    return { type: 'literal', cp: c, offset: at };
  }

  private parseEscape(): Primitive {
    const start = this.pos;
    if (!this.bump()) this.fail('EscapeUnexpectedEof', start);
    const c = this.char();
    const ch = String.fromCodePoint(c);
    // Octal is off in regex-syntax by default, so \0 to \9 are all (refused) backreferences.
    if (isDigit(c)) this.fail('UnsupportedBackreference', start);
    if (ch === 'x' || ch === 'u' || ch === 'U') return { type: 'literal', cp: this.parseHex(), offset: start };
    if (ch === 'p' || ch === 'P') return this.parseUnicodeClass(start);
    if ('dswDSW'.includes(ch)) {
      this.bump();
      const kind = ({ d: 'digit', s: 'space', w: 'word' } as const)[ch.toLowerCase() as 'd' | 's' | 'w'];
      return { type: 'perl', kind, negated: ch === ch.toUpperCase(), offset: start };
    }
    this.bump();
    if (isEscapeable(c)) return { type: 'literal', cp: c, offset: start };
    const special: Record<string, number> = { a: 0x07, f: 0x0c, t: 0x09, n: 0x0a, r: 0x0d, v: 0x0b };
    if (ch in special) return { type: 'literal', cp: special[ch], offset: start };
    const assertion = (kind: AssertionKind): Primitive => ({ type: 'assertion', kind, offset: start });
    switch (ch) {
      case 'A': return assertion('StartText');
      case 'z': return assertion('EndText');
      case 'B': return assertion('NotWordBoundary');
      case '<': return assertion('WordBoundaryStart');
      case '>': return assertion('WordBoundaryEnd');
      case 'b': return assertion(!this.eof && this.is('{') ? (this.maybeParseSpecialWordBoundary(start) ?? 'WordBoundary') : 'WordBoundary');
      default: return this.fail('EscapeUnrecognized', start);
    }
  }

  /** `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}`; null (and back at `{`) for `\b{3}`. */
  private maybeParseSpecialWordBoundary(wbStart: number): AssertionKind | null {
    const validChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === cp('-');
    const start = this.pos;
    if (!this.bumpAndBumpSpace()) this.fail('SpecialWordOrRepetitionUnexpectedEof', wbStart);
    if (!validChar(this.char())) {
      this.pos = start;
      return null;
    }
    let name = '';
    while (!this.eof && validChar(this.char())) {
      name += String.fromCodePoint(this.char());
      this.bumpAndBumpSpace();
    }
    if (this.eof || !this.is('}')) this.fail('SpecialWordBoundaryUnclosed', start);
    this.bump();
    const kinds: Record<string, AssertionKind> = {
      start: 'WordBoundaryStart', end: 'WordBoundaryEnd', 'start-half': 'WordBoundaryStartHalf', 'end-half': 'WordBoundaryEndHalf',
    };
    return kinds[name] ?? this.fail('SpecialWordBoundaryUnrecognized', start);
  }

  /** `\xFF`, `\uFFFF`, `\UFFFFFFFF` or any of them with braces, `\x{10FFFF}`: a Unicode scalar value. */
  private parseHex(): number {
    const digits = this.is('x') ? 2 : this.is('u') ? 4 : 8;
    if (!this.bumpAndBumpSpace()) this.fail('EscapeUnexpectedEof');
    const start = this.pos;
    let hex = '';
    if (this.is('{')) {
      while (this.bumpAndBumpSpace() && !this.is('}')) {
        if (!isHex(this.char())) this.fail('EscapeHexInvalidDigit');
        hex += String.fromCodePoint(this.char());
      }
      if (this.eof) this.fail('EscapeUnexpectedEof', start);
      this.bumpAndBumpSpace();
      if (hex.length === 0) this.fail('EscapeHexEmpty', start);
    } else {
      for (let i = 0; i < digits; i++) {
        if (i > 0 && !this.bumpAndBumpSpace()) this.fail('EscapeUnexpectedEof');
        if (!isHex(this.char())) this.fail('EscapeHexInvalidDigit');
        hex += String.fromCodePoint(this.char());
      }
      this.bumpAndBumpSpace();
    }
    const value = hex.length > 8 ? Infinity : parseInt(hex, 16);
    if (value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) this.fail('EscapeHexInvalid', start);
    return value;
  }

  private parseUnicodeClass(start: number): UnicodeClassAst {
    const negated = this.is('P');
    if (!this.bumpAndBumpSpace()) this.fail('EscapeUnexpectedEof');
    if (this.is('{')) {
      let name = '';
      while (this.bumpAndBumpSpace() && !this.is('}')) name += String.fromCodePoint(this.char());
      if (this.eof) this.fail('EscapeUnexpectedEof');
      this.bump();
      for (const op of ['!=', ':', '='] as const) {
        const i = name.indexOf(op);
        if (i >= 0) return { type: 'unicode', negated, query: { kind: 'namedValue', op, name: name.slice(0, i), value: name.slice(i + op.length) }, offset: start };
      }
      return { type: 'unicode', negated, query: { kind: 'named', name }, offset: start };
    }
    const letter = this.char();
    if (letter === cp('\\')) this.fail('UnicodeClassInvalid');
    this.bumpAndBumpSpace();
    return { type: 'unicode', negated, query: { kind: 'oneLetter', letter: String.fromCodePoint(letter) }, offset: start };
  }

  // --- Bracketed classes

  private parseSetClass(): BracketedClassAst {
    let union: ClassSetItem[] = [];
    for (;;) {
      this.bumpSpace();
      if (this.eof) this.unclosedClass();
      const c = String.fromCodePoint(this.char());
      if (c === '[') {
        // Inside a class, `[:alpha:]` is an ASCII class; anything else opens a nested class.
        if (this.classes.length > 0) {
          const ascii = this.maybeParseAsciiClass();
          if (ascii) {
            union.push(ascii);
            continue;
          }
        }
        union = this.pushClassOpen(union);
      } else if (c === ']') {
        const popped = this.popClass(union);
        if (!Array.isArray(popped)) return popped;
        union = popped;
      } else if (c === '&' && this.peek() === cp('&')) {
        this.bumpIf('&&');
        union = this.pushClassOp('intersection', union);
      } else if (c === '-' && this.peek() === cp('-')) {
        this.bumpIf('--');
        union = this.pushClassOp('difference', union);
      } else if (c === '~' && this.peek() === cp('~')) {
        this.bumpIf('~~');
        union = this.pushClassOp('symmetricDifference', union);
      } else {
        union.push(this.parseSetClassRange());
      }
    }
  }

  private unclosedClass(): never {
    for (let i = this.classes.length - 1; i >= 0; i--) {
      const state = this.classes[i];
      if (state.kind === 'open') this.fail('ClassUnclosed', state.offset);
    }
    return this.fail('ClassUnclosed');
  }

  /** Opens a class at `[`: its `^`, and the `-` and `]` that are literal at its start. */
  private pushClassOpen(parent: ClassSetItem[]): ClassSetItem[] {
    const start = this.pos;
    if (!this.bumpAndBumpSpace()) this.fail('ClassUnclosed', start);
    let negated = false;
    if (this.is('^')) {
      if (!this.bumpAndBumpSpace()) this.fail('ClassUnclosed', start);
      negated = true;
    }
    const union: ClassSetItem[] = [];
    while (this.is('-')) {
      union.push({ type: 'literal', cp: cp('-') });
      if (!this.bumpAndBumpSpace()) this.fail('ClassUnclosed', start);
    }
    if (union.length === 0 && this.is(']')) {
      union.push({ type: 'literal', cp: cp(']') });
      if (!this.bumpAndBumpSpace()) this.fail('ClassUnclosed', start);
    }
    this.classes.push({ kind: 'open', union: parent, negated, offset: start });
    return union;
  }

  /** Closes the innermost class at `]`: the finished top-level class, or the parent's union with it. */
  private popClass(nested: ClassSetItem[]): ClassSetItem[] | BracketedClassAst {
    const set = this.popClassOp({ type: 'item', item: unionItem(nested) });
    const state = this.classes.pop();
    if (state?.kind !== 'open') throw new Error('unbalanced class stack');
    this.bump();
    const cls: BracketedClassAst = { type: 'bracketed', negated: state.negated, set, offset: state.offset };
    if (this.classes.length === 0) return cls;
    state.union.push(cls);
    return state.union;
  }

  private pushClassOp(op: 'intersection' | 'difference' | 'symmetricDifference', union: ClassSetItem[]): ClassSetItem[] {
    const lhs = this.popClassOp({ type: 'item', item: unionItem(union) });
    this.classes.push({ kind: 'op', op, lhs });
    return [];
  }

  private popClassOp(rhs: ClassSet): ClassSet {
    const top = this.classes[this.classes.length - 1];
    if (top?.kind !== 'op') return rhs;
    this.classes.pop();
    return { type: 'binaryOp', op: top.op, lhs: top.lhs, rhs };
  }

  private parseSetClassRange(): ClassSetItem {
    const first = this.parseSetClassItem();
    this.bumpSpace();
    if (this.eof) this.unclosedClass();
    if (!this.is('-') || this.peekSpace() === cp(']') || this.peekSpace() === cp('-')) return this.classSetItem(first);
    if (!this.bumpAndBumpSpace()) this.unclosedClass();
    const second = this.parseSetClassItem();
    const start = this.classLiteral(first);
    const end = this.classLiteral(second);
    if (start > end) this.fail('ClassRangeInvalid', first.offset);
    return { type: 'range', start, end };
  }

  private parseSetClassItem(): Primitive {
    if (this.is('\\')) return this.parseEscape();
    const item: Primitive = { type: 'literal', cp: this.char(), offset: this.pos };
    this.bump();
    return item;
  }

  private classSetItem(primitive: Primitive): ClassSetItem {
    if (primitive.type === 'literal') return { type: 'literal', cp: primitive.cp };
    if (primitive.type === 'perl' || primitive.type === 'unicode') return primitive;
    return this.fail('ClassEscapeInvalid', primitive.offset);
  }

  private classLiteral(primitive: Primitive): number {
    if (primitive.type === 'literal') return primitive.cp;
    return this.fail('ClassRangeLiteral', primitive.offset);
  }

  /** `[:name:]` or `[:^name:]` at `[`; null (and back at `[`) for anything else, as in Rust. */
  private maybeParseAsciiClass(): ClassSetItem | null {
    const start = this.pos;
    const back = () => {
      this.pos = start;
      return null;
    };
    if (!this.bump() || !this.is(':')) return back();
    if (!this.bump()) return back();
    let negated = false;
    if (this.is('^')) {
      negated = true;
      if (!this.bump()) return back();
    }
    const nameStart = this.pos;
    while (!this.is(':') && this.bump());
    if (this.eof) return back();
    const name = String.fromCodePoint(...this.chars.slice(nameStart, this.pos));
    if (!this.bumpIf(':]')) return back();
    if (!ASCII_CLASS_NAMES.has(name)) return back();
    return { type: 'ascii', name: name as AsciiClassName, negated };
  }
}

function unwrap(value: number | RegexError): number {
  if (value instanceof RegexError) throw value;
  return value;
}

/** regex-syntax's NestLimiter: each group, repetition, alternation, concatenation and class level counts. */
function checkNestLimit(ast: Ast): void {
  const deeper = (depth: number, offset: number) => {
    if (depth + 1 > NEST_LIMIT) throw new RegexError('NestLimitExceeded', offset, `${NEST_LIMIT}`);
    return depth + 1;
  };
  const visitItem = (item: ClassSetItem, depth: number, offset: number): void => {
    if (item.type === 'bracketed') visitSet(item.set, deeper(depth, offset), offset);
    else if (item.type === 'union') {
      const inner = deeper(depth, offset);
      for (const sub of item.items) visitItem(sub, inner, offset);
    }
  };
  const visitSet = (set: ClassSet, depth: number, offset: number): void => {
    if (set.type === 'item') visitItem(set.item, depth, offset);
    else {
      const inner = deeper(depth, offset);
      visitSet(set.lhs, inner, offset);
      visitSet(set.rhs, inner, offset);
    }
  };
  const visit = (node: Ast, depth: number): void => {
    switch (node.type) {
      case 'bracketed': return visitSet(node.set, deeper(depth, node.offset), node.offset);
      case 'repetition': return visit(node.sub, deeper(depth, node.offset));
      case 'group': return visit(node.sub, deeper(depth, node.offset));
      case 'alternation': {
        const inner = deeper(depth, 0);
        for (const branch of node.branches) visit(branch, inner);
        return;
      }
      case 'concat': {
        const inner = deeper(depth, 0);
        for (const item of node.items) visit(item, inner);
        return;
      }
      default:
    }
  };
  visit(ast, 0);
}
