// Case-insensitive matching as the Rust regex crate does it: a character matches every character
// of its simple case folding orbit (Unicode's CaseFolding.txt, statuses C and S: `k`, `K` and the
// Kelvin sign U+212A; `s`, `S` and long s U+017F; but not dotless ı with `I`). JavaScript's RegExp
// with the `iu` flags compares by exactly that folding (ECMA-262's Canonicalize uses simple case
// folding), so the orbits are read off it once: every character's single-code-point lower and
// upper case are the candidates, and a candidate joins the orbit only if the `iu` RegExp says the
// two match.
import { CodePointSet } from './code_point_set';

/** Past this, no character has a case mapping (the last cased script, Adlam, ends at U+1E95F). */
const CASED_LIMIT = 0x20000;

/** The cased characters in order, and the other members of each one's orbit at the same index. */
interface Orbits {
  keys: Int32Array;
  others: number[][];
}

let orbits: Orbits | undefined;

function singleCodePoint(text: string): number | undefined {
  const cp = text.codePointAt(0);
  return cp !== undefined && String.fromCodePoint(cp).length === text.length ? cp : undefined;
}

function foldsTogether(a: number, b: number): boolean {
  return new RegExp(`^\\u{${a.toString(16)}}$`, 'iu').test(String.fromCodePoint(b));
}

function buildOrbits(): Orbits {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (let cp = 0; cp < CASED_LIMIT; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    for (const other of [singleCodePoint(ch.toLowerCase()), singleCodePoint(ch.toUpperCase())]) {
      if (other === undefined || other === cp || !foldsTogether(cp, other)) continue;
      const a = find(cp);
      const b = find(other);
      if (a !== b) parent.set(a, b);
    }
  }
  const members = new Map<number, number[]>();
  for (const cp of parent.keys()) {
    const root = find(cp);
    if (!members.has(root)) members.set(root, []);
    members.get(root)!.push(cp);
  }
  const byCp = new Map<number, number[]>();
  for (const orbit of members.values()) {
    if (orbit.length < 2) continue;
    for (const cp of orbit) byCp.set(cp, orbit.filter((other) => other !== cp));
  }
  const keys = Int32Array.from([...byCp.keys()].sort((a, b) => a - b));
  return { keys, others: Array.from(keys, (cp) => byCp.get(cp)!) };
}

/** The index of the first key at or after `cp`. */
function firstKeyFrom(keys: Int32Array, cp: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] < cp) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The set with every member's orbit added (regex-syntax's ClassUnicode::case_fold_simple). */
export function caseFoldClosure(set: CodePointSet): CodePointSet {
  orbits ??= buildOrbits();
  const { keys, others } = orbits;
  const extra: number[] = [];
  for (const [start, end] of set.pairs()) {
    for (let i = firstKeyFrom(keys, start); i < keys.length && keys[i] <= end; i++) extra.push(...others[i]);
  }
  return extra.length === 0 ? set : set.union(CodePointSet.of(...extra));
}

/** ASCII case folding only, for `(?i-u)`: a–z with A–Z. */
export function asciiCaseFoldClosure(set: CodePointSet): CodePointSet {
  const extra: Array<[number, number]> = [];
  for (const [start, end] of set.pairs()) {
    const lo = Math.max(start, 0x41);
    const hi = Math.min(end, 0x5a);
    if (lo <= hi) extra.push([lo + 0x20, hi + 0x20]);
    const lo2 = Math.max(start, 0x61);
    const hi2 = Math.min(end, 0x7a);
    if (lo2 <= hi2) extra.push([lo2 - 0x20, hi2 - 0x20]);
  }
  return extra.length === 0 ? set : set.union(CodePointSet.fromRanges(extra));
}
