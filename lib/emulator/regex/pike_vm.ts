// The Pike VM: a simulation of the program's NFA that keeps every live thread at once, in priority
// order, instead of trying one path and backtracking. At each character every thread advances or
// dies, and a thread that reaches an instruction another thread of higher priority already holds
// at this position is dropped — so at most one thread per instruction, and the work per character
// is bounded by the program's size: O(program × text) for any pattern and any text, where a
// backtracking engine takes exponential time on `(\w+\s?)+$`. Priority gives leftmost-first
// matches (RE2's and the Rust regex crate's `find`): of the matches starting leftmost, the one the
// pattern prefers, not the longest.
//
// Positions are UTF-16 indices into the JavaScript string, stepping by code point.
import { CharMatcher, Op, type Program } from './program';
import type { LookKind } from './hir';
import { asciiPerlSet, unicodePerlSet } from './unicode_sets';

export interface Span {
  start: number;
  end: number;
}

/** A set of instruction indices with insertion order (the threads' priority) and O(1) reset. */
class ThreadList {
  readonly pcs: Int32Array;
  /** Where each thread's match would start, by position in `pcs`. */
  readonly starts: Int32Array;
  private readonly index: Int32Array;
  length = 0;

  constructor(size: number) {
    this.pcs = new Int32Array(size);
    this.starts = new Int32Array(size);
    this.index = new Int32Array(size);
  }

  has(pc: number): boolean {
    const i = this.index[pc];
    return i < this.length && this.pcs[i] === pc;
  }

  add(pc: number, start: number): void {
    this.index[pc] = this.length;
    this.pcs[this.length] = pc;
    this.starts[this.length] = start;
    this.length++;
  }
}

let unicodeWord: CharMatcher | undefined;
let asciiWord: CharMatcher | undefined;

function isUnicodeWord(cp: number): boolean {
  unicodeWord ??= new CharMatcher(unicodePerlSet('word'));
  return cp >= 0 && unicodeWord.matches(cp);
}

function isAsciiWord(cp: number): boolean {
  asciiWord ??= new CharMatcher(asciiPerlSet('word'));
  return cp >= 0 && asciiWord.matches(cp);
}

const LF = 0x0a;
const CR = 0x0d;

/** Whether `look` holds between `before` and `after` (-1 at the text's edges). */
function holds(look: LookKind, before: number, after: number): boolean {
  switch (look) {
    case 'StartText': return before < 0;
    case 'EndText': return after < 0;
    case 'StartLF': return before < 0 || before === LF;
    case 'EndLF': return after < 0 || after === LF;
    case 'StartCRLF': return before < 0 || before === LF || (before === CR && after !== LF);
    case 'EndCRLF': return after < 0 || after === CR || (after === LF && before !== CR);
    case 'WordUnicode': return isUnicodeWord(before) !== isUnicodeWord(after);
    case 'WordUnicodeNegate': return isUnicodeWord(before) === isUnicodeWord(after);
    case 'WordStartUnicode': return !isUnicodeWord(before) && isUnicodeWord(after);
    case 'WordEndUnicode': return isUnicodeWord(before) && !isUnicodeWord(after);
    case 'WordStartHalfUnicode': return !isUnicodeWord(before);
    case 'WordEndHalfUnicode': return !isUnicodeWord(after);
    case 'WordAscii': return isAsciiWord(before) !== isAsciiWord(after);
    case 'WordAsciiNegate': return isAsciiWord(before) === isAsciiWord(after);
    case 'WordStartAscii': return !isAsciiWord(before) && isAsciiWord(after);
    case 'WordEndAscii': return isAsciiWord(before) && !isAsciiWord(after);
    case 'WordStartHalfAscii': return !isAsciiWord(before);
    case 'WordEndHalfAscii': return !isAsciiWord(after);
  }
}

export class PikeVM {
  private current: ThreadList;
  private next: ThreadList;
  /** The closure's work list: each instruction is pushed at most twice per closure. */
  private readonly stack: Int32Array;
  /** Instructions visited and threads advanced in the last search: the measure of its work. */
  steps = 0;

  constructor(private readonly program: Program) {
    const size = program.instructions.length;
    this.current = new ThreadList(size);
    this.next = new ThreadList(size);
    this.stack = new Int32Array(2 * size + 1);
  }

  /** The leftmost-first match in `text`, or null. */
  find(text: string): Span | null {
    const { instructions, start: startPc } = this.program;
    this.steps = 0;
    this.current.length = 0;
    let matched: Span | null = null;
    let before = -1;
    let at = 0;
    for (;;) {
      const cp = at < text.length ? text.codePointAt(at)! : -1;
      const width = cp > 0xffff ? 2 : 1;
      // A new thread for a match starting here, after every older one: older starts are further
      // left, so they win. Once a match is found nothing starting later can beat it.
      if (matched === null) this.addThread(this.current, startPc, at, before, cp);
      else if (this.current.length === 0) break;
      this.next.length = 0;
      const after = at + width < text.length ? text.codePointAt(at + width)! : -1;
      const list = this.current;
      for (let i = 0; i < list.length; i++) {
        const instruction = instructions[list.pcs[i]];
        this.steps++;
        if (instruction.op === Op.Match) {
          // Threads after this one have lower priority: they are cut.
          matched = { start: list.starts[i], end: at };
          break;
        }
        if (instruction.op === Op.Char && cp >= 0 && instruction.matcher!.matches(cp)) {
          this.addThread(this.next, instruction.out, list.starts[i], cp, after);
        }
      }
      if (cp < 0) break;
      [this.current, this.next] = [this.next, this.current];
      before = cp;
      at += width;
    }
    return matched;
  }

  /**
   * Adds the thread at `pc` and every thread its free moves reach (splits, and assertions that
   * hold between `before` and `after`), depth first so that priority order is kept.
   */
  private addThread(list: ThreadList, pc: number, start: number, before: number, after: number): void {
    const { instructions } = this.program;
    const stack = this.stack;
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top];
      if (list.has(at)) continue;
      list.add(at, start);
      this.steps++;
      const instruction = instructions[at];
      switch (instruction.op) {
        case Op.Split:
          // The preferred branch is pushed last, so it is explored first.
          stack[top++] = instruction.out1;
          stack[top++] = instruction.out;
          break;
        case Op.Look:
          if (holds(instruction.look!, before, after)) stack[top++] = instruction.out;
          break;
        default:
      }
    }
  }
}
