// The native harness (native/test) cross-built with mingw-w64 and run under Wine, in one process
// (a Wine start per test would cost minutes): counts come from its GoogleTest-style lines, and a
// run that ends without its summary (a crash) counts as one more failure.
import { join } from 'node:path';
import { buildWindowsTargets } from './mingw.mjs';
import { runUnderWine } from './wine.mjs';

export function runWindowsHarness() {
  const buildDir = buildWindowsTargets(['sdkpp_native_tests'], { tests: true });
  const exe = join(buildDir, 'native', 'test', 'sdkpp_native_tests.exe');
  // The WASAPI tests need a private PulseAudio server behind Wine and a script that changes it
  // while they run: their own stage (scripts/test/wasapi-wine.mjs).
  const result = runUnderWine(exe, ['--gtest_filter=-Wasapi*'], { logName: 'native-harness', env: { SDKPP_AUDIO_BACKEND: 'virtual' } });
  const passed = (result.stdout.match(/^\[ {7}OK \] /gm) ?? []).length;
  const failedNames = [...result.stdout.matchAll(/^\[ {2}FAILED {2}\] (\S+) \(\d+ ms\)$/gm)].map((m) => m[1]);
  const finished = /^\[==========\] \d+ tests ran\./m.test(result.stdout);
  for (const name of failedNames) console.log(`[sdkpp]   failed: ${name}`);
  const crashed = !finished;
  return {
    passed,
    failed: failedNames.length + (crashed ? 1 : 0),
    note: crashed ? `the harness stopped early (exit ${result.status}), see ${result.outFile}` : undefined,
  };
}
