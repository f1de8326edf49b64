// A resolved pattern (hir.ts) compiled to a Pike VM program (program.ts) by Thompson's
// construction. Counted repetitions are expanded as RE2 and the Rust regex crate expand them —
// x{2,4} is xx(x(x)?)?, x{3,} is xxx+ — so `{n,m}` costs n to m copies of its operand: the size
// limit (a count of instructions, checked as they are emitted) bounds the program, and with it the
// work per character of text, however the counts nest: `(a{1000}){1000}` is refused early, not
// built.
import type { Hir } from './hir';
import { CharMatcher, type Instruction, Op, type Program } from './program';
import { RegexError } from './regex_error';

/** The largest program compiled: the VM's work per character of text is at most this many steps. */
export const DEFAULT_SIZE_LIMIT = 10_000;

/**
 * A piece of program with the pointers still to be aimed at what follows it. A hole is an
 * instruction index times two, plus one for its `out1`. `start` is -1 for a piece that matches
 * the empty string with no instruction at all: what points at it points at what follows.
 */
interface Fragment {
  start: number;
  holes: number[];
}

const NOTHING: Fragment = { start: -1, holes: [] };

export function compile(hir: Hir, sizeLimit = DEFAULT_SIZE_LIMIT): Program {
  const builder = new Builder(sizeLimit);
  const body = builder.compile(hir);
  const match = builder.emit(Op.Match);
  builder.patch(body.holes, match);
  return { instructions: builder.instructions, start: body.start >= 0 ? body.start : match };
}

/** Whether `hir` can match the empty string. */
export function matchesEmpty(hir: Hir): boolean {
  switch (hir.type) {
    case 'empty':
    case 'look':
      return true;
    case 'class':
      return false;
    case 'repetition':
      return hir.min === 0 || matchesEmpty(hir.sub);
    case 'concat':
      return hir.items.every(matchesEmpty);
    case 'alternation':
      return hir.branches.some(matchesEmpty);
  }
}

/** Whether `hir` compiles to no instruction at all (an empty group, repeated or not). */
function emitsNothing(hir: Hir): boolean {
  if (hir.type === 'empty') return true;
  if (hir.type === 'concat') return hir.items.every(emitsNothing);
  if (hir.type === 'repetition') return hir.max === 0 || emitsNothing(hir.sub);
  return false;
}

class Builder {
  readonly instructions: Instruction[] = [];
  /** One matcher per distinct set: a class repeated by `{n}` shares its ASCII table. */
  private readonly matchers = new Map<Hir, CharMatcher>();

  constructor(private readonly sizeLimit: number) {}

  emit(op: Op, extra: Partial<Instruction> = {}): number {
    if (this.instructions.length >= this.sizeLimit) {
      throw new RegexError('CompiledTooBig', 0, `more than ${this.sizeLimit} instructions`);
    }
    this.instructions.push({ op, out: -1, out1: -1, matcher: null, look: null, ...extra });
    return this.instructions.length - 1;
  }

  patch(holes: readonly number[], target: number): void {
    for (const hole of holes) {
      const instruction = this.instructions[hole >> 1];
      if (hole & 1) instruction.out1 = target;
      else instruction.out = target;
    }
  }

  /** Aims `hole` at `fragment`: the holes left, the fragment's own or `hole` itself if it is empty. */
  private link(hole: number, fragment: Fragment): number[] {
    if (fragment.start < 0) return [hole];
    this.patch([hole], fragment.start);
    return fragment.holes;
  }

  compile(hir: Hir): Fragment {
    switch (hir.type) {
      case 'empty':
        return NOTHING;
      case 'class': {
        let matcher = this.matchers.get(hir);
        if (!matcher) this.matchers.set(hir, (matcher = new CharMatcher(hir.set)));
        const at = this.emit(Op.Char, { matcher });
        return { start: at, holes: [at * 2] };
      }
      case 'look': {
        const at = this.emit(Op.Look, { look: hir.look });
        return { start: at, holes: [at * 2] };
      }
      case 'concat':
        return hir.items.reduce<Fragment>((left, item) => this.concat(left, this.compile(item)), NOTHING);
      case 'alternation':
        return this.alternation(hir.branches.map((branch) => this.compile(branch)));
      case 'repetition':
        return this.repetition(hir.sub, hir.min, hir.max, hir.greedy);
    }
  }

