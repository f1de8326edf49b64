// A set of Unicode code points as sorted, disjoint, non-adjacent ranges: what a literal, a range
// class or an ASCII class is once parsed, and what set operations of character classes (union,
// intersection, difference, symmetric difference, negation) work on. Membership is a binary search.

export const MAX_CODE_POINT = 0x10ffff;

export class CodePointSet {
  /** [start0, end0, start1, end1, …], inclusive ends, sorted, disjoint and non-adjacent. */
  private constructor(readonly ranges: Int32Array) {}

  static readonly EMPTY = new CodePointSet(new Int32Array(0));
  static readonly ALL = new CodePointSet(Int32Array.of(0, MAX_CODE_POINT));

  static of(...codePoints: number[]): CodePointSet {
    return CodePointSet.fromRanges(codePoints.map((cp) => [cp, cp] as [number, number]));
  }

  /** Any ranges (overlapping, adjacent, unsorted): the canonical set they cover. */
  static fromRanges(ranges: ReadonlyArray<readonly [number, number]>): CodePointSet {
    const sorted = ranges.filter(([start, end]) => start <= end).sort((a, b) => a[0] - b[0]);
    const out: number[] = [];
    for (const [start, end] of sorted) {
      const last = out.length - 1;
      if (last > 0 && start <= out[last] + 1) out[last] = Math.max(out[last], end);
      else out.push(start, end);
    }
    return new CodePointSet(Int32Array.from(out));
  }

  get isEmpty(): boolean {
    return this.ranges.length === 0;
  }

  has(cp: number): boolean {
    const r = this.ranges;
    let lo = 0;
    let hi = (r.length >> 1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cp < r[2 * mid]) hi = mid - 1;
      else if (cp > r[2 * mid + 1]) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** The ranges as pairs. */
  pairs(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.ranges.length; i += 2) out.push([this.ranges[i], this.ranges[i + 1]]);
    return out;
  }

  union(other: CodePointSet): CodePointSet {
    return CodePointSet.fromRanges([...this.pairs(), ...other.pairs()]);
  }

  /** Every code point (0 to U+10FFFF) not in the set. */
  negate(): CodePointSet {
    const out: Array<[number, number]> = [];
    let next = 0;
    for (const [start, end] of this.pairs()) {
      if (start > next) out.push([next, start - 1]);
      next = end + 1;
    }
    if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
    return CodePointSet.fromRanges(out);
  }

  intersect(other: CodePointSet): CodePointSet {
    const a = this.pairs();
    const b = other.pairs();
    const out: Array<[number, number]> = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const start = Math.max(a[i][0], b[j][0]);
      const end = Math.min(a[i][1], b[j][1]);
      if (start <= end) out.push([start, end]);
      if (a[i][1] < b[j][1]) i++;
      else j++;
    }
    return CodePointSet.fromRanges(out);
  }

  difference(other: CodePointSet): CodePointSet {
    return this.intersect(other.negate());
  }

  symmetricDifference(other: CodePointSet): CodePointSet {
    return this.union(other).difference(this.intersect(other));
  }

  equals(other: CodePointSet): boolean {
    return this.ranges.length === other.ranges.length && this.ranges.every((v, i) => v === other.ranges[i]);
  }
}
