// The Electron case without Electron: a host executable that exports Node-API but is not named
// node.exe (a copy of node.exe renamed launcher-host.exe, in a folder with no node.exe) loads the
// win32 prebuild and creates a Client. A negative control proves the check can fail: the same
// addon linked without native/win/delay_load_hook.cc must not load there.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, prebuildPath, run } from '../prebuild/common.mjs';
import { buildDir, mingwPrefix } from './mingw.mjs';
import { runUnderWine, winPath } from './wine.mjs';

// Loads an addon file directly (no package, no node-gyp-build) and uses it.
const probe = `
const addon = require(process.argv[2]);
const client = new addon.NativeClient();
console.log('host=' + require('node:path').basename(process.execPath) + ' status=' + client.GetStatus());
process.exit(0);
`;

// Links sdkpp.node again from the CMake build's own objects and libraries, leaving out the
// hook's object: the addon as it would be without native/win/delay_load_hook.cc.
function linkWithoutHook() {
  const dir = join(buildDir, 'CMakeFiles', 'sdkpp_addon.dir');
  if (!existsSync(join(dir, 'objects1'))) throw new Error(`${dir} has no object list: build the win32 prebuild first`);
  const objects = readFileSync(join(dir, 'objects1'), 'utf8').split(/\s+/).filter(Boolean);
  const kept = objects.filter((file) => !file.includes('delay_load_hook'));
  if (kept.length !== objects.length - 1) throw new Error('the addon objects have no delay-load hook to leave out');
  const output = join(buildDir, 'no-hook', 'sdkpp.node');
  mkdirSync(dirname(output), { recursive: true });
  run(`${mingwPrefix}-g++-posix`, ['-O3', '-static', '-shared', '-o', output, ...kept, '@CMakeFiles/sdkpp_addon.dir/linkLibs.rsp'], { cwd: buildDir });
  return output;
}

export function checkElectronLikeHost(nodeExe) {
  const work = join(cacheDir, 'win32-electron-like-host');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'bin'), { recursive: true });
  const host = join(work, 'bin', 'launcher-host.exe');
  copyFileSync(nodeExe, host);
  writeFileSync(join(work, 'probe.cjs'), probe);
  copyFileSync(prebuildPath('win32-x64'), join(work, 'with-hook.node'));
  copyFileSync(linkWithoutHook(), join(work, 'without-hook.node'));

  const withHook = runUnderWine(host, [winPath(join(work, 'probe.cjs')), winPath(join(work, 'with-hook.node'))], {
    cwd: join(work, 'bin'), logName: 'host-with-hook',
  });
  const withoutHook = runUnderWine(host, [winPath(join(work, 'probe.cjs')), winPath(join(work, 'without-hook.node'))], {
    cwd: join(work, 'bin'), logName: 'host-without-hook',
  });
  const loaded = withHook.status === 0 && /host=launcher-host\.exe status=/.test(withHook.stdout);
  const refused = withoutHook.status !== 0 && !/status=/.test(withoutHook.stdout);
  console.log(`[sdkpp]   launcher-host.exe + prebuild: ${loaded ? 'loaded, Client created' : `FAILED (exit ${withHook.status})`}`);
  console.log(`[sdkpp]   launcher-host.exe + addon without the hook: ${refused ? `does not load (exit ${withoutHook.status}), as expected` : 'LOADED: the check cannot tell'}`);
  return {
    passed: Number(loaded) + Number(refused),
    failed: Number(!loaded) + Number(!refused),
    note: `without the hook: exit ${withoutHook.status} ${withoutHook.stderr.trim().split('\n').pop()?.slice(0, 120) ?? ''}`,
  };
}
