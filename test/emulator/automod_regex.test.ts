// Auto moderation's regex patterns run in linear time (domain/automod_regex.ts): the public API's
// engine is Rust's, which never backtracks, so a pattern such as `(\w+\s?)+$` is accepted there
// and must not hang the emulator on any message (JavaScript's RegExp took seconds on 26
// characters and for ever on 41). Patterns the service refuses — look-around, back-references,
// broken syntax — stay refused with its error. The matcher agrees with JavaScript's RegExp on
// every pattern where both are well-defined (random patterns of the shared syntax, random inputs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRule } from '../../lib/emulator/domain/automod';
import { compileAutoModPattern } from '../../lib/emulator/domain/automod_regex';
import type { AutoModRule } from '../../lib/emulator/model/types';
import { Api, SEED, start, type Started } from './helpers';
import { addRole, giveRoles, PERM, setRoles } from './helpers/guild_setup';

const HOSTILE = '(\\w+\\s?)+$';
const ruleOf = (regex_patterns: string[]) => ({ triggerMetadata: { keyword_filter: [], allow_list: [], regex_patterns } }) as unknown as AutoModRule;
/** `length` word characters and a final `!`: the input that makes a backtracking engine try every split. */
const wordsThenBang = (length: number) => 'a'.repeat(length - 1) + '!';

function timed<T>(run: () => T): { result: T; ms: number } {
  const started = performance.now();
  const result = run();
  return { result, ms: performance.now() - started };
}

describe('linear-time matching', () => {
  it(`${HOSTILE} finishes in milliseconds on 26, 41 and 4000 characters (and does not match: the text ends in "!")`, () => {
    // 26 first: JavaScript's backtracking took over a second there, without hanging this test.
    for (const length of [26, 41, 4000]) {
      const { result, ms } = timed(() => matchRule(ruleOf([HOSTILE]), wordsThenBang(length)));
      expect(result, `${length} characters`).toBeNull();
      expect(ms, `${length} characters`).toBeLessThan(100);
    }
    expect(matchRule(ruleOf([HOSTILE]), 'every word here')?.matchedContent).toBe('every word here');
  });

  it('other nested quantifiers the service accepts are accepted and fast too', () => {
    for (const pattern of ['(a+)+$', '(x|y*)*z', '(a|aa)+b', '(.*a){12}', '((a*)*)*b', '(\\d+\\s*)+x']) {
      expect(compileAutoModPattern(pattern), pattern).not.toBeNull();
      const input = `${'a'.repeat(30)}${'1 '.repeat(20)}!`.repeat(20);
      const { ms } = timed(() => matchRule(ruleOf([pattern]), input));
      expect(ms, pattern).toBeLessThan(200);
    }
  });

  it('matches case-insensitively and returns the leftmost-first match, as the service does', () => {
    expect(matchRule(ruleOf(['c[o0]d[e3]']), 'secret C0D3 here')?.matchedContent).toBe('C0D3');
    expect(matchRule(ruleOf(['a|ab']), 'xab')?.matchedContent).toBe('a');
    expect(matchRule(ruleOf(['\\bfree\\s+nitro\\b']), 'Get FREE   Nitro now')?.matchedContent).toBe('FREE   Nitro');
    expect(matchRule(ruleOf(['\\p{Greek}+']), 'alpha αβγ')?.matchedContent).toBe('αβγ');
    expect(matchRule(ruleOf(['^start']), 'not at the start')).toBeNull();
  });

  it('refuses what the service refuses: look-around, back-references, broken syntax', () => {
    for (const pattern of ['(?=look)ahead', '(?!x)y', '(?<=x)y', '(?<!x)y', '(a)\\1', '(?<n>a)\\k<n>', '(unclosed', 'a{1001}', '[z-a]', '*a']) {
      expect(compileAutoModPattern(pattern), pattern).toBeNull();
    }
  });
});

// --- Random patterns of the syntax both engines share, compared on random inputs.

/** A small deterministic generator (mulberry32), so a failure names a case that reproduces. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATOMS = ['a', 'b', 'B', '1', '-', ' ', '_', '.', '[ab]', '[^a]', '[a-c]', '[0-9-]', '\\w', '\\W', '\\d', '\\D', '\\s', '\\S'];
const ASSERTIONS = ['^', '$', '\\b', '\\B'];
const QUANTIFIERS = ['*', '+', '?', '{2}', '{1,3}', '{0,2}', '*?', '+?', '??', '{1,2}?'];
// No \r, \v, \u2028 or \u2029: JavaScript's `.` and `\s` treat those differently from RE2's (and
// Rust's), and ASCII only: `\w` and `\b` are ASCII in RE2, as in JavaScript.
const INPUT_ALPHABET = 'aAbB1_- \n.c';

/**
 * A random pattern and whether it can match the empty string. Only pieces that cannot are
 * quantified: JavaScript ends a loop on an iteration that matched nothing, where RE2 and Rust
 * take the loop's exit instead (`(\B|\W)*` on " ." is " ." in JavaScript, " " in both of them),
 * so such loops are where the engines differ by design, not by mistake.
 */
