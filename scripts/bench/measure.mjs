// Timing helpers for the benchmarks: warm up, then take the median of several timed rounds so
// one GC pause or scheduler hiccup does not decide a figure.

/** Median nanoseconds per call of `fn` (called `iterations` times per round). */
export function nsPerOp(fn, { iterations = 200_000, rounds = 7, warmup = 2 } = {}) {
  let sink = 0;
  const samples = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) sink += fn(i) ? 1 : 0;
    const elapsed = Number(process.hrtime.bigint() - start);
    if (round >= warmup) samples.push(elapsed / iterations);
  }
  if (sink === -1) console.log(''); // keeps `sink` observable so the loop is not optimized away
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

export function percentile(sortedValues, p) {
  if (sortedValues.length === 0) return Number.NaN;
  const index = Math.min(sortedValues.length - 1, Math.ceil((p / 100) * sortedValues.length) - 1);
  return sortedValues[Math.max(0, index)];
}

export function formatNs(ns) {
  return ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(1)} ns`;
}

export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
