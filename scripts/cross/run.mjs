// `npm run test:cross`: the prebuilds tested on the targets this machine can emulate —
// linux-arm64 under qemu-user and win32-x64 under Wine — one after the other (each installs its
// toolchain and runtime on first use), then `<target>: N passed, N failed` per target and the
// total. darwin is built here but runs only in CI (.github/workflows/prebuilds.yml).
//   node scripts/cross/run.mjs [linux-arm64] [win32-x64]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, root } from '../prebuild/common.mjs';

const runners = ['linux-arm64', 'win32-x64'];
const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!runners.includes(name)) {
    console.error(`unknown target "${name}"; known: ${runners.join(', ')}`);
    process.exit(2);
  }
}

const summaries = [];
for (const target of runners) {
  if (wanted.length && !wanted.includes(target)) continue;
  console.log(`\n[sdkpp] === cross tests ${target} ===`);
  const resultFile = join(cacheDir, 'results', `${target}.json`);
  rmSync(resultFile, { force: true });
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'cross', `${target}.mjs`)], { stdio: 'inherit', cwd: root });
  if (existsSync(resultFile)) {
    summaries.push(JSON.parse(readFileSync(resultFile, 'utf8')));
  } else {
    // The runner died before its report: one failure, so the total cannot look green.
    summaries.push({ target, passed: 0, failed: 1, seconds: 0, stages: [], note: `runner exited with ${run.status ?? run.signal}` });
  }
}

console.log('\n[sdkpp] cross-target results:');
for (const s of summaries) {
  console.log(`  ${s.target}: ${s.passed} passed, ${s.failed} failed (${(s.seconds / 60).toFixed(1)} min)${s.note ? ` — ${s.note}` : ''}`);
  for (const stage of s.stages) console.log(`    ${stage.name}: ${stage.passed} passed, ${stage.failed} failed (${stage.seconds.toFixed(0)} s)`);
}
const passed = summaries.reduce((sum, s) => sum + s.passed, 0);
const failed = summaries.reduce((sum, s) => sum + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
