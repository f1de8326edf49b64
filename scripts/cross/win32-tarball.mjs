// What a Windows user gets from npm: the packed tarball (npm run build:ts and the prebuilds done
// first) installed by npm's own CLI running on the Windows node.exe into an empty folder, where
// no compiler is in reach, then loaded: the loaded file must be the win32-x64 prebuild.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, capture } from '../prebuild/common.mjs';
import { packRepository } from './tarball-install.mjs';
import { runUnderWine, winPath } from './wine.mjs';

// Loads the package and reports which sdkpp addon file the process mapped.
const probe = `
const sdkpp = require('sdkpp');
const client = new sdkpp.Client();
const loaded = process.report.getReport().sharedObjects.filter((file) => /sdkpp.*\\.node$/i.test(file));
console.log(JSON.stringify({ status: String(client.GetStatus()), loaded }));
process.exit(0);
`;

export function installTarballUnderWine(nodeExe) {
  const work = mkdtempSync(join(cacheDir, 'win32-tarball-'));
  try {
    const { tarball } = packRepository();
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    writeFileSync(join(app, 'probe.cjs'), probe);
    // The host's npm cache (content-addressed, the same on every OS) serves the dependencies.
    const npmCache = capture('npm', ['config', 'get', 'cache']);
    const npmCli = '/usr/lib/node_modules/npm/bin/npm-cli.js';
    const started = Date.now();
    const install = runUnderWine(nodeExe, [winPath(npmCli), 'install', '--prefer-offline', '--no-audit', '--no-fund', winPath(tarball)], {
      cwd: app,
      logName: 'tarball-install',
      // As on a Windows machine with Node installed, `node` (which npm runs the install script
      // with) is on the PATH; Wine adds WINEPATH to its PATH.
      env: { npm_config_cache: winPath(npmCache), WINEPATH: winPath(dirname(nodeExe)) },
    });
    const installSeconds = ((Date.now() - started) / 1000).toFixed(0);
    if (install.status !== 0) return { passed: 0, failed: 1, note: `npm install exited ${install.status}, see ${install.outFile}` };
    const result = runUnderWine(nodeExe, ['probe.cjs'], { cwd: app, logName: 'tarball-load' });
    const line = result.stdout.trim().split('\n').pop() ?? '';
    const { loaded = [] } = line.startsWith('{') ? JSON.parse(line) : {};
    const expected = /[\\/]node_modules[\\/]sdkpp[\\/]prebuilds[\\/]win32-x64[\\/]sdkpp\.napi\.node$/i;
    const ok = result.status === 0 && loaded.length === 1 && expected.test(loaded[0]);
    return {
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      note: `installed in ${installSeconds} s; loaded ${loaded.join(', ') || 'nothing'}${ok ? '' : ` (exit ${result.status}, see ${result.outFile})`}`,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
