// `npm run bench`: builds what is missing, runs every scripts/bench/*.bench.mjs in turn (each
// prints a markdown section with its own same-run baseline) and writes the results into
// BENCHMARKS.md between the RESULTS markers.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ensureAddon, root, run } from '../test/native-build.mjs';

ensureAddon();
if (run('npm', ['run', '--silent', 'build:ts']).status !== 0) process.exit(1);

const only = process.argv.slice(2);
const benches = readdirSync(join(root, 'scripts', 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const sections = [];
let failed = false;
for (const bench of benches) {
  console.error(`[bench] ${bench}`);
  const result = spawnSync(process.execPath, ['--expose-gc', join(root, 'scripts', 'bench', bench)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 10 * 60 * 1000,
  });
  if (result.status !== 0) {
    failed = true;
    sections.push(`### ${bench}\n\nFailed (exit ${result.status}).\n`);
  } else {
    sections.push(result.stdout.trim() + '\n');
  }
  process.stdout.write(result.stdout ?? '');
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${process.platform}-${process.arch}`;
const stamp = new Date().toISOString().slice(0, 10);
const block = `<!-- RESULTS:BEGIN -->\nLast run: ${stamp} on ${machine}.\n\n${sections.join('\n')}<!-- RESULTS:END -->`;
const path = join(root, 'BENCHMARKS.md');
const current = readFileSync(path, 'utf8');
if (only.length === 0) {
  writeFileSync(path, current.replace(/<!-- RESULTS:BEGIN -->[\s\S]*<!-- RESULTS:END -->/, block));
  console.error('[bench] BENCHMARKS.md updated');
}
process.exit(failed ? 1 : 0);