  private concat(left: Fragment, right: Fragment): Fragment {
    if (left.start < 0) return right;
    if (right.start < 0) return left;
    this.patch(left.holes, right.start);
    return { start: left.start, holes: right.holes };
  }

  /** split(b0, split(b1, … b(n-1))): each branch before the ones after it, leftmost-first. */
  private alternation(branches: Fragment[]): Fragment {
    if (branches.length === 1) return branches[0];
    const holes: number[] = [];
    let start = -1;
    let previousSplit = -1;
    for (let i = 0; i < branches.length - 1; i++) {
      const split = this.emit(Op.Split);
      if (previousSplit >= 0) this.patch([previousSplit * 2 + 1], split);
      else start = split;
      holes.push(...this.link(split * 2, branches[i]));
      previousSplit = split;
    }
    holes.push(...this.link(previousSplit * 2 + 1, branches[branches.length - 1]));
    return { start, holes };
  }

  private repetition(sub: Hir, min: number, max: number | null, greedy: boolean): Fragment {
    // Nothing to repeat: return before looping, or `(?:){4294967295}` would loop that many times
    // without emitting an instruction, below any size limit.
    if (max === 0 || emitsNothing(sub)) return NOTHING;
    if (max === null) {
      if (min === 0) return this.star(sub, greedy);
      let out = NOTHING;
      for (let i = 0; i < min - 1; i++) out = this.concat(out, this.compile(sub));
      return this.concat(out, this.plus(this.compile(sub), greedy));
    }
    let out = NOTHING;
    for (let i = 0; i < min; i++) out = this.concat(out, this.compile(sub));
    // The optional copies nest from the inside out: x(x(x)?)?.
    let optional = NOTHING;
    for (let i = min; i < max; i++) optional = this.question(this.concat(this.compile(sub), optional), greedy);
    return this.concat(out, optional);
  }

  /** split(body, next) for greedy, split(next, body) for lazy. */
  private fork(body: Fragment, greedy: boolean): { split: number; holes: number[] } {
    const split = this.emit(Op.Split);
    const [toBody, toNext] = greedy ? [split * 2, split * 2 + 1] : [split * 2 + 1, split * 2];
    return { split, holes: [...this.link(toBody, body), toNext] };
  }

  private question(body: Fragment, greedy: boolean): Fragment {
    if (body.start < 0) return NOTHING;
    const { split, holes } = this.fork(body, greedy);
    return { start: split, holes };
  }

  /**
   * x* as one split that loops — or, when x can match the empty string, as (x+)?: with the single
   * split an empty pass through x reaches the split again, where the thread dies, so the loop's
   * exit is reached with the wrong priority (regex-automata's c_at_least, RE2's Compiler::Star).
   */
  private star(sub: Hir, greedy: boolean): Fragment {
    if (matchesEmpty(sub)) return this.question(this.plus(this.compile(sub), greedy), greedy);
    const body = this.compile(sub);
    if (body.start < 0) return NOTHING;
    const split = this.emit(Op.Split);
    this.patch(body.holes, split);
    this.patch([greedy ? split * 2 : split * 2 + 1], body.start);
    return { start: split, holes: [greedy ? split * 2 + 1 : split * 2] };
  }

  private plus(body: Fragment, greedy: boolean): Fragment {
    if (body.start < 0) return NOTHING;
    const split = this.emit(Op.Split);
    this.patch(body.holes, split);
    this.patch([greedy ? split * 2 : split * 2 + 1], body.start);
    return { start: body.start, holes: [greedy ? split * 2 + 1 : split * 2] };
  }
}
