// The emulator's own regular-expression engine, for auto moderation's `regex_patterns`: the Rust
// regex crate's syntax and meaning (parser.ts, translate.ts), run by a Pike VM (pike_vm.ts) in
// time linear in the text for any pattern — there is no backtracking anywhere. What Rust refuses
// (look-around, backreferences, malformed syntax) is refused with a RegexError naming why and
// where; so is a pattern whose program exceeds the size limit (compiler.ts).
//
// Known differences from Rust: `\p{…}` reads Node's Unicode tables, whose version may differ
// from the crate's; a script name must be spelt as words (`Old Italic`, `old_italic`) or by its
// 4-letter code (Rust also takes `olditalic`); the size limit counts instructions, not bytes.
import { compile, DEFAULT_SIZE_LIMIT } from './compiler';
import { parse } from './parser';
import { PikeVM, type Span } from './pike_vm';
import { translate } from './translate';

export { RegexError } from './regex_error';
export type { Span } from './pike_vm';

export interface RegexOptions {
  /** As if the pattern began with `(?i)`; `(?-i)` in the pattern still turns it off. */
  caseInsensitive?: boolean;
  /** The largest program accepted, in instructions (compiler.ts's DEFAULT_SIZE_LIMIT). */
  sizeLimit?: number;
}

export class Regex {
  private readonly vm: PikeVM;
  /** The number of instructions of the compiled program. */
  readonly programSize: number;

  /** Throws a RegexError when the pattern is refused. */
  constructor(readonly pattern: string, options: RegexOptions = {}) {
    const hir = translate(parse(pattern), { caseInsensitive: options.caseInsensitive ?? false });
    const program = compile(hir, options.sizeLimit ?? DEFAULT_SIZE_LIMIT);
    this.programSize = program.instructions.length;
    this.vm = new PikeVM(program);
  }

  /** The leftmost-first match (UTF-16 indices), or null. */
  find(text: string): Span | null {
    return this.vm.find(text);
  }

  /** The text of the leftmost-first match, or null. */
  firstMatch(text: string): string | null {
    const span = this.vm.find(text);
    return span ? text.slice(span.start, span.end) : null;
  }

  test(text: string): boolean {
    return this.vm.find(text) !== null;
  }

  /**
   * The work of the last search, in VM steps (instructions visited plus threads advanced): at
   * most about twice the program's size per character, whatever the pattern. Tests read it to
   * show the time is linear without timing anything.
   */
  get lastSearchSteps(): number {
    return this.vm.steps;
  }
}
