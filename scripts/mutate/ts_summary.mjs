// The mutation score of `npm run mutate`, by file and by area, from StrykerJS's JSON reports.
// Pure functions: test/mutate/ts_summary.test.ts pins the arithmetic.
//
// A mutant is detected when Stryker reports it Killed or Timeout; Survived and NoCoverage count
// against the score; CompileError (the TypeScript checker refused it), RuntimeError and Ignored
// (an excluded mutator) do not count. A survivor listed in scripts/mutate/ts_equivalents.json
// ({ file, line, mutator, replacement, reason }: `line` is the mutated line's trimmed text, which
// survives edits elsewhere in the file) counts as equivalent, with its reason, not against the score.
// A static mutant (module-level code, a constant) is marked: Stryker's vitest runner does not
// load the module again between mutants here, so a static survivor may be a false one — check it
// by hand (INVITE_LIFETIME_MS in lobbies.ts is reported alive but fails lobbies.test.ts).

const COUNTED = ['killed', 'timeout', 'survived', 'noCoverage', 'equivalent', 'compileError', 'runtimeError', 'ignored'];
const STATUS = {
  Killed: 'killed',
  Timeout: 'timeout',
  Survived: 'survived',
  NoCoverage: 'noCoverage',
  CompileError: 'compileError',
  RuntimeError: 'runtimeError',
  Ignored: 'ignored',
  Pending: 'runtimeError',
};

function emptyTally() {
  return Object.fromEntries(COUNTED.map((k) => [k, 0]));
}

/** detected / (detected + survived + no coverage), in percent; null when nothing counts. */
export function score(t) {
  const detected = t.killed + t.timeout;
  const total = detected + t.survived + t.noCoverage;
  return total === 0 ? null : (100 * detected) / total;
}

/** The trimmed text of line `line` (1-based) of `source`. */
function lineText(source, line) {
  return (source.split('\n')[line - 1] ?? '').trim();
}

/**
 * `index`: file → { area, status, minutes } (run.mjs's index); `reports`: file → the file's entry
 * of a Stryker JSON report ({ source, mutants }); `equivalents`: the judged-equivalent survivors.
 * Returns { files, areas, noTests }: per file and area a tally, the score and the survivors
 * (file, line, mutator, replacement, text).
 */
export function summarize(index, reports, equivalents = []) {
  const files = {};
  const areas = {};
  const noTests = [];
  for (const [file, entry] of Object.entries(index)) {
    if (entry.status === 'no tests') {
      noTests.push(file);
      continue;
    }
    const report = reports[file];
    if (!report) continue;
    const tally = emptyTally();
    const survivors = [];
    const judgedEquivalent = [];
    for (const mutant of report.mutants) {
      let status = STATUS[mutant.status] ?? 'runtimeError';
      const line = mutant.location.start.line;
      const text = lineText(report.source, line);
      if (status === 'survived' || status === 'noCoverage') {
        const judged = equivalents.find(
          (e) => e.file === file && e.line === text && e.mutator === mutant.mutatorName && e.replacement === mutant.replacement,
        );
        if (judged) {
          status = 'equivalent';
          judgedEquivalent.push({ line, mutator: mutant.mutatorName, replacement: mutant.replacement, reason: judged.reason });
        } else {
          survivors.push({ line, status: mutant.status, mutator: mutant.mutatorName, replacement: mutant.replacement, text, static: mutant.static === true });
        }
      }
      tally[status]++;
    }
    files[file] = { area: entry.area, ...tally, score: score(tally), minutes: entry.minutes ?? null, survivors, equivalents: judgedEquivalent };
    const area = (areas[entry.area] ??= { ...emptyTally(), files: 0, minutes: 0 });
    for (const k of COUNTED) area[k] += tally[k];
    area.files++;
    area.minutes += entry.minutes ?? 0;
  }
  for (const area of Object.values(areas)) area.score = score(area);
  return { files, areas, noTests };
}

const pct = (v) => (v === null ? '     -' : `${v.toFixed(1).padStart(5)}%`);
const num = (v, w) => String(v).padStart(w);

/** The summary as a short text table: areas, files, then the survivors. */
export function formatSummary(summary) {
  const lines = ['area        files killed timeout survived no-cov equiv  score   min'];
  for (const [name, a] of Object.entries(summary.areas)) {
    lines.push(`${name.padEnd(10)}${num(a.files, 7)}${num(a.killed, 7)}${num(a.timeout, 8)}${num(a.survived, 9)}${num(a.noCoverage, 7)}${num(a.equivalent, 6)} ${pct(a.score)}${num(a.minutes.toFixed(1), 6)}`);
  }
  lines.push('', 'file                                              killed timeout survived no-cov equiv  score');
  for (const [file, f] of Object.entries(summary.files)) {
    lines.push(`${file.padEnd(50)}${num(f.killed, 6)}${num(f.timeout, 8)}${num(f.survived, 9)}${num(f.noCoverage, 7)}${num(f.equivalent, 6)} ${pct(f.score)}`);
  }
  const survivors = Object.entries(summary.files).flatMap(([file, f]) => f.survivors.map((s) => `${file}:${s.line} ${s.mutator} → ${s.replacement.split('\n')[0]} (${s.status}${s.static ? ', static' : ''})  ${s.text}`));
  if (survivors.length > 0) lines.push('', 'survivors:', ...survivors.map((s) => `  ${s}`));
  if (summary.noTests.length > 0) lines.push('', `no tests found (not run): ${summary.noTests.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