function pattern(next: () => number, depth = 0): { source: string; nullable: boolean } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const parts: string[] = [];
  let nullable = true;
  const length = 1 + Math.floor(next() * 4);
  for (let i = 0; i < length; i++) {
    const roll = next();
    let piece: { source: string; nullable: boolean };
    if (roll < 0.12) piece = { source: pick(ASSERTIONS), nullable: true };
    else if (roll < 0.3 && depth < 2) {
      const first = pattern(next, depth + 1);
      const second = next() < 0.4 ? pattern(next, depth + 1) : null;
      piece = { source: `(${first.source}${second ? `|${second.source}` : ''})`, nullable: first.nullable || (second?.nullable ?? false) };
    } else piece = { source: pick(ATOMS), nullable: false };
    // Nested quantifiers too: inputs are short, so JavaScript's backtracking stays cheap here.
    if (!piece.nullable && next() < 0.4) {
      const quantifier = pick(QUANTIFIERS);
      piece = { source: piece.source + quantifier, nullable: /^(\*|\?|\{0)/.test(quantifier) };
    }
    parts.push(piece.source);
    nullable &&= piece.nullable;
  }
  return { source: parts.join(''), nullable };
}

function input(next: () => number): string {
  const length = Math.floor(next() * 10);
  let out = '';
  for (let i = 0; i < length; i++) out += INPUT_ALPHABET[Math.floor(next() * INPUT_ALPHABET.length)];
  return out;
}

describe('agrees with JavaScript\'s RegExp where both are defined', () => {
  it('on 1500 random patterns of the shared syntax, 8 inputs each: the same match or the same no-match', () => {
    const next = random(20261128);
    const disagreements: string[] = [];
    let compared = 0;
    for (let i = 0; i < 1500; i++) {
      const { source } = pattern(next);
      const ours = compileAutoModPattern(source);
      let theirs: RegExp;
      try {
        theirs = new RegExp(source, 'iu');
      } catch {
        continue; // not valid JavaScript: nothing to compare
      }
      if (!ours) {
        disagreements.push(`${JSON.stringify(source)}: refused, JavaScript takes it`);
        continue;
      }
      for (let k = 0; k < 8; k++) {
        const text = input(next);
        const expected = theirs.exec(text)?.[0] ?? null;
        const actual = ours.firstMatch(text);
        compared++;
        if (actual !== expected) disagreements.push(`${JSON.stringify(source)} on ${JSON.stringify(text)}: ${JSON.stringify(actual)}, JavaScript ${JSON.stringify(expected)}`);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
  });
});

describe('over HTTP: a rule with the pattern, and the 41-character message', () => {
  let s: Started;
  let api: Api;
  const general = (BigInt(SEED.guildId) + 12n).toString();
  const base = `/guilds/${SEED.guildId}/auto-moderation/rules`;

  beforeAll(async () => {
    s = await start();
    api = s.api;
    s.emu.control.setRateLimits(false);
    giveRoles(s.emu, SEED.guildId, SEED.botUserId, [addRole(s.emu, SEED.guildId, 'Managers', PERM.MANAGE_GUILD, 1)]);
    setRoles(s.emu, SEED.guildId, SEED.users.nelly, []);
  });
  afterAll(async () => {
    await s.emu.close();
  });

  it('accepts the rule; each message is answered in milliseconds (blocked or not); the emulator stays responsive', async () => {
    const rule = await api.post(base, {
      name: 'Words to the end', event_type: 1, trigger_type: 1, enabled: true,
      trigger_metadata: { regex_patterns: [HOSTILE] },
      actions: [{ type: 1 }],
    }, api.bot);
    expect(rule.status, rule.text).toBe(200);
    for (const [content, blocked] of [[wordsThenBang(26), false], [wordsThenBang(41), false], ['only words here', true]] as const) {
      const started = performance.now();
      const reply = await api.control('postChannelMessage', { userId: SEED.users.nelly, channelId: general, message: content });
      expect(performance.now() - started, `${content.length} characters`).toBeLessThan(500);
      expect(reply.status, reply.text).toBe(blocked ? 400 : 200);
    }
    expect((await api.get('/users/@me', api.bot)).status).toBe(200);
  });

  it('refuses look-around and back-references with 50035 AUTO_MODERATION_INVALID_REGEX, naming the pattern', async () => {
    for (const pattern of ['(?=look)ahead', '(?<!x)y', '(a)\\1']) {
      const reply = await api.post(base, {
        name: 'Refused', event_type: 1, trigger_type: 1,
        trigger_metadata: { regex_patterns: ['fine', pattern] },
        actions: [{ type: 1 }],
      }, api.bot);
      expect(reply.status, pattern).toBe(400);
      expect(reply.body.code).toBe(50035);
      expect(JSON.stringify(reply.body.errors), pattern).toContain('AUTO_MODERATION_INVALID_REGEX');
      expect(JSON.stringify(reply.body.errors.trigger_metadata.regex_patterns), pattern).toMatch(/"1"/);
    }
  });
});
