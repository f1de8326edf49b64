// The program the Pike VM (pike_vm.ts) runs: a Thompson NFA as a list of instructions, as RE2's
// and regex-automata's PikeVM run. Only `char` consumes input; `split` forks a thread in two (the
// first target has priority: that is how greedy, lazy and leftmost-first alternation are
// expressed), `look` is a free move where its assertion holds, `match` ends a thread with a match.
import type { CodePointSet } from './code_point_set';
import type { LookKind } from './hir';

/** A plain enum: an exported const enum would not survive a transpiler that sees one file at a time. */
export enum Op {
  Char,
  Split,
  Look,
  Match,
}

/** A code point set with a table for ASCII, the common case of a chat message. */
export class CharMatcher {
  private readonly ascii = new Uint8Array(128);

  constructor(readonly set: CodePointSet) {
    for (let cp = 0; cp < 128; cp++) this.ascii[cp] = set.has(cp) ? 1 : 0;
  }

  matches(cp: number): boolean {
    return cp < 128 ? this.ascii[cp] === 1 : this.set.has(cp);
  }
}

export interface Instruction {
  op: Op;
  /** The next instruction (char, look) or the preferred branch (split). */
  out: number;
  /** The other branch of a split. */
  out1: number;
  matcher: CharMatcher | null;
  look: LookKind | null;
}

export interface Program {
  readonly instructions: readonly Instruction[];
  readonly start: number;
}
