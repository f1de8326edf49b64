// The soak test's arithmetic (scripts/test/soak.mjs): when a tone came back after a fault, how
// much a resource grew, and the printed tables. Pure functions over what the processes reported.

/** The set of tones a listener heard at time `t`, from its change events ({at, present}). */
function heardAt(timeline, t) {
  let present = [];
  for (const entry of timeline) {
    if (entry.at > t) break;
    present = entry.present;
  }
  return present;
}

/**
 * When tone `hz` was heard again after a fault at `t0`: the last time within `horizonMs` it
 * came back after an absence, as ms after t0 (0 when it never went away); null when it is not
 * heard at t0 + horizonMs.
 */
export function toneRecoveryMs(timeline, t0, hz, horizonMs) {
  const end = t0 + horizonMs;
  if (!heardAt(timeline, end).includes(hz)) return null;
  let recovered = 0;
  let before = heardAt(timeline, t0).includes(hz);
  for (const entry of timeline) {
    if (entry.at <= t0 || entry.at > end) continue;
    const now = entry.present.includes(hz);
    if (now && !before) recovered = entry.at - t0;
    before = now;
  }
  return recovered;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

/**
 * Growth of each resource from the samples around `baselineAt` to the last ones, as a fraction
 * (0.05 = 5 %); medians of a few samples each, so one sample taken in the middle of a
 * reconnection does not decide.
 */
export function growth(samples, baselineAt) {
  const base = samples.filter((s) => Math.abs(s.at - baselineAt) <= 15_000);
  const last = samples.slice(-4);
  const out = {};
  for (const key of ['rss', 'fds', 'threads', 'heap']) {
    const from = median(base.map((s) => s[key]));
    const to = median(last.map((s) => s[key]));
    out[key] = { from, to, growth: (to - from) / from };
  }
  return out;
}

export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
export const pct = (fraction) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;
