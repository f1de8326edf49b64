// The MinGW-w64 cross build shared by the win32-x64 prebuild and its Wine test run: one CMake
// build folder (the project's CMakeLists.txt with scripts/cross/mingw-w64-x86_64.cmake) holding
// both the addon and the native harness, so the core is compiled once for both.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { capture, ensureDebianPackages, root, run } from '../prebuild/common.mjs';

export const mingwPrefix = 'x86_64-w64-mingw32';
export const buildDir = join(root, 'build-cross-win32-x64');

export function ensureMingw() {
  ensureDebianPackages({
    [`${mingwPrefix}-g++-posix`]: ['g++-mingw-w64-x86-64-posix'],
    [`${mingwPrefix}-dlltool`]: ['binutils-mingw-w64-x86-64'],
    cmake: ['cmake'],
    make: ['make'],
  });
}

/**
 * Configures and builds CMake targets of the Windows build; returns the build folder. `tests`
 * adds the native harness to the configuration (switching it does not recompile the core).
 */
export function buildWindowsTargets(targets, { tests = false } = {}) {
  ensureMingw();
  run('cmake', [
    '-S', root,
    '-B', buildDir,
    `-DCMAKE_TOOLCHAIN_FILE=${join(root, 'scripts', 'cross', 'mingw-w64-x86_64.cmake')}`,
    '-DCMAKE_BUILD_TYPE=Release',
    '-DSDKPP_BUILD_ADDON=ON',
    `-DSDKPP_BUILD_TESTS=${tests ? 'ON' : 'OFF'}`,
  ]);
  const jobs = process.env.SDKPP_JOBS ?? String(availableParallelism());
  run('make', ['-C', buildDir, `-j${jobs}`, ...targets]);
  return buildDir;
}

/**
 * The DLLs a PE file imports, split into ordinary and delay-loaded imports, read from
 * `objdump -p` (the import and delay-import tables).
 */
export function importedDlls(file) {
  const text = capture(`${mingwPrefix}-objdump`, ['-p', file]);
  const imports = new Set();
  const delayed = new Set();
  let section = null;
  for (const line of text.split('\n')) {
    if (/^The Import Tables/.test(line)) section = imports;
    else if (/^The Delay Import Tables/.test(line)) section = delayed;
    else if (/^The \w/.test(line)) section = null;
    const match = /DLL Name: (\S+)/.exec(line);
    if (match && section) section.add(match[1]);
  }
  return { imports: [...imports], delayed: [...delayed] };
}
