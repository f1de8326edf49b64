// The soak test's arithmetic (scripts/test/soak/figures.mjs): when a tone counts as back after a
// fault, and resource growth from medians.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { growth, toneRecoveryMs } from '../../scripts/test/soak/figures.mjs';

describe('toneRecoveryMs', () => {
  const t0 = 10_000;
  it('0 when the tone never went away, null when it is missing at the horizon', () => {
    expect(toneRecoveryMs([{ at: 0, present: [440] }], t0, 440, 6000)).toBe(0);
    expect(toneRecoveryMs([{ at: 0, present: [440] }, { at: t0 + 100, present: [] }], t0, 440, 6000)).toBeNull();
  });
  it('the last return within the horizon, after the gap the fault made', () => {
    const timeline = [
      { at: 0, present: [440, 660] },
      { at: t0 + 50, present: [660] },
      { at: t0 + 900, present: [440, 660] },
      { at: t0 + 1200, present: [660] },
      { at: t0 + 2500, present: [440, 660] },
    ];
    expect(toneRecoveryMs(timeline, t0, 440, 6000)).toBe(2500);
    expect(toneRecoveryMs(timeline, t0, 660, 6000)).toBe(0);
  });
  it('a return after the horizon is too late', () => {
    expect(toneRecoveryMs([{ at: 0, present: [440] }, { at: t0 + 10, present: [] }, { at: t0 + 6500, present: [440] }], t0, 440, 6000)).toBeNull();
  });
});

describe('growth', () => {
  it('medians around the baseline and of the last four samples', () => {
    const samples = [0, 5, 10, 15, 20, 25, 30, 35, 40].map((s, i) => ({ at: s * 1000, rss: i === 2 ? 500 : 100 + (s >= 25 ? 5 : 0), fds: 20, threads: 10, heap: 50 }));
    const g = growth(samples, 5000);
    expect(g.rss.from).toBe(100);
    expect(g.rss.to).toBe(105);
    expect(g.rss.growth).toBeCloseTo(0.05);
    expect(g.fds.growth).toBe(0);
  });
});
