// Auto moderation's `regex_patterns`, run in linear time. The public API takes Rust-flavoured
// patterns and runs them on the Rust regex engine, which is linear in the message's length
// whatever the pattern; JavaScript's RegExp backtracks, so a pattern such as `(\w+\s?)+$` made a
// 41-character message run for ever — and every message of the guild runs every pattern. The
// emulator matches with re2js (a JavaScript port of RE2, the engine Rust's regex crate follows:
// an automaton, no backtracking), so no pattern and no message can hang it.
//
// What the engine refuses is what Rust's refuses too: look-around and back-references (neither
// engine has them), and malformed syntax. Matching is case-insensitive, as the public API's is.
// One difference is known: `\w`, `\d`, `\s` and `\b` are ASCII in RE2 and Unicode in Rust.
import { RE2JS } from 're2js';

export interface AutoModPattern {
  /** The leftmost-first match in `text` (as Rust's `find`), or null. */
  firstMatch(text: string): string | null;
}

/** Compiled patterns by source: every message runs every pattern of every rule. */
const cache = new Map<string, AutoModPattern | null>();
const CACHE_MAX = 2048;

function compile(pattern: string): AutoModPattern | null {
  let re: RE2JS;
  try {
    // No LOOKBEHINDS flag: look-behind stays a syntax error, as in Rust.
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
  return {
    firstMatch(text: string): string | null {
      const found = re.exec(text);
      return found ? (found[0] as string) : null;
    },
  };
}

/** The pattern compiled for matching, or null when the service would refuse it. */
export function compileAutoModPattern(pattern: string): AutoModPattern | null {
  if (cache.has(pattern)) return cache.get(pattern)!;
  const compiled = compile(pattern);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}
