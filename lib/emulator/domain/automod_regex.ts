// Auto moderation's `regex_patterns`, run in linear time. The public API takes Rust-flavoured
// patterns and runs them on the Rust regex engine, which is linear in the message's length
// whatever the pattern; JavaScript's RegExp backtracks, so a pattern such as `(\w+\s?)+$` made a
// 41-character message run for ever — and every message of the guild runs every pattern. The
// emulator matches with its own engine (lib/emulator/regex/regex.ts: Rust's syntax, a Pike VM, no
// backtracking), so no pattern and no message can hang it, and the SDK's users install nothing
// for it.
//
// What the engine refuses is what Rust's refuses too: look-around and back-references (neither
// engine has them) and malformed syntax — plus patterns whose program exceeds the engine's size
// limit. Matching is case-insensitive, as the public API's is; `\w`, `\d`, `\s` and `\b` are
// Unicode, as in Rust.
import { Regex, RegexError } from '../regex/regex';

export interface AutoModPattern {
  /** The leftmost-first match in `text` (as Rust's `find`), or null. */
  firstMatch(text: string): string | null;
}

/** Compiled patterns, or why they are refused, by source: every message runs every pattern of every rule. */
const cache = new Map<string, Regex | RegexError>();
const CACHE_MAX = 2048;

function compiled(pattern: string): Regex | RegexError {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let outcome: Regex | RegexError;
  try {
    outcome = new Regex(pattern, { caseInsensitive: true });
  } catch (error) {
    if (!(error instanceof RegexError)) throw error;
    outcome = error;
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(pattern, outcome);
  return outcome;
}

/** The pattern compiled for matching, or null when the service would refuse it. */
export function compileAutoModPattern(pattern: string): AutoModPattern | null {
  const outcome = compiled(pattern);
  return outcome instanceof Regex ? outcome : null;
}

/** Why the service would refuse the pattern (e.g. "look-around … is not supported"), or null. */
export function autoModPatternError(pattern: string): RegexError | null {
  const outcome = compiled(pattern);
  return outcome instanceof RegexError ? outcome : null;
}
