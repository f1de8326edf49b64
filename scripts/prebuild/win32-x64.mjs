// `npm run prebuild:win32-x64`: the Windows x64 addon, cross-built here with mingw-w64 through
// CMakeLists.txt (scripts/cross/mingw.mjs), stripped and published as
// prebuilds/win32-x64/sdkpp.napi.node. It must depend on Windows system DLLs only: the MinGW
// runtime (libstdc++, libgcc, winpthread) is linked in, and Node-API is a delay-loaded import of
// "node.exe" that native/win/delay_load_hook.cc resolves to the host process (Electron too).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildWindowsTargets, importedDlls, mingwPrefix } from '../cross/mingw.mjs';
import { publishPrebuild, run, secondsSince } from './common.mjs';

export const target = 'win32-x64';

// What any Windows 10 has; anything else (a MinGW runtime DLL above all) would fail to load on a
// user machine.
const systemDlls = new Set([
  'advapi32.dll', 'bcrypt.dll', 'kernel32.dll', 'msvcrt.dll', 'ntdll.dll', 'ole32.dll',
  'shell32.dll', 'user32.dll', 'ws2_32.dll', 'iphlpapi.dll', 'crypt32.dll', 'secur32.dll',
]);
const isSystemDll = (name) => systemDlls.has(name.toLowerCase()) || /^api-ms-win-/i.test(name);

// GNU ld leaves the PE delay-import directory empty for dlltool's delay-load library (the
// descriptor and its thunks live in the addon's own sections, read only by the delay-load
// helper), so objdump cannot list node.exe there: the check is that no ordinary import names
// node.exe or Node-API while the binary carries the delay-load entries (the DLL name and the
// napi_* names of its hint/name table). The Wine run loads it from a renamed host to prove it.
export function checkImports(file) {
  const { imports } = importedDlls(file);
  const foreign = imports.filter((name) => !isSystemDll(name));
  if (foreign.length) throw new Error(`${file} imports non-system DLLs: ${foreign.join(', ')}`);
  if (imports.some((name) => name.toLowerCase() === 'node.exe')) {
    throw new Error(`${file} imports node.exe directly: it would not load in Electron or a renamed host`);
  }
  const bytes = readFileSync(file);
  const delayLoaded = bytes.includes(Buffer.from('\0node.exe\0')) && bytes.includes(Buffer.from('\0napi_create_function\0'));
  if (!delayLoaded) throw new Error(`${file} has no delay-load entries for node.exe (Node-API)`);
  console.log(`[sdkpp] ${target} imports: ${imports.join(', ')}; Node-API: delay-loaded from the host process ("node.exe" resolved by the hook)`);
  return { imports };
}

export function buildWin32Prebuild() {
  const started = process.hrtime.bigint();
  console.log(`[sdkpp] ${target}: cross-building the addon with ${mingwPrefix}-g++-posix`);
  const buildDir = buildWindowsTargets(['sdkpp_addon']);
  const built = join(buildDir, 'sdkpp.node');
  const stripped = join(buildDir, 'stripped', 'sdkpp.napi.node');
  mkdirSync(dirname(stripped), { recursive: true });
  // A DLL's exports live in its export table, not its symbols: strip them all.
  run(`${mingwPrefix}-strip`, ['--strip-all', '-o', stripped, built]);
  checkImports(stripped);
  const published = publishPrebuild(target, stripped);
  const seconds = secondsSince(started);
  console.log(`[sdkpp] ${target}: built in ${seconds.toFixed(0)} s; audio devices: WASAPI (the virtual ones when Windows lists none)`);
  return { ...published, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) buildWin32Prebuild();
